/// AcceptedReadings: every kana spelling a typed Japanese answer may match for one word.
///
/// A learner types what they hear and what the hint shows, so beside each listed reading the
/// judge accepts:
/// - the romaji the hint shows, turned into kana by the same composer (the deck's romaji says
///   how particles sound: こんにちは *konnichiwa*, それでは *sore dewa*; and whatever the
///   importer's `Hepburn` writes, ティ as *ti*, is then accepted as typed);
/// - ん before a vowel or y however it is typed: *kin'yōbi* (ん + よ), *kinnyoubi* (a Japanese
///   keyboard's nn), and before y the plain *kinyoubi* (apostrophe left out); before a vowel
///   the apostrophe stays needed, since *kani* (かに) is another word than *kan'i* (かんい);
/// - ぢ/づ as じ/ず and を as お only where the romaji the hint shows says so (a particle:
///   *ki o tsukeru*); elsewhere the kana are the spelling, and a slip that changes the word is
///   a miss (*wokane* is をかね, not おかね; *chidzu* is ちづ, not ちず — issue 37).
/// Readings of a word are few and short, so the variants are listed rather than matched lazily.
package struct AcceptedReadings {
    /// spellings: the accepted spellings, each folded (`folded(_:)`).
    package let spellings: [[Character]]

    /// init: the spellings for a word written `question`, read `reading` (nil for a kana word)
    /// or any of `readings`, whose romaji is `pronunciation`.
    package init(question: String, reading: String?, readings: [String], pronunciation: String?) {
        var result: [[Character]] = []
        /// add: one spelling, once.
        func add(_ spelling: [Character]) {
            if !spelling.isEmpty && !result.contains(spelling) { result.append(spelling) }
        }
        let listed = ([reading ?? question] + readings).map(Self.folded)
        for kana in listed {
            for variant in Self.nasalVariants(kana) { add(variant) }
        }
        if let pronunciation, let spoken = Self.spoken(pronunciation, readings: listed) {
            for variant in Self.nasalVariants(spoken) { add(variant) }
        }
        spellings = result
    }

    /// folded: `Kana.comparable`: hiragana, the kana as typed (ぢ, づ and を stay themselves).
    package static func folded(_ text: String) -> [Character] {
        Kana.comparable(text)
    }

    /// soundFolded: `folded` with the kana that sound alike made one (ぢ → じ, づ → ず, を → お):
    /// the key of what a listener hears, never of what a learner spells.
    package static func soundFolded(_ text: String) -> [Character] {
        Kana.comparable(text).map { soundAlike[$0] ?? $0 }
    }

    /// spoken: the romaji of the hint turned into kana as the answer field turns it, or nil when
    /// some of it is not romaji (then it says nothing a learner could type). Each macron becomes
    /// the kana the reading spells that long vowel with (*gakkō* → がっこう, *ōkii* → おおきい),
    /// never a ー that would match any spelling: *gakkoo* and *oukii* are spelling mistakes.
    package static func spoken(_ pronunciation: String, readings: [[Character]] = []) -> [Character]? {
        var composer = RomajiComposer()
        composer.insert(pronunciation)
        let marked = folded(composer.finished(markingMacrons: true))
        guard !marked.contains(where: { $0.isASCII }) else { return nil }
        guard marked.contains(Kana.longVowelMark) else { return marked }
        for reading in readings where reading.count == marked.count {
            var resolved = marked
            var aligned = true
            for index in marked.indices where marked[index] == Kana.longVowelMark && reading[index] != Kana.longVowelMark {
                guard index > 0, let vowel = Kana.vowel(of: marked[index - 1]), Kana.lengthens(reading[index], vowel: vowel) else {
                    aligned = false
                    break
                }
                resolved[index] = reading[index]
            }
            if aligned { return resolved }
        }
        // No reading lines up (ティ typed *ti*): the macron as the field shows it (ō → おう).
        return folded(composer.finished())
    }

    /// nasalVariants: `kana` with each ん before a vowel or や/ゆ/よ also spelt as typed by those
    /// who write nn (ん + な-row: きんにょうび) and, before や/ゆ/よ, by those who leave the
    /// apostrophe out (にゃ/にゅ/にょ alone: きにょうび). At most three such places are expanded.
    package static func nasalVariants(_ kana: [Character]) -> [[Character]] {
        var variants: [[Character]] = [[]]
        var expanded = 0
        var index = 0
        while index < kana.count {
            let character = kana[index]
            if character == "ん", index + 1 < kana.count, let row = naRow[kana[index + 1]], expanded < 3 {
                expanded += 1
                let next = kana[index + 1]
                // Without the apostrophe, ん + vowel would be another word (かんい kan'i, かに kani);
                // ん + y is not (きにょうび is no word), so only that one is read kindly.
                var endings: [[Character]] = [["ん", next], ["ん"] + row]
                if row.count == 2 { endings.append(row) }
                var longer: [[Character]] = []
                for prefix in variants {
                    for ending in endings { longer.append(prefix + ending) }
                }
                variants = longer
                index += 2
                continue
            }
            for position in variants.indices { variants[position].append(character) }
            index += 1
        }
        return variants
    }

    /// soundAlike: kana typed with another kana's romaji because they sound the same.
    private static let soundAlike: [Character: Character] = ["ぢ": "じ", "づ": "ず", "を": "お"]

    /// naRow: a vowel or y-kana after ん → how it comes out when that ん's n is read with it.
    private static let naRow: [Character: [Character]] = [
        "あ": ["な"], "い": ["に"], "う": ["ぬ"], "え": ["ね"], "お": ["の"],
        "や": ["に", "ゃ"], "ゆ": ["に", "ゅ"], "よ": ["に", "ょ"],
    ]
}
