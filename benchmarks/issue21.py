"""issue21.py: issue 21's table — the first screen and the footprint whatever the deck and the
history — from one run's figures: each figure as measured now, its target and whether it is met.
Ratios are taken within the same run (the C floor and the bundled first screen), so a noisy
machine moves both sides alike. A figure whose part was not run says so."""

# (figure, what the issue measured before the work)
BEFORE = {
    "bundled": "5.0× C floor",
    "bundled_rss": "28.4 MiB",
    "history": "4.8× the bundled first screen",
    "history_rss": "43.5 MiB",
    "deck100k": "1.3 s, 208.6 MiB",
    "due": "14.6 ms",
    "answer": "≈1.3 ms",
    "import": "0.3–0.4 s",
}


def _median(values):
    values = sorted(values)
    if not values:
        return None
    middle = len(values) // 2
    return values[middle] if len(values) % 2 else (values[middle - 1] + values[middle]) / 2


def _verdict(ok):
    return "met" if ok else "MISSED"


def rows(raw):
    """[(figure, before, now, target, verdict)] from drive.py's raw results."""
    out = []
    missing = "not measured (part not run)"
    sizes = raw.get("sizes") or {}
    bundled = None
    if sizes:
        figures = next(iter(sizes.values()))
        bundled = _median(figures["startup"]["kuchi"])
        floor = _median(figures["startup"]["floor"])
        ratio = bundled / floor
        out.append(("first screen, bundled deck, no history", BEFORE["bundled"],
                    f"{ratio:.1f}× C floor ({bundled * 1000:.1f} ms vs {floor * 1000:.1f} ms)", "≤ 2.5×", _verdict(ratio <= 2.5)))
        peak = max(max(figures["startup_rss"]["kuchi"]), figures["kuchi"]["session_rss"])
        out.append(("peak RSS, bundled deck", BEFORE["bundled_rss"], f"{peak / 1024:.1f} MiB", "≤ 22 MiB",
                    _verdict(peak <= 22 * 1024)))
    else:
        out += [("first screen, bundled deck, no history", BEFORE["bundled"], missing, "≤ 2.5×", "—"),
                ("peak RSS, bundled deck", BEFORE["bundled_rss"], missing, "≤ 22 MiB", "—")]
    history = raw.get("history") or {}
    big = next((h for h in history.get("histories", []) if h["cards"] == 10_000 and h["reviews"] == 1_000_000), None)
    if big and bundled:
        first = _median(big["startup"]["history"])
        ratio = first / bundled
        out.append(("first screen, 10k-word deck, 1M reviews", BEFORE["history"],
                    f"{ratio:.2f}× ({first * 1000:.1f} ms)", "≤ 1.3×", _verdict(ratio <= 1.3)))
    else:
        out.append(("first screen, 10k-word deck, 1M reviews", BEFORE["history"], missing, "≤ 1.3×", "—"))
    if big:
        rss = max(max(big["startup_rss"]["history"]), big["history"]["session_rss"])
        out.append(("peak RSS, 10k words, 1M reviews", BEFORE["history_rss"], f"{rss / 1024:.1f} MiB", "≤ 32 MiB",
                    _verdict(rss <= 32 * 1024)))
        due = _median(big["due"]["wall"])
        out.append(("`kuchi due --deck`, 10k words, 1M reviews", BEFORE["due"], f"{due * 1000:.1f} ms", "≤ 8 ms", _verdict(due <= 0.008)))
        if big.get("due_bundled"):
            out.append(("… `kuchi due` of the bundled deck (what earlier runs measured: none of the 10k cards)", "",
                        f"{_median(big['due_bundled']['wall']) * 1000:.1f} ms", "", ""))
        answers = [e["latency"] for e in big["history"]["events"]["right"] if e["latency"] is not None]
        answer = _median(answers)
        out.append(("graded answer key → screen (with its write)", BEFORE["answer"],
                    f"{answer * 1000:.2f} ms" if answer is not None else "no output", "unchanged (≤ 2 ms)",
                    _verdict(answer is not None and answer <= 0.002)))
    else:
        out += [("peak RSS, 10k words, 1M reviews", BEFORE["history_rss"], missing, "≤ 32 MiB", "—"),
                ("`kuchi due`, 10k words, 1M reviews", BEFORE["due"], missing, "≤ 8 ms", "—"),
                ("graded answer key → screen (with its write)", BEFORE["answer"], missing, "unchanged", "—")]
    deck = next((p for p in raw.get("decks") or [] if p["categorised"]["entries"] == 100_000 and p.get("app")), None)
    if deck:
        # The first screen's own peak (launches that quit there); runs from before the split
        # had only the peak once a word was up.
        app = deck["app"]
        first, rss = _median(app["startup"]), app.get("first_screen_peak_rss", app["peak_rss"])
        out.append(("first screen, 100k-word deck", BEFORE["deck100k"], f"{first * 1000:.0f} ms, {rss / 1024:.1f} MiB",
                    "≤ 150 ms, ≤ 64 MiB", _verdict(first <= 0.15 and rss <= 64 * 1024)))
        if "challenge_peak_rss" in app:
            out.append(("… peak once Start has built the queue (a card row per word) and a word is up", "",
                        f"{app['challenge_peak_rss'] / 1024:.1f} MiB", "", ""))
        if deck["app"].get("cold_startup"):
            out.append(("… its first start after the file changed (JSON validated, cache written)", "",
                         f"{deck['app']['cold_startup'] * 1000:.0f} ms, {deck['app']['cold_peak_rss'] / 1024:.1f} MiB", "", ""))
    else:
        out.append(("first screen, 100k-word deck", BEFORE["deck100k"], missing, "≤ 150 ms, ≤ 64 MiB", "—"))
    imports = [f for sizes_ in history.get("imports", {}).values() for notes, f in sizes_.items()
               if int(notes) >= 20_000 and not f.get("error")]
    if imports:
        worst = max(_median(f["wall"]) for f in imports)
        out.append(("`kuchi import`, 20k notes", BEFORE["import"], f"{worst:.2f} s (slowest format)", "unchanged (≤ 0.5 s)",
                    _verdict(worst <= 0.5)))
    else:
        out.append(("`kuchi import`, 20k notes", BEFORE["import"], missing, "unchanged", "—"))
    return out


def report(raw):
    """The table as Markdown lines."""
    lines = ["", "### Issue 21: the first screen and the footprint", "",
             "| figure | before (issue 21) | now | target | |", "|---|--:|--:|--:|---|"]
    lines += [f"| {figure} | {before} | {now} | {target} | {verdict} |" for figure, before, now, target, verdict in rows(raw)]
    return lines
