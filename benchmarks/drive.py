#!/usr/bin/env python3
"""drive.py: Kuchi's benchmark driver, run by `scripts/bench` (see README, "Performance").

It plays the real `kuchi` binary through a pseudo-terminal like a person would, reads what the
terminal receives through a terminal emulator (pyte), and reports figures for Kuchi, for the
redraw-everything baseline of the same binary (KUCHI_REDRAW=all) and for a floor (a minimal
ncurses program, benchmarks/floor.c). It also runs `kuchi-bench` for the deck-scale figures.

It reports; it asserts nothing about time. It exits non-zero only when it cannot drive the app
(a screen it expected never came), printing that screen.

    python3 benchmarks/drive.py --kuchi .build/release/kuchi --floor .build/bench/floor \
        --kuchi-bench .build/release/kuchi-bench --deck Resources/challenges.json
"""

import argparse
import ctypes
import datetime
import fcntl
import itertools
import json
import os
import platform
import re
import select
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import termios
import time
import uuid

import history
import phases
import sync as sync_bench
import history_report
import startup_steps

try:
    import pyte
except ImportError:  # scripts/bench installs it; say how when run by hand
    sys.exit("drive.py needs the pyte terminal emulator: python3 -m pip install pyte")

SIZES = [(30, 100), (20, 120)]
QUIET = 0.03          # s of silence that ends a frame's output
STEP_TIMEOUT = 5.0    # s before a screen that never came is an error
NAME = "bench"
KINDS = ["right", "next", "wrong", "hint", "noop"]
KIND_LABEL = {"right": "right answer", "next": "Enter after it", "wrong": "wrong answer", "hint": "hint toggle",
              "noop": "no-op key"}
# The panes whose shown data each event changes on the challenge screen (what a pane draw
# target compares with): a right answer shows its confirmation (the verdict card, the ✓ on the
# choice, the new tally and Enter in the key bar), the Enter after it the next word, its choices
# and its keys; a wrong answer the "Oh no!", the mark on the choice, the miss count and the keys it
# makes work (w, u); a hint toggle only the question pane's reading line; a no-op key nothing.
EXPECTED_PANES = {
    "right": ["choices", "keybar", "question", "score"],
    "next": ["choices", "keybar", "question"],
    "wrong": ["choices", "keybar", "question", "score"],
    "hint": ["question"],
    "noop": [],
}


# --- the terminal emulator -------------------------------------------------------------------

class Screen(pyte.Screen):
    """pyte's screen plus three xterm sequences ncurses uses with TERM=xterm-256color that pyte
    lacks: REP (CSI n b), SU (CSI n S) and SD (CSI n T)."""

    _last = " "

    def draw(self, data):
        super().draw(data)
        if data:
            self._last = data[-1]

    def repeat_last(self, count=None, *args, **kwargs):
        self.draw(self._last * max(count or 1, 1))

    def _scroll(self, count, insert):
        top, _ = self.margins or (0, self.lines - 1)
        x, y = self.cursor.x, self.cursor.y
        self.cursor.y = top
        (self.insert_lines if insert else self.delete_lines)(count or 1)
        self.cursor.x, self.cursor.y = x, y

    def scroll_up(self, count=None, *args, **kwargs):
        self._scroll(count, insert=False)

    def scroll_down(self, count=None, *args, **kwargs):
        self._scroll(count, insert=True)


class Stream(pyte.ByteStream):
    csi = {**pyte.ByteStream.csi, "b": "repeat_last", "S": "scroll_up", "T": "scroll_down"}
    events = frozenset(itertools.chain(pyte.ByteStream.events, ["repeat_last", "scroll_up", "scroll_down"]))


class Stuck(Exception):
    """The app never showed a screen the driver waited for."""


# --- process figures --------------------------------------------------------------------------

_libc = ctypes.CDLL(None, use_errno=True)


class _Timespec(ctypes.Structure):
    _fields_ = [("tv_sec", ctypes.c_long), ("tv_nsec", ctypes.c_long)]


def cpu_clock(pid):
    """The CPU-time clock of process `pid` (all its threads, nanosecond resolution)."""
    clock = ctypes.c_int()
    if _libc.clock_getcpuclockid(pid, ctypes.byref(clock)) != 0:
        return None
    return clock.value


def cpu_ns(clock):
    if clock is None:
        return None
    spec = _Timespec()
    if _libc.clock_gettime(clock, ctypes.byref(spec)) != 0:
        return None
    return spec.tv_sec * 1_000_000_000 + spec.tv_nsec


def context_switches(pid):
    """Voluntary + involuntary context switches so far: how often the process woke up."""
    total = 0
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith(("voluntary_ctxt_switches", "nonvoluntary_ctxt_switches")):
                    total += int(line.split()[1])
    except OSError:
        return None
    return total


# --- one program on a pseudo-terminal ---------------------------------------------------------

