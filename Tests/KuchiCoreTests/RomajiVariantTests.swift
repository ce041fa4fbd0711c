import Testing
@testable import KuchiCore
@testable import KuchiRecall

@Suite("Romaji: spellings and rules")
struct RomajiVariantTests {
    @Test("Hepburn, Kunrei, Nihon-shiki and wāpuro spellings of the same kana", arguments: [
        ("shi si ci", "し"), ("chi ti", "ち"), ("tsu tu", "つ"), ("fu hu", "ふ"), ("ji zi", "じ"),
        ("di dzi", "ぢ"), ("du dzu", "づ"), ("ka ca", "か"), ("ku cu qu", "く"), ("ko co", "こ"), ("se ce", "せ"),
        ("sha sya shya", "しゃ"), ("shu syu", "しゅ"), ("sho syo", "しょ"), ("she sye", "しぇ"),
        ("ja zya jya", "じゃ"), ("ju zyu jyu", "じゅ"), ("jo zyo jyo", "じょ"), ("je zye jye", "じぇ"),
        ("cha tya cya", "ちゃ"), ("chu tyu cyu", "ちゅ"), ("cho tyo cyo", "ちょ"), ("che tye cye", "ちぇ"),
        ("wo", "を"), ("wi whi", "うぃ"), ("we whe", "うぇ"), ("wu whu", "う"), ("yi", "い"), ("ye", "いぇ"),
        ("va", "ゔぁ"), ("vi", "ゔぃ"), ("vu", "ゔ"), ("ve", "ゔぇ"), ("vo", "ゔぉ"),
        ("fa", "ふぁ"), ("fi", "ふぃ"), ("fe", "ふぇ"), ("fo", "ふぉ"),
        ("tsa", "つぁ"), ("tsi", "つぃ"), ("tse", "つぇ"), ("tso", "つぉ"),
        ("thi", "てぃ"), ("dhi", "でぃ"), ("thu", "てゅ"), ("dhu", "でゅ"), ("twu", "とぅ"), ("dwu", "どぅ"),
        ("kwa qa qwa", "くぁ"), ("gwa", "ぐぁ"), ("wha", "うぁ"), ("who", "うぉ"),
        ("-", "ー"),
    ])
    func spellings(spellings: String, kana: String) {
        for spelling in spellings.split(separator: " ").map(String.init) {
            #expect(compose(spelling).display == kana, "\(spelling)")
        }
    }

    @Test("ん, n', nn and the な row", arguments: [
        ("kan'i", "かんい"), ("kani", "かに"), ("konnichiha", "こんにちは"), ("konnnichiha", "こんにちは"),
        ("konnichiwa", "こんにちわ"), ("onna", "おんな"), ("kannai", "かんない"), ("kanji", "かんじ"),
        ("kannji", "かんじ"), ("hon", "ほん"), ("honn", "ほん"), ("kon'yaku", "こんやく"),
        ("konyaku", "こにゃく"), ("konnyaku", "こんにゃく"), ("gen'in", "げんいん"), ("genin", "げにん"),
        ("shinbun", "しんぶん"), ("shimbun", "しんぶん"), ("sampo", "さんぽ"), ("ammari", "あんまり"),
        ("nnna", "んな"), ("tan-", "たんー"), ("ren'ai", "れんあい"), ("renai", "れない"), ("ten'in", "てんいん"),
    ])
    func syllabicN(romaji: String, kana: String) {
        #expect(compose(romaji).finished == kana)
    }

    @Test("a doubled consonant is a small っ", arguments: [
        ("tte", "って"), ("kitte", "きって"), ("kka", "っか"), ("zasshi", "ざっし"), ("kippu", "きっぷ"),
        ("cchi", "っち"), ("tchi", "っち"), ("matcha", "まっちゃ"), ("maccha", "まっちゃ"), ("kekkon", "けっこん"),
        ("motto", "もっと"), ("issho", "いっしょ"), ("isso", "いっそ"), ("batto", "ばっと"), ("beddo", "べっど"),
        ("gguu", "っぐう"), ("yyo", "っよ"), ("wwa", "っわ"), ("hhi", "っひ"), ("ffa", "っふぁ"), ("vvu", "っゔ"),
        ("jji", "っじ"), ("rra", "っら"), ("ppa", "っぱ"), ("bba", "っば"), ("zzu", "っず"), ("dde", "っで"),
        ("kkya", "っきゃ"), ("ttsu", "っつ"), ("xtsu", "っ"), ("ltsu", "っ"), ("atto", "あっと"),
    ])
    func smallTsu(romaji: String, kana: String) {
        #expect(compose(romaji).finished == kana)
    }

