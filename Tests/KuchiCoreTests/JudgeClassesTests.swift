import Foundation
import Testing
@testable import KuchiCore
@testable import KuchiDeck
@testable import KuchiRecall

/// JudgeClassesTests: issue 28's classes, each checked over the whole bundled deck in every
/// direction it applies to — not a few examples, every entry the class can touch.
@MainActor
@Suite("The judge over the whole deck: partners, readings, written forms, English words")
struct JudgeClassesTests {
    let deck: Deck
    let judge: RecallJudge
    let byQuestion: [String: Challenge]

    init() throws {
        (deck, judge, byQuestion) = try BundledJudge.make()
    }

    /// verdict: what the quiz would say to `typed` (through the answer field, as typed).
    func verdict(_ typed: String, _ challenge: Challenge, _ direction: StudyDirection, own: [String] = []) -> RecallVerdict {
        let field = TypedAnswer(mode: TypedAnswer.Mode(direction: direction))
        field.insert(typed)
        return judge.judge(field.submission, for: challenge, direction: direction, also: challenge.also, own: own)
    }

    @Test("class 1 and 6: a contrast partner typed is graded wrong with the contrast, in every direction")
    func contrastPartners() throws {
        var checked = 0
        for challenge in deck.challenges {
            for name in challenge.contrast {
                let partner = try #require(byQuestion[name], "\(challenge.question) names \(name)")
                #expect(partner.contrast.contains(challenge.question), "\(name) names \(challenge.question) back")
                let expected = RecallVerdict.contrast(question: partner.question, meaning: partner.answer)
                // Japanese → English: the partner's meaning as shown (unless the two share it).
                let english = verdict(partner.answer, challenge, .japaneseToEnglish)
                #expect(english == expected || english.isAccepted, "jp-en \(challenge.question) “\(partner.answer)” → \(english)")
                #expect(english.isGraded)
                // English → Japanese and reading: the partner's reading (unless read the same: 暑い/熱い).
                var directions: [StudyDirection] = [.englishToJapanese]
                if Script.containsKanji(challenge.question) { directions.append(.reading) }
                for direction in directions {
                    // Two partners read alike (遅い: 早い and 速い, both はやい) name the first.
                    let kana = verdict(partner.reading ?? partner.question, challenge, direction)
                    let named = if case .contrast(let question, _) = kana { challenge.contrast.contains(question) } else { false }
                    #expect(kana == expected || named || kana.isAccepted, "\(direction.rawValue) \(challenge.question) \(partner.question) → \(kana)")
                    #expect(kana.isGraded)
                }
                checked += 1
            }
        }
        #expect(checked > 100, "the deck's contrasts were checked (\(checked))")
    }

    @Test("class 1: the examples the teacher gave", arguments: [
        ("開く", "akeru", "開ける"), ("閉まる", "shimeru", "閉める"), ("並ぶ", "naraberu", "並べる"), ("着る", "haku", "はく"),
        ("着る", "kaburu", "かぶる"), ("貸す", "kariru", "借りる"), ("妹", "otouto", "弟"),
    ])
    func teacherPartners(question: String, typed: String, partner: String) throws {
        let challenge = try #require(byQuestion[question])
        guard case .contrast(let named, _) = verdict(typed, challenge, .englishToJapanese) else {
            Issue.record("\(question) “\(typed)” is not a contrast")
            return
        }
        #expect(named == partner)
    }

    @Test("class 6: minimal pairs are graded in Japanese → English", arguments: [
        ("貸す", "to borrow"), ("妹", "younger brother"), ("熱い", "hot (weather)"), ("右", "left"), ("兄", "younger brother"),
    ])
    func minimalPairs(question: String, typed: String) throws {
        let result = verdict(typed, try #require(byQuestion[question]), .japaneseToEnglish)
        guard case .contrast = result else {
            Issue.record("\(question) “\(typed)” → \(result)")
            return
        }
        #expect(result.isGraded && !result.isAccepted)
    }

    @Test("class 4: every other reading of a written form is an ungraded notice showing the meaning meant")
    func otherReadings() throws {
        var checked = 0
        for challenge in deck.challenges where Script.containsKanji(challenge.question) {
            for item in challenge.homographs {
                let (reading, meaning) = try #require(Challenge.homograph(item))
                // ぢ and じ sound alike: 中 ぢゅう names the じゅう listed first.
                let result = verdict(reading, challenge, .reading)
                let alike = if case .otherReading = result { true } else { false }
                #expect(result == .otherReading(reading: reading, meaning: meaning) || alike || result.isAccepted,
                        "\(challenge.question) \(reading) → \(result)")
                #expect(!result.isGraded || result.isAccepted)
                checked += 1
            }
        }
        #expect(checked > 100, "the deck's other readings were checked (\(checked))")
        let 辛い = try #require(byQuestion["辛い"])
        #expect(verdict("tsurai", 辛い, .reading) == .otherReading(reading: "つらい", meaning: "painful"))
        #expect(verdict("tsurai", 辛い, .englishToJapanese) == .wrong, "in English → Japanese it is another word")
    }

