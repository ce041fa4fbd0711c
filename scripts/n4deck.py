"""n4deck: what scripts/make-n4 does to the deck file — keeping its lines, writing new ones in the
deck's style, and the fairness marks (`confusable`, `contrast`) an entry needs beside the others.
"""

import importlib.machinery
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
V = importlib.machinery.SourceFileLoader("verify_deck", os.path.join(HERE, "verify-deck")).load_module()
KEY_ORDER = ["question", "reading", "readings", "pronunciation", "answer", "also", "category", "pos", "level",
             "confusable", "contrast", "homographs", "written"]


def deck_lines(text, generated):
    """deck_lines: (head lines, kept entry lines, tail lines) of the deck file; entry lines this
    script wrote before (level 4, a word of the N4 list, after the last other entry) are dropped."""
    lines = text.rstrip("\n").split("\n")
    first = next(i for i, l in enumerate(lines) if l.startswith("    {"))
    last = max(i for i, l in enumerate(lines) if l.startswith("    {"))
    entries = lines[first:last + 1]
    while entries:
        item = json.loads(entries[-1].rstrip(","))
        if item.get("level") != 4 or item["question"] not in generated:
            break
        entries.pop()
    return lines[:first], entries, lines[last + 1:]


def line_of(item):
    """line_of: one entry as the deck writes it, keys in the deck's order."""
    ordered = {k: item[k] for k in KEY_ORDER if k in item}
    return "    " + json.dumps(ordered, ensure_ascii=False, separators=(", ", ": "))


def name_partner(line, partner):
    """name_partner: an older entry's line with `partner` added to its `contrast` (a contrast
    goes both ways); its other keys keep their order and spelling."""
    comma = "," if line.endswith(",") else ""
    item = json.loads(line.rstrip(","))
    out = {}
    for k, v in item.items():
        if k in ("homographs", "written") and "contrast" not in item and "contrast" not in out:
            out["contrast"] = [partner]
        out[k] = v + [partner] if k == "contrast" else v
    out.setdefault("contrast", [partner])
    return "    " + json.dumps(out, ensure_ascii=False, separators=(", ", ": ")) + comma


def mark_fairness(items, start, edict):
    """mark_fairness: names in `confusable` of each new entry the entries it must never be
    drawn beside (a shared meaning; a meaning JMdict gives the other word, in one category),
    and in `contrast` its transitive/intransitive partners; returns the partners among the
    older entries, which would have to name it back."""
    infos = []
    for n, item in enumerate(items, 1):
        info = {"keys": set()}
        V.check_entry(n, item, edict, V.Report(), None, info)
        texts = [item["answer"]] + item.get("also", [])
        infos.append({"keys": info["keys"], "meanings": {V.normalise(p) for a in texts for p in V.answer_parts(a)},
                      "shared": {V.meaning_key(p) for a in texts for p in V.answer_parts(a)}})
    old_partners = []
    for i in range(start, len(items)):
        x, xi = items[i], infos[i]
        marks = list(x.get("confusable", []))
        for j, y in enumerate(items):
            if j == i or (j > i) or y["question"] in marks or x["question"] in y.get("confusable", []):
                continue
            yi = infos[j]
            clash = xi["shared"] & yi["shared"]
            if not clash and x["category"] == y["category"]:
                clash = (xi["meanings"] & yi["keys"]) or (yi["meanings"] & xi["keys"])
            if clash:
                marks.append(y["question"])
        if marks:
            x["confusable"] = marks
        if x["pos"].startswith("verb-") and x.get("reading") and V.has_kanji(x["question"][0]):
            for j, y in enumerate(items):
                if j == i or not (y.get("pos", "").startswith("verb-") and y.get("reading")):
                    continue
                if y["question"][0] == x["question"][0] and y["reading"][0] == x["reading"][0] and \
                        tuple(sorted((x["question"], y["question"]))) not in V.NOT_PARTNERS:
                    x.setdefault("contrast", []).append(y["question"])
                    if j < start:
                        old_partners.append((x["question"], y["question"]))
    return old_partners
