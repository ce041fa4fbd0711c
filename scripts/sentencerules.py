"""sentencerules: what an example sentence must be to teach its word (issue 37), shared by
scripts/make-sentences (which keeps only sentences that break no rule) and scripts/verify-notes
(which lists every rule a kept sentence breaks).

Each rule is a function (sentence, entry, context) -> a reason, or None when the sentence keeps
it; RULES names them in the order they are reported. The sentence comes parsed by mecab with Open
JTalk's naist-jdic (wordnotes.Parser): the reading of a token is mecab's, so 辛い read つらい is
not からい. The translation rules (month, number, person) read the English against the Japanese,
as a teacher checking a textbook would.
"""

import json
import os
import re

import translationrules as T
import wordnotes as W

NOUN_LIKE = ("名詞", "接頭詞")
# Words no teacher says aloud as a model: internet slang, rough speech, casual contractions.
SLANG = {"なう", "マジ", "まじ", "やばい", "ヤバい", "ヤバイ", "めっちゃ", "ちょー", "超", "じゃん", "っす", "うざい",
         "ウザい", "むかつく", "ムカつく", "てめえ", "てめー", "お前", "おまえ", "貴様", "ってか", "ウケる", "ダチ",
         "キモい", "きもい", "ガチ", "ぜ", "ぞ", "っけ", "じゃね", "すげえ", "すげー", "でけえ", "うめえ", "やべえ",
         "おれ", "俺", "っつ", "くせに", "わい", "だべ", "べ", "ずら", "じゃろ"}
# Words of a gloss too common in English to show which meaning a translation took ("let's",
# "shut up", "my place").
OTHER_STOP = {"i", "me", "my", "you", "your", "we", "us", "our", "up", "down", "out", "off", "over", "let", "all",
              "just", "now", "here", "there", "well", "yes", "back", "away", "around", "about", "set", "what", "how",
              "come", "go", "take", "give", "put", "time", "thing", "good", "bad", "much", "many", "more", "most"}
# Nouns that stand before a verb with no particle in standard Japanese: time words, adverbial
# nouns, quantities (今日行く, 全部食べた, 三つ買う).
ADVERBIAL_WORDS = {"いつ", "いくつ", "いくら", "どう", "こう", "そう", "ああ", "何時", "いつか", "いつも"}
ADVERBIAL_NOUN = ("副詞可能", "数", "接尾", "非自立", "形容動詞語幹", "ナイ形容詞語幹")


class Sentence:
    """Sentence: one Tatoeba pair and its parse."""

    def __init__(self, ja, en, morphemes, sid=0):
        self.ja, self.en, self.morphemes, self.id = ja, en, morphemes, sid


class Context:
    """Context: what the rules know about the deck and the language, loaded once."""

    def __init__(self, deck_path=W.DECK, edict_path="/usr/share/edict/edict"):
        with open(deck_path, encoding="utf-8") as f:
            challenges = json.load(f)["challenges"]
        self.items = {W.key(c["question"], c.get("reading")): c for c in challenges}
        self.questions = {c["question"] for c in challenges}
        self.verify_deck = load_verify_deck()
        if not os.path.exists(edict_path):
            W.die("%s is missing; install the Debian package edict (scripts/install-deps --tests)" % edict_path)
        self.by_headword, self.by_reading = self.verify_deck.load_edict(edict_path)
        self.headwords = set(self.by_headword._lines)
        # The words a learner of each level knows: written forms and readings of the deck's entries
        # of that level or an easier one (N5 is 5, N4 is 4).
        self.known = {}
        for level in {c.get("level") or 0 for c in challenges}:
            words = set()
            for c in challenges:
                if (c.get("level") or 0) >= level:
                    words.add(c["question"])
                    words.add(W.hira(c.get("reading") or c["question"]))
            self.known[level] = words
        self._senses = {}

    def item(self, question, reading):
        """item: the deck's entry for (question, reading)."""
        return self.items[W.key(question, reading)]


    def senses(self, question, reading):
        """senses: the content words of JMdict's senses of the entry that teach its answer or `also`,
        and those of its other senses (大きい: big, large, great; loud, extensive, important …)."""
        k = W.key(question, reading)
        if k not in self._senses:
            vd, item = self.verify_deck, self.item(question, reading)
            if reading:
                entries = [e for e in self.by_headword.get(question) if e.reading == reading]
            else:
                entries = [e for e in self.by_headword.get(question) if e.reading is None] + self.by_reading.get(question)
            keys = {vd.normalise(p) for m in [item["answer"]] + list(item.get("also", [])) for p in vd.answer_parts(m)}
            taught, other = set(), set()
            for sense in (s for e in entries for s in e.senses if s.glosses and not s.tags & vd.UNSUITABLE_SENSE_TAGS):
                words = set().union(*(T.content_words(g) for g in sense.glosses))
                if any(keys & vd.gloss_keys(g) for g in sense.glosses):
                    taught |= words
                else:
                    other |= words
            for homograph in item.get("homographs", []):
                other |= T.content_words(homograph.split(": ", 1)[-1])
            self._senses[k] = (taught | T.meaning_words(item), other)
        return self._senses[k]


