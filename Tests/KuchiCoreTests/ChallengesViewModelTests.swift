import Foundation
import Testing
@testable import KuchiCore
@testable import KuchiDeck

@MainActor
@Suite("Challenges view model")
struct ChallengesViewModelTests {
    let deck: Deck
    /// categorised: Food ×4, Nature ×3, Rare ×2 and three uncategorised words.
    let categorised: Deck
    let categoryOfAnswer: [String: String]

    init() throws {
        deck = try makeDeck(DeckJSON.words(12))
        categorised = try makeDeck(DeckJSON.words(4, prefix: "food", category: "Food")
            + DeckJSON.words(3, prefix: "nature", category: "Nature")
            + DeckJSON.words(2, prefix: "rare", category: "Rare")
            + DeckJSON.words(3, prefix: "plain"))
        categoryOfAnswer = Dictionary(uniqueKeysWithValues: categorised.challenges.map { ($0.answer, $0.category ?? "-") })
    }

    @Test("every test has three distinct choices, the right answer among them")
    func threeDistinctChoices() {
        for seed in UInt64(0)..<30 {
            for test in play(seededQuiz(categorised, questions: 12, seed: seed)) {
                #expect(test.answers.count == ChallengesViewModel.choicesPerTest)
                #expect(Set(test.answers.map { $0.lowercased() }).count == test.answers.count)
                #expect(test.correctIndex.map { test.answers[$0] } == test.challenge.answer)
                #expect(test.answers.allSatisfy { categoryOfAnswer[$0] != nil }, "choices come from the deck")
            }
        }
    }

    @Test("distractors come from the word's category when it has at least three words")
    func sameCategoryDistractors() {
        var checked = 0
        for seed in UInt64(0)..<30 {
            for test in play(seededQuiz(categorised, questions: 12, seed: seed)) {
                guard let category = test.challenge.category, category != "Rare" else { continue }
                #expect(wrongChoices(of: test).allSatisfy { categoryOfAnswer[$0] == category }, "\(test)")
                checked += 1
            }
        }
        #expect(checked == 30 * 7)
    }

    @Test("distractors come from the whole deck for small categories and uncategorised words")
    func wholeDeckDistractors() {
        var rareDistractorCategories: Set<String> = []
        var plainDistractorCategories: Set<String> = []
        for seed in UInt64(0)..<40 {
            for test in play(seededQuiz(categorised, questions: 12, seed: seed)) {
                let categories = wrongChoices(of: test).compactMap { categoryOfAnswer[$0] }
                switch test.challenge.category {
                case "Rare": rareDistractorCategories.formUnion(categories)
                case nil: plainDistractorCategories.formUnion(categories)
                default: break
                }
            }
        }
        #expect(rareDistractorCategories.isSuperset(of: ["Food", "Nature", "-"]))
        #expect(plainDistractorCategories.isSuperset(of: ["Food", "Nature", "Rare"]))
    }

    @Test("the right answer's position varies with the seed")
    func shuffledPosition() {
        let positions = Set((UInt64(0)..<30).compactMap { seededQuiz(deck, questions: 6, seed: $0).currentTest?.correctIndex })
        #expect(positions == [0, 1, 2])
    }

    @Test("a wrong answer keeps the word, records the miss and says so")
    func wrongAnswer() throws {
        let quiz = seededQuiz(deck, questions: 6, seed: 1)
        let test = try #require(quiz.currentTest)
        let wrong = try #require(wrongChoices(of: test).first)
        #expect(quiz.check(wrong) == .wrong)
        #expect(quiz.currentTest == test)
        #expect(quiz.score.wrong == 1)
        #expect(quiz.score.correct == 0)
        #expect(quiz.numberOfAnswered == 0)
        #expect(quiz.triedAnswers == [wrong])
        #expect(quiz.feedback == .wrong(wrong))
    }

    @Test("the same wrong answer again is already tried and changes nothing")
    func alreadyTried() throws {
        let quiz = seededQuiz(deck, questions: 6, seed: 2)
        let test = try #require(quiz.currentTest)
        let wrongs = wrongChoices(of: test)
        quiz.check(wrongs[0])
        quiz.check(wrongs[1])
        #expect(quiz.check(wrongs[0]) == .alreadyTried)
        #expect(quiz.score.wrong == 2)
        #expect(quiz.feedback == .wrong(wrongs[1]))
        #expect(quiz.triedAnswers == Set(wrongs))
        quiz.dismissFeedback()
        #expect(quiz.check(wrongs[1]) == .alreadyTried)
        #expect(quiz.feedback == nil)
        #expect(quiz.score.wrong == 2)
        #expect(quiz.currentTest == test)
    }

    @Test("an answer that is not among the choices is not a choice")
    func notAChoice() throws {
        let quiz = seededQuiz(deck, questions: 6, seed: 3)
        let test = try #require(quiz.currentTest)
        let otherDeckAnswer = try #require(deck.challenges.map(\.answer).first { !test.answers.contains($0) })
        for answer in [otherDeckAnswer, "", test.challenge.answer.uppercased(), " \(test.challenge.answer)"] {
            #expect(quiz.check(answer) == .notAChoice, "\(answer)")
        }
        #expect(quiz.currentTest == test)
        #expect(quiz.score.correct == 0 && quiz.score.wrong == 0)
        #expect(quiz.feedback == nil)
        #expect(quiz.triedAnswers.isEmpty)
    }

