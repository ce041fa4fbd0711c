#!/usr/bin/env python3
"""Issue 40: what listening for changes costs the running app, and how soon it hears one.

Runs `kuchi` (a learner on Welcome, 30x100, through drive.py's pseudo-terminal) and measures:
  - idle: CPU time and wake-ups (context switches of every thread, the file watch's included)
    over `--idle` seconds with no input and no change;
  - heard: how long after `kuchi config questions 8` (another process) the app shows the change,
    with no key pressed;
  - idle again after it.
A `--baseline` binary (e.g. main's build before the file watch) is measured the same way, in the
same run. Reports figures; asserts nothing about time.

    PYTHONPATH=.build/bench/python python3 benchmarks/listening.py .build/release/kuchi \
        [--baseline OTHER] [--idle 5]
"""
import argparse
import glob
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import drive as d  # noqa: E402


def wakeups(pid):
    """Context switches of every thread of `pid` so far (drive.py's counts the main thread)."""
    total = 0
    for status in glob.glob(f"/proc/{pid}/task/*/status"):
        try:
            with open(status) as lines:
                for line in lines:
                    if line.startswith(("voluntary_ctxt_switches", "nonvoluntary_ctxt_switches")):
                        total += int(line.split()[1])
        except OSError:
            pass
    return total


def idle(session, seconds):
    """CPU ns, wake-ups and bytes written over `seconds` of nothing happening."""
    cpu, switches = d.cpu_ns(session.clock), wakeups(session.pid)
    written = 0
    end = time.monotonic() + seconds
    while (left := end - time.monotonic()) > 0:
        ready, _, _ = d.select.select([session.master], [], [], left)
        if ready:
            written += session.drain()
    return {"cpu_ms": (d.cpu_ns(session.clock) - cpu) / 1e6, "wakeups": wakeups(session.pid) - switches, "bytes": written}


def measure(binary, seconds, root):
    config = d.make_config(root)
    env = d.kuchi_environment(config, None, False)
    session = d.Session([binary], env, 30, 100)
    session.collect(lambda s: "Welcome to Kuchi" in s.text(), session.started)
    time.sleep(1.5)  # the start-up writes (the settings carried into the database) are over
    session.drain()
    before = idle(session, seconds)
    started = time.monotonic()
    subprocess.run([binary, "config", "questions", "8"], env=env, check=True, capture_output=True)
    try:
        session.collect(lambda s: "Settings changed elsewhere" in s.text(), started, timeout=seconds)
        heard = (time.monotonic() - started) * 1000
    except d.Stuck:
        heard = None
    session.drain()
    after = idle(session, seconds)
    session.finish(b"\x1bq")
    return {"idle": before, "heard_ms": heard, "idle_after": after}


def row(name, figures, seconds):
    i, a = figures["idle"], figures["idle_after"]
    heard = f"{figures['heard_ms']:.0f} ms" if figures["heard_ms"] is not None else f"not heard in {seconds:g} s"
    return (f"| {name} | {i['cpu_ms']:.3f} ms, {i['wakeups']} wake-ups, {i['bytes']} B | {heard} | "
            f"{a['cpu_ms']:.3f} ms, {a['wakeups']} wake-ups, {a['bytes']} B |")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("kuchi")
    parser.add_argument("--baseline")
    parser.add_argument("--idle", type=float, default=5.0)
    args = parser.parse_args()
    root = tempfile.mkdtemp(prefix="kuchi-listening-")
    print(f"| binary | idle {args.idle:g} s while listening | `kuchi config questions 8` shown after | idle {args.idle:g} s after |")
    print("|---|---|---|---|")
    print(row("kuchi", measure(args.kuchi, args.idle, root), args.idle))
    if args.baseline:
        print(row("baseline", measure(args.baseline, args.idle, root), args.idle))


if __name__ == "__main__":
    main()