    @Test("class 3: readings as typed — a macron and the reading's own spelling are right, the other spelling wrong")
    func longVowels() throws {
        var checked = 0
        for challenge in deck.challenges {
            let reading = challenge.reading ?? challenge.question
            guard !challenge.pronunciation.contains(" "), challenge.pronunciation.contains("ō") else { continue }
            // The reading's spelling of each ō: おう or おお (katakana ー: oo).
            let hiragana = String(Kana.comparable(reading))
            guard hiragana.contains("おう") || hiragana.contains("うう") || hiragana.contains("おお") || hiragana.contains("ー") else { continue }
            let spelled = Self.spell(challenge.pronunciation, reading: Array(hiragana))
            guard let right = spelled.right, let wrong = spelled.wrong else { continue }
            var directions: [StudyDirection] = [.englishToJapanese]
            if Script.containsKanji(challenge.question) { directions.append(.reading) }
            for direction in directions {
                #expect(verdict(challenge.pronunciation, challenge, direction).isAccepted, "\(challenge.question) \(challenge.pronunciation)")
                #expect(verdict(right, challenge, direction).isAccepted, "\(challenge.question) \(right)")
                #expect(!verdict(wrong, challenge, direction).isAccepted, "\(challenge.question) \(wrong) is a misspelling")
            }
            checked += 1
        }
        #expect(checked >= 10, "words with ō were checked (\(checked))")
    }

    /// spell: `romaji` with each ō written as the reading spells it (right) and the other way
    /// (wrong): おう ou/oo, おお oo/ou, ー oo/ou; nil when the two cannot be lined up.
    static func spell(_ romaji: String, reading: [Character]) -> (right: String?, wrong: String?) {
        var composer = RomajiComposer()
        composer.insert(romaji)
        let marked = Array(composer.finished(markingMacrons: true))
        guard marked.count == reading.count else { return (nil, nil) }
        var right = ""
        var wrong = ""
        var index = 0
        for character in romaji {
            if character == "ō" {
                // The kana after the macron's vowel in the reading.
                guard let position = marked.indices.dropFirst(index).first(where: { marked[$0] == "ー" }) else { return (nil, nil) }
                index = position + 1
                let long = reading[position]
                right += long == "う" ? "ou" : "oo"
                wrong += long == "う" ? "oo" : "ou"
            } else {
                right.append(character)
                wrong.append(character)
            }
        }
        return (right, wrong)
    }

    @Test("class 7: no English word is taken as a misspelling of another meaning", .timeLimit(.minutes(10)))
    func englishWordsAreNotTypos() throws {
        let words = EnglishWords.shared
        try #require(!words.isEmpty, "the word list ships in the resource bundle")
        var checked = 0
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        for challenge in deck.challenges {
            let accepted = Set(EnglishMeaning.variants(of: [challenge.answer] + challenge.also).map(\.normalized))
            // Words of an accepted meaning ("closed" of "to be closed") and plurals are not other words.
            let acceptedWords = Set(accepted.flatMap { $0.split(separator: " ").map(String.init) })
            for meaning in accepted where !meaning.contains(" ") && meaning.count >= 4 && meaning.allSatisfy(\.isLetter) {
                let characters = Array(meaning)
                var near: Set<String> = []
                for position in 0...characters.count {
                    if position < characters.count {
                        var deleted = characters
                        deleted.remove(at: position)
                        near.insert(String(deleted))
                    }
                    for letter in letters {
                        var inserted = characters
                        inserted.insert(letter, at: position)
                        near.insert(String(inserted))
                        if position < characters.count {
                            var replaced = characters
                            replaced[position] = letter
                            near.insert(String(replaced))
                        }
                    }
                }
                for word in near where words.contains(word) && !accepted.contains(word) && !acceptedWords.contains(word)
                    && !accepted.contains(where: { EnglishJudge.isPluralForm(word, of: $0) }) && !EnglishMeaning.sameSpelling(word, meaning) {
                    let result = verdict(word, challenge, .japaneseToEnglish)
                    if case .almost = result { Issue.record("\(challenge.question) “\(word)” → \(result)") }
                    checked += 1
                }
            }
        }
        #expect(checked > 500, "English words near the deck's meanings were tried (\(checked))")
    }

