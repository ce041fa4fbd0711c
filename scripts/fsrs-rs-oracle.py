#!/usr/bin/env python3
"""fsrs-rs-oracle: the reference fitter (fsrs-rs 6.6 through PyPI's fsrs-rs-python 0.9.3) on
review logs given as JSON, for the optimizer's parity tests and benchmark.

Reads one JSON object on stdin: {"cases": [case, ...]}, each case
  {"logs": [{"card": id, "reviews": [[time_ms, rating, starts_learning], ...]}, ...],
   "fit": bool, "epochs": N, "batch_size": N, "evaluate": [[21 weights], ...]}
and prints {"results": [result, ...]}, each
  {"items": [[[rating, delta_t], ...], ...], "card_ids": [...], "gate": "defaults" |
   "initial-only" | "trained", "parameters": [21] or null, "evaluations": [{"log_loss", "rmse_bins"}
   or null, ...], "seconds": fit time}.
Items are built here, independently of Kuchi, by the rule the issue gives: a card's reviews from
its last learning start, delta_t = whole 24-hour periods since the previous review (never
negative), an item for every review with delta_t > 0, ordered by the target's time then card.
Run with the venv's python: .build/fsrs-venv/bin/python3 scripts/fsrs-rs-oracle.py < cases.json
"""
import json
import sys
import time

import fsrs_rs_python as ref

DAY_MS = 86_400_000


def build_items(logs):
    """build_items: (items as [(rating, delta_t)] lists, card ids), oldest target first."""
    stamped = []
    for log in logs:
        reviews = log["reviews"]
        if not reviews:
            continue
        starts = [i for i, r in enumerate(reviews) if r[2]]
        block = reviews[starts[-1] if starts else 0:]
        sequence = []
        previous = None
        for review_time, rating, _ in block:
            delta = 0 if previous is None else max(0, review_time - previous) // DAY_MS
            sequence.append((rating, delta))
            if delta > 0:
                stamped.append((review_time, log["card"], len(sequence), list(sequence)))
            previous = review_time if previous is None else max(previous, review_time)
    stamped.sort(key=lambda s: (s[0], s[1], s[2]))
    return [s[3] for s in stamped], [s[1] for s in stamped]


def as_reference(item):
    """as_reference: an item as fsrs-rs-python's FSRSItem."""
    return ref.FSRSItem([ref.FSRSReview(rating, delta) for rating, delta in item])


def gate(items):
    """gate: how far compute_parameters goes on these items, from fsrs-rs's own outlier filter."""
    initialization = [i for i in items if i.long_term_review_cnt() == 1]
    kept, training = ref.filter_outlier(initialization, items)
    if len(training) < 8:
        return "defaults"
    if len(training) == len(kept) or len(training) < 64:
        return "initial-only"
    return "trained"


def run(case):
    """run: one case's result."""
    items, card_ids = build_items(case["logs"])
    reference_items = [as_reference(i) for i in items]
    result = {"items": items, "card_ids": card_ids, "parameters": None, "seconds": None}
    result["gate"] = gate(reference_items) if reference_items else "defaults"
    if case.get("fit", True) and reference_items:
        config = ref.TrainingConfig(num_epochs=case.get("epochs", 5), batch_size=case.get("batch_size", 512))
        started = time.perf_counter()
        try:
            weights = ref.FSRS(ref.DEFAULT_PARAMETERS).compute_parameters(
                reference_items, card_ids=card_ids, training_config=config)
            result["parameters"] = [float(w) for w in weights]
        except Exception:  # fsrs-rs refuses data with no usable first reviews (NotEnoughData)
            result["gate"] = "defaults"
            result["parameters"] = [float(w) for w in ref.DEFAULT_PARAMETERS]
        result["seconds"] = time.perf_counter() - started
    evaluations = []
    for weights in case.get("evaluate", []):
        try:
            metrics = ref.FSRS(weights).evaluate(reference_items)
            evaluations.append({"log_loss": float(metrics.log_loss), "rmse_bins": float(metrics.rmse_bins)})
        except Exception:
            evaluations.append(None)
    result["evaluations"] = evaluations
    return result


def main():
    request = json.load(sys.stdin)
    json.dump({"results": [run(case) for case in request["cases"]]}, sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