    @Test("a right answer moves on to a new word and congratulates on the previous one")
    func rightAnswer() throws {
        let quiz = seededQuiz(deck, questions: 6, seed: 4)
        var answered: [Challenge] = []
        for step in 1...5 {
            let test = try #require(quiz.currentTest)
            quiz.check(wrongChoices(of: test)[0])
            #expect(quiz.check(test.challenge.answer) == .correct)
            answered.append(test.challenge)
            let next = try #require(quiz.currentTest)
            #expect(!answered.contains(next.challenge))
            #expect(quiz.feedback == .correct(test.challenge))
            #expect(quiz.numberOfAnswered == step)
            #expect(quiz.score.correct == step)
            #expect(quiz.triedAnswers.isEmpty)
        }
    }

    @Test("the session ends after the number of questions answered right", arguments: [3, 4, 7])
    func sessionEnds(questions: Int) throws {
        let quiz = seededQuiz(deck, questions: questions, seed: 5)
        let shown = play(quiz, wrongFirst: true)
        #expect(shown.count == questions)
        #expect(quiz.currentTest == nil)
        #expect(quiz.isComplete)
        #expect(quiz.numberOfAnswered == questions)
        #expect(quiz.score.correct == questions)
        #expect(quiz.score.wrong == questions * 2)
        #expect(quiz.check(deck.challenges[0].answer) == .notAChoice)
        #expect(quiz.score.correct == questions)
    }

    @Test("no word repeats within a session")
    func noRepeats() {
        for seed in UInt64(0)..<20 {
            let questions = play(seededQuiz(deck, questions: 12, seed: seed), wrongFirst: seed.isMultiple(of: 2)).map(\.challenge.question)
            #expect(questions.count == 12)
            #expect(Set(questions).count == 12)
        }
    }

    @Test("more questions than words is capped to the deck size")
    func cappedToDeck() {
        let quiz = seededQuiz(deck, questions: 50, seed: 6)
        #expect(quiz.numberOfQuestions == 12)
        #expect(play(quiz).count == 12)
        #expect(quiz.isComplete)
        #expect(seededQuiz(deck, questions: 0, seed: 6).numberOfQuestions == 1)
    }

    @Test("restart resets the score, feedback, toggles and picks a word")
    func restartMidSession() throws {
        let quiz = seededQuiz(deck, questions: 6, seed: 7)
        quiz.check(try #require(quiz.currentTest).challenge.answer)
        let test = try #require(quiz.currentTest)
        quiz.check(wrongChoices(of: test)[0])
        quiz.toggleHint()
        quiz.toggleChoices()
        quiz.restart()
        #expect(quiz.score.correct == 0 && quiz.score.wrong == 0 && quiz.score.streak == 0 && quiz.score.bestStreak == 0)
        #expect(quiz.numberOfAnswered == 0)
        #expect(quiz.feedback == nil)
        #expect(quiz.triedAnswers.isEmpty)
        #expect(quiz.hintVisible == false)
        #expect(quiz.choicesVisible)
        #expect(quiz.currentTest != nil)
        #expect(quiz.numberOfQuestions == 6)
        #expect(play(quiz).count == 6)
    }

    @Test("play again after a finished session offers every word again")
    func restartAfterFinish() {
        let quiz = seededQuiz(deck, questions: 12, seed: 8)
        play(quiz)
        #expect(quiz.currentTest == nil)
        quiz.restart()
        #expect(quiz.currentTest != nil)
        #expect(!quiz.isComplete)
        #expect(Set(play(quiz).map(\.challenge)).count == 12)
    }

    @Test("restart with a question count applies it, capped to the deck")
    func restartWithCount() {
        let quiz = seededQuiz(deck, questions: 3, seed: 9)
        quiz.restart(numberOfQuestions: 5)
        #expect(quiz.numberOfQuestions == 5)
        #expect(play(quiz).count == 5)
        quiz.restart()
        #expect(quiz.numberOfQuestions == 5)
        quiz.restart(numberOfQuestions: 40)
        #expect(quiz.numberOfQuestions == 12)
    }

    @Test("the same seed replays the same words and choices; another seed does not")
    func seedReplays() {
        let first = play(seededQuiz(deck, questions: 12, seed: 42), wrongFirst: true)
        let again = play(seededQuiz(deck, questions: 12, seed: 42), wrongFirst: true)
        let other = play(seededQuiz(deck, questions: 12, seed: 43), wrongFirst: true)
        #expect(first == again)
        #expect(first != other)
    }

    @Test("the hint stays up for a wrong answer and hides on the next word")
    func hintHidesOnNextWord() throws {
        let quiz = seededQuiz(deck, questions: 6, seed: 10)
        #expect(quiz.hintVisible == false)
        quiz.toggleHint()
        #expect(quiz.hintVisible)
        let test = try #require(quiz.currentTest)
        quiz.check(wrongChoices(of: test)[0])
        #expect(quiz.hintVisible)
        quiz.check(test.challenge.answer)
        #expect(quiz.hintVisible == false)
    }

    @Test("toggles flip and flip back")
    func toggles() {
        let quiz = seededQuiz(deck, questions: 6, seed: 11)
        #expect(quiz.choicesVisible)
        quiz.toggleChoices()
        #expect(quiz.choicesVisible == false)
        quiz.toggleChoices()
        #expect(quiz.choicesVisible)
        quiz.toggleHint()
        quiz.toggleHint()
        #expect(quiz.hintVisible == false)
    }

    @Test("dismissing feedback clears it")
    func dismissFeedback() throws {
        let quiz = seededQuiz(deck, questions: 6, seed: 12)
        quiz.check(wrongChoices(of: try #require(quiz.currentTest))[0])
        #expect(quiz.feedback != nil)
        quiz.dismissFeedback()
        #expect(quiz.feedback == nil)
    }
}
