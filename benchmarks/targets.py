#!/usr/bin/env python3
"""targets.py: issue 39's figures in one run — every start pays only for what it shows
(`scripts/bench --parts targets`, or by hand, optionally against a baseline binary):

    python3 benchmarks/targets.py --kuchi .build/release/kuchi --kuchi-bench .build/release/kuchi-bench \
        --floor .build/bench/floor --deck Resources/challenges.json [--baseline OLD/kuchi]

Each figure is a ratio within the run (the C ncurses floor, `kuchi --version`, the bundled first
screen), so a loaded machine moves both sides alike. With `--baseline`, the same figures of the
other binary are measured interleaved with this one's (before → after in one run). The learner
histories (10k cards / 1M reviews, 100k cards / 200k reviews, made by `kuchi-bench
make-history`) are kept under .build/bench/fixtures and copied afresh for each binary and run.
It reports; it asserts nothing.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

import drive as d
import history as h

FIXTURES = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), ".build", "bench", "fixtures")
NAME = "bench"


def fixture(kuchi_bench, cards, reviews, progress):
    """The folder of a generated history (data, config, deck.json), made once and kept."""
    folder = os.path.join(FIXTURES, f"history-{cards}-{reviews}")
    if os.path.exists(os.path.join(folder, "done")):
        return folder
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    progress(f"targets: making the history {cards} cards / {reviews} reviews (kept in {folder})")
    subprocess.run([kuchi_bench, "make-history", "--data-dir", os.path.join(folder, "data"),
                    "--config-dir", os.path.join(folder, "config"), "--profile", NAME, "--cards", str(cards),
                    "--reviews", str(reviews), "--deck-out", os.path.join(folder, "deck.json")],
                   check=True, capture_output=True, text=True)
    profiles = os.path.join(folder, "config", "profiles")
    for name in [n for n in os.listdir(profiles) if n.endswith(".json") and not n.startswith(".")]:
        path = os.path.join(profiles, name)
        with open(path) as file:
            document = json.load(file)
        document["profile"]["settings"]["teachNewWords"] = False
        with open(path, "w") as file:
            json.dump(document, file)
    d.wait_settled(os.path.join(folder, "deck.json"))
    open(os.path.join(folder, "done"), "w").close()
    return folder


class Copy:
    """One binary's own copy of a fixture (its writes and deck cache stay its own)."""

    def __init__(self, source, root, label):
        self.base = tempfile.mkdtemp(prefix=f"{label}-", dir=root)
        self.data = os.path.join(self.base, "data")
        shutil.copytree(os.path.join(source, "data"), self.data)
        self.config = os.path.join(source, "config")
        self.deck = os.path.join(source, "deck.json")

    def prepare(self, kuchi, env):
        """One session opened and left, the way the learner last used Kuchi: the app brings the
        file to its own schema (a fixture made by an older kuchi-bench) and Start opens the deck,
        which a newer Kuchi's `kuchi due` counts from (its tallies: DECISIONS.md, issue 39, round
        four). Every binary's copy gets the same, so the rows compare like with like."""
        session = d.Session(self.app(kuchi), env, *d.SIZES[0])
        session.collect(d.first_screen, session.started)
        d.go_to_challenge(session)
        session.finish(b"q")

    def app(self, kuchi):
        return [kuchi, "--data-dir", self.data, "--config-dir", self.config, "--profile", NAME, "--deck", self.deck]

    def command(self, kuchi, name, *extra):
        return [kuchi, name, "--data-dir", self.data, "--config-dir", self.config, "--profile", NAME, *extra]


def processes(programs, repetitions):
    """{name: {"wall", "cpu"}} of whole processes, interleaved, after one warm-up each."""
    figures = {name: {"wall": [], "cpu": []} for name in programs}
    for repetition in range(repetitions + 1):
        for name, (argv, env) in programs.items():
            run = h.run_process(argv, env, repetitions=0 if repetition == 0 else 1)
            if repetition:
                figures[name]["wall"] += run["wall"]
                figures[name]["cpu"] += run["cpu"]
    return figures


def session_peak(kuchi, deck, words, root):
    """The peak RSS (KiB) of a session on the bundled deck: `words` right answers (each
    confirmed with Enter where the app asks; fewer when the day's new words run out), the Stats
    tab, then quit."""
    config = d.make_config(root)
    session = d.Session([kuchi], d.kuchi_environment(config, None, False), *d.SIZES[0])
    session.collect(d.first_screen, session.started)
    d.go_to_challenge(session)
    for _ in range(words):
        if d.on_congratulations(session):
            try:
                d.go_to_challenge(session)
            except d.Stuck:
                # A session that ended with the day's new words done opens on "Nothing to study".
                if "Nothing to study" not in session.text():
                    raise
        if "Nothing to study" in session.text():
            break  # the day's new words are done (10 by default)
        digit, _ = deck.right_digit(session)
        before = session.text()
        session.press(str(digit).encode(), done=lambda s: s.text() != before, quiet=0.08)
        if "Enter Next" in session.lines()[-1]:
            before = session.text()
            session.press(b"\r", done=lambda s: s.text() != before, quiet=0.08)
    stats = h.find_stats_key(session)
    if stats is None:
        raise d.Stuck("no Stats tab:\n" + session.dump())
    return session.finish(b"q")


