"""history.py: what memory costs — the learner-database half of Kuchi's benchmark (drive.py runs it).

For each generated history (`kuchi-bench make-history`: N cards, M reviews over the past year,
valid FSRS states), it measures the real `kuchi` against the same binary on the same deck with a
fresh data folder (no history), in the same run, interleaved:

- startup to the first screen, and the peak RSS of those launches;
- key → screen, CPU, bytes and pane draws per graded answer (each writes its review);
- the Stats tab opened from the Challenge tab (key → screen, bytes, pane draws), when this
  build has one;
- `kuchi due` and `kuchi stats --json` as whole processes, against the `sqlite3` tool running
  the same queries on the same file (the floor);
- picking the next card in-process (`kuchi-bench pick-history`, on a copy of the history);
- the database's size per review.

Subcommands this build lacks (`stats`, `import`) are reported "not available in this build".
"""

import json
import os
import resource
import shutil
import subprocess
import tempfile
import time

import drive as d
import startup_steps

NAME = "bench"
# (cards, reviews) of the generated histories; --quick uses the first two only.
HISTORIES = [(1000, 10_000), (10_000, 100_000), (10_000, 1_000_000)]


def has_subcommand(kuchi, name):
    """Whether this build has `kuchi NAME`: its `--help` shows that subcommand's usage (without
    the subcommand, the root's help is printed instead, with status 0 too)."""
    result = subprocess.run([kuchi, name, "--help"], capture_output=True, text=True)
    return result.returncode == 0 and f"kuchi {name}" in result.stdout.split("OPTIONS")[0]


class History:
    """One generated history: its data folder, profiles folder and deck; `fresh` is an empty
    data folder next to it (the same profile and deck, no reviews)."""

    def __init__(self, kuchi_bench, root, cards, reviews):
        self.cards, self.reviews = cards, reviews
        self.label = f"{cards} cards / {reviews} reviews"
        base = tempfile.mkdtemp(prefix=f"history-{cards}-{reviews}-", dir=root)
        self.data = os.path.join(base, "data")
        self.fresh = os.path.join(base, "fresh")
        self.config = os.path.join(base, "config")
        self.deck = os.path.join(base, "deck.json")
        os.makedirs(self.fresh)
        started = time.monotonic()
        output = subprocess.run([kuchi_bench, "make-history", "--data-dir", self.data, "--config-dir", self.config,
                                 "--profile", NAME, "--cards", str(cards), "--reviews", str(reviews),
                                 "--deck-out", self.deck], check=True, capture_output=True, text=True).stdout
        self.made = json.loads(output)
        self.made["wall_s"] = time.monotonic() - started
        self.database = os.path.join(self.data, "kuchi.sqlite")
        # Answers are measured, not the teaching screen a new word gets first.
        for name in [n for n in os.listdir(os.path.join(self.config, "profiles")) if n.endswith(".json") and not n.startswith(".")]:
            path = os.path.join(self.config, "profiles", name)
            with open(path) as file:
                document = json.load(file)
            document["profile"]["settings"]["teachNewWords"] = False
            with open(path, "w") as file:
                json.dump(document, file)
        d.wait_settled(self.deck)  # so the first launch caches the validated deck
        self.learner = self.made["learner"]

    def argv(self, kuchi, fresh=False):
        return [kuchi, "--data-dir", self.fresh if fresh else self.data, "--config-dir", self.config,
                "--profile", NAME, "--deck", self.deck]

    def command(self, kuchi, name, fresh=False, extra=()):
        return [kuchi, name, "--data-dir", self.fresh if fresh else self.data, "--config-dir", self.config,
                "--profile", NAME, *extra]


def environment(root, render_log=None):
    """kuchi's environment for these runs: drive.py's, with XDG folders of the run's own."""
    env = d.kuchi_environment(os.path.join(root, "xdg-config"), render_log, False)
    env["XDG_DATA_HOME"] = os.path.join(root, "xdg-data")
    return env