def load_verify_deck():
    """load_verify_deck: scripts/verify-deck as a module (its EDICT reader and gloss keys)."""
    import importlib.machinery
    import importlib.util
    path = os.path.join(W.ROOT, "scripts", "verify-deck")
    loader = importlib.machinery.SourceFileLoader("verify_deck_for_sentences", path)
    module = importlib.util.module_from_spec(importlib.util.spec_from_loader(loader.name, loader))
    loader.exec_module(module)
    return module


def spans(sentence, question, reading):
    """spans: where the word is in the sentence, read as the deck reads it."""
    return W.word_spans(sentence.morphemes, question, reading)


def rule_word(sentence, question, reading, context):
    """rule_word: the word appears, read as the deck reads it (mecab's reading of the token)."""
    if not spans(sentence, question, reading):
        return "does not hold %s read %s" % (question, reading or question)
    return None


def longer_word(morphemes, first, end, headwords, deck_words=()):
    """longer_word: the longer word the span at [first, end) belongs to, or None: a number inside a
    bigger number (一 of 十一), a prefix before it (お of お茶), or a neighbouring noun with which it
    spells a dictionary word (一時 of 一時的, 本 of 日本). A counter after a number (三杯, 十分
    "ten minutes") is the counter's own use; the number rule reads those against the English."""
    pos = [m[3] + "," + detail(m) for m in morphemes]
    is_number = lambda i: 0 <= i < len(morphemes) and pos[i].startswith("名詞,数")
    is_counter = lambda i: pos[i].startswith("名詞,接尾")
    surface = "".join(m[0] for m in morphemes[first:end])
    # 百 of 三百 and 万 of 一万 are those words, multiplied; 一 of 十一 and 十 of 十一 are not.
    multiplied = surface in ("十", "百", "千", "万", "億") and not is_number(end)
    if not multiplied and (is_number(first) and is_number(first - 1) or is_number(end - 1) and is_number(end)):
        i, j = first, end
        while is_number(i - 1):
            i -= 1
        while is_number(j):
            j += 1
        return "".join(m[0] for m in morphemes[i:j])
    if first > 0 and pos[first - 1].startswith("接頭詞"):
        prefixed = morphemes[first - 1][0] + surface
        # The polite お/ご (お箸, おいくつ) leaves the word itself, unless the deck teaches the
        # prefixed word apart (お茶 beside 茶).
        if morphemes[first - 1][0] not in ("お", "ご", "御") or prefixed in deck_words:
            return prefixed
    if not pos[first].startswith(NOUN_LIKE) or not pos[end - 1].startswith(NOUN_LIKE):
        return None  # あの人, いい人, 夜遅く: a word before a noun or after one, not a compound
    if first > 0 and pos[first - 1].startswith(NOUN_LIKE) and not (is_counter(first) and is_number(first - 1)) \
            and not (multiplied and is_number(first - 1)):
        longer = morphemes[first - 1][0] + surface
        if longer in headwords:
            return longer
    if end < len(morphemes) and pos[end].startswith(NOUN_LIKE) and not is_counter_of_name(morphemes[end]):
        # The whole word or its last part with the next noun (お弁当箱: 弁当箱 is a word).
        for longer in (surface + morphemes[end][0], morphemes[end - 1][0] + morphemes[end][0]):
            if longer in headwords and not (is_number(end - 1) and is_counter(end)):
                return surface + morphemes[end][0]
    return None


def detail(morpheme):
    """detail: the part-of-speech subclass mecab gave (名詞,数 → 数), kept in the 4th field."""
    return morpheme[5] if len(morpheme) > 5 else "*"


def is_counter_of_name(morpheme):
    """is_counter_of_name: さん, 様, ちゃん, 君 after a word are polite address, not a longer word."""
    return morpheme[0] in ("さん", "様", "さま", "ちゃん", "君", "くん", "たち", "達")


