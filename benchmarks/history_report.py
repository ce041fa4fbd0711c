"""history_report.py: the Markdown tables of history.py's figures (memory, stats, imports),
with their targets; drive.py prints them after its own."""

import drive as d

# The key → screen of a right answer in the last benchmark before Kuchi had a learner database
# (README, run of 2026-11-22 at 30×100): what "a graded answer adds at most 1 ms" is measured from.
BEFORE_DATABASE_RIGHT = 0.79e-3
# …and its CPU time (the steadier figure on a busy machine).
BEFORE_DATABASE_RIGHT_CPU = 0.624e-3
NA = "not available in this build"


def cell(values, show):
    return d.spread(values, show) if values else "—"


def ms1(v):
    return d.ms(v, 1)


def ms2(v):
    return d.ms(v, 2)


def lat(events, kind):
    return [e["latency"] for e in events[kind] if e["latency"] is not None]


def label(cards, reviews):
    """"10k cards / 100k reviews", "10k cards / 1M reviews"."""
    amount = f"{reviews // 1_000_000}M" if reviews >= 1_000_000 and reviews % 1_000_000 == 0 else f"{reviews // 1000}k"
    return f"{cards // 1000}k cards / {amount} reviews"


def report(results, args):
    """The history, stats and import sections; returns (lines, targets)."""
    out, targets = [], []
    say = out.append
    available = results["available"]
    say("")
    say(f"### Memory at scale (learner database, {d.SIZES[0][0]}×{d.SIZES[0][1]})")
    say("")
    say("Histories made by `kuchi-bench make-history` (one learner, reviews at random times over the past year, "
        "graded Again 10 % / Hard 5 % / Good 75 % / Easy 10 % and scheduled by the real FSRS). \"Without history\": "
        "the same binary, deck and profile with an empty data folder (its cards are created by the warm-up launch), "
        "measured in the same run, interleaved. Floor: Debian's `sqlite3` tool running the same queries on the same "
        "file, read-only, as a whole process. `kuchi stats` and the Stats tab: "
        + ("measured." if available["stats"] else f"{NA}."))
    for h in results["histories"]:
        big = h["reviews"] >= 1_000_000
        label_ = label(h["cards"], h["reviews"])
        hist, fresh = h["history"], h["fresh"]
        say("")
        say(f"#### {label_}")
        say("")
        say("| Figure | With history | Without history | Floor (sqlite3) | History / without | History / floor | Target |")
        say("|---|--:|--:|--:|--:|--:|---|")
        st = h["startup"]
        k, f = d.median(st["history"]), d.median(st["fresh"])
        ok = k <= 2 * f
        target = f"≤ 2× without: {d.verdict(ok)}" if big else ""
        if big:
            targets.append((f"startup with {label_} ≤ 2× without history", ok, f"{ms1(k)} vs {ms1(f)}: {k / f:.2f}×"))
        say(f"| Startup (exec → first complete screen) | {cell(st['history'], ms1)} | {cell(st['fresh'], ms1)} | | "
            f"{d.ratio(k, f)} | | {target} |")
        sc = h["startup_cpu"]
        say(f"| CPU time to the first screen | {cell(sc['history'], ms1)} | {cell(sc['fresh'], ms1)} | | "
            f"{d.ratio(d.median(sc['history']), d.median(sc['fresh']))} | | |")
        for kind in ("right", "wrong"):
            kl, fl = lat(hist["events"], kind), lat(fresh["events"], kind)
            target = ""
            if kind == "right" and kl:
                added = d.median(kl) - BEFORE_DATABASE_RIGHT
                ok = added <= 1e-3
                target = f"≤ {ms2(BEFORE_DATABASE_RIGHT + 1e-3)} (before the database + 1 ms): {d.verdict(ok)}"
                targets.append((f"graded answer adds ≤ 1 ms over key → screen before the database ({label_})", ok,
                                f"{ms2(d.median(kl))} vs {ms2(BEFORE_DATABASE_RIGHT)}: +{added * 1000:.2f} ms"))
            say(f"| Key → screen, {d.KIND_LABEL[kind]} (graded, written) | {cell(kl, ms2)} | {cell(fl, ms2)} | | "
                f"{d.ratio(d.median(kl), d.median(fl)) if kl and fl else '—'} | | {target} |")
        for kind in ("right", "wrong"):
            kc = [e["cpu"] / 1e9 for e in hist["events"][kind] if e["cpu"] is not None]
            fc = [e["cpu"] / 1e9 for e in fresh["events"][kind] if e["cpu"] is not None]
            target = ""
            if kind == "right" and kc:
                added = d.median(kc) - BEFORE_DATABASE_RIGHT_CPU
                ok = added <= 1e-3
                target = f"≤ {d.ms(BEFORE_DATABASE_RIGHT_CPU + 1e-3, 3)} (before the database + 1 ms): {d.verdict(ok)}"
                targets.append((f"CPU per graded answer adds ≤ 1 ms over before the database ({label_})", ok,
                                f"{d.ms(d.median(kc), 3)} vs {d.ms(BEFORE_DATABASE_RIGHT_CPU, 3)}: +{added * 1000:.2f} ms"))
            say(f"| CPU time, {d.KIND_LABEL[kind]} | {cell(kc, lambda v: d.ms(v, 3))} | {cell(fc, lambda v: d.ms(v, 3))} | | "
                f"{d.ratio(d.median(kc), d.median(fc)) if kc and fc else '—'} | | {target} |")
        for kind in ("right", "wrong", "hint"):
            kb = [e["bytes"] for e in hist["events"][kind]]
            fb = [e["bytes"] for e in fresh["events"][kind]]
            r = d.median(kb) / d.median(fb) if d.median(fb) else 0
            ok = 0.9 <= r <= 1.1
            target = f"unchanged (±10 %): {d.verdict(ok)}" if kind == "right" else ""
            if kind == "right":
                targets.append((f"bytes per right answer unchanged by the history ({label_})", ok,
                                f"{d.count(d.median(kb))} B vs {d.count(d.median(fb))} B without"))
            say(f"| Bytes to the terminal, {d.KIND_LABEL[kind]} | {cell(kb, d.count)} | {cell(fb, d.count)} | | "
                f"{d.ratio(d.median(kb), d.median(fb))} | | {target} |")
        for kind in ("right", "wrong"):
            kd = [sorted(e["draws"]) for e in hist["events"][kind]]
            exact = sum(1 for x in kd if x == d.EXPECTED_PANES[kind])
            say(f"| Pane draws, {d.KIND_LABEL[kind]} | {exact}/{len(kd)} drew exactly {', '.join(d.EXPECTED_PANES[kind])} | "
                f"| | | | {d.verdict(exact == len(kd))} |")
        if hist.get("idle"):
            idle = hist["idle"]
            ok = idle["cpu"] < 10e6 and idle["bytes"] == 0
            targets.append((f"idle costs nothing with {label_}", ok, f"{idle['cpu'] / 1e6:.3f} ms CPU, {idle['wakeups']} wake-ups, "
                            f"{idle['bytes']} B over {min(args.idle, 5.0):g} s"))
            say(f"| CPU while idle {min(args.idle, 5.0):g} s (Challenge tab) | {idle['cpu'] / 1e6:.3f} ms, {idle['wakeups']} wake-ups | "
                f"| | | | < 10 ms, 0 B: {d.verdict(ok)} |")
        floor = h["stats_floor"]
        if hist["stats"]:
            sl = [e["latency"] for e in hist["stats"] if e["latency"] is not None]
            fl = [e["latency"] for e in fresh["stats"] if e["latency"] is not None]
            m, fm = d.median(sl), d.median(floor["wall"])
            ok = m < 0.05 and m <= 3 * fm
            target = f"< 50 ms and ≤ 3× floor: {d.verdict(ok)}"
            if big:
                targets.append((f"Stats tab < 50 ms and within 3× the sqlite3 floor ({label_})", ok,
                                f"{ms1(m)}; floor {ms1(fm)}: {m / fm:.1f}×"))
            say(f"| Stats tab opened (key → screen) | {cell(sl, ms1)} | {cell(fl, ms1)} | {cell(floor['wall'], ms1)} | "
                f"{d.ratio(m, d.median(fl)) if fl else '—'} | {d.ratio(m, fm)} | {target} |")
            sb = [e["bytes"] for e in hist["stats"]]
            sd = [len(e["draws"]) for e in hist["stats"]]
            panes = sorted({p for e in hist["stats"] for p in e["draws"]})
            say(f"| Stats tab: bytes / pane draws | {d.count(d.median(sb))} B / {d.count(d.median(sd))} ({', '.join(panes)}) | "
                f"| | | | |")
        else:
            say(f"| Stats tab opened (key → screen) | {NA} | | {cell(floor['wall'], ms1)} | | | < 50 ms, ≤ 3× floor |")
        if "stats" in h:
            sw = h["stats"]["wall"]
            ok = d.median(sw) < 0.1
            if big:
                targets.append((f"kuchi stats --json < 100 ms ({label_})", ok, ms1(d.median(sw))))
            say(f"| `kuchi stats --json` (whole process) | {cell(sw, ms1)}, CPU {cell(h['stats']['cpu'], ms1)} | | "
                f"{cell(floor['wall'], ms1)} | | {d.ratio(d.median(sw), d.median(floor['wall']))} | < 100 ms: {d.verdict(ok)} |")
        else:
            say(f"| `kuchi stats --json` (whole process) | {NA} | | {cell(floor['wall'], ms1)} | | | < 100 ms |")
        say(f"| … floor over the review log itself (no summary table) | | | {cell(h['stats_floor_log']['wall'], ms1)} | | | |")
        due, df, dfl = h["due"], h["due_fresh"], h["due_floor"]
        m = d.median(due["wall"])
        ok = m < 0.02
        if big:
            targets.append((f"kuchi due < 20 ms ({label_})", ok, ms1(m)))
        say(f"| `kuchi due` (whole process) | {cell(due['wall'], ms1)} | {cell(df['wall'], ms1)} | {cell(dfl['wall'], ms1)} | "
            f"{d.ratio(m, d.median(df['wall']))} | {d.ratio(m, d.median(dfl['wall']))} | < 20 ms: {d.verdict(ok)} |")
        say(f"| `kuchi due`: CPU | {cell(due['cpu'], ms1)} | {cell(df['cpu'], ms1)} | {cell(dfl['cpu'], ms1)} | | | |")
        p = h["picks"]
        added = (p["pick_median_ns"] - p["plain_pick_median_ns"]) / 1e9
        say(f"| Next card in-process: right answer → next word (`check`, with its write) | "
            f"{p['pick_median_ns'] / 1e3:.0f} µs (p95 {p['pick_p95_ns'] / 1e3:.0f}) | "
            f"{p['plain_pick_median_ns'] / 1e3:.0f} µs (p95 {p['plain_pick_p95_ns'] / 1e3:.0f}) without a database | | "
            f"{d.ratio(p['pick_median_ns'], p['plain_pick_median_ns'])} | | adds {added * 1000:.2f} ms |")
        say(f"| … opening the database / loading the cards into the queue | {p['open_ns'] / 1e6:.1f} ms / "
            f"{p['session_start_ns'] / 1e6:.1f} ms | | | | | |")
        size, reviews = h["database_bytes"], h["reviews"]
        if h.get("reviews_opened"):
            size, reviews = h["database_bytes_opened"], h["reviews_opened"]
        per = size / reviews
        ok = per <= 100
        targets.append((f"≤ 100 B of database per review ({label_})", ok, f"{per:.0f} B"))
        say(f"| Database size per review (after Kuchi opened and played it, and a checkpoint) | {per:.0f} B ({d.mib(size / 1024)}"
            f"{', with the stats summary' if h['summary'] else ''}) | | | | | ≤ 100 B: {d.verdict(ok)} |")
        rss = max(max(h["startup_rss"]["history"]), hist["session_rss"], due.get("peak_rss") or 0,
                  (h.get("stats") or {}).get("peak_rss") or 0)
        frss = max(max(h["startup_rss"]["fresh"]), fresh["session_rss"])
        ok = rss <= 40 * 1024
        if big:
            targets.append((f"peak RSS ≤ 40 MiB ({label_})", ok, d.mib(rss)))
        say(f"| Peak RSS (launches, a session, `due`, `stats`) | {d.mib(rss)} | {d.mib(frss)} | {d.mib(floor.get('peak_rss') or 0)} | "
            f"{d.ratio(rss, frss)} | | ≤ 40 MiB: {d.verdict(ok)} |")
        made = h["made"]
        say(f"| Making it (`kuchi-bench make-history`) | {made['wall_s']:.1f} s (simulating {made['simulate_s']:.1f} s, "
            f"writing {made['write_s']:.1f} s) | | | | | |")
    out += imports_report(results, targets)
    return out, targets