def run_process(argv, env=None, repetitions=1):
    """Runs a whole process `repetitions` times (after one warm-up): wall times (s, spawn →
    reaped), CPU times (s, from its rusage) and the exit status of the last run."""
    walls, cpus, status = [], [], None
    for repetition in range(repetitions + 1):
        started = time.monotonic()
        pid = os.posix_spawn(argv[0], argv, env or os.environ,
                             file_actions=[(os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0),
                                           (os.POSIX_SPAWN_OPEN, 2, os.devnull, os.O_WRONLY, 0)])
        _, status, usage = os.wait4(pid, 0)
        wall = time.monotonic() - started
        if repetition:
            walls.append(wall)
            cpus.append(usage.ru_utime + usage.ru_stime)
    return {"wall": walls, "cpu": cpus, "status": os.waitstatus_to_exitcode(status)}


def peak_rss(argv, env=None):
    """The peak RSS (KiB) of one run, through /usr/bin/time (whose own few hundred KiB are the
    floor of what it can show); None without it."""
    if not os.path.exists("/usr/bin/time"):
        return None
    result = subprocess.run(["/usr/bin/time", "-f", "%M", *argv], env=env or os.environ, capture_output=True, text=True)
    try:
        return int(result.stderr.strip().splitlines()[-1])
    except (ValueError, IndexError):
        return None


def floor_sql(history, summary):
    """What `kuchi stats` asks the database, as SQL for the sqlite3 tool: per study day from
    the slot summary (or from the log itself without one), cards by state, the due forecast,
    category mastery and the hardest words."""
    learner = f"(SELECT id FROM learner_deck WHERE learner = '{history.learner}')"
    days = (f"SELECT (slot * 900) / 86400 AS day, SUM(reviews), SUM(passed), SUM(duration), SUM(review_state), "
            f"SUM(review_state_passed) FROM review_slot WHERE learner_deck IN {learner} AND reviews > 0 GROUP BY day ORDER BY day;"
            if summary else
            f"SELECT (r.time / 900000 * 900) / 86400 AS day, COUNT(*), SUM(r.rating > 1), SUM(r.duration), SUM(r.state = 2), "
            f"SUM(r.state = 2 AND r.rating > 1) FROM review r JOIN card c ON c.id = r.card WHERE c.learner_deck IN {learner} "
            "GROUP BY day ORDER BY day;")
    first = (f"SELECT MIN(slot) * 900000 FROM review_slot WHERE learner_deck IN {learner};" if summary else
             f"SELECT MIN(r.time) FROM review r JOIN card c ON c.id = r.card WHERE c.learner_deck IN {learner};")
    now = int(time.time() * 1000)
    return "\n".join([
        first, days,
        f"SELECT state, COUNT(*) FROM card WHERE learner_deck IN {learner} GROUP BY state;",
        f"SELECT due FROM card WHERE learner_deck IN {learner} AND state != 0 AND due < {now + 31 * 86_400_000};",
        f"SELECT d.deck, c.question, c.reading, c.state != 0, COALESCE(c.stability >= 21, 0) FROM card c "
        f"JOIN learner_deck d ON d.id = c.learner_deck WHERE d.learner = '{history.learner}';",
        f"SELECT id, question, reading, answer, lapses FROM card WHERE learner_deck IN {learner} AND lapses > 0 "
        "ORDER BY lapses DESC, id LIMIT 10;",
    ]) + "\n"


def due_sql(history):
    """`kuchi due`'s one query, for the sqlite3 tool."""
    now = int(time.time() * 1000)
    return (f"SELECT COALESCE(SUM(state != 0 AND due <= {now}), 0), COALESCE(SUM(state = 0), 0), "
            f"COALESCE(SUM(introduced >= {now - 86_400_000}), 0), MIN(CASE WHEN state != 0 AND due > {now} THEN due END) "
            f"FROM card WHERE learner_deck IN (SELECT id FROM learner_deck WHERE learner = '{history.learner}');\n")