class Session:
    """A program running on its own pseudo-terminal of a fixed size, read through an emulator."""

    def __init__(self, argv, env, rows, columns, render_log=None, stderr=None):
        self.rows, self.columns = rows, columns
        self.master, self.slave = os.openpty()
        fcntl.ioctl(self.master, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        slave_path = os.ttyname(self.slave)
        # posix_spawn (vfork-like, cheap): a new session whose first open of the terminal makes it
        # the controlling one, as a terminal emulator's child has. `stderr`: a file that takes
        # the program's standard error instead (KUCHI_TRACE_STARTUP's table, read after it quits).
        actions = [
            (os.POSIX_SPAWN_OPEN, 0, slave_path, os.O_RDWR, 0),
            (os.POSIX_SPAWN_DUP2, 0, 1),
            (os.POSIX_SPAWN_OPEN, 2, stderr, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644) if stderr else (os.POSIX_SPAWN_DUP2, 0, 2),
        ]
        self.started = time.monotonic()
        self.pid = os.posix_spawn(argv[0], argv, env, file_actions=actions, setsid=True)
        self.clock = cpu_clock(self.pid)
        self.screen = Screen(columns, rows)
        self.stream = Stream(self.screen)
        self.pending = bytearray()
        self.render_log = render_log
        self.log_offset = 0
        self.rusage = None
        self.status = None

    # reading

    def collect(self, done, since, quiet=QUIET, timeout=STEP_TIMEOUT):
        """Reads until done(self) holds and the output has been quiet for `quiet` s.
        Returns (bytes read, time of the last byte or None). The emulator is fed only when the
        output pauses, so its work never delays the timestamps of the bytes."""
        count, last = 0, None
        deadline = since + timeout
        while True:
            ready, _, _ = select.select([self.master], [], [], quiet)
            if ready:
                try:
                    data = os.read(self.master, 1 << 16)
                except OSError:
                    data = b""
                if data:
                    last = time.monotonic()
                    count += len(data)
                    self.pending += data
                    continue
            if self.pending:
                self.stream.feed(bytes(self.pending))
                self.pending.clear()
            if done(self):
                return count, last
            if time.monotonic() > deadline or self.exited():
                raise Stuck(self.dump())

    def drain(self):
        """Reads and counts whatever is waiting, without waiting."""
        count = 0
        while select.select([self.master], [], [], 0)[0]:
            try:
                data = os.read(self.master, 1 << 16)
            except OSError:
                break
            if not data:
                break
            count += len(data)
            self.stream.feed(data)
        return count

    def press(self, key, done=lambda s: True, quiet=QUIET):
        """Sends one key and measures its frame: latency to the last byte, bytes, pane draws,
        CPU time."""
        self.new_draws()
        cpu_before = cpu_ns(self.clock)
        sent = time.monotonic()
        os.write(self.master, key)
        count, last = self.collect(done, sent, quiet)
        cpu_after = cpu_ns(self.clock)
        return {
            "latency": None if last is None else last - sent,
            "bytes": count,
            "draws": self.new_draws(),
            "cpu": None if cpu_before is None or cpu_after is None else cpu_after - cpu_before,
        }

    def new_draws(self):
        """Pane names drawn since the last call, from KUCHI_RENDER_LOG (`draw <pane> ...`)."""
        if not self.render_log or not os.path.exists(self.render_log):
            return []
        with open(self.render_log, "rb") as log:
            log.seek(self.log_offset)
            data = log.read()
        end = data.rfind(b"\n") + 1
        self.log_offset += end
        return [line.split()[1] for line in data[:end].decode().splitlines() if line.startswith("draw ")]

    # what is on the screen

    def lines(self):
        return self.screen.display

    def text(self):
        return "\n".join(self.lines())

    def dump(self):
        return f"--- screen of pid {self.pid} ({self.rows}x{self.columns}) ---\n" + self.text()

    # the end

    def exited(self):
        if self.status is None:
            pid, status, rusage = os.wait4(self.pid, os.WNOHANG)
            if pid == 0:
                return False
            self.status, self.rusage = status, rusage
        return True

    def peak_rss(self):
        """VmHWM: the process's peak resident set so far, in KiB. (wait4's ru_maxrss would also
        count the spawning driver's memory, shared by the child until its exec.)"""
        try:
            with open(f"/proc/{self.pid}/status") as status:
                for line in status:
                    if line.startswith("VmHWM:"):
                        return int(line.split()[1])
        except OSError:
            pass
        return None

    def memory(self):
        """What the resident set is made of now (KiB): pages of mapped files (the code and data of
        the binary and its libraries: the Swift runtime, Foundation, ICU, libc...) and anonymous
        memory (heap, stacks)."""
        figures = {}
        try:
            with open(f"/proc/{self.pid}/smaps_rollup") as rollup:
                for line in rollup:
                    parts = line.split()
                    if len(parts) >= 2 and parts[1].isdigit():
                        figures[parts[0].rstrip(":")] = int(parts[1])
        except OSError:
            return None
        return {"rss": figures.get("Rss", 0), "anonymous": figures.get("Anonymous", 0),
                "files": figures.get("Rss", 0) - figures.get("Anonymous", 0)}

    def finish(self, keys=b"q", timeout=3.0):
        """Quits with `keys` (each sent until the process is gone), else terminates it; returns
        the peak RSS of the whole run in KiB, read just before quitting."""
        peak = self.peak_rss()
        deadline = time.monotonic() + timeout
        while not self.exited() and time.monotonic() < deadline:
            try:
                os.write(self.master, keys)
            except OSError:
                pass
            end = time.monotonic() + 0.3
            while time.monotonic() < end and not self.exited():
                self.drain()
                time.sleep(0.005)
        if not self.exited():
            os.kill(self.pid, signal.SIGTERM)
            time.sleep(0.2)
            if not self.exited():
                os.kill(self.pid, signal.SIGKILL)
                _, self.status, self.rusage = os.wait4(self.pid, 0)
        os.close(self.master)
        os.close(self.slave)
        return peak


# --- Kuchi's screens --------------------------------------------------------------------------

CHOICE = re.compile(r"│ ([▸ ]) ([1-9])  (\S+(?: \S+)*?)(  ✗ not this one)? *│")


def header(session):
    return session.lines()[0]


def choices(session):
    """The challenge screen's choices: [(digit, answer, tried)], empty when none show."""
    found = {}
    for line in session.lines():
        for match in CHOICE.finditer(line):
            found[int(match.group(2))] = (match.group(3), bool(match.group(4)))
    return [(digit, *found[digit]) for digit in sorted(found)]


def on_congratulations(session):
    """The end-of-session screen (its own screen, or the Challenge tab's end state)."""
    return "Play Again" in session.text() and not choices(session)


def on_confirmation(session):
    """The verdict card a right answer shows until Enter (its choices stay, the right one ticked)."""
    return "Enter: next" in session.text()


def on_challenge(session):
    return "Challenge" in header(session) and len(choices(session)) == 3


def first_screen(session):
    """Kuchi's first complete screen: the header and the key bar are both drawn."""
    lines = session.lines()
    return "Kuchi" in lines[0] and lines[-1].strip() != ""


def spaced(word):
    return " ".join(word)


class Deck:
    def __init__(self, path):
        with open(path, encoding="utf-8") as file:
            entries = json.load(file)["challenges"]
        self.question_of = {entry["answer"].strip().lower(): entry["question"] for entry in entries}

    def right_digit(self, session):
        """The digit of the right choice: the one whose question is the word on screen."""
        shown = choices(session)
        text = session.text()
        for form in (spaced, lambda word: word):
            hits = []
            for digit, answer, _ in shown:
                question = self.question_of.get(answer.strip().lower())
                if question and re.search(r"(?:  |│ ?)" + re.escape(form(question)) + r"(?:  |\s*│)", text):
                    hits.append((digit, question))
            if len(hits) == 1:
                return hits[0]
        raise Stuck("cannot tell the right choice:\n" + session.dump())


def kuchi_environment(config, render_log, redraw_all):
    env = {key: value for key, value in os.environ.items() if not key.startswith("KUCHI_")}
    # The learner database goes into the run's own folder, never the home of whoever runs it.
    env.update(XDG_CONFIG_HOME=config, XDG_DATA_HOME=os.path.join(config, "data"), KUCHI_SEED="1",
               TERM="xterm-256color", LANG="C.UTF-8", LC_ALL="C.UTF-8")
    if render_log:
        env["KUCHI_RENDER_LOG"] = render_log
    env.pop("NO_COLOR", None)
    if redraw_all:
        env["KUCHI_REDRAW"] = "all"
    return env


def make_config(root):
    """A config directory with one saved profile (20 questions a session), so Kuchi opens on
    Welcome, the way a returning learner starts it."""
    config = tempfile.mkdtemp(prefix="config-", dir=root)
    profiles = os.path.join(config, "kuchi", "profiles")
    os.makedirs(profiles)
    identifier = uuid.uuid4()
    profile = {"version": 1, "profile": {
        "id": str(identifier).upper(), "name": NAME,
        "settings": {"numberOfQuestions": 20, "appearance": "terminal", "learningEnabled": True, "cardColor": "blue",
                     # Answers are measured, not the teaching screen a new word gets first.
                     "teachNewWords": False},
        "lastUsed": "2026-01-01T00:00:00Z"}}
    with open(os.path.join(profiles, f"{identifier}.json"), "w") as file:
        json.dump(profile, file)
    return config


def go_to_challenge(session):
    """From wherever Kuchi opened, the keys a person presses to reach the challenge screen."""
    for _ in range(8):
        if on_challenge(session):
            return
        top = header(session)
        text = session.text()
        if "Register" in top:
            key = NAME.encode() + b"\r"
        elif on_congratulations(session):
            key = b"p"
        elif "Too small" in text or "enlarge" in text:
            raise Stuck("the terminal is too small for Kuchi:\n" + session.dump())
        else:
            key = b"\r"
        if key == b"\r" and "Welcome to Kuchi" in text:
            # Start builds the queue (a card row per word the first time: seconds for a
            # 100k-word deck), so wait for Welcome to go rather than pressing again.
            os.write(session.master, key)
            session.collect(lambda s: "Welcome to Kuchi" not in s.text(), time.monotonic(), quiet=0.08, timeout=300)
            continue
        session.press(key, done=lambda s: True, quiet=0.08)
    if not on_challenge(session):
        raise Stuck("never reached the challenge screen:\n" + session.dump())


# --- the measurements -------------------------------------------------------------------------

def measure_startup(programs, rows, columns, repetitions):
    """Exec → last byte of the first complete screen, for each program, interleaved so noise on
    the machine spreads over all of them alike; also the CPU time the program used to get there
    (it is blocked on input then), which load on the machine disturbs much less. One warm-up
    launch each first (page cache)."""
    times = {name: [] for name in programs}
    cpu = {name: [] for name in programs}
    rss = {name: [] for name in programs}
    for repetition in range(repetitions + 1):
        for name, (argv, env, ready, quit_keys) in programs.items():
            session = Session(argv, env(), rows, columns)
            _, last = session.collect(ready, session.started, quiet=0.05)
            used = cpu_ns(session.clock)
            peak = session.finish(quit_keys)
            if repetition == 0:
                continue
            times[name].append(last - session.started)
            cpu[name].append(used / 1e9)
            rss[name].append(peak)
    return times, cpu, rss


def answers(session):
    return sorted(answer for _, answer, _ in choices(session))


def play(session, deck, words):
    """Plays `words` words like a person: on each, hint on, hint off, a key that does nothing,
    a wrong answer, then the right one. Returns the measured events by kind. Each event waits
    for its own frame: the screen changed as that key should change it."""
    events = {kind: [] for kind in KINDS}
    go_to_challenge(session)
    played = 0
    while played < words:
        for _ in range(2):
            before = session.text()
            events["hint"].append(session.press(b"h", done=lambda s, before=before: s.text() != before))
        events["noop"].append(session.press(b"x"))
        digit, question = deck.right_digit(session)
        wrong_digit = next(choice[0] for choice in choices(session) if choice[0] != digit)
        before, word = session.text(), answers(session)
        events["wrong"].append(session.press(
            str(wrong_digit).encode(), done=lambda s: s.text() != before and on_challenge(s) and answers(s) == word))
        before = session.text()
        result = session.press(
            str(digit).encode(),
            done=lambda s: s.text() != before and (on_congratulations(s) or on_confirmation(s)))
        played += 1
        if on_congratulations(session):
            # The session's last right answer opens another screen: a layout change, not the
            # event measured here. Play again.
            go_to_challenge(session)
            continue
        before = session.text()
        going_on = session.press(
            b"\r", done=lambda s: s.text() != before and (on_congratulations(s) or (on_challenge(s) and answers(s) != word)))
        if any(tried for _, _, tried in choices(session)) and not on_congratulations(session):
            raise Stuck(f"the answer for {question} was not taken as right:\n" + session.dump())
        events["right"].append(result)
        events["next"].append(going_on)
    return events


def measure_play(kuchi, deck, rows, columns, words, redraw_all, root):
    config = make_config(root)
    log = os.path.join(config, "render.log")
    session = Session([kuchi], kuchi_environment(config, log, redraw_all), rows, columns, render_log=log)
    session.collect(first_screen, session.started)
    events = play(session, deck, words)
    memory = session.memory()
    peak = session.finish(b"q")
    return events, peak, memory


def measure_idle(sessions, seconds):
    """CPU time and wake-ups of each (already settled) session over `seconds` of no input."""
    before = {name: (cpu_ns(s.clock), context_switches(s.pid)) for name, s in sessions.items()}
    written = {name: 0 for name in sessions}
    end = time.monotonic() + seconds
    while (left := end - time.monotonic()) > 0:
        ready, _, _ = select.select([s.master for s in sessions.values()], [], [], left)
        for name, session in sessions.items():
            if session.master in ready:
                written[name] += session.drain()
    result = {}
    for name, session in sessions.items():
        cpu, switches = cpu_ns(session.clock), context_switches(session.pid)
        result[name] = {"cpu": cpu - before[name][0], "wakeups": switches - before[name][1], "bytes": written[name]}
    return result


def wait_settled(path, age=1.1):
    """Waits until the file at `path` last changed more than `age` seconds ago: Kuchi caches a
    validated deck only then (DECISIONS.md, "A deck is validated once")."""
    while True:
        info = os.stat(path)
        left = age - (time.time() - max(info.st_mtime, info.st_ctime))
        if left <= 0:
            return
        time.sleep(min(left, 0.1))


def measure_app_with_deck(kuchi, deck_path, rows, columns, launches, root):
    """`kuchi --deck FILE`: exec → first complete screen, and the peak RSS once the challenge
    screen shows a word of that deck. None when this kuchi has no --deck option. The first
    launch validates the new deck file and caches it; it is reported apart ("cold") and the
    others are the ordinary starts."""
    config = make_config(root)
    times, peaks = [], []
    wait_settled(deck_path)
    cold = None
    for launch in range(launches + 1):
        session = Session([kuchi, "--deck", deck_path], kuchi_environment(config, None, False), rows, columns)
        try:
            _, last = session.collect(first_screen, session.started, quiet=0.05, timeout=120)
        except Stuck:
            session.finish(b"q")
            return None
        if launch == 0:
            cold = last - session.started
            peaks.append(session.finish(b"q"))
            continue
        times.append(last - session.started)
        if launch == launches:
            go_to_challenge(session)
            if not any(answer.startswith("meaning ") for _, answer, _ in choices(session)):
                raise Stuck("kuchi --deck did not play the generated deck:\n" + session.dump())
        peaks.append(session.finish(b"q"))
    # The launches before the last quit on the first screen; the last plays a word first.
    return {"startup": times, "peak_rss": max(peaks[1:]), "first_screen_peak_rss": max(peaks[1:-1] or peaks[1:]),
            "challenge_peak_rss": peaks[-1], "cold_startup": cold, "cold_peak_rss": peaks[0]}


def run_kuchi_bench(binary, entries, categories, picks, loads):
    output = subprocess.run([binary, "--entries", str(entries), "--categories", str(categories),
                             "--picks", str(picks), "--loads", str(loads)],
                            check=True, capture_output=True, text=True).stdout
    return json.loads(output)


# --- statistics and the table -----------------------------------------------------------------

def median(values):
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def p95(values):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, -(-95 * len(ordered) // 100) - 1))]


def ms(seconds, digits=2):
    return f"{seconds * 1000:.{digits}f} ms"


def spread(values, show):
    """'median (p95 x)', the p95 only when it differs from the median."""
    mid, high = median(values), p95(values)
    if show(high) == show(mid):
        return show(mid)
    return f"{show(mid)} (p95 {show(high)})"


def ratio(a, b):
    if b == 0:
        return "—" if a == 0 else "∞"
    return f"{a / b:.2f}×"


def verdict(ok):
    return "**met**" if ok else "**MISSED**"


def mib(kib):
    return f"{kib / 1024:.1f} MiB"


def count(value):
    return f"{value:,.0f}".replace(",", " ")


def load_average():
    try:
        with open("/proc/loadavg") as file:
            return float(file.read().split()[0])
    except OSError:
        return None


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--kuchi", required=True)
    parser.add_argument("--floor", required=True)
    parser.add_argument("--kuchi-bench", required=True)
    parser.add_argument("--deck", required=True, help="the bundled deck (Resources/challenges.json)")
    parser.add_argument("--words", type=int, default=40, help="words played per program and size")
    parser.add_argument("--startups", type=int, default=30, help="launches per program and size")
    parser.add_argument("--idle", type=float, default=10.0, help="seconds of idle measured")
    parser.add_argument("--deck-sizes", default="1000,10000,100000")
    parser.add_argument("--picks", type=int, default=2000)
    parser.add_argument("--loads", type=int, default=3)
    parser.add_argument("--json", help="also write every sample here")
    parser.add_argument("--note", default="", help="a line about the build to print under the title")
    parser.add_argument("--quick", action="store_true", help="a short smoke run: few repetitions, small decks")
    parser.add_argument("--parts", default="terminal,startup,decks,history,sync",
                        help="which parts to run, of terminal (the two terminal sizes and idle), startup (step by "
                             "step), decks, history, sync (kuchi sync at scale: benchmarks/sync.py)")
    parser.add_argument("--startup-programs", help="the folder of the built benchmarks/startup programs")
    parser.add_argument("--histories", help="the histories measured, as CARDS:REVIEWS,... (default "
                        "1000:10000,10000:100000,10000:1000000; --quick: the first two)")
    parser.add_argument("--report-from", help="print the tables of a saved results.json instead of measuring")
    args = parser.parse_args()
    parts = set(args.parts.split(","))
    if args.quick:
        args.words, args.startups, args.idle, args.deck_sizes, args.picks = 8, 5, 2.0, "1000,10000", 500
    args.load_before = load_average()
    if args.report_from:
        with open(args.report_from) as file:
            print(report(json.load(file), args))
        return 0

    deck = Deck(args.deck)
    root = tempfile.mkdtemp(prefix="kuchi-bench-")
    raw = {"sizes": {}, "decks": [], "history": None, "startup": None, "sync": None}
    progress = lambda message: print(f"bench: {message}", file=sys.stderr, flush=True)
    try:
        for rows, columns in (SIZES if "terminal" in parts else []):
            size = f"{rows}x{columns}"
            figures = raw["sizes"][size] = {}
            progress(f"{size}: startup, {args.startups} launches each")
            config = make_config(root)
            programs = {
                "kuchi": ([args.kuchi], lambda: kuchi_environment(config, None, False), first_screen, b"q"),
                "baseline": ([args.kuchi], lambda: kuchi_environment(config, None, True), first_screen, b"q"),
                "floor": ([args.floor], lambda: {"TERM": "xterm-256color", "LANG": "C.UTF-8", "PATH": os.environ.get("PATH", "")},
                          lambda s: "floor:" in s.lines()[0], b"x"),
            }
            figures["startup"], figures["startup_cpu"], figures["startup_rss"] = measure_startup(programs, rows, columns, args.startups)
            for name, redraw_all in (("kuchi", False), ("baseline", True)):
                progress(f"{size}: {name}, {args.words} words")
                events, peak, memory = measure_play(args.kuchi, deck, rows, columns, args.words, redraw_all, root)
                figures[name] = {"events": events, "session_rss": peak, "memory": memory}

        sessions = {}
        for rows, columns in (SIZES if "terminal" in parts else []):
            for name, redraw_all in (("kuchi", False), ("baseline", True)):
                config = make_config(root)
                session = Session([args.kuchi], kuchi_environment(config, None, redraw_all), rows, columns)
                session.collect(first_screen, session.started)
                go_to_challenge(session)
                digit, _ = deck.right_digit(session)
                session.press(str(digit).encode())
                sessions[(f"{rows}x{columns}", name)] = session
        if sessions:
            progress(f"idle: {args.idle:g} s on the challenge screen")
            time.sleep(1.0)
        for session in sessions.values():
            session.drain()
        idle = measure_idle(sessions, args.idle) if sessions else {}
        for (size, name), session in sessions.items():
            raw["sizes"][size][name]["idle"] = idle[(size, name)]
            session.finish(b"q")

        app_decks = True
        if "startup" in parts:
            progress("startup, step by step")
            config = make_config(root)
            raw["startup"] = {
                "programs": startup_steps.measure(args.startup_programs, args.kuchi, args.startups) if args.startup_programs else None,
                "parts": startup_steps.parts(args.kuchi_bench, os.path.join(config, "data"), os.path.join(config, "kuchi"), NAME),
                # The trace's phases, and the previous run's saved ones to compare with (then this
                # run's replace them).
                "phases": phases.measure(args.kuchi, args.floor, make_config(root), max(5, args.startups // 2), progress),
                "phases_before": phases.previous(),
            }
            phases.save(raw["startup"]["phases"], args.note)
        for entries in [int(n) for n in args.deck_sizes.split(",") if n and "decks" in parts]:
            progress(f"deck scale: {entries} entries")
            categorised = run_kuchi_bench(args.kuchi_bench, entries, 50, args.picks, args.loads)
            uncategorised = run_kuchi_bench(args.kuchi_bench, entries, 0, args.picks, 1)
            figures = {"categorised": categorised, "uncategorised": uncategorised}
            if app_decks:
                path = os.path.join(root, f"deck-{entries}.json")
                subprocess.run([args.kuchi_bench, "--entries", str(entries), "--write", path], check=True)
                figures["app"] = measure_app_with_deck(args.kuchi, path, *SIZES[0], 3, root)
                app_decks = figures["app"] is not None
                os.remove(path)
            raw["decks"].append(figures)
        if "history" in parts:
            raw["history"] = history.measure(args, root, progress)
        if "sync" in parts:
            raw["sync"] = sync_bench.measure(args.kuchi, args.kuchi_bench, tempfile.mkdtemp(prefix="sync-", dir=root), args.quick, progress)
    except (Stuck, history.d.Stuck) as error:  # drive.py runs as __main__ and is imported by history.py as drive
        print(f"bench: the app did not show what was expected.\n{error}", file=sys.stderr)
        return 1
    finally:
        shutil.rmtree(root, ignore_errors=True)

    if args.json:
        with open(args.json, "w") as file:
            json.dump(raw, file, indent=1, default=str)
    print(report(raw, args))
    return 0


def report(raw, args):
    out = []
    targets = []
    say = out.append
    cpu = "unknown CPU"
    try:
        with open("/proc/cpuinfo") as info:
            cpu = next(line.split(":", 1)[1].strip() for line in info if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    say(f"## Kuchi benchmark — {datetime.datetime.now().strftime('%Y-%m-%d %H:%M')}")
    say("")
    load = " → ".join(f"{v:.2f}" for v in (args.load_before, load_average()) if v is not None)
    say(f"{cpu}, {os.cpu_count()} cores, Linux {platform.release()}; load average (1 min) {load} over the run. "
        f"{args.note}".rstrip())
    say(f"Release build; TERM=xterm-256color, KUCHI_SEED=1; {args.words} words played per program and size "
        f"(each: hint on, hint off, no-op key, wrong answer, right answer, Enter past its confirmation), {args.startups} launches per "
        "program and size. Times are medians, with the 95th percentile where it differs. "
        "Ratios are Kuchi's figure over the baseline's (KUCHI_REDRAW=all: every pane redrawn, the "
        "whole screen repainted, on every event) or over the floor's (benchmarks/floor.c).")
    for size, figures in raw["sizes"].items():
        kuchi, base = figures["kuchi"], figures["baseline"]
        rows, columns = size.split("x")
        say("")
        say(f"### Terminal {rows} rows × {columns} columns "
            f"({'stacked' if int(rows) >= 24 else 'side-by-side'} layout)")
        say("")
        say("| Figure | Kuchi | Baseline | Floor | Kuchi / baseline | Kuchi / floor | Target |")
        say("|---|--:|--:|--:|--:|--:|---|")
        start = figures["startup"]
        k, b, f = median(start["kuchi"]), median(start["baseline"]), median(start["floor"])
        ok = k <= 3 * f
        targets.append((f"startup ≤ 3× the floor ({size})", ok, f"{ms(k, 1)} vs floor {ms(f, 1)}: {k / f:.1f}×"))
        say(f"| Startup (exec → first complete screen) | {spread(start['kuchi'], lambda v: ms(v, 1))} | "
            f"{spread(start['baseline'], lambda v: ms(v, 1))} | {spread(start['floor'], lambda v: ms(v, 1))} | "
            f"{ratio(k, b)} | {ratio(k, f)} | ≤ 3× floor: {verdict(ok)} |")
        sc = figures["startup_cpu"]
        say(f"| CPU time to the first screen | {spread(sc['kuchi'], lambda v: ms(v, 1))} | "
            f"{spread(sc['baseline'], lambda v: ms(v, 1))} | {spread(sc['floor'], lambda v: ms(v, 1))} | "
            f"{ratio(median(sc['kuchi']), median(sc['baseline']))} | {ratio(median(sc['kuchi']), median(sc['floor']))} | |")
        for kind in KINDS:
            kl = [e["latency"] for e in kuchi["events"][kind] if e["latency"] is not None]
            bl = [e["latency"] for e in base["events"][kind] if e["latency"] is not None]
            kcell = spread(kl, ms) if kl else "no output"
            if kl and len(kl) < len(kuchi["events"][kind]):
                kcell += f" ({len(kuchi['events'][kind]) - len(kl)} of {len(kuchi['events'][kind])} without output)"
            bcell = spread(bl, ms) if bl else "no output"
            rcell = ratio(median(kl), median(bl)) if kl and bl else "—"
            say(f"| Key → screen, {KIND_LABEL[kind]} | {kcell} | {bcell} | | {rcell} | | |")
        for kind in KINDS:
            kb = [e["bytes"] for e in kuchi["events"][kind]]
            bb = [e["bytes"] for e in base["events"][kind]]
            r = median(kb) / median(bb) if median(bb) else 0
            target = ""
            if kind in ("right", "hint"):
                limit = 0.25 if kind == "right" else 0.10
                ok = r <= limit
                target = f"≤ {limit:.2f}× baseline: {verdict(ok)}"
                targets.append((f"bytes per {KIND_LABEL[kind]} ≤ {limit:.0%} of the baseline's ({size})", ok,
                                f"{count(median(kb))} B vs {count(median(bb))} B: {r:.1%}"))
            say(f"| Bytes to the terminal, {KIND_LABEL[kind]} | {spread(kb, count)} | {spread(bb, count)} | | "
                f"{ratio(median(kb), median(bb))} | | {target} |")
        for kind in KINDS:
            expected = EXPECTED_PANES[kind]
            kd = [sorted(e["draws"]) for e in kuchi["events"][kind]]
            bd = [len(e["draws"]) for e in base["events"][kind]]
            exact = sum(1 for d in kd if d == expected)
            ok = exact == len(kd)
            seen = sorted({tuple(d) for d in kd}, key=lambda d: (-sum(1 for x in kd if tuple(x) == d), d))
            shown = "; ".join(f"{len(d)} ({', '.join(d) or '—'})" + (f" ×{sum(1 for x in kd if tuple(x) == d)}" if len(seen) > 1 else "")
                              for d in seen)
            targets.append((f"pane draws per {KIND_LABEL[kind]} = the panes whose data changed ({size})", ok,
                            f"{exact}/{len(kd)} events drew exactly {', '.join(expected) or 'nothing'}"
                            + ("" if ok else f"; seen: {shown}")))
            say(f"| Pane draws, {KIND_LABEL[kind]} | {shown} | {spread(bd, count)} | | "
                f"{ratio(median([len(d) for d in kd]), median(bd))} | | {len(expected)} "
                f"({', '.join(expected) or 'none'}): {verdict(ok)} |")
        for kind in KINDS:
            kc = [e["cpu"] / 1e9 for e in kuchi["events"][kind] if e["cpu"] is not None]
            bc = [e["cpu"] / 1e9 for e in base["events"][kind] if e["cpu"] is not None]
            if kc and bc:
                say(f"| CPU time, {KIND_LABEL[kind]} | {spread(kc, lambda v: ms(v, 3))} | {spread(bc, lambda v: ms(v, 3))} | | "
                    f"{ratio(median(kc), median(bc))} | | |")
        ki, bi = kuchi["idle"], base["idle"]
        ok = ki["cpu"] < 10e6
        targets.append((f"idle CPU < 10 ms over {args.idle:g} s ({size})", ok,
                        f"{ki['cpu'] / 1e6:.3f} ms, {ki['wakeups']} wake-ups, {ki['bytes']} B written"))
        say(f"| CPU while idle {args.idle:g} s on the challenge screen | {ki['cpu'] / 1e6:.3f} ms, {ki['wakeups']} wake-ups | "
            f"{bi['cpu'] / 1e6:.3f} ms, {bi['wakeups']} wake-ups | | | | < 10 ms: {verdict(ok)} |")
        floor_rss = max(figures["startup_rss"]["floor"])
        ok = kuchi["session_rss"] <= 25 * 1024
        targets.append((f"peak RSS ≤ 25 MiB over a session, bundled deck ({size})", ok, mib(kuchi["session_rss"])))
        say(f"| Peak RSS over a whole session | {mib(kuchi['session_rss'])} | {mib(base['session_rss'])} | "
            f"{mib(floor_rss)} | {ratio(kuchi['session_rss'], base['session_rss'])} | "
            f"{ratio(kuchi['session_rss'], floor_rss)} | ≤ 25 MiB: {verdict(ok)} |")
        km, bm = kuchi.get("memory"), base.get("memory")
        if km and bm:
            say(f"| … at the end: binary and library pages / heap and stacks | {mib(km['files'])} / {mib(km['anonymous'])} | "
                f"{mib(bm['files'])} / {mib(bm['anonymous'])} | | | | |")

    if raw["decks"]:
        say("")
        say("### Deck scale (KuchiCore, `kuchi-bench`: generated valid decks)")
        say("")
        app = all(pair.get("app") for pair in raw["decks"])
        say("| Entries | File | Load + validate (`Deck.load`) | Peak RSS during load | RSS with the deck loaded | "
            "Session start | Next challenge + choices | Same, no categories |"
            + (" `kuchi --deck`: startup | `kuchi --deck`: peak RSS |" if app else ""))
        say("|--:|--:|--:|--:|--:|--:|--:|--:|" + ("--:|--:|" if app else ""))
        for pair in raw["decks"]:
            c, u = pair["categorised"], pair["uncategorised"]
            loads = [n / 1e9 for n in c["load_ns"]]
            picks = f"{c['pick_median_ns'] / 1e3:.1f} µs (p95 {c['pick_p95_ns'] / 1e3:.1f})"
            upicks = f"{u['pick_median_ns'] / 1e3:.1f} µs (p95 {u['pick_p95_ns'] / 1e3:.1f})"
            peak = c["peak_rss_load_kib"] if c["peak_rss_load_kib"] > 0 else c["peak_rss_session_kib"]
            say(f"| {count(c['entries'])} | {c['file_bytes'] / 1048576:.1f} MiB | {spread(loads, lambda v: ms(v, 0))} | "
                f"{mib(peak)} | {mib(c['rss_after_load_kib'])} | {c['session_start_ns'] / 1e6:.2f} ms | {picks} | {upicks} |"
                + (f" {spread(pair['app']['startup'], lambda v: ms(v, 0))} | {mib(pair['app']['peak_rss'])} |" if app else ""))
            if c["entries"] == 100000:
                load = median(loads)
                targets.append(("100k deck loads in < 0.5 s", load < 0.5, ms(load, 0)))
                targets.append(("100k deck loads within 150 MiB", peak <= 150 * 1024, f"peak RSS {mib(peak)}"))
                worst = max(c["pick_p95_ns"], u["pick_p95_ns"])
                targets.append(("next challenge < 1 ms at 100k entries", worst < 1e6,
                                f"median {c['pick_median_ns'] / 1e3:.1f} µs, p95 {worst / 1e3:.1f} µs (worst of both decks)"))
        say("")
        say("Load: median of the loads (the first one's memory is shown). Next challenge: one right answer "
            "through `check` — the score, the pool of words left, the next word and its three choices; "
            f"{raw['decks'][0]['categorised']['picks']} or more in a row, median (p95). \"No categories\": "
            "distractors come from the whole deck, as in a CSV or Anki deck with no categories."
            + (f" `kuchi --deck`: the app itself started on the deck at {SIZES[0][0]}×{SIZES[0][1]} (median of 3 "
               "launches, exec → first complete screen), and its peak RSS once a word of the deck is up." if app else ""))

    if raw["startup"]:
        if raw["startup"]["programs"]:
            out += startup_steps.report(raw["startup"]["programs"])
        columns = [("Bundled deck, no history", raw["startup"]["parts"])]
        for h in (raw["history"] or {}).get("histories", []):
            columns += [(f"{h['cards'] // 1000}k-word deck, no history", h["parts_fresh"]),
                        (history_report.label(h["cards"], h["reviews"]), h["parts"])]
        out += startup_steps.parts_report(columns)
        if raw["startup"].get("phases"):
            out += phases.report(raw["startup"]["phases"], raw["startup"].get("phases_before"))
    if raw["history"]:
        lines, more = history_report.report(raw["history"], args)
        out += lines
        targets += more

    if raw.get("sync"):
        out += ["", sync_bench.report(raw["sync"])]

    import issue21
    out += issue21.report(raw)
    say("")
    say("### Targets")
    say("")
    for name, ok, detail in targets:
        say(f"- {'met' if ok else 'MISSED'}: {name} — {detail}")
    return "\n".join(out)


if __name__ == "__main__":
    sys.exit(main())
