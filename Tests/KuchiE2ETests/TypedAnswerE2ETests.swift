import Foundation
import Testing

/// Typed answers in the real app, in every direction: the tests read the word on screen, look
/// it up in the bundled deck and type its answer — Japanese answers in Kunrei romaji (tu, si,
/// ti, hu, zi, sya…), so every Japanese answer also checks the converter's Kunrei spellings.
@Suite(.requiresTmux)
struct TypedAnswerE2ETests {
    /// launch: the app with `--direction` and `--answer type`, registered and on its first word.
    func launch(_ direction: String) throws -> KuchiApp {
        let app = try KuchiApp(["--direction", direction, "--answer", "type", "--teach", "off"], columns: 100, rows: 30)
        try app.register(name: "さくら")
        try app.session.sendKeys("Enter")
        try app.session.waitForText("Your answer")
        return app
    }

    /// shownWord: the deck entry whose word (jp-en, reading) or meaning (en-jp) the question
    /// pane shows: a row segment between box edges that is exactly it.
    func shownWord(_ app: KuchiApp, meaning: Bool) throws -> BundledDeck.Entry {
        var found: BundledDeck.Entry?
        try app.session.waitFor("a word to answer") { screen in
            if meaning {
                let segments = Set(screen.flatMap { $0.split(separator: "│").map { $0.trimmingCharacters(in: .whitespaces) } })
                found = BundledDeck.shared.entries.first { segments.contains($0.answer) }
            } else {
                found = BundledDeck.shared.words(on: screen).first
            }
            return found != nil
        }
        return try #require(found)
    }

    /// goOn: a right answer's verdict waits for a key (issue 29): Enter, then the next word.
    func goOn(_ app: KuchiApp) throws {
        try app.session.waitForText("─ Right · ")
        try app.session.sendKeys("Enter")
        try app.session.waitFor("the next word after the verdict") { screen in !screen.contains { $0.contains("─ Right · ") } }
    }

    /// submit: types `text`, presses Enter and waits for `expected` on screen.
    func submit(_ app: KuchiApp, _ text: String, expecting expected: String) throws {
        try app.session.type(text)
        try app.session.sendKeys("Enter")
        try app.session.waitFor("“\(expected)” after typing \(text)") { joinedScreen($0).contains(expected) }
    }

    @Test func japaneseToEnglishWithANearMissAndOneAnswerDrawPerKeystroke() throws {
        let app = try launch("jp-en")
        var word = try shownWord(app, meaning: false)
        // One keystroke, one draw: the answer pane and nothing else.
        var typed = ""
        for letter in ["q", "h", "1"] {
            let mark = try app.log.mark()
            typed += letter
            try app.session.type(letter)
            try app.session.waitForText("› \(typed)")
            #expect(try app.log.draws(since: mark) == ["answer"], "typing \(letter): q, h and digits are letters in the field")
        }
        let mark = try app.log.mark()
        try app.session.sendKeys("C-u")
        try app.session.waitFor("an empty field") { screen in !screen.contains { $0.contains("› qh1") } }
        #expect(try app.log.draws(since: mark) == ["answer"], "Ctrl-U")
        var answered = 0
        // A near miss (one letter dropped) on the first meaning long enough for the tolerance.
        while word.answer.count < 6 || word.answer.contains(where: { !$0.isLetter }) {
            answered += 1
            try submit(app, word.answer, expecting: "Answered \(answered)/")
            try goOn(app)
            word = try shownWord(app, meaning: false)
        }
        var nearMiss = word.answer
        nearMiss.remove(at: nearMiss.index(nearMiss.startIndex, offsetBy: 3))
        try submit(app, nearMiss, expecting: "Almost — \(word.answer)")
        #expect(try app.session.waitForText("Answered \(answered + 1)/").isEmpty == false)
    }

    @Test func englishToJapaneseInKunreiRomajiIsSavedAsAnEnJpCard() throws {
        let app = try launch("en-jp")
        let word = try shownWord(app, meaning: true)
        let kana = word.reading ?? word.question
        try submit(app, KunreiRomaji.spelling(of: kana), expecting: "Answered 1/")
        let verdict = try app.session.capture()
        #expect(joinedScreen(verdict).contains("Congratulations!"))
        #expect(BundledDeck.shared.words(on: verdict).contains(word), "the verdict names the word answered")
        try app.session.sendKeys("Escape")
        try app.session.waitForText("Hi, さくら")
        try app.session.sendKeys("C-c")
        _ = try app.session.waitForExit()
        let export = try runKuchi(["export", "cards"], environment: [
            "XDG_CONFIG_HOME": app.directory.file("config").path, "XDG_DATA_HOME": app.directory.file("data").path,
        ])
        let rows = export.standardOutput.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        let answered = rows.filter { $0.count > 12 && $0[2] == word.question && $0[12] == "1" }
        #expect(answered.map { String($0[5]) } == ["en-jp"], "\(export.standardOutput.prefix(400))")
    }