def rule_longer_word(sentence, question, reading, context):
    """rule_longer_word: somewhere the word is a word of its own, not part of a longer one. A
    number and its counter that the English does not say as a number are one word (お腹一杯 "I'm
    stuffed" is not 杯's, nor それで十分 "Is it enough?" 分's)."""
    found = spans(sentence, question, reading)
    idioms = [T.idiom(n, sentence.en, context.headwords) for n in T.japanese_numbers(sentence.morphemes)]
    longer = []
    for i, j in found:
        inside = "".join(m[0] for m in sentence.morphemes[i:j])
        word = longer_word(sentence.morphemes, i, j, context.headwords, context.questions)
        longer.append(word or next((w for w in idioms if w and inside in w and w != question), None))
    if found and all(longer):
        return "%s is part of %s" % (question, longer[0])
    return None


def rule_sense(sentence, question, reading, context):
    """rule_sense: the English does not show another meaning of the word instead of the one taught
    (大きすぎるわ "It's too loud" for 大きい "big", 虫がいい "you're taking a lot for granted")."""
    item = context.item(question, reading)
    taught, other = context.senses(question, reading)
    other = other - taught - OTHER_STOP
    words = T.english_lemmas(sentence.en)
    if words & taught:
        return None
    shown = sorted(words & other)
    if shown:
        return "the English shows another meaning (%s), not %r" % (", ".join(shown), item["answer"])
    return None


def rule_slang(sentence, question, reading, context):
    """rule_slang: no slang or rough speech in a model sentence (散歩なう)."""
    for m in sentence.morphemes:
        if m[0] in SLANG or m[1] in SLANG and m[0] != question:
            return "slang or rough speech: %s" % m[0]
    return None


def rule_particles(sentence, question, reading, context):
    """rule_particles: no particle dropped between a noun and the verb, adjective or noun it goes
    with (ご飯食べた, これ何？), as casual speech drops them and a textbook does not."""
    ms = sentence.morphemes
    for a, b in zip(ms, ms[1:]):
        if a[3] != "名詞" or detail(a) in ADVERBIAL_NOUN or a[0] in ADVERBIAL_WORDS or T.native_number(a) \
                or T.counted_number(a):
            continue
        if b[1] in ("する", "できる", "出来る", "致す", "いたす", "なさる"):
            continue
        if b[3] in ("動詞", "形容詞") and detail(b) == "自立" or detail(a) == "代名詞" and detail(b) == "代名詞":
            return "a particle is missing between %s and %s" % (a[0], b[0])
    return None


def rule_translation(sentence, question, reading, context):
    """rule_translation: the English says the months, numbers and persons the Japanese says."""
    item = context.item(question, reading)
    skip = set()
    if not any(T.says_a_number(m) for m in [item["answer"]] + list(item.get("also", []))):
        skip = {k for i, j in spans(sentence, question, reading) for k in range(i, j)}
    return T.mismatch(sentence.morphemes, sentence.en, skip, context.headwords)


RULES = [("word", rule_word), ("longer word", rule_longer_word), ("sense", rule_sense), ("slang", rule_slang),
         ("particle", rule_particles), ("translation", rule_translation)]


def broken(sentence, question, reading, context):
    """broken: (rule name, reason) of every rule the sentence breaks for the entry."""
    out = []
    for name, rule in RULES:
        reason = rule(sentence, question, reading, context)
        if reason:
            out.append((name, reason))
            if name == "word":
                break
    return out


def unknown_words(sentence, question, reading, context):
    """unknown_words: the sentence's content words a learner of the entry's level has not met in the
    deck (names and the word itself aside): none makes the sentence readable at that level."""
    item = context.item(question, reading)
    known = context.known.get(item.get("level") or 0, set())
    found = spans(sentence, question, reading)
    inside = {k for i, j in found for k in range(i, j)}
    out = []
    for k, m in enumerate(sentence.morphemes):
        surface, base, kana, pos = m[0], m[1], m[2], m[3]
        if k in inside or pos not in ("名詞", "動詞", "形容詞", "副詞", "連体詞") or detail(m) in ("数", "接尾", "非自立", "固有名詞"):
            continue
        if base in known or surface in known or W.hira(kana) in known or (pos == "動詞" and detail(m) == "非自立"):
            continue
        out.append(base)
    return out


def shows_answer(sentence, question, reading, context):
    """shows_answer: whether the English says the deck's answer (上げる "give", not "raise")."""
    return bool(T.english_lemmas(sentence.en) & T.content_words(context.item(question, reading)["answer"]))


def shows_meaning(sentence, question, reading, context):
    """shows_meaning: whether the English says a meaning the deck teaches (its answer or `also`)."""
    return bool(T.english_lemmas(sentence.en) & T.meaning_words(context.item(question, reading)))
