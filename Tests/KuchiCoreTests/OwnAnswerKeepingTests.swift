import Foundation
import GRDB
import Testing
@testable import KuchiCore
@testable import KuchiMemory
@testable import KuchiDeck
@testable import KuchiRecall
@testable import KuchiData

/// OwnAnswerKeepingTests: how "I was right" keeps what it keeps (probe 28, findings 5–8): the
/// Good carries the miss's time; an own answer is kept as the judge compares it (English
/// normalised, kana folded, a macron's long vowel spelt either way); an undo right after the
/// keep takes it back; removal compares as the judge does and can be narrowed to one deck.
@MainActor
@Suite("I was right: what is kept")
struct OwnAnswerKeepingTests {
    let fixture: StudyFixture
    let clock = TestClock()

    init() throws {
        fixture = try StudyFixture(words: 12)
    }

    /// quiz: a typed quiz of `deck` (the fixture's by default) in `direction`, remembering in `database`.
    func quiz(_ database: LearnerDatabase, deck: Deck? = nil, direction: QuizDirection = .japaneseToEnglish) -> ChallengesViewModel {
        let quiz = ChallengesViewModel(deck: deck ?? fixture.deck, numberOfQuestions: 3, study: fixture.context(database),
                                       direction: direction, answerKind: .type, random: SeededGenerator(seed: 5), clock: clock.read)
        quiz.finishTeaching()
        return quiz
    }

    /// kanaDeck: kana words, so the English → Japanese direction asks each of them.
    func kanaDeck() throws -> Deck {
        try makeDeck(DeckJSON.entries([("はい", "hai", "yes"), ("いいえ", "iie", "no"), ("ありがとう", "arigatō", "thank you")]))
    }

    @Test("F5: the Good has the miss's time and duration, not the F5 key's (undo then Good)")
    func goodKeepsTheAnswersTime() throws {
        let database = fixture.open()
        let quiz = quiz(database)
        clock.advance(4.365)
        let answeredAt = Milliseconds.from(clock.now)
        #expect(quiz.submit("zzz") == .wrong)
        let missed = try database.writer.read { db in try Row.fetchOne(db, sql: "SELECT time, duration FROM review WHERE rating = 1") }
        #expect(missed.map { $0["duration"] as Int } == 4365)
        clock.advance(12)
        #expect(quiz.overrule())
        let good = try #require(try database.writer.read { db in try Row.fetchOne(db, sql: "SELECT time, duration FROM review WHERE rating = 3") })
        #expect(good["duration"] as Int == 4365, "the answer took 4.4 s; F5 came 12 s later")
        #expect(good["time"] as Int64 == answeredAt, "the Good is dated when the answer was given")
    }

    @Test("English own answers are kept normalised: one entry for what the judge reads as one; removal compares the same way")
    func englishKeptNormalised() throws {
        let database = fixture.open()
        let quiz = quiz(database)
        let asked = try #require(quiz.currentTest).challenge
        #expect(quiz.submit("That  Is Right ") == .wrong)
        #expect(quiz.overrule())
        quiz.keepOwnAnswer()
        quiz.keepOwnAnswer()  // asked once more (issue 37)
        #expect(quiz.feedback == .ownAnswerKept(asked, typed: "that is right"))
        let kept = try database.ownAnswers(learner: fixture.learner)
        #expect(kept.map(\.answer) == ["that is right"])
        // Kept again from another spelling the judge reads the same: still one row.
        try database.keepOwnAnswer(OwnAnswer(deck: fixture.deck.title, word: asked.question, direction: .japaneseToEnglish,
                                             answer: OwnAnswers.kept("That is right!", direction: .japaneseToEnglish)),
                                   learner: fixture.learner, now: clock.now)
        #expect(try database.ownAnswers(learner: fixture.learner).count == 1)
        #expect(try database.removeOwnAnswers(word: asked.question, answer: "that is right.", learner: fixture.learner, now: clock.now).count == 1)
        #expect(try database.ownAnswers(learner: fixture.learner).isEmpty)
    }

    @Test("an answer kept before normalising (verbatim) is still accepted and removed by the judge's rule")
    func verbatimRowsStillMatch() throws {
        let database = fixture.open()
        try database.keepOwnAnswer(OwnAnswer(deck: "D", word: "はい", direction: .japaneseToEnglish, answer: "That  Is Right "),
                                   learner: fixture.learner, now: clock.now)
        #expect(OwnAnswers.accepts("that's right", kept: "That  Is Right ", direction: .japaneseToEnglish) == false)
        #expect(OwnAnswers.accepts("THAT is right.", kept: "That  Is Right ", direction: .japaneseToEnglish))
        #expect(try database.removeOwnAnswers(word: "はい", answer: "that is right.", learner: fixture.learner, now: clock.now).count == 1)
    }

