"""sync_memory.py: the peak memory of `kuchi sync` reading another machine's large batch, against
a baseline binary in the same run (issue 36: memory stays within the first sync's plus a fixed
budget, however large the batch).

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


def measure(kuchi, kuchi_bench, baseline, root, mib, cards, reviews, progress=print):
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
    lines = mib * 1024 * 1024 // 250
    path = sync_bench.write_batch(folder, learner, f"{rng.getrandbits(128):032x}", 1, lines, keys, rng)
    size = os.path.getsize(path) / 1048576
    # The same starting point for each binary: the second machine's folders and the shared folder.
    snapshot = {place: place + ".before" for place in (b.home, folder)}
    for place, copy in snapshot.items():
        shutil.copytree(place, copy, symlinks=True)
    for label, binary in (("baseline", baseline), ("current", kuchi)):
        if binary is None:
            continue
        for place, copy in snapshot.items():
            shutil.rmtree(place)
            shutil.copytree(copy, place, symlinks=True)
        progress(f"sync_memory: reading the {size:.0f} MiB batch with the {label} binary")
        rows.append((f"Reading a {size:.0f} MiB batch ({lines} reviews)", label, b.sync(binary, folder)))
    return {"rows": rows, "mib": size}


def report(figures):
    out = ["### `kuchi sync`: peak memory reading another machine's batch", "",
           "| Sync | Binary | Wall | Peak RSS | Exit |", "|---|---|---:|---:|---:|"]
    for label, binary, row in figures["rows"]:
        out.append(f"| {label} | {binary} | {row['wall_s']:.2f} s | {row['rss_kib'] / 1024:.0f} MiB | {row['status']} |")
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
    args = parser.parse_args()
    root = tempfile.mkdtemp(prefix="kuchi-sync-memory-")
    try:
        figures = measure(os.path.abspath(args.kuchi), os.path.abspath(args.kuchi_bench),
                          os.path.abspath(args.baseline) if args.baseline else None, root, args.mib, args.cards, args.reviews,
                          progress=lambda text: print(text, file=sys.stderr))
    finally:
        shutil.rmtree(root, ignore_errors=True)
    print(report(figures))


if __name__ == "__main__":
    main()
