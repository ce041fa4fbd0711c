"""sync.py: what `kuchi sync` costs at scale — the sync half of Kuchi's benchmark (drive.py runs
it as the `sync` part; it also runs alone).

On a generated learner (`kuchi-bench make-history`, 10k cards / 100k reviews) it measures, as
whole processes (wall time and peak RSS, from wait4's rusage):

- the first sync (machine A sends its whole history into an empty folder);
- a new machine brought in (`kuchi sync DIR --profile bench` on an empty data folder);
- a sync with nothing new on that machine, with 1, 500 and 5 000 batch files in the folder
  (the extra files come from other machines, 20 reviews each, and are read once first);
- the same with a 150 MiB batch of valid reviews from another machine: its first reading,
  then a sync with nothing new.

    python3 benchmarks/sync.py --kuchi .build/release/kuchi --kuchi-bench .build/release/kuchi-bench
    python3 benchmarks/sync.py ... --quick        # 1k cards / 10k reviews, 1 and 50 files, a 15 MiB batch
"""

import argparse
import json
import os
import random
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time

NAME = "bench"


def run(argv, env):
    """One process to its end: (wall s, peak RSS KiB, exit status, stderr's first line)."""
    started = time.monotonic()
    with tempfile.TemporaryFile() as err:
        pid = os.posix_spawn(argv[0], argv, env, file_actions=[(os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0),
                                                                 (os.POSIX_SPAWN_DUP2, err.fileno(), 2)])
        _, status, usage = os.wait4(pid, 0)
        wall = time.monotonic() - started
        err.seek(0)
        first = err.read().decode(errors="replace").strip().splitlines()[:1]
    return {"wall_s": wall, "rss_kib": usage.ru_maxrss, "status": os.waitstatus_to_exitcode(status),
            "stderr": first[0] if first else ""}


class Machine:
    """A data folder and a config folder standing for one machine."""

    def __init__(self, root, name):
        self.home = os.path.join(root, name)
        self.env = dict(os.environ, XDG_CONFIG_HOME=os.path.join(self.home, "config"), XDG_DATA_HOME=os.path.join(self.home, "data"))
        self.data = os.path.join(self.home, "data", "kuchi")
        self.config = os.path.join(self.home, "config", "kuchi")

    def sync(self, kuchi, folder, *extra):
        return run([kuchi, "sync", folder, "--data-dir", self.data, "--config-dir", self.config, *extra], self.env)


def card_keys(database, learner, limit=2000):
    """(deck, question, reading, direction, answer) of some of the learner's cards."""
    with sqlite3.connect(database) as db:
        return db.execute("SELECT d.deck, c.question, c.reading, c.direction, c.answer FROM card c JOIN learner_deck d "
                          "ON d.id = c.learner_deck WHERE d.learner = ? LIMIT ?", (learner, limit)).fetchall()


def write_batch(folder, learner, machine, index, reviews, keys, rng):
    """A batch file of `reviews` random valid reviews from `machine` (write-once, as Kuchi names them)."""
    place = os.path.join(folder, "kuchi", learner, machine)
    os.makedirs(place, exist_ok=True)
    now = int(time.time() * 1000) - 86_400_000
    name = f"{now - 10_000_000 + index:013d}-{rng.getrandbits(64):016x}.jsonl"
    with open(os.path.join(place, name), "w") as file:
        file.write(json.dumps({"format": "kuchi-sync", "learner": learner, "machine": machine, "version": 1}) + "\n")
        for _ in range(reviews):
            deck, question, reading, direction, answer = rng.choice(keys)
            file.write(json.dumps({"answer": answer, "deck": deck, "direction": direction, "duration": 2000,
                                   "question": question, "rating": rng.randint(1, 4), "reading": reading,
                                   "time": now - rng.randint(0, 300 * 86_400_000), "type": "review",
                                   "uid": f"{rng.getrandbits(128):032x}"}, ensure_ascii=False, separators=(",", ":")) + "\n")
        file.write(json.dumps({"end": reviews}) + "\n")
    return os.path.join(place, name)


