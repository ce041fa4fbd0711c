#!/usr/bin/env python3
"""optimize.py: `kuchi optimize` on generated histories of 10k, 100k and 1M reviews (wall time and
peak RSS of the whole command: reading the log, the fit, both evaluations), beside fsrs-rs
(fsrs-rs-python 0.9.3 from .build/fsrs-venv) fitting and evaluating the same items, built from
the same database by scripts/fsrs-rs-oracle.py's rule. Prints one Markdown table; the issue's
target is within 2x fsrs-rs's time and under 200 MiB at 1M reviews.

  python3 benchmarks/optimize.py --kuchi BIN/kuchi --kuchi-bench BIN/kuchi-bench --python .build/fsrs-venv/bin/python3
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

NAME = "Bench"
HERE = os.path.dirname(os.path.abspath(__file__))
ORACLE = os.path.join(HERE, "..", "scripts", "fsrs-rs-oracle.py")

# The reference's side, run in the venv's python as its own process (so its peak RSS is its own).
REFERENCE = r"""
import importlib.util, json, sqlite3, sys, time
spec = importlib.util.spec_from_file_location("oracle", sys.argv[1])
oracle = importlib.util.module_from_spec(spec); spec.loader.exec_module(oracle)
ref = oracle.ref
connection = sqlite3.connect("file:" + sys.argv[2] + "?mode=ro", uri=True)
started = time.perf_counter()
logs, current = [], None
for card, at, rating, state in connection.execute(
        "SELECT card, time, rating, state FROM review ORDER BY card, time, uid"):
    if current is None or current["card"] != card:
        current = {"card": card, "reviews": []}
        logs.append(current)
    current["reviews"].append((at, rating, state == 0))
items, card_ids = oracle.build_items(logs)
reference_items = [oracle.as_reference(i) for i in items]
built = time.perf_counter()
fsrs = ref.FSRS(ref.DEFAULT_PARAMETERS)
weights = fsrs.compute_parameters(reference_items, card_ids=card_ids)
fitted = time.perf_counter()
ref.FSRS(ref.DEFAULT_PARAMETERS).evaluate(reference_items)
ref.FSRS(weights).evaluate(reference_items)
done = time.perf_counter()
print(json.dumps({"items": len(items), "build_s": built - started, "fit_s": fitted - built,
                  "evaluate_s": done - fitted, "total_s": done - started}))
"""


def timed(argv, repetitions):
    """timed: (median wall seconds, largest peak RSS KiB, last stdout) of `repetitions` runs."""
    times, peaks, output = [], [], ""
    for _ in range(repetitions):
        started = time.monotonic()
        result = subprocess.run(["/usr/bin/time", "-f", "%M", *argv], capture_output=True, text=True)
        times.append(time.monotonic() - started)
        if result.returncode != 0:
            sys.exit(f"optimize.py: {' '.join(argv)} failed: {result.stderr.strip()}")
        peaks.append(int(result.stderr.strip().splitlines()[-1]))
        output = result.stdout
    return statistics.median(times), max(peaks), output


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--kuchi", required=True)
    parser.add_argument("--kuchi-bench", required=True)
    parser.add_argument("--python", required=True, help="the venv's python with fsrs-rs-python")
    parser.add_argument("--reviews", default="10000,100000,1000000")
    parser.add_argument("--per-card", type=int, default=20, help="reviews per card in the generated history")
    parser.add_argument("--repetitions", type=int, default=3)
    parser.add_argument("--json", help="also write the figures here")
    args = parser.parse_args()
    if not os.path.exists("/usr/bin/time"):
        sys.exit("optimize.py: /usr/bin/time is needed (apt-get install time)")
    rows = []
    with tempfile.TemporaryDirectory(prefix="kuchi-optimize-bench-") as root:
        for reviews in [int(n) for n in args.reviews.split(",") if n]:
            cards = max(reviews // args.per_card, 50)
            data, config = os.path.join(root, f"data-{reviews}"), os.path.join(root, f"config-{reviews}")
            subprocess.run([args.kuchi_bench, "make-history", "--data-dir", data, "--config-dir", config, "--profile", NAME,
                            "--cards", str(cards), "--reviews", str(reviews), "--seed", "5"], check=True, capture_output=True)
            kuchi_s, kuchi_kib, output = timed([args.kuchi, "optimize", "--dry-run", "--json", "--data-dir", data,
                                                "--config-dir", config, "--profile", NAME], args.repetitions)
            verdict = json.loads(output)
            reference_s, reference_kib, reference_out = timed([args.python, "-c", REFERENCE, ORACLE,
                                                               os.path.join(data, "kuchi.sqlite")], args.repetitions)
            reference = json.loads(reference_out)
            rows.append({"reviews": reviews, "cards": cards, "items": verdict["items"], "reference_items": reference["items"],
                         "outcome": verdict["outcome"], "kuchi_s": kuchi_s, "kuchi_mib": kuchi_kib / 1024,
                         "reference_s": reference_s, "reference_fit_s": reference["fit_s"],
                         "reference_evaluate_s": reference["evaluate_s"], "reference_mib": reference_kib / 1024})
            print(f"optimize.py: {reviews} reviews done", file=sys.stderr)
    print("### `kuchi optimize` beside fsrs-rs (fsrs-rs-python 0.9.3)\n")
    print("| reviews | items | kuchi optimize (whole command) | peak RSS | fsrs-rs fit + 2 evaluations (python process) | "
          "of which fit | peak RSS | time ratio |")
    print("|--:|--:|--:|--:|--:|--:|--:|--:|")
    for row in rows:
        reference = row["reference_fit_s"] + row["reference_evaluate_s"]
        print(f"| {row['reviews']:,} | {row['items']:,} | {row['kuchi_s']:.2f} s | {row['kuchi_mib']:.1f} MiB | "
              f"{reference:.2f} s ({row['reference_s']:.2f} s with python and items) | {row['reference_fit_s']:.2f} s | "
              f"{row['reference_mib']:.1f} MiB | {row['kuchi_s'] / reference:.2f}× |")
    print("\nTarget: within 2× fsrs-rs's time, under 200 MiB at 1M reviews. Items agree: "
          + ("yes" if all(r["items"] == r["reference_items"] for r in rows) else "NO"))
    if args.json:
        with open(args.json, "w") as out:
            json.dump(rows, out, indent=1)


if __name__ == "__main__":
    main()