    @Test("small kana with x or l", arguments: [
        ("xa", "ぁ"), ("li", "ぃ"), ("xu", "ぅ"), ("le", "ぇ"), ("xo", "ぉ"), ("xya", "ゃ"), ("lyu", "ゅ"),
        ("xyo", "ょ"), ("xtu", "っ"), ("ltsu", "っ"), ("xwa", "ゎ"), ("fuxa", "ふぁ"), ("texi", "てぃ"),
    ])
    func smallKana(romaji: String, kana: String) {
        #expect(compose(romaji).finished == kana)
    }

    @Test("macrons and circumflexes give the long vowel's kana", arguments: [
        ("tōkyō", "とうきょう"), ("tôkyô", "とうきょう"), ("obāsan", "おばあさん"), ("obâsan", "おばあさん"),
        ("ojīsan", "おじいさん"), ("ojîsan", "おじいさん"), ("kūki", "くうき"), ("kûki", "くうき"),
        ("onēsan", "おねえさん"), ("onêsan", "おねえさん"), ("TŌKYŌ", "とうきょう"), ("ō", "おう"),
        ("shōnen", "しょうねん"), ("ryōri", "りょうり"), ("konnō", "こんのう"), ("kō-hī", "こうーひい"),
    ])
    func longVowels(romaji: String, kana: String) {
        #expect(compose(romaji).finished == kana)
    }

    @Test("for judging, a macron's vowel is marked as a long vowel")
    func macronMarking() {
        var composer = RomajiComposer()
        composer.insert("tōkyō")
        #expect(composer.finished(markingMacrons: true) == "とーきょー")
        #expect(composer.display == "とうきょう")
        composer.clear()
        composer.insert("toukyou")
        #expect(composer.finished(markingMacrons: true) == "とうきょう", "typed vowels stay what was typed")
    }

    @Test("uppercase is read as lowercase", arguments: [("KAN'I", "かんい"), ("Tokyo", "ときょ"), ("SHINBUN", "しんぶん"), ("ＫＡ", "か")])
    func uppercase(romaji: String, kana: String) {
        #expect(compose(romaji).finished == kana)
    }

    @Test("invalid sequences stay visible as romaji", arguments: [
        ("kx", "kx", "kx"), ("xyz", "xyz", "xyz"), ("kaq", "かq", "かq"), ("ky", "ky", "ky"), ("'", "'", "'"),
        ("sh", "sh", "sh"), ("hello", "へlぉ", "へlぉ"), ("k1", "k1", "k1"), ("xts", "xts", "xts"),
        ("nyx", "nyx", "nyx"), ("2かn", "2かn", "2かん"),
    ])
    func invalid(romaji: String, display: String, finished: String) {
        let result = compose(romaji)
        #expect(result.display == display)
        #expect(result.finished == finished)
    }

    @Test("pending romaji is shown after the kana and left out of `kana`")
    func pending() {
        var composer = RomajiComposer()
        composer.insert("nek")
        #expect(composer.kana == "ね")
        #expect(composer.pending == "k")
        #expect(composer.display == "ねk")
        composer.insert("o")
        #expect(composer.display == "ねこ")
        #expect(composer.pending.isEmpty)
    }

    @Test("mixed input: romaji, kana from an IME and kanji keep their order")
    func mixed() {
        #expect(compose("東京ni").finished == "東京に")
        #expect(compose("kan東").finished == "かん東", "a pending n before other text is ん")
        #expect(compose("ka ki").finished == "か き")
    }
}
