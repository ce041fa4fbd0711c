"""translationrules: reads a Tatoeba translation against its Japanese (issue 37): the month
(九月 is September, never "an October morning"), every number (三時十分 holds 3 and 10; 十分
"enough" has no 10), and the person (私 is I/me/my, 彼女 she/her), as a teacher checking a
textbook would. Also the English word forms sentencerules compares meanings with.

Japanese numbers come from mecab's numeral tokens (名詞,数) and from native numbers (二人
ふたり, 三つ みっつ); English ones from digits, number words and ordinals.
"""

import re

MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
          "november", "december"]
UNITS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
         "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]
TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90}
ORDINALS = {"second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8, "ninth": 9,
            "tenth": 10, "eleventh": 11, "twelfth": 12, "twentieth": 20, "thirtieth": 30}
SCALES = {"hundred": 100, "thousand": 1000, "million": 1000000}
# Other ways English says a number: "both" of 二人, "a dozen", "twice".
ALSO = {1: {"a", "an", "one", "single", "once", "first", "each", "every", "alone"},
        2: {"both", "couple", "pair", "twice", "double", "two"}, 3: {"triple", "thrice"}, 12: {"dozen", "noon", "midnight"},
        15: {"quarter"}, 30: {"half"}}
KANJI_DIGITS = {"〇": 0, "零": 0, "一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
KANJI_SCALES = {"十": 10, "百": 100, "千": 1000, "万": 10000}
NATIVE = [("ひと", 1), ("ふた", 2), ("みっ", 3), ("よっ", 4), ("いつ", 5), ("むっ", 6), ("なな", 7), ("やっ", 8),
          ("ここの", 9), ("とお", 10), ("はたち", 20)]
COUNTERS = {"月", "日", "時", "分", "人", "つ", "歳", "才", "年", "回", "個", "本", "枚", "冊", "匹", "杯", "台", "階",
            "円", "度", "週", "週間", "時間", "分間", "日間", "ヶ月", "か月", "カ月", "年間", "秒", "着", "足", "軒", "頭",
            "羽", "通", "曲", "歳"}
NATIVE_KANA = {"ひとつ", "ふたつ", "みっつ", "よっつ", "いつつ", "むっつ", "ななつ", "やっつ", "ここのつ", "とお", "ひとり",
               "ふたり", "はたち"}
# The person: a pronoun of the Japanese and the English words that say it.
PERSONS = [(("私", "わたし", "僕", "ぼく", "あたし", "わたくし"), {"i", "me", "my", "mine", "myself"}, "I"),
           (("彼女",), {"she", "her", "hers", "herself", "girlfriend"}, "she"),
           (("彼",), {"he", "him", "his", "himself", "boyfriend"}, "he"),
           (("彼ら",), {"they", "them", "their", "theirs", "themselves"}, "they"),
           (("あなた", "君", "きみ"), {"you", "your", "yours", "yourself", "yourselves"}, "you")]
PLURAL = {"たち", "達", "ら", "ども", "方"}
WE = {"we", "us", "our", "ours", "ourselves"}
STOP = {"to", "a", "an", "the", "be", "of", "in", "on", "at", "for", "one", "one's", "oneself", "something", "someone",
        "with", "and", "or", "etc", "is", "it", "as", "by", "from", "into", "that", "this", "so", "not", "no", "do",
        "very", "some", "get", "have", "make", "thing", "things", "way", "kind", "person", "people", "such"}
IRREGULAR = {"gave": "give", "given": "give", "went": "go", "gone": "go", "ate": "eat", "eaten": "eat", "saw": "see",
             "seen": "see", "bought": "buy", "brought": "bring", "came": "come", "did": "do", "done": "do",
             "drank": "drink", "drunk": "drink", "took": "take", "taken": "take", "wrote": "write",
             "written": "write", "spoke": "speak", "spoken": "speak", "met": "meet", "slept": "sleep", "sat": "sit",
             "stood": "stand", "told": "tell", "said": "say", "sang": "sing", "sung": "sing", "swam": "swim",
             "ran": "run", "knew": "know", "known": "know", "thought": "think", "taught": "teach", "left": "leave",
             "lent": "lend", "lost": "lose", "made": "make", "paid": "pay", "put": "put", "read": "read",
             "sent": "send", "sold": "sell", "understood": "understand", "wore": "wear", "worn": "wear",
             "woke": "wake", "better": "good", "best": "good", "children": "child", "men": "man", "women": "woman",
             "feet": "foot", "teeth": "tooth", "mice": "mouse", "bigger": "big", "biggest": "big", "began": "begin",
             "begun": "begin", "forgot": "forget", "forgotten": "forget", "fell": "fall", "flew": "fly",
             "got": "get", "heard": "hear", "held": "hold", "kept": "keep", "felt": "feel", "found": "find",
             "was": "be", "were": "be", "am": "be", "are": "be", "is": "be", "lay": "lie", "built": "build",
             "caught": "catch", "drew": "draw", "drawn": "draw", "drove": "drive", "driven": "drive",
             "hung": "hang", "rode": "ride", "rose": "rise", "shut": "shut", "spent": "spend", "threw": "throw",
             "thrown": "throw", "washed": "wash", "leaves": "leaf", "lives": "life", "knives": "knife", "wives": "wife", "won": "win", "worse": "bad", "worst": "bad"}


def words(english):
    """words: the English in lower case, split into words ("I'm" gives i and m; "3:10" gives 3 and 10)."""
    return re.findall(r"[a-z]+|\d+", english.lower().replace(",", "").replace("’", "'"))


def lemmas(word):
    """lemmas: the word and the base forms it may be (raised → raise, cities → city, bigger → big)."""
    out = {word, IRREGULAR.get(word, word)}
    for suffix, repl in (("ies", "y"), ("es", ""), ("s", ""), ("ied", "y"), ("ed", ""), ("ed", "e"), ("d", ""),
                         ("ing", ""), ("ing", "e"), ("ier", "y"), ("iest", "y"), ("er", ""), ("est", ""),
                         ("er", "e"), ("est", "e"), ("ly", "")):
        if word.endswith(suffix) and len(word) - len(suffix) >= 2:
            stem = word[: -len(suffix)] + repl
            out.add(stem)
            if repl == "" and len(stem) > 2 and stem[-1] == stem[-2]:
                out.add(stem[:-1])  # bigger → bigg → big, stopped → stop
    return out


def english_lemmas(english):
    """english_lemmas: every base form of every word of the English."""
    out = set()
    for word in words(english):
        out |= lemmas(word)
    return out


def content_words(gloss):
    """content_words: the words of a gloss that carry its meaning ("to give (to someone)" → give)."""
    gloss = re.sub(r"\(.*?\)", " ", gloss)
    return {IRREGULAR.get(w, w) for w in words(gloss) if w not in STOP and not w.isdigit() and len(w) > 1}


def meaning_words(item):
    """meaning_words: the content words of the meanings the deck teaches (answer and also)."""
    out = set()
    for gloss in [item["answer"]] + list(item.get("also", [])):
        out |= content_words(gloss)
    return out


def kanji_number(text):
    """kanji_number: the value of a kanji numeral (十一 11, 二十 20, 三百五 305), or None."""
    total, section, digit = 0, 0, None
    for c in text:
        if c in KANJI_DIGITS:
            digit = KANJI_DIGITS[c]
        elif c in KANJI_SCALES:
            scale = KANJI_SCALES[c]
            if scale == 10000:
                total += (section + (digit or 0)) * scale
                section = 0
            else:
                section += (1 if digit is None else digit) * scale
            digit = None
        else:
            return None
    return total + section + (digit or 0)


def japanese_numbers(morphemes):
    """japanese_numbers: (value, is a month, is before a counter, the number and its counter) of each
    number the Japanese says."""
    out, i = [], 0
    while i < len(morphemes):
        m = morphemes[i]
        if len(m) > 5 and m[3] == "名詞" and m[5] == "数":
            j = i
            while j < len(morphemes) and len(morphemes[j]) > 5 and morphemes[j][5] == "数":
                j += 1
            value = kanji_number("".join(x[0] for x in morphemes[i:j]))
            if value is not None:
                after = morphemes[j] if j < len(morphemes) else None
                month = after is not None and after[0] == "月" and after[2] == "がつ"
                counter = after is not None and len(after) > 5 and after[5] == "接尾"
                word = "".join(x[0] for x in morphemes[i:j + 1]) if counter else ""
                out.append((value, month, counter, word))
            i = j
            continue
        value = native_number(m)
        if value is not None:
            out.append((value, False, True, m[0]))
        elif m[3] == "名詞":
            out.extend(counted_number(m))
        i += 1
    return out


def counted_number(morpheme):
    """counted_number: [(value, is a month, True, the word)] for one word that is a number and its counter
    (九月 くがつ, 三日, 二十歳), else []."""
    surface = morpheme[0]
    for cut in range(len(surface) - 1, 0, -1):
        value = kanji_number(surface[:cut])
        if value is not None and surface[cut:] in COUNTERS:
            return [(value, surface[cut:] == "月" and morpheme[2].endswith("がつ"), True, surface)]
    return []


def native_number(morpheme):
    """native_number: the value of a word that is a number with its counter (二人 ふたり, 三つ, ひとつ)."""
    surface, kana = morpheme[0], morpheme[2]
    if morpheme[3] != "名詞" or len(surface) > 4:
        return None
    for start, value in NATIVE:
        if not kana.startswith(start):
            continue
        if surface in NATIVE_KANA or KANJI_DIGITS.get(surface[0]) == value or surface[0] == "十" and value == 10:
            return value
    return None


def english_numbers(english):
    """english_numbers: the numbers the English says (digits, number words, "twenty-five" as 25)."""
    out, ws = set(), words(english)
    for k, w in enumerate(ws):
        if w.isdigit():
            out.add(int(w))
        elif w == "zero":
            out.add(0)
        elif w in UNITS[2:] and not (k + 1 < len(ws) and ws[k + 1] in SCALES):
            out.add(UNITS.index(w))
        elif w in TENS:
            unit = ws[k + 1] if k + 1 < len(ws) and ws[k + 1] in UNITS[1:10] else None
            out.add(TENS[w] + (UNITS.index(unit) if unit else 0))
            out.add(TENS[w])
        elif w in SCALES:
            before = ws[k - 1] if k > 0 else ""
            factor = UNITS.index(before) if before in UNITS else 1
            out.add(factor * SCALES[w])
    return out


def says_number(value, english, numbers):
    """says_number: whether the English says `value` (a digit, a word, an ordinal or a synonym)."""
    ws = set(words(english))
    if value in numbers or ws & ALSO.get(value, set()):
        return True
    if any(ORDINALS.get(w) == value for w in ws):
        return True
    return value == 1 and not ws.isdisjoint({"1"})


def says_may(ws, k):
    """says_may: whether "may" at index k is the month ("in May", "May 5"), not "May I …"."""
    before = ws[k - 1] if k > 0 else ""
    after = ws[k + 1] if k + 1 < len(ws) else ""
    return before in ("in", "of", "since", "until", "till", "last", "next", "this", "early", "late", "mid", "from",
                      "by", "through", "to") or after.isdigit()


def says_a_number(text):
    """says_a_number: whether an English meaning is a number (one o'clock, ten minutes, fifth)."""
    return any(w.isdigit() or w in UNITS or w in TENS or w in ORDINALS or w in SCALES or w in MONTHS for w in words(text))


def idiom(said, english, headwords):
    """idiom: the word a number and its counter spell, when the English does not say the number and
    a dictionary lists that word (十分 "enough", 一杯 "full", 一番 "best"): a word, not a number."""
    value, month, _, word = said
    if month or word not in headwords:
        return None
    # "a" says 一 before a plain counter (一杯 "a glass"), not in a word of its own (一年生 "a
    # freshman"): there only "one" says that the number is one.
    counter = word.lstrip("".join(KANJI_DIGITS) + "".join(KANJI_SCALES))
    if value == 1 and counter not in COUNTERS and not set(words(english)) & {"one", "1", "single", "first", "once"}:
        return word
    return None if says_number(value, english, english_numbers(english)) else word


def mismatch(morphemes, english, skip=(), headwords=frozenset()):
    """mismatch: why the English does not say what the Japanese says (month, number, person), or None.
    Morphemes at the indices `skip` are left out of the numbers: the word itself, when its
    numerals are not a number (十分 "enough"); a number that spells one of `headwords` with its
    counter and is not in the English is that word (十分な水 "enough water")."""
    ws = words(english)
    months = [MONTHS.index(w) + 1 for k, w in enumerate(ws) if w in MONTHS and (w != "may" or says_may(ws, k))]
    said = japanese_numbers([m if k not in skip else ("", "", "", "記号", "", "*") for k, m in enumerate(morphemes)])
    said = [n for n in said if not idiom(n, english, headwords)]
    ja_months = [n[0] for n in said if n[1]]
    for value in ja_months:
        if value not in months:
            return "%d月 is %s; the English says %s" % (value, MONTHS[value - 1].title(),
                                                      ", ".join(MONTHS[m - 1].title() for m in months) or "no month")
    for value in months:
        if value not in ja_months:
            return "the English says %s; the Japanese has no %d月" % (MONTHS[value - 1].title(), value)
    numbers = english_numbers(english)
    ja_values = {n[0] for n in said if not n[1]}
    if any(m[0].endswith("半") for m in morphemes):  # 半, 時半: half past
        ja_values.add(30)
    for value, month, counter, _ in said:
        if month or value == 1 and not counter:
            continue
        if not says_number(value, english, numbers):
            return "the Japanese says %d; the English does not" % value
    for value in sorted(numbers):
        # From 3: "two" says 一昨日 (two days ago), 両親 and 両方 (both) as often as 二.
        if value >= 3 and value not in ja_values and value not in ja_months:
            return "the English says %d; the Japanese does not" % value
    return person_mismatch(morphemes, set(ws))


def person_mismatch(morphemes, english_words):
    """person_mismatch: a pronoun of the Japanese that the English does not say (私 with no I)."""
    for k, m in enumerate(morphemes):
        plural = k + 1 < len(morphemes) and morphemes[k + 1][0] in PLURAL
        for surfaces, forms, name in PERSONS:
            if m[0] not in surfaces or m[3] != "名詞":
                continue
            if name == "I" and plural:
                forms, name = WE, "we"
            if name == "he" and plural:
                break
            if not english_words & forms:
                return "%s is %s; the English does not say it" % (m[0] + ("たち" if plural else ""), name)
            break
    return None