def sqlite_floor(database, sql, root, repetitions):
    """The sqlite3 tool running `sql` read-only on `database`, as a whole process."""
    path = os.path.join(root, f"floor-{abs(hash(sql))}.sql")
    with open(path, "w") as file:
        file.write(sql)
    figures = run_process(["/usr/bin/sqlite3", "-readonly", "-init", path, database, ".quit"], repetitions=repetitions)
    figures["peak_rss"] = peak_rss(["/usr/bin/sqlite3", "-readonly", "-init", path, database, ".quit"])
    return figures


def checkpointed_size(database):
    """The file's size after a checkpoint (the write-ahead log folded in) and its review count."""
    result = subprocess.run(["/usr/bin/sqlite3", database, "PRAGMA wal_checkpoint(TRUNCATE);", "SELECT COUNT(*) FROM review;"],
                            capture_output=True, text=True)
    try:
        reviews = int(result.stdout.split()[-1])
    except (ValueError, IndexError):
        reviews = None
    return os.path.getsize(database), reviews


def has_summary(database):
    result = subprocess.run(["/usr/bin/sqlite3", "-readonly", database,
                             "SELECT COUNT(*) FROM sqlite_master WHERE name = 'review_slot';"], capture_output=True, text=True)
    return result.stdout.strip() == "1"


def measure_startup(kuchi, history, rows, columns, repetitions, root):
    """Exec → first complete screen on the history and on the fresh folder, interleaved."""
    env = environment(root)
    programs = {
        "history": (history.argv(kuchi), lambda: env, d.first_screen, b"q"),
        "fresh": (history.argv(kuchi, fresh=True), lambda: env, d.first_screen, b"q"),
    }
    times, cpu, rss = d.measure_startup(programs, rows, columns, repetitions)
    return {"startup": times, "startup_cpu": cpu, "startup_rss": rss}


def find_stats_key(session):
    """The key that opens the Stats tab (the header then shows "[Stats]"), or None."""
    for key in (b"t", b"S", b"4"):
        session.press(key, done=lambda s: True, quiet=0.1)
        if "[Stats]" in d.header(session):
            return key
    return None


def measure_play(kuchi, history, rows, columns, words, opens, idle, root, fresh=False):
    """Plays `words` words (drive.py's play) then opens the Stats tab `opens` times from the
    Challenge tab, then leaves it idle `idle` s on the Challenge tab (0: not); returns the
    events, the Stats openings, the idle figures and the peak RSS."""
    log = os.path.join(tempfile.mkdtemp(prefix="log-", dir=root), "render.log")
    session = d.Session(history.argv(kuchi, fresh), environment(root, log), rows, columns, render_log=log)
    session.collect(d.first_screen, session.started)
    events = d.play(session, d.Deck(history.deck), words)
    stats = []
    key = find_stats_key(session)
    if key:
        for _ in range(opens + 1):
            session.press(b"c", done=lambda s: "[Challenge]" in d.header(s), quiet=0.1)
            before = session.text()
            event = session.press(key, done=lambda s: "[Stats]" in d.header(s) and s.text() != before, quiet=0.1)
            stats.append(event)
        stats = stats[1:]  # the first opening builds what later ones reuse
    if idle:
        session.press(b"c", done=lambda s: "[Challenge]" in d.header(s), quiet=0.1)
        time.sleep(1.0)
        session.drain()
        idle = d.measure_idle({"session": session}, idle)["session"]
    memory = session.memory()
    peak = session.finish(b"q")
    return {"events": events, "stats": stats, "stats_key": key.decode() if key else None,
            "session_rss": peak, "memory": memory, "idle": idle or None}