    @Test("kōkō kept: koukou, こうこう, kookoo, コーコー and kōkō are accepted; shown as こうこう")
    func macronKeptAcceptsEitherSpelling() throws {
        let database = fixture.open()
        let deck = try kanaDeck()
        let first = quiz(database, deck: deck, direction: .englishToJapanese)
        let asked = try #require(first.currentTest).challenge
        // What the answer field submits for kōkō (TypedAnswer.submission): the macron as ー.
        let field = TypedAnswer(mode: .japanese)
        field.insert("kōkō")
        #expect(field.display == "こうこう", "the field shows the macron as う")
        #expect(first.submit(field.submission) == .wrong)
        #expect(first.overrule())
        guard case let .overruled(_, offered, direction)? = first.feedback else { Issue.record("no offer"); return }
        #expect(OwnAnswers.shown(offered, direction: direction) == "こうこう", "the offer shows the kana the field showed")
        first.keepOwnAnswer()
        first.keepOwnAnswer()  // asked once more (issue 37)
        #expect(first.feedback == .ownAnswerKept(asked, typed: "こうこう"))
        let kept = try database.ownAnswers(learner: fixture.learner)
        #expect(kept.map(\.answer) == ["こーこー"], "kept as the judge compares it")
        for typed in ["koukou", "こうこう", "kookoo", "こおこお", "コーコー", "コウコウ", "こーこー", "kōkō", " koukou "] {
            #expect(OwnAnswers.accepts(typed, kept: kept[0].answer, direction: .englishToJapanese), "\(typed)")
        }
        for typed in ["koko", "kouko", "kakou", "こうこうこう"] {
            #expect(!OwnAnswers.accepts(typed, kept: kept[0].answer, direction: .englishToJapanese), "\(typed)")
        }
        // The next session's quiz, from the store: こうこう is right for the word.
        let next = quiz(database, deck: deck, direction: .englishToJapanese)
        next.ownAnswers = OwnAnswers.byCard(try database.ownAnswers(learner: fixture.learner, deck: deck.title))
        let own = next.ownAnswers[OwnAnswers.key(word: asked.question, direction: .englishToJapanese)] ?? []
        #expect(own.contains { OwnAnswers.accepts("こうこう", kept: $0, direction: .englishToJapanese) })
        #expect(try database.removeOwnAnswers(word: asked.question, answer: "koukou", learner: fixture.learner, now: clock.now).count == 1)
    }

    @Test("long vowels spelt out when kept stay spelt: koukou kept refuses kookoo, accepts kōkō; ん typed either way")
    func spelledOutStaysSpelled() {
        let kept = OwnAnswers.kept("koukou", direction: .reading)
        #expect(kept == "こうこう")
        #expect(OwnAnswers.accepts("kōkō", kept: kept, direction: .reading))
        #expect(!OwnAnswers.accepts("kookoo", kept: kept, direction: .reading), "ou for おお is a spelling mistake, as the judge says")
        let nasal = OwnAnswers.kept("kin'youbi", direction: .reading)
        #expect(OwnAnswers.accepts("kinnyoubi", kept: nasal, direction: .reading))
        #expect(OwnAnswers.accepts("きにょうび", kept: nasal, direction: .reading))
        #expect(OwnAnswers.kept("ガッコウ", direction: .englishToJapanese) == "がっこう", "katakana folded: one entry")
        #expect(OwnAnswers.accepts("学校", kept: OwnAnswers.kept("学校", direction: .englishToJapanese), direction: .englishToJapanese))
    }

    @Test("F4 right after F5 + y takes back the grade and the keep; the answer is a miss again")
    func undoTakesBackTheKeep() throws {
        let database = fixture.open()
        let quiz = quiz(database)
        let asked = try #require(quiz.currentTest).challenge
        #expect(quiz.submit("my own words") == .wrong)
        #expect(quiz.overrule())
        quiz.keepOwnAnswer()
        quiz.keepOwnAnswer()  // asked once more (issue 37)
        #expect(try database.ownAnswers(learner: fixture.learner).count == 1)
        #expect(quiz.undoLastAnswer())
        #expect(try database.ownAnswers(learner: fixture.learner).isEmpty, "the keep is undone with the grade")
        #expect(try count(database, "SELECT COUNT(*) FROM own_answer WHERE kept = 0") == 1, "the removal travels through sync")
        #expect(try count(database, "SELECT COUNT(*) FROM review") == 0)
        #expect(quiz.currentTest?.challenge == asked)
        #expect(quiz.submit("my own words") == .wrong, "no longer accepted")
    }

    @Test("a keep is not undone by the undo of a later answer")
    func laterUndoLeavesTheKeep() throws {
        let database = fixture.open()
        let quiz = quiz(database)
        #expect(quiz.submit("my own words") == .wrong)
        #expect(quiz.overrule())
        quiz.keepOwnAnswer()
        quiz.keepOwnAnswer()  // asked once more (issue 37)
        quiz.goOn()
        let next = try #require(quiz.currentTest).challenge
        #expect(quiz.submit(next.answer) == .correct)
        #expect(quiz.undoLastAnswer())
        #expect(try database.ownAnswers(learner: fixture.learner).map(\.answer) == ["my own words"])
    }

    @Test("the same answer kept in two decks: removal everywhere, or narrowed to one deck")
    func removalByDeck() throws {
        let database = fixture.open()
        for deck in ["Kuchi", "Probe deck"] {
            try database.keepOwnAnswer(OwnAnswer(deck: deck, word: "はい", direction: .japaneseToEnglish, answer: "that is right"),
                                       learner: fixture.learner, now: clock.now)
        }
        let removed = try database.removeOwnAnswers(word: "はい", answer: "That is right", deck: "Probe deck", learner: fixture.learner, now: clock.now)
        #expect(removed.map(\.deck) == ["Probe deck"])
        #expect(try database.ownAnswers(learner: fixture.learner).map(\.deck) == ["Kuchi"])
    }
}