    @Test func readingMissRetryAndIDontKnow() throws {
        let app = try launch("reading")
        let word = try shownWord(app, meaning: false)
        #expect(word.reading != nil, "reading practice asks words written with kanji")
        #expect(try app.session.waitForText("type its reading").isEmpty == false)
        try submit(app, "mamama", expecting: "Not “ままま”")
        #expect(joinedScreen(try app.session.capture()).contains(word.reading ?? "?"), "the miss shows the reading")
        try submit(app, KunreiRomaji.spelling(of: word.reading ?? ""), expecting: "Answered 1/")
        #expect(joinedScreen(try app.session.capture()).contains("Wrong 1"), "the retry is not counted again")
        try goOn(app)
        let next = try shownWord(app, meaning: false)
        try app.session.sendKeys("Tab")
        try app.session.waitForText("The answer:")
        #expect(joinedScreen(try app.session.capture()).contains(next.reading ?? "?"))
        try submit(app, KunreiRomaji.spelling(of: next.reading ?? ""), expecting: "Answered 2/")
        #expect(joinedScreen(try app.session.capture()).contains("Wrong 2"))
    }

    @Test func mixedDirectionsAndChoosingStillWork() throws {
        let app = try KuchiApp(["--direction", "mixed", "--answer", "choose"], columns: 100, rows: 30)
        try app.register(name: "さくら")
        try app.session.sendKeys("Enter")
        try app.session.waitForText("Answered 0/")
        // The New word card (a first word) takes the choices' room; its question shows them.
        try app.waitForChallenge("the first question with its choices") { $0.joined.contains("Choices") }
        let usage = try runKuchi(["--direction", "sideways"])
        #expect(usage.status == 2 && usage.standardError.contains("sideways"))
    }
}

/// KunreiRomaji: kana spelled in Kunrei-shiki romaji, as a learner trained on it would type.
enum KunreiRomaji {
    /// syllables: each hiragana's Kunrei spelling (ん as n', safe before any letter).
    static let syllables: [Character: String] = [
        "あ": "a", "い": "i", "う": "u", "え": "e", "お": "o", "か": "ka", "き": "ki", "く": "ku", "け": "ke", "こ": "ko",
        "が": "ga", "ぎ": "gi", "ぐ": "gu", "げ": "ge", "ご": "go", "さ": "sa", "し": "si", "す": "su", "せ": "se", "そ": "so",
        "ざ": "za", "じ": "zi", "ず": "zu", "ぜ": "ze", "ぞ": "zo", "た": "ta", "ち": "ti", "つ": "tu", "て": "te", "と": "to",
        "だ": "da", "ぢ": "di", "づ": "du", "で": "de", "ど": "do", "な": "na", "に": "ni", "ぬ": "nu", "ね": "ne", "の": "no",
        "は": "ha", "ひ": "hi", "ふ": "hu", "へ": "he", "ほ": "ho", "ば": "ba", "び": "bi", "ぶ": "bu", "べ": "be", "ぼ": "bo",
        "ぱ": "pa", "ぴ": "pi", "ぷ": "pu", "ぺ": "pe", "ぽ": "po", "ま": "ma", "み": "mi", "む": "mu", "め": "me", "も": "mo",
        "や": "ya", "ゆ": "yu", "よ": "yo", "ら": "ra", "り": "ri", "る": "ru", "れ": "re", "ろ": "ro", "わ": "wa", "を": "wo",
        "ん": "n'", "ぁ": "xa", "ぃ": "xi", "ぅ": "xu", "ぇ": "xe", "ぉ": "xo", "ゔ": "vu", "ー": "-",
    ]

    /// spelling: the romaji for `kana` (katakana read as hiragana; ゃゅょ join the syllable
    /// before, っ doubles the next consonant); characters outside the table are typed as they are.
    static func spelling(of kana: String) -> String {
        let hiragana = kana.unicodeScalars.map { scalar -> Character in
            (0x30A1...0x30F6).contains(scalar.value) ? Character(Unicode.Scalar(scalar.value - 0x60) ?? scalar) : Character(scalar)
        }
        var parts: [String] = []
        var doubleNext = false
        for character in hiragana {
            if character == "っ" { doubleNext = true; continue }
            var part: String
            if let small = ["ゃ": "ya", "ゅ": "yu", "ょ": "yo"][character], let last = parts.last, last.hasSuffix("i") {
                parts.removeLast()
                part = String(last.dropLast()) + small  // kya, sya, tya, zya…
            } else {
                part = syllables[character] ?? String(character)
            }
            if doubleNext, let first = part.first, first.isLetter, !"aeiou".contains(first) { part = String(first) + part }
            else if doubleNext { parts.append("xtu") }
            doubleNext = false
            parts.append(part)
        }
        if doubleNext { parts.append("xtu") }
        return parts.joined()
    }
}
