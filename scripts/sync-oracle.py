#!/usr/bin/env python3
"""sync-oracle.py: the card states a merged review log gives under the reference FSRS (py-fsrs).

`kuchi sync` merges machines by replaying each card's whole review log, in time order (then by
review id), with each review's fuzz drawn from SplitMix64 seeded with the first 64 bits of its
id. This script does the same with py-fsrs 6.3.2, so the sync tests can check Kuchi's cards
against the reference. Reads one JSON object on stdin:

  {"desired_retention": 0.9,
   "reviews": [{"card": "any key", "uid": "32 hex digits", "time": ms since 1970, "rating": 1-4}, ...]}

and prints {"fsrs_version": "6.3.2", "cards": {"key": {"state": 1-3, "step": n or null,
"stability": s, "difficulty": d, "due": "...Z", "last_review": "...Z", "reps": n, "lapses": n}}}.
Times are printed in whole seconds, as `kuchi export cards` prints them.
"""

import importlib.metadata
import json
import sys
from datetime import datetime, timedelta, timezone

import fsrs.scheduler as reference
from fsrs import Card, Rating, Scheduler, State
from splitmix64 import SplitMix64  # this folder's module

REFERENCE_VERSION = "6.3.2"
EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)




def instant(moment):
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def main():
    version = importlib.metadata.version("fsrs")
    if version != REFERENCE_VERSION:
        sys.exit(f"fsrs {version} is installed; the oracle is fsrs {REFERENCE_VERSION} (run scripts/install-deps --tests)")
    request = json.load(sys.stdin)
    scheduler = Scheduler(desired_retention=request["desired_retention"], enable_fuzzing=True)
    logs = {}
    for review in request["reviews"]:
        logs.setdefault(review["card"], []).append(review)
    cards = {}
    for key, reviews in logs.items():
        reviews.sort(key=lambda review: (review["time"], review["uid"]))
        card = Card(card_id=1)  # an explicit id: Card() sleeps 1 ms to make one
        lapses = 0
        for review in reviews:
            moment = EPOCH + timedelta(milliseconds=review["time"])
            if card.last_review is not None and moment < card.last_review:
                moment = card.last_review
            if card.state == State.Review and review["rating"] == 1:
                lapses += 1
            reference.random = SplitMix64(int(review["uid"][:16], 16)).random
            card, _ = scheduler.review_card(card, Rating(review["rating"]), moment)
        cards[key] = {
            "state": int(card.state),
            "step": card.step,
            "stability": card.stability,
            "difficulty": card.difficulty,
            "due": instant(card.due),
            "last_review": instant(card.last_review),
            "reps": len(reviews),
            "lapses": lapses,
        }
    json.dump({"fsrs_version": version, "cards": cards}, sys.stdout, separators=(",", ":"))


if __name__ == "__main__":
    main()
