"""imports.py: `kuchi import` at scale — CSV and Anki packages of 1k and 20k notes, timed as
whole processes with their peak RSS (history.py runs it when this build has `kuchi import`).

The CSV is written here from a generated deck (kuchi-bench --write); the .apkg by the PyPI
package `genanki`, installed into a virtual environment under the bench output folder.
"""

import csv
import json
import os
import subprocess
import sys

import history as h

SIZES = [1000, 20_000]

APKG_SCRIPT = r"""
import json, sys, genanki
entries = json.load(open(sys.argv[1], encoding="utf-8"))["challenges"]
model = genanki.Model(1607392319, "Japanese vocabulary",
    fields=[{"name": "Expression"}, {"name": "Reading"}, {"name": "Meaning"}],
    templates=[{"name": "Card 1", "qfmt": "{{Expression}}", "afmt": "{{FrontSide}}<hr id=answer>{{Reading}}<br>{{Meaning}}"}])
deck = genanki.Deck(2059400110, "Generated")
for entry in entries:
    deck.add_note(genanki.Note(model=model, fields=[entry["question"], entry.get("reading", ""), entry["answer"]]))
genanki.Package(deck).write_to_file(sys.argv[2])
"""


def genanki_python(out):
    """A Python with genanki: a venv under `out`, made on first use; None when it cannot be."""
    venv = os.path.join(out, "venv")
    python = os.path.join(venv, "bin", "python")
    if os.path.exists(python) and subprocess.run([python, "-c", "import genanki"], capture_output=True).returncode == 0:
        return python
    print(f"bench: installing genanki (Anki package writer) into {venv}", file=sys.stderr, flush=True)
    try:
        subprocess.run([sys.executable, "-m", "venv", venv], check=True, capture_output=True)
        subprocess.run([python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "genanki"],
                       check=True, capture_output=True)
    except (subprocess.CalledProcessError, OSError) as error:
        print(f"bench: could not install genanki ({error}); .apkg imports are not measured", file=sys.stderr)
        return None
    return python


def write_csv(deck_path, csv_path):
    with open(deck_path, encoding="utf-8") as file:
        entries = json.load(file)["challenges"]
    with open(csv_path, "w", newline="", encoding="utf-8") as file:
        writer = csv.writer(file)
        writer.writerow(["question", "reading", "pronunciation", "answer", "category"])
        for entry in entries:
            writer.writerow([entry["question"], entry.get("reading", ""), entry["pronunciation"], entry["answer"],
                             entry.get("category", "")])


def measure(args, root, progress):
    """{format: {notes: figures}}; figures hold wall/cpu samples, status and peak RSS."""
    out = os.path.dirname(os.path.abspath(args.json)) if args.json else root
    python = genanki_python(out)
    results = {"csv": {}, "apkg": {}}
    repetitions = 2 if args.quick else 5
    data = os.path.join(root, "import-data")
    for notes in SIZES:
        deck = os.path.join(root, f"import-{notes}.json")
        subprocess.run([args.kuchi_bench, "--entries", str(notes), "--write", deck], check=True)
        files = {"csv": os.path.join(root, f"words-{notes}.csv")}
        write_csv(deck, files["csv"])
        if python:
            files["apkg"] = os.path.join(root, f"words-{notes}.apkg")
            subprocess.run([python, "-c", APKG_SCRIPT, deck, files["apkg"]], check=True)
        for kind, path in files.items():
            progress(f"import: {kind}, {notes} notes")
            argv = [args.kuchi, "import", path, "--data-dir", data, "--name", f"{kind}-{notes}", "--replace"]
            figures = h.run_process(argv, h.environment(root), repetitions)
            figures["peak_rss"] = h.peak_rss(argv, h.environment(root))
            figures["bytes"] = os.path.getsize(path)
            if figures["status"] != 0:
                result = subprocess.run(argv, env=h.environment(root), capture_output=True, text=True)
                figures["error"] = (result.stderr.strip().splitlines() or ["exit status " + str(figures["status"])])[-1]
            results[kind][notes] = figures
    return results