def evict(paths):
    """Drops each file's pages from the page cache, so every binary starts the run from the same
    state: the kernel maps the pages around each fault only when they are cached, so a binary just
    written (linked or copied) shows more resident memory than one whose pages were evicted since,
    by a megabyte or two (DECISIONS.md, issue 39, round four)."""
    for path in paths:
        try:
            descriptor = os.open(path, os.O_RDONLY)
        except OSError:
            continue
        try:
            os.posix_fadvise(descriptor, 0, 0, os.POSIX_FADV_DONTNEED)
        finally:
            os.close(descriptor)


def measure(args, progress):
    binaries = {"now": args.kuchi}
    if args.baseline:
        binaries["baseline"] = args.baseline
    evict(binaries.values())
    root = tempfile.mkdtemp(prefix="kuchi-targets-")
    results = {name: {} for name in binaries}
    try:
        big = fixture(args.kuchi_bench, 10_000, 1_000_000, progress)
        huge = fixture(args.kuchi_bench, 100_000, 200_000, progress)
        configs = {name: d.make_config(root) for name in binaries}
        envs = {name: h.environment(tempfile.mkdtemp(dir=root)) for name in binaries}
        for name in binaries:
            # The bundled deck's learner: XDG folders of their own, a database made by a first launch.
            envs[name].update(XDG_CONFIG_HOME=configs[name], XDG_DATA_HOME=os.path.join(configs[name], "data"))
        copies = {name: Copy(big, root, f"big-{name}") for name in binaries}
        huges = {name: Copy(huge, root, f"huge-{name}") for name in binaries}
        progress("targets: each copy opened once by its binary (schema, deck opened)")
        for name, kuchi in binaries.items():
            copies[name].prepare(kuchi, envs[name])
            huges[name].prepare(kuchi, envs[name])

        progress(f"targets: first screens, {args.repetitions} launches each")
        floor_env = {"TERM": "xterm-256color", "LANG": "C.UTF-8", "PATH": os.environ.get("PATH", "")}
        programs = {"floor": ([args.floor], lambda: floor_env, lambda s: "floor:" in s.lines()[0], b"x")}
        for name, kuchi in binaries.items():
            programs[f"{name} bundled"] = ([kuchi], lambda n=name: envs[n], d.first_screen, b"q")
            programs[f"{name} 10k/1M"] = (copies[name].app(kuchi), lambda n=name: envs[n], d.first_screen, b"q")
        times, cpu, rss = d.measure_startup(programs, *d.SIZES[0], args.repetitions)
        results["floor"] = {"wall": times["floor"], "cpu": cpu["floor"]}
        for name in binaries:
            results[name]["bundled"] = {"wall": times[f"{name} bundled"], "cpu": cpu[f"{name} bundled"], "rss": rss[f"{name} bundled"]}
            results[name]["big"] = {"wall": times[f"{name} 10k/1M"], "cpu": cpu[f"{name} 10k/1M"], "rss": rss[f"{name} 10k/1M"]}

        progress("targets: first screen, 100k words / 200k reviews")
        programs = {name: (huges[name].app(kuchi), lambda n=name: envs[n], d.first_screen, b"q") for name, kuchi in binaries.items()}
        times, cpu, rss = d.measure_startup(programs, *d.SIZES[0], max(3, args.repetitions // 4))
        for name in binaries:
            results[name]["huge"] = {"wall": times[name], "cpu": cpu[name], "rss": rss[name]}

        progress(f"targets: kuchi --version, kuchi due, kuchi stats --json, {args.repetitions} runs each")
        programs = {}
        for name, kuchi in binaries.items():
            programs[f"{name} version"] = ([kuchi, "--version"], envs[name])
            programs[f"{name} due 0"] = ([kuchi, "due"], envs[name])
            programs[f"{name} due 1M"] = (copies[name].command(kuchi, "due", "--deck", copies[name].deck), envs[name])
            programs[f"{name} stats 1M"] = (copies[name].command(kuchi, "stats", "--json"), envs[name])
        figures = processes(programs, args.repetitions)
        for name in binaries:
            for key in ("version", "due 0", "due 1M", "stats 1M"):
                results[name][key] = figures[f"{name} {key}"]

        progress(f"targets: a session of {args.words} words, bundled deck")
        for name, kuchi in binaries.items():
            results[name]["session_rss"] = session_peak(kuchi, d.Deck(args.deck), args.words, root)
    finally:
        shutil.rmtree(root, ignore_errors=True)
    return results


def report(results, note=""):
    med = d.median
    names = [n for n in ("baseline", "now") if n in results]
    floor = med(results["floor"]["wall"])
    out = ["", "### Issue 39: every start pays only for what it shows", ""]
    out.append("Medians; ratios within this run. First screens at 30×100 through a pseudo-terminal (exec → last byte of the "
               f"first complete screen); commands as whole processes. C ncurses floor: {d.ms(floor, 1)}. {note}".rstrip())
    out += ["", "| Figure | " + " | ".join(names) + " | Target |", "|---|" + "--:|" * len(names) + "---|"]

    def row(label, cells, target, verdicts):
        out.append(f"| {label} | " + " | ".join(cells) + f" | {target}: " + " / ".join(verdicts) + " |")

    def verdict(ok):
        return "met" if ok else "**MISSED**"

    cells, oks = [], []
    for n in names:
        k = med(results[n]["bundled"]["wall"])
        cells.append(f"{d.ms(k, 1)} = {k / floor:.2f}× floor")
        oks.append(verdict(k <= 4 * floor))
    row("First screen, bundled deck", cells, "≤ 4× floor", oks)
    for key, label in (("due 0", "`kuchi due`, 0 reviews"), ("due 1M", "`kuchi due`, 10k cards / 1M reviews")):
        cells, oks = [], []
        for n in names:
            k, v = med(results[n][key]["wall"]), med(results[n]["version"]["wall"])
            cells.append(f"{d.ms(k, 1)} = {k / v:.2f}× `--version` ({d.ms(v, 1)})")
            oks.append(verdict(k <= 1.5 * v))
        row(label, cells, "≤ 1.5× `kuchi --version`", oks)
    cells, oks = [], []
    for n in names:
        k, b = med(results[n]["big"]["wall"]), med(results[n]["bundled"]["wall"])
        cells.append(f"{d.ms(k, 1)} = {k / b:.2f}× bundled")
        oks.append(verdict(k <= 1.3 * b))
    row("First screen, 10k words / 1M reviews", cells, "≤ 1.3× bundled", oks)
    cells, oks = [], []
    for n in names:
        k, peak = med(results[n]["huge"]["wall"]), max(results[n]["huge"]["rss"])
        cells.append(f"{d.ms(k, 1)}, {d.mib(peak)}")
        oks.append(verdict(k <= 0.150 and peak <= 64 * 1024))
    row("First screen, 100k words / 200k reviews (peak RSS)", cells, "≤ 150 ms, ≤ 64 MiB", oks)
    cells, oks = [], []
    for n in names:
        k = med(results[n]["stats 1M"]["wall"])
        cells.append(d.ms(k, 1))
        oks.append(verdict(k <= 0.100))
    row("`kuchi stats --json`, 1M reviews", cells, "≤ 100 ms", oks)
    cells, oks = [], []
    for n in names:
        peak = results[n]["session_rss"]
        cells.append(d.mib(peak))
        oks.append(verdict(peak <= 22 * 1024))
    row("Session peak RSS, bundled deck", cells, "≤ 22 MiB", oks)
    cells = [f"{d.ms(med(results[n]['bundled']['cpu']), 1)} (floor {d.ms(med(results['floor']['cpu']), 1)})" for n in names]
    out.append("| … CPU to the first screen, bundled | " + " | ".join(cells) + " | |")
    # CPU time moves less with the machine's load than wall time: the same ratios in CPU.
    for key, label in (("due 0", "0 reviews"), ("due 1M", "1M")):
        cells = []
        for n in names:
            k, v = med(results[n][key]["cpu"]), med(results[n]["version"]["cpu"])
            cells.append(f"{d.ms(k, 1)} / {d.ms(v, 1)} = {k / v:.2f}×")
        out.append(f"| … CPU of `kuchi due` ({label}) / `--version` | " + " | ".join(cells) + " | |")
    cells = [f"{d.ms(med(results[n]['big']['cpu']), 1)} = {med(results[n]['big']['cpu']) / med(results[n]['bundled']['cpu']):.2f}× bundled"
             for n in names]
    out.append("| … CPU to the first screen, 10k words / 1M reviews | " + " | ".join(cells) + " | |")
    cells = [d.ms(med(results[n]["stats 1M"]["cpu"]), 1) for n in names]
    out.append("| … CPU of `kuchi stats --json`, 1M reviews | " + " | ".join(cells) + " | |")
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--kuchi", required=True)
    parser.add_argument("--kuchi-bench", required=True)
    parser.add_argument("--floor", required=True)
    parser.add_argument("--deck", required=True, help="the bundled deck (Resources/challenges.json)")
    parser.add_argument("--baseline", help="another kuchi binary measured in the same run (before → after)")
    parser.add_argument("--repetitions", type=int, default=20)
    parser.add_argument("--words", type=int, default=20, help="words played in the session whose peak RSS is measured")
    parser.add_argument("--json", help="also write every sample here")
    parser.add_argument("--note", default="")
    args = parser.parse_args()
    progress = lambda message: print(f"bench: {message}", file=sys.stderr, flush=True)
    results = measure(args, progress)
    if args.json:
        with open(args.json, "w") as file:
            json.dump(results, file, indent=1)
    print("\n".join(report(results, args.note)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