    @Test("class 7: the teacher's cases", arguments: [
        ("速い", "last"), ("口", "month"), ("住む", "to love"), ("いただきます", "thank you"),
    ])
    func wrongEnglish(question: String, typed: String) throws {
        #expect(!verdict(typed, try #require(byQuestion[question]), .japaneseToEnglish).isAccepted)
    }

    @Test("class 7: \"really\" for 本当 is the textbook gloss, never \"almost reality\"")
    func reallyIsNotReality() throws {
        #expect(verdict("really", try #require(byQuestion["本当"]), .japaneseToEnglish) == .right)
    }

    @Test("class 7: a misspelling is still almost; a British spelling is the same word (issue 37: right as typed)")
    func misspellingsStillAlmost() {
        let words = EnglishWords(["color", "colour", "restaurant", "live", "love"])
        let judge = EnglishJudge(words: words)
        #expect(judge.judge("restaurnt", accepted: ["restaurant"], question: "店") == .almost(expected: "restaurant"))
        #expect(judge.judge("colour", accepted: ["color"], question: "色") == .exact)
        #expect(judge.judge("to love", accepted: ["to live (reside)"], question: "住む") == .wrong)
    }

    @Test("class 2: standard English for the entry's senses", arguments: [
        ("ない", "there isn't"), ("大好き", "love"), ("痛い", "it hurts"), ("下手", "bad at"), ("一番", "the most"),
        ("曇り", "cloudy"), ("晴れ", "sunny"), ("写真", "picture"), ("妹", "little sister"), ("歯", "teeth"),
        ("ひと月", "a month"), ("漢字", "kanji"), ("大丈夫", "fine"), ("夕飯", "dinner"), ("一番", "first"), ("元気", "well"),
    ])
    func standardEnglish(question: String, typed: String) throws {
        let result = verdict(typed, try #require(byQuestion[question]), .japaneseToEnglish)
        #expect(result.isAccepted, "\(question) “\(typed)” → \(result)")
    }

    @Test("class 8: every other written form is right in English → Japanese")
    func writtenForms() {
        var checked = 0
        for challenge in deck.challenges {
            for form in challenge.written {
                #expect(verdict(form, challenge, .englishToJapanese) == .right, "\(challenge.question) \(form)")
                checked += 1
            }
        }
        #expect(checked >= 6)
    }

    @Test("class 8: a word sharing the prompt's meaning, typed in one of its written forms, is never graded wrong")
    func synonymsWrittenOtherwise() throws {
        var checked = 0
        for challenge in deck.challenges {
            let shown = Set(EnglishMeaning.variants(of: [challenge.answer]).map(\.normalized))
            for other in deck.challenges where other.question != challenge.question && !challenge.contrast.contains(other.question) {
                guard !other.written.isEmpty,
                      !shown.isDisjoint(with: EnglishMeaning.variants(of: [other.answer] + other.also).map(\.normalized)) else { continue }
                for form in other.written {
                    let result = verdict(form, challenge, .englishToJapanese)
                    let isSynonym = if case .synonym = result { true } else { false }
                    #expect(result.isAccepted || isSynonym, "\(challenge.question) “\(challenge.answer)”: \(form) (\(other.question)) → \(result)")
                    checked += 1
                }
            }
        }
        #expect(checked >= 3, "synonyms with other written forms were checked (\(checked))")
        let jaa = try #require(byQuestion["じゃあ"])
        #expect(verdict("ja", jaa, .englishToJapanese) == .right, "じゃ is じゃあ said short")
    }

    @Test("class 8: ～時 and ～人", arguments: [
        ("四時", "yoji"), ("九時", "kuji"), ("七時", "shichiji"), ("何時", "nanji"), ("日本人", "nihonjin"), ("日本人", "nipponjin"),
        ("三人", "sannin"), ("何人", "nannin"), ("四人", "yonin"),
    ])
    func hoursAndPeople(question: String, typed: String) throws {
        let challenge = try #require(byQuestion[question])
        #expect(verdict(typed, challenge, .englishToJapanese) == .right)
        #expect(verdict(typed, challenge, .reading) == .right)
    }

    @Test("the learner's own answer is accepted in each direction")
    func ownAnswers() throws {
        let 元気 = try #require(byQuestion["元気"])
        #expect(!verdict("peppy", 元気, .japaneseToEnglish).isAccepted)
        #expect(verdict("peppy", 元気, .japaneseToEnglish, own: ["peppy"]) == .right)
        #expect(verdict("Peppy!", 元気, .japaneseToEnglish, own: ["peppy"]) == .right)
        let 辛い = try #require(byQuestion["辛い"])
        #expect(verdict("tsurai", 辛い, .reading, own: ["つらい"]) == .right)
    }
}