def pick_history(kuchi_bench, history, picks, root):
    """kuchi-bench pick-history on a copy of the history (its answers are written)."""
    copy = tempfile.mkdtemp(prefix="pick-", dir=root)
    for name in os.listdir(history.data):
        if name.startswith("kuchi.sqlite"):
            shutil.copy(os.path.join(history.data, name), copy)
    output = subprocess.run([kuchi_bench, "pick-history", "--data-dir", copy, "--config-dir", history.config,
                             "--profile", NAME, "--deck", history.deck, "--picks", str(picks)],
                            check=True, capture_output=True, text=True).stdout
    shutil.rmtree(copy, ignore_errors=True)
    return json.loads(output)


def measure(args, root, progress):
    """Every history figure; a dict drive.py saves and `report` turns into tables."""
    kuchi, bench = args.kuchi, args.kuchi_bench
    available = {name: has_subcommand(kuchi, name) for name in ("stats", "import")}
    shapes = HISTORIES[:2] if args.quick else HISTORIES
    if getattr(args, "histories", None):
        shapes = [tuple(int(n) for n in pair.split(":")) for pair in args.histories.split(",")]
    repetitions = max(3, args.startups // 3) if args.quick else max(10, args.startups // 2)
    rows, columns = d.SIZES[0]
    results = {"available": available, "histories": []}
    for cards, reviews in shapes:
        progress(f"history: making {cards} cards / {reviews} reviews")
        history = History(bench, root, cards, reviews)
        figures = {"label": history.label, "cards": cards, "reviews": reviews, "made": history.made}
        figures["database_bytes"] = os.path.getsize(history.database)
        progress(f"history {history.label}: startup, {args.startups} launches each")
        figures.update(measure_startup(kuchi, history, rows, columns, args.startups, root))
        progress(f"history {history.label}: playing {args.words} words, each with and without the history")
        for name, fresh in (("history", False), ("fresh", True)):
            idle = 0 if fresh else min(args.idle, 5.0)
            figures[name] = measure_play(kuchi, history, rows, columns, args.words, 3 if args.quick else 10, idle, root, fresh)
        progress(f"history {history.label}: kuchi due, stats, sqlite3")
        env = environment(root)
        # Kuchi has opened the file by now (and added any summary table its migrations make).
        figures["summary"] = has_summary(history.database)
        figures["database_bytes_opened"], figures["reviews_opened"] = checkpointed_size(history.database)
        # `--deck`: the history's own deck (its 10k cards), as the app is started on it; without
        # it `kuchi due` counts the learner's chosen deck, the bundled one, where this learner
        # has no card (runs before 2026-11-26 13:00 measured that).
        deck = ("--deck", history.deck)
        figures["due"] = run_process(history.command(kuchi, "due", extra=deck), env, repetitions)
        figures["due"]["peak_rss"] = peak_rss(history.command(kuchi, "due", extra=deck), env)
        figures["due_fresh"] = run_process(history.command(kuchi, "due", fresh=True, extra=deck), env, repetitions)
        figures["due_bundled"] = run_process(history.command(kuchi, "due"), env, repetitions)
        figures["due_floor"] = sqlite_floor(history.database, due_sql(history), root, repetitions)
        if available["stats"]:
            stats = history.command(kuchi, "stats", extra=["--json"])
            figures["stats"] = run_process(stats, env, repetitions)
            figures["stats"]["peak_rss"] = peak_rss(stats, env)
        figures["stats_floor"] = sqlite_floor(history.database, floor_sql(history, figures["summary"]), root, repetitions)
        figures["stats_floor_log"] = sqlite_floor(history.database, floor_sql(history, False), root, repetitions)
        figures["parts"] = startup_steps.parts(bench, history.data, history.config, NAME, history.deck)
        figures["parts_fresh"] = startup_steps.parts(bench, history.fresh, history.config, NAME, history.deck)
        progress(f"history {history.label}: picking the next card in-process")
        figures["picks"] = pick_history(bench, history, args.picks, root)
        results["histories"].append(figures)
        shutil.rmtree(os.path.dirname(history.data), ignore_errors=True)
    if available["import"]:
        import imports
        results["imports"] = imports.measure(args, root, progress)
    return results
