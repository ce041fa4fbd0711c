"""startup_steps.py: what the Swift runtime and Foundation cost a process start, step by step
(drive.py prints it under the startup figures).

`scripts/bench` builds the programs of benchmarks/startup/ (each a static binary, as Kuchi is):
C, the Swift standard library only, + FoundationEssentials, + all of Foundation (the same code),
+ one look at `Bundle.main`, + one DateFormatter; then `kuchi --version` and `kuchi due` (the
whole app, no terminal). Each runs exec → exit, interleaved, after a warm-up."""

import os

import history as h

STEPS = [
    ("hello-c", "C (`puts`)"),
    ("hello-stdlib", "Swift, standard library only"),
    ("hello-essentials", "+ FoundationEssentials (Date, URL, Data, JSONDecoder)"),
    ("hello-foundation", "same code with `import Foundation`"),
    ("hello-bundle", "+ one look at `Bundle.main`"),
    ("hello-formatter", "+ one `DateFormatter` (no Bundle)"),
]


def measure(folder, kuchi, repetitions):
    """{name: figures} for every program found in `folder`, and kuchi --version."""
    programs = [(name, [os.path.join(folder, name)]) for name, _ in STEPS if os.path.exists(os.path.join(folder, name))]
    programs.append(("kuchi --version", [kuchi, "--version"]))
    results = {name: {"wall": [], "cpu": []} for name, _ in programs}
    for _ in range(repetitions):
        for name, argv in programs:
            figures = h.run_process(argv, repetitions=1)
            results[name]["wall"] += figures["wall"]
            results[name]["cpu"] += figures["cpu"]
    for name, argv in programs:
        results[name]["peak_rss"] = h.peak_rss(argv)
        results[name]["bytes"] = os.path.getsize(argv[0])
    return results


def report(results):
    import drive as d
    out = ["", "### Process start, step by step (exec → exit, static binaries)", "",
           "| Program | Binary | Wall | CPU | Peak RSS | CPU over the row above |", "|---|--:|--:|--:|--:|--:|"]
    labels = dict(STEPS)
    labels["kuchi --version"] = "`kuchi --version` (the app: GRDB, ArgumentParser, its parser model)"
    previous = None
    for name, f in results.items():
        cpu = d.median(f["cpu"])
        added = "" if previous is None else f"{(cpu - previous) * 1000:+.2f} ms"
        previous = cpu
        out.append(f"| {labels.get(name, name)} | {f['bytes'] / 1048576:.1f} MiB | {d.spread(f['wall'], lambda v: d.ms(v, 2))} | "
                   f"{d.spread(f['cpu'], lambda v: d.ms(v, 2))} | {d.mib(f['peak_rss'] or 0)} | {added} |")
    return out


PARTS = [("deck", "Load and validate the deck"), ("profiles", "Read the saved profiles"),
         ("database", "Open the learner database (check, migrate)"),
         ("cards", "Load the deck's cards alone (`LearnerDatabase.cards`)"),
         ("quiz", "The learner's quiz: cards into the study queue, saved session"),
         ("status keys", "Welcome's status line: the selection's card keys"), ("status", "Welcome's status line: the count")]


def parts(kuchi_bench, data, config, profile, deck=None, runs=7):
    """`kuchi-bench startup-parts`, `runs` fresh processes: per step, the median first-call CPU
    (ms) and wall (ms)."""
    import json
    import subprocess
    import drive as d
    argv = [kuchi_bench, "startup-parts", "--data-dir", data, "--config-dir", config, "--profile", profile]
    if deck:
        argv += ["--deck", deck]
    samples = [json.loads(subprocess.run(argv, check=True, capture_output=True, text=True).stdout) for _ in range(runs)]
    figures = {name: {"cpu": d.median([s["first_cpu_ms"][name] for s in samples]),
                   "wall": d.median([s["first_ms"][name] for s in samples]),
                   "again_cpu": d.median([s["second_cpu_ms"][name] for s in samples])} for name, _ in PARTS}
    figures["peak_rss_after_kib"] = {name: max(s["peak_rss_after_kib"][name] for s in samples) for name, _ in PARTS}
    return figures


def parts_report(columns):
    """columns: [(title, parts figures)] → a table of CPU ms per step."""
    import drive as d
    out = ["", "### Kuchi's work before the first frame, step by step (`kuchi-bench startup-parts`)", "",
           "CPU time of each step of `Launch.run` in a fresh process (first call: it includes the Swift runtime's "
           "one-time work for the types it touches; the second call, \"again\", is the steady cost), median of 7 "
           "processes. The terminal and the first frame come after these and are not included.", "",
           "| Step | " + " | ".join(title for title, _ in columns) + " |", "|---|" + "--:|" * len(columns)]
    for name, label in PARTS:
        out.append(f"| {label} | " + " | ".join(f"{f[name]['cpu']:.2f} ms (again {f[name]['again_cpu']:.2f})" if name in f else "—"
                                                for _, f in columns) + " |")
    for name, label in PARTS:
        out.append(f"| … peak RSS after: {label[0].lower() + label[1:]} | " + " | ".join(
            d.mib(f["peak_rss_after_kib"][name]) if name in f.get("peak_rss_after_kib", {}) else "—" for _, f in columns) + " |")
    counted = [n for n, _ in PARTS if n != "cards"]  # the quiz loads the cards again
    out.append("| Total (the cards counted once, in the quiz) | "
               + " | ".join(f"{sum(f[n]['cpu'] for n in counted if n in f):.2f} ms" for _, f in columns) + " |")
    return out