def imports_report(results, targets):
    out = [""]
    say = out.append
    say("### Imports (`kuchi import`, whole process)")
    say("")
    if not results["available"]["import"]:
        say(f"`kuchi import`: {NA}.")
        return out
    say("| Format | Notes | File | Time | CPU | Peak RSS | Target |")
    say("|---|--:|--:|--:|--:|--:|---|")
    for kind, sizes in results.get("imports", {}).items():
        for notes, f in sizes.items():
            if f.get("error"):
                say(f"| {kind} | {d.count(int(notes))} | {d.mib(f['bytes'] / 1024)} | failed: {f['error']} | | | |")
                targets.append((f"import {kind} of {notes} notes", False, f"failed: {f['error']}"))
                continue
            t, rss = d.median(f["wall"]), f.get("peak_rss") or 0
            target = ""
            if int(notes) >= 20_000:
                ok = t < 2 and rss <= 150 * 1024
                target = f"< 2 s, ≤ 150 MiB: {d.verdict(ok)}"
                targets.append((f"import {kind} of {d.count(int(notes))} notes < 2 s within 150 MiB", ok, f"{t:.2f} s, {d.mib(rss)}"))
            say(f"| {kind} | {d.count(int(notes))} | {d.mib(f['bytes'] / 1024)} | {d.spread(f['wall'], lambda v: d.ms(v, 0))} | "
                f"{d.spread(f['cpu'], lambda v: d.ms(v, 0))} | {d.mib(rss)} | {target} |")
    return out
