"""sync_memory.py: what `kuchi sync` costs reading what another machine wrote — a 9 MiB line, a
2 GiB sparse line, a large batch of valid reviews — against a baseline binary in the same run
(issue 36: an overlong line is skipped by searching and seeking; memory stays within the first
sync's plus a fixed budget, however large the batch).

One learner (`kuchi-bench make-history`) sends its history (the first sync, the reference); a
second machine brings it in; then another machine's batch of N MiB of valid reviews lands in the
folder, and the second machine reads it — once with each binary, each from the same copy of its
data folder and of the shared folder. Wall time and peak RSS come from wait4's rusage.

    python3 benchmarks/sync_memory.py --kuchi .build/release/kuchi --kuchi-bench .build/release/kuchi-bench \
        --baseline /path/to/main/kuchi --mib 150
"""

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import sync as sync_bench  # noqa: E402


def measure(kuchi, kuchi_bench, baseline, root, mib, cards, reviews, sparse_gib=2, progress=print):
    rng = random.Random(36)
    a, b = sync_bench.Machine(root, "a"), sync_bench.Machine(root, "b")
    made = subprocess.run([kuchi_bench, "make-history", "--data-dir", a.data, "--config-dir", a.config, "--profile", sync_bench.NAME,
                           "--cards", str(cards), "--reviews", str(reviews)], check=True, capture_output=True, text=True).stdout
    learner = json.loads(made)["learner"]
    keys = sync_bench.card_keys(os.path.join(a.data, "kuchi.sqlite"), learner)
    folder = os.path.join(root, "shared")
    os.makedirs(folder)
    rows = []
    progress(f"sync_memory: first sync of {reviews} reviews")
    rows.append((f"First sync ({reviews} reviews sent)", "current", a.sync(kuchi, folder)))
    progress("sync_memory: a second machine brought in")
    b.sync(kuchi, folder, "--profile", sync_bench.NAME)
    binaries = [("baseline", baseline), ("current", kuchi)] if baseline else [("current", kuchi)]
    other = f"{rng.getrandbits(128):032x}"
    # A 9 MiB line (skipped: longer than the 8 MiB bound), then a sparse line of `sparse_gib` GiB.
    place = os.path.join(folder, "kuchi", learner, other)
    os.makedirs(place, exist_ok=True)
    header = json.dumps({"format": "kuchi-sync", "learner": learner, "machine": other, "version": 1}) + "\n"
    with open(os.path.join(place, "1800000000000-0000000000000001.jsonl"), "w") as file:
        file.write(header + "x" * (9 * 1048576) + "\n" + json.dumps({"end": 1}) + "\n")
    rows += compare("A batch of one 9 MiB line", binaries, b, folder, progress)
    if sparse_gib > 0:
        with open(os.path.join(place, "1800000000001-0000000000000002.jsonl"), "w") as file:
            file.write(header)
            file.truncate(len(header) + sparse_gib * 1073741824)
            file.seek(0, 2)
            file.write("\n" + json.dumps({"end": 1}) + "\n")
        rows += compare(f"A batch of one {sparse_gib} GiB sparse line", binaries, b, folder, progress)
    lines = mib * 1024 * 1024 // 250
    path = sync_bench.write_batch(folder, learner, f"{rng.getrandbits(128):032x}", 1, lines, keys, rng)
    size = os.path.getsize(path) / 1048576
    rows += compare(f"Reading a {size:.0f} MiB batch ({lines} reviews)", binaries, b, folder, progress)
    return {"rows": rows, "mib": size}


def copy_tree(source, target):
    """A copy of a folder that keeps sparse files sparse (a 2 GiB hole stays a hole)."""
    subprocess.run(["cp", "-a", "--sparse=always", source, target], check=True)


def compare(label, binaries, machine, folder, progress):
    """`machine`'s sync of `folder` with each binary, each from the same copy of both folders."""
    snapshot = {place: place + ".before" for place in (machine.home, folder)}
    for place, copy in snapshot.items():
        shutil.rmtree(copy, ignore_errors=True)
        copy_tree(place, copy)
    rows = []
    for name, binary in binaries:
        for place, copy in snapshot.items():
            shutil.rmtree(place)
            copy_tree(copy, place)
        progress(f"sync_memory: {label.lower()}, {name} binary")
        rows.append((label, name, machine.sync(binary, folder)))
    return rows


def report(figures):
    out = ["### `kuchi sync` reading what another machine wrote (current against baseline)", "",
           "| Sync | Binary | Wall | Peak RSS | Exit |", "|---|---|---:|---:|---:|"]
    for label, binary, row in figures["rows"]:
        out.append(f"| {label} | {binary} | {row['wall_s']:.2f} s | {row['rss_kib'] / 1024:.0f} MiB | {row['status']} |")
    for label in dict.fromkeys(label for label, _, _ in figures["rows"]):
        pair = {binary: row for name, binary, row in figures["rows"] if name == label}
        if "baseline" in pair and "current" in pair:
            out.append(f"| {label}: current / baseline | | {pair['current']['wall_s'] / max(pair['baseline']['wall_s'], 1e-9):.2f}× | "
                       f"{pair['current']['rss_kib'] / pair['baseline']['rss_kib']:.2f}× | |")
    reads = {binary: row for label, binary, row in figures["rows"] if label.startswith("Reading")}
    first = figures["rows"][0][2]
    if "baseline" in reads and "current" in reads:
        before, after = reads["baseline"]["rss_kib"], reads["current"]["rss_kib"]
        out += ["", f"Peak RSS reading the batch: {before / 1024:.0f} → {after / 1024:.0f} MiB ({after / before:.2f}×); "
                    f"the first sync's {first['rss_kib'] / 1024:.0f} MiB plus {max(0, after - first['rss_kib']) / 1024:.0f} MiB."]
    return "\n".join(out) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kuchi", required=True)
    parser.add_argument("--kuchi-bench", required=True)
    parser.add_argument("--baseline", help="another kuchi binary to read the same batch (main before the change)")
    parser.add_argument("--mib", type=int, default=150, help="the batch's size (default 150)")
    parser.add_argument("--cards", type=int, default=1000)
    parser.add_argument("--reviews", type=int, default=10_000)
    parser.add_argument("--sparse-gib", type=int, default=2, help="the sparse line's size (default 2 GiB; 0: none)")
    args = parser.parse_args()
    root = tempfile.mkdtemp(prefix="kuchi-sync-memory-")
    try:
        figures = measure(os.path.abspath(args.kuchi), os.path.abspath(args.kuchi_bench),
                          os.path.abspath(args.baseline) if args.baseline else None, root, args.mib, args.cards, args.reviews, args.sparse_gib,
                          progress=lambda text: print(text, file=sys.stderr))
    finally:
        shutil.rmtree(root, ignore_errors=True)
    print(report(figures))


if __name__ == "__main__":
    main()
