"""phases.py: a start, phase by phase, from Kuchi's own trace (`KUCHI_TRACE_STARTUP=1`), and
how it compares with the previous run's saved figures (drive.py's `startup` part).

Each launch runs with `KUCHI_TRACE_STARTUP=1` and `KUCHI_TRACE_EXEC_NS` (the monotonic clock
at spawn, so the first phase, exec → runtime, is a wall time too); the table Kuchi prints on
standard error is read from a file. The first screen is reached through a pseudo-terminal as in
drive.py (the trace is printed once the terminal is restored); `kuchi due` runs as a plain
process. The medians are saved to benchmarks/results/startup-phases.json; the run before's file
is read first, and every phase whose CPU time grew by more than a fifth (and 0.3 ms) — after
scaling by the C floor's own change, so a slower machine does not flag every phase — is named.
"""

import json
import os
import subprocess
import tempfile
import time

import drive as d

RESULTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "results", "startup-phases.json")
GROWTH = 1.2
GROWTH_MS = 0.3


def parse(text):
    """[(phase, wall ms, cpu ms)] from a trace table (the rows after its title, `total` left out)."""
    rows, inside = [], False
    for line in text.splitlines():
        if line.startswith("kuchi: startup trace"):
            inside, rows = True, []
            continue
        if not inside or not line.startswith("  "):
            inside = False
            continue
        parts = line.split()
        try:
            wall, cpu = float(parts[-2]), float(parts[-1])
        except (ValueError, IndexError):
            continue
        name = " ".join(parts[:-2])
        if name != "total":
            rows.append((name, wall, cpu))
    return rows


def traced_environment(env):
    env = dict(env)
    env["KUCHI_TRACE_STARTUP"] = "1"
    env["KUCHI_TRACE_EXEC_NS"] = str(time.monotonic_ns())
    return env


def first_screen(kuchi, argv_extra, env, root, rows=30, columns=100):
    """One launch to the first complete screen, then quit: its trace rows."""
    errors = os.path.join(root, "trace.txt")
    session = d.Session([kuchi, *argv_extra], traced_environment(env), rows, columns, stderr=errors)
    session.collect(d.first_screen, session.started, quiet=0.05)
    session.finish(b"q")
    with open(errors, encoding="utf-8", errors="replace") as file:
        return parse(file.read())


def command(argv, env):
    """One run of a command with the trace on: its trace rows."""
    result = subprocess.run(argv, env=traced_environment(env), capture_output=True, text=True)
    return parse(result.stderr)


def medians(samples):
    """{phase: {"wall", "cpu"}} — medians over the samples, in the order the phases came."""
    order, walls, cpus = [], {}, {}
    for rows in samples:
        for name, wall, cpu in rows:
            if name not in walls:
                order.append(name)
                walls[name], cpus[name] = [], []
            walls[name].append(wall)
            cpus[name].append(cpu)
    return {name: {"wall": d.median(walls[name]), "cpu": d.median(cpus[name])} for name in order}


def measure(kuchi, floor, config, repetitions, progress):
    """The phases of the first screen (bundled deck, a saved learner, a database without
    reviews) and of `kuchi due`, and the C floor's first screen, `repetitions` launches each."""
    progress(f"startup phases: {repetitions} traced launches each")
    root = tempfile.mkdtemp(prefix="phases-", dir=config)
    env = d.kuchi_environment(config, None, False)
    screens, dues = [], []
    for repetition in range(repetitions + 1):
        rows = first_screen(kuchi, [], env, root)
        due = command([kuchi, "due"], env)
        if repetition:  # the first launch warms the page cache and makes the database
            screens.append(rows)
            dues.append(due)
    floor_times, floor_cpu, _ = d.measure_startup(
        {"floor": ([floor], lambda: {"TERM": "xterm-256color", "LANG": "C.UTF-8", "PATH": os.environ.get("PATH", "")},
                   lambda s: "floor:" in s.lines()[0], b"x")}, 30, 100, repetitions)
    return {"first screen": medians(screens), "kuchi due": medians(dues),
            "floor": {"wall": d.median(floor_times["floor"]) * 1000, "cpu": d.median(floor_cpu["floor"]) * 1000}}


def previous():
    try:
        with open(RESULTS) as file:
            return json.load(file)
    except (OSError, ValueError):
        return None


def save(figures, note):
    os.makedirs(os.path.dirname(RESULTS), exist_ok=True)
    document = {"date": time.strftime("%Y-%m-%d %H:%M"), "note": note, "figures": figures}
    with open(RESULTS, "w") as file:
        json.dump(document, file, indent=1, ensure_ascii=False)
        file.write("\n")


def report(figures, before):
    """The phase tables (now, and the previous run's beside them) and the phases that grew."""
    out = ["", "### A start, phase by phase (`KUCHI_TRACE_STARTUP=1`)", ""]
    old = (before or {}).get("figures") or {}
    scale = 1.0
    if old.get("floor", {}).get("cpu"):
        scale = figures["floor"]["cpu"] / old["floor"]["cpu"]
    out.append("Medians of the traced launches: wall and CPU milliseconds of each phase, from the process's "
               "spawn; the first screen through a pseudo-terminal (bundled deck, one saved learner, a database "
               f"without reviews), `kuchi due` as a plain process. C floor (benchmarks/floor.c) to its first "
               f"screen: {figures['floor']['wall']:.1f} ms wall, {figures['floor']['cpu']:.1f} ms CPU"
               + (f"; the previous run ({before.get('date')}, {before.get('note', '')}): "
                  f"{old['floor']['wall']:.1f} ms wall, {old['floor']['cpu']:.1f} ms CPU — its figures are scaled by "
                  f"{scale:.2f} for the comparison." if old.get("floor") else "; no previous run saved."))
    grew = []
    for start in ("first screen", "kuchi due"):
        now, then = figures.get(start, {}), old.get(start, {})
        out += ["", f"#### {start}", "", "| Phase | Wall | CPU | Previous run's CPU (scaled) | Change |", "|---|--:|--:|--:|--:|"]
        for name, f in now.items():
            change, previous_cpu = "", "—"
            if name in then:
                scaled = then[name]["cpu"] * scale
                previous_cpu = f"{scaled:.2f} ms"
                change = f"{f['cpu'] - scaled:+.2f} ms"
                if f["cpu"] > scaled * GROWTH and f["cpu"] - scaled > GROWTH_MS:
                    grew.append(f"{start}: {name} {scaled:.2f} → {f['cpu']:.2f} ms CPU")
                    change += " **grew**"
            elif then:
                change = "new phase"
            out.append(f"| {name} | {f['wall']:.2f} ms | {f['cpu']:.2f} ms | {previous_cpu} | {change} |")
        for name in then:
            if name not in now:
                out.append(f"| {name} | — | — | {then[name]['cpu'] * scale:.2f} ms | gone |")
        total = sum(f["wall"] for f in now.values())
        total_cpu = sum(f["cpu"] for f in now.values())
        out.append(f"| total | {total:.2f} ms | {total_cpu:.2f} ms | "
                   f"{sum(f['cpu'] for f in then.values()) * scale:.2f} ms |  |" if then else
                   f"| total | {total:.2f} ms | {total_cpu:.2f} ms | — |  |")
    out.append("")
    if not old:
        out.append("No previous run saved: this run's figures are the first (benchmarks/results/startup-phases.json).")
    elif grew:
        out.append("Phases that grew since the previous run (> 20 % and > 0.3 ms of CPU, scaled): " + "; ".join(grew) + ".")
    else:
        out.append("No phase grew since the previous run (> 20 % and > 0.3 ms of CPU, scaled).")
    return out