def add_files(folder, learner, keys, count, rng, machines=5, reviews=20):
    """`count` batch files spread over `machines` other machines."""
    ids = [f"{rng.getrandbits(128):032x}" for _ in range(machines)]
    for index in range(count):
        write_batch(folder, learner, ids[index % machines], index, reviews, keys, rng)


def measure(kuchi, kuchi_bench, root, quick=False, progress=print):
    cards, reviews = (1000, 10_000) if quick else (10_000, 100_000)
    file_counts = (1, 50) if quick else (1, 500, 5000)
    big_mib = 15 if quick else 150
    rng = random.Random(21)
    a, b = Machine(root, "a"), Machine(root, "b")
    made = json.loads(subprocess.run([kuchi_bench, "make-history", "--data-dir", a.data, "--config-dir", a.config, "--profile", NAME,
                                      "--cards", str(cards), "--reviews", str(reviews)], check=True, capture_output=True, text=True).stdout)
    learner = made["learner"]
    keys = card_keys(os.path.join(a.data, "kuchi.sqlite"), learner)
    figures = {"cards": cards, "reviews": reviews, "rows": []}
    folder = os.path.join(root, "shared")
    os.makedirs(folder)
    progress(f"sync: first sync of {reviews} reviews")
    figures["rows"].append(("First sync (sends the whole history)", a.sync(kuchi, folder)))
    progress("sync: a new machine brought in")
    figures["rows"].append(("A new machine brought in (--profile)", b.sync(kuchi, folder, "--profile", NAME)))
    present = 1
    for count in file_counts:
        if count > present:
            add_files(folder, learner, keys, count - present, rng)
            present = count
            b.sync(kuchi, folder)  # the new files are read once
        progress(f"sync: no change, {count} batch files")
        samples = [b.sync(kuchi, folder) for _ in range(3)]
        best = min(samples, key=lambda s: s["wall_s"])
        figures["rows"].append((f"No change, {count} batch file{'s' if count > 1 else ''}", best))
    progress(f"sync: a {big_mib} MiB batch")
    lines = big_mib * 1024 * 1024 // 250  # a review line is ~250 bytes
    path = write_batch(folder, learner, f"{rng.getrandbits(128):032x}", 1, lines, keys, rng)
    size = os.path.getsize(path)
    figures["big_mib"] = size / 1048576
    figures["rows"].append((f"Reading a {size / 1048576:.0f} MiB batch ({lines} reviews)", b.sync(kuchi, folder)))
    samples = [b.sync(kuchi, folder) for _ in range(2)]
    figures["rows"].append((f"No change, with the {size / 1048576:.0f} MiB batch", min(samples, key=lambda s: s["wall_s"])))
    c = Machine(root, "c")
    progress("sync: a new machine brought in, with the big batch")
    figures["rows"].append((f"A new machine brought in, with the {size / 1048576:.0f} MiB batch", c.sync(kuchi, folder, "--profile", NAME)))
    return figures


def report(figures):
    out = [f"### `kuchi sync` ({figures['cards'] // 1000}k cards / {figures['reviews'] // 1000}k reviews)", "",
           "| Sync | Wall | Peak RSS | Exit |", "|---|---:|---:|---:|"]
    for label, row in figures["rows"]:
        note = f" ({row['stderr'][:80]})" if row["status"] != 0 and row["stderr"] else ""
        out.append(f"| {label} | {row['wall_s']:.2f} s | {row['rss_kib'] / 1024:.0f} MiB | {row['status']}{note} |")
    return "\n".join(out) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kuchi", required=True)
    parser.add_argument("--kuchi-bench", required=True)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--json")
    args = parser.parse_args()
    root = tempfile.mkdtemp(prefix="kuchi-sync-bench-")
    try:
        figures = measure(os.path.abspath(args.kuchi), os.path.abspath(args.kuchi_bench), root, args.quick,
                          progress=lambda text: print(text, file=sys.stderr))
    finally:
        shutil.rmtree(root, ignore_errors=True)
    if args.json:
        with open(args.json, "w") as file:
            json.dump(figures, file, indent=1)
    print(report(figures))


if __name__ == "__main__":
    main()
