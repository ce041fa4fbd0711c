#!/usr/bin/env python3
"""fsrs-oracle.py SEED COUNT: random review histories scheduled by the reference FSRS (py-fsrs).

Kuchi's Swift scheduler must schedule exactly as py-fsrs 6.3.2 does; FSRSParityTests replays
these histories and compares every card. Prints one JSON object:

  {"fsrs_version": "6.3.2", "seed": SEED, "histories": [
     {"config": {"parameters": [...21], "desired_retention": 0.9, "learning_steps": [60, 600],
                 "relearning_steps": [600], "maximum_interval": 36500, "fuzz_seed": null},
      "start": "2024-05-01T10:00:00Z",
      "reviews": [{"time": "...Z", "rating": 1-4,
                   "card": {"state": 1-3, "step": 0 or null, "stability": s, "difficulty": d,
                            "due": "...Z", "last_review": "...Z"}}, ...]}, ...]}

The first COUNT histories are scheduled with fuzzing off (the parity the issue requires). Then
COUNT // 10 more have fuzzing on, with py-fsrs's random() replaced by SplitMix64 seeded with
"fuzz_seed", drawing (next() >> 11) * 2**-53 as Kuchi's FSRSFuzz does, so fuzz is checked too.

Histories mix same-day reviews, reviews on time, early and late, long gaps of up to five years,
exact day boundaries, a clock set back, every rating and so lapses; about one in six uses other
settings: desired retention in 0.70-0.97, other (or no) learning and relearning steps, a small
maximum interval, or weights perturbed within the reference's bounds.
"""

import importlib.metadata
import json
import random
import sys
from datetime import datetime, timedelta, timezone

import fsrs.scheduler as reference
from fsrs import Card, Rating, Scheduler
from splitmix64 import SplitMix64  # this folder's module

REFERENCE_VERSION = "6.3.2"
DAY = 86400




def instant(moment):
    """An ISO 8601 UTC instant with whole seconds (every time here has whole seconds)."""
    if moment.microsecond != 0:
        raise ValueError(f"{moment} has a fraction of a second")
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def random_config(rng, fuzzed):
    """Scheduler settings: mostly the defaults, sometimes others."""
    config = {
        "parameters": list(reference.DEFAULT_PARAMETERS),
        "desired_retention": 0.9,
        "learning_steps": [60, 600],
        "relearning_steps": [600],
        "maximum_interval": 36500,
        "fuzz_seed": rng.getrandbits(64) if fuzzed else None,
    }
    roll = rng.random()
    if roll < 0.06:
        config["desired_retention"] = round(rng.uniform(0.70, 0.97), 4)
    elif roll < 0.10:
        config["learning_steps"] = rng.choice([[], [60], [60, 600, 3600], [300, 1800, DAY]])
        config["relearning_steps"] = rng.choice([[], [600], [600, 3600]])
    elif roll < 0.13:
        config["maximum_interval"] = rng.choice([1, 3, 30, 365])
    elif roll < 0.17:
        config["parameters"] = [
            min(max(weight * rng.uniform(0.8, 1.2), low), high)
            for weight, low, high in zip(
                reference.DEFAULT_PARAMETERS,
                reference.LOWER_BOUNDS_PARAMETERS,
                reference.UPPER_BOUNDS_PARAMETERS,
            )
        ]
    return config


def next_time(rng, card, now):
    """When the learner comes back: on time, same day, days or years later, or a clock set back."""
    roll = rng.random()
    if roll < 0.25:  # on time, give or take a few minutes
        return max(card.due, now) + timedelta(seconds=rng.randint(0, 600))
    if roll < 0.45:  # later the same day
        return now + timedelta(seconds=rng.randint(0, DAY - 1))
    if roll < 0.55:  # straight away
        return now + timedelta(seconds=rng.randint(0, 300))
    if roll < 0.72:  # days or weeks
        return now + timedelta(days=rng.randint(1, 60), seconds=rng.randint(0, DAY - 1))
    if roll < 0.80:  # months or years
        return now + timedelta(days=rng.randint(60, 5 * 365), seconds=rng.randint(0, DAY - 1))
    if roll < 0.88:  # a second either side of a whole number of days
        return now + timedelta(days=rng.randint(1, 3), seconds=rng.choice([-1, 0, 1]))
    if roll < 0.96:  # early or late against the schedule
        span = (card.due - now).total_seconds()
        return now + timedelta(seconds=max(0, round(span * rng.uniform(0.3, 3.0))))
    return now - timedelta(seconds=rng.randint(1, 3 * DAY))  # the clock went back


def random_rating(rng, weights):
    return Rating(rng.choices([1, 2, 3, 4], weights=weights)[0])


def history(rng, index, fuzzed):
    config = random_config(rng, fuzzed)
    scheduler = Scheduler(
        parameters=config["parameters"],
        desired_retention=config["desired_retention"],
        learning_steps=[timedelta(seconds=s) for s in config["learning_steps"]],
        relearning_steps=[timedelta(seconds=s) for s in config["relearning_steps"]],
        maximum_interval=config["maximum_interval"],
        enable_fuzzing=fuzzed,
    )
    if fuzzed:
        reference.random = SplitMix64(config["fuzz_seed"]).random
    weights = rng.choice([[1, 1, 1, 1], [2, 1, 5, 1], [4, 2, 3, 1], [1, 1, 6, 3]])
    start = datetime(2020, 1, 1, tzinfo=timezone.utc) + timedelta(seconds=rng.randint(0, 10 * 365 * DAY))
    card = Card(card_id=index + 1, due=start)  # an explicit id: Card() sleeps 1 ms to make one
    now = start
    reviews = []
    for position in range(rng.randint(1, 40)):
        now = now if position == 0 else next_time(rng, card, now)
        rating = random_rating(rng, weights)
        card, _ = scheduler.review_card(card, rating, now)
        reviews.append({
            "time": instant(now),
            "rating": int(rating),
            "card": {
                "state": int(card.state),
                "step": card.step,
                "stability": card.stability,
                "difficulty": card.difficulty,
                "due": instant(card.due),
                "last_review": instant(card.last_review),
            },
        })
    return {"config": config, "start": instant(start), "reviews": reviews}


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: fsrs-oracle.py SEED COUNT")
    seed, count = int(sys.argv[1]), int(sys.argv[2])
    version = importlib.metadata.version("fsrs")
    if version != REFERENCE_VERSION:
        sys.exit(f"fsrs {version} is installed; the oracle is fsrs {REFERENCE_VERSION} (run scripts/install-deps --tests)")
    rng = random.Random(seed)
    histories = [history(rng, index, fuzzed=False) for index in range(count)]
    histories += [history(rng, count + index, fuzzed=True) for index in range(count // 10)]
    json.dump({"fsrs_version": version, "seed": seed, "histories": histories}, sys.stdout, separators=(",", ":"))


if __name__ == "__main__":
    main()
