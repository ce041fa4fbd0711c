#!/usr/bin/env python3
"""forget.py: `kuchi forget --yes` on generated learners of 3k, 30k and 100k reviews (wall time and
peak RSS of the whole command), for this build and, with --baseline, a baseline build side by side
in the same run (each pair of binaries makes its own history: a baseline cannot open a newer
schema). The learner has synced once first, so the outbox is on — the case where every deleted
review used to leave an outbox row behind. Prints one Markdown table: figures and ratios
(now / baseline); it asserts nothing about time.

  python3 benchmarks/forget.py --kuchi BIN/kuchi --kuchi-bench BIN/kuchi-bench \
      [--baseline-kuchi OLD/kuchi --baseline-kuchi-bench OLD/kuchi-bench] [--sizes 3000,30000,100000] [--repetitions 3]
"""
import argparse
import os
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time

NAME = "Bench"


def prepare(kuchi, kuchi_bench, root, reviews):
    """A machine with a learner of `reviews` reviews (cards: a tenth), synced once; returns its folders."""
    data, config, folder = (os.path.join(root, part) for part in ("data", "config", "shared"))
    os.makedirs(folder)
    subprocess.run([kuchi_bench, "make-history", "--data-dir", data, "--config-dir", config, "--profile", NAME,
                    "--cards", str(max(100, reviews // 10)), "--reviews", str(reviews)], check=True, capture_output=True)
    subprocess.run([kuchi, "sync", folder, "--data-dir", data, "--config-dir", config, "--profile", NAME],
                   check=True, capture_output=True)
    return data, config


def left_behind(data):
    """Rows a forget left that nothing can use: outbox rows, tombstones, parameters, ledger rows."""
    with sqlite3.connect(os.path.join(data, "kuchi.sqlite")) as db:
        counts = {}
        for table in ("sync_outbox", "review_tombstone", "sync_file", "review", "card"):
            try:
                counts[table] = db.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]
            except sqlite3.Error:
                counts[table] = 0
        return counts


def forget(kuchi, kuchi_bench, reviews, repetitions):
    """(median seconds, peak RSS MiB, rows left) of `kuchi forget` on fresh copies of one history."""
    with tempfile.TemporaryDirectory(prefix="kuchi-forget-") as root:
        made = os.path.join(root, "made")
        data, config = prepare(kuchi, kuchi_bench, made, reviews)
        times, peaks, left = [], [], {}
        for attempt in range(repetitions):
            copy = os.path.join(root, f"run{attempt}")
            shutil.copytree(made, copy)
            copied_data, copied_config = os.path.join(copy, "data"), os.path.join(copy, "config")
            started = time.monotonic()
            result = subprocess.run(["/usr/bin/time", "-f", "%M", kuchi, "forget", "--yes", "--profile", NAME,
                                     "--data-dir", copied_data, "--config-dir", copied_config], capture_output=True, text=True)
            times.append(time.monotonic() - started)
            if result.returncode != 0:
                sys.exit(f"forget.py: kuchi forget failed: {result.stderr.strip()}")
            peaks.append(int(result.stderr.strip().splitlines()[-1]) / 1024)
            left = left_behind(copied_data)
        return statistics.median(times), max(peaks), left


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kuchi", required=True)
    parser.add_argument("--kuchi-bench", required=True)
    parser.add_argument("--baseline-kuchi")
    parser.add_argument("--baseline-kuchi-bench")
    parser.add_argument("--sizes", default="3000,30000,100000")
    parser.add_argument("--repetitions", type=int, default=3)
    args = parser.parse_args()
    sizes = [int(size) for size in args.sizes.split(",")]
    baseline = args.baseline_kuchi and args.baseline_kuchi_bench
    print("| `kuchi forget --yes` | " + ("baseline | " if baseline else "") + "now | " + ("time ratio | RSS ratio | " if baseline else "")
          + "rows left (outbox, tombstones, ledger) |")
    print("|---|" + ("--:|" if baseline else "") + "--:|" + ("--:|--:|" if baseline else "") + "---|")
    for size in sizes:
        print(f"forget.py: {size} reviews", file=sys.stderr)
        now = forget(args.kuchi, args.kuchi_bench, size, args.repetitions)
        cells = [f"{size:,} reviews"]
        if baseline:
            before = forget(args.baseline_kuchi, args.baseline_kuchi_bench, size, args.repetitions)
            cells.append(f"{before[0]:.2f} s, {before[1]:.0f} MiB (left: {before[2]['sync_outbox']}, {before[2]['review_tombstone']}, "
                         f"{before[2]['sync_file']})")
        cells.append(f"{now[0]:.2f} s, {now[1]:.0f} MiB")
        if baseline:
            cells += [f"{now[0] / before[0]:.3f}×", f"{now[1] / before[1]:.2f}×"]
        cells.append(f"{now[2]['sync_outbox']}, {now[2]['review_tombstone']}, {now[2]['sync_file']}")
        print("| " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main()
