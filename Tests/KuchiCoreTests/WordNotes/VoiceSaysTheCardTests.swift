import Foundation
@testable import KuchiCore
import KuchiTestSupport
import Testing
@testable import KuchiDeck

/// VoiceSaysTheCardTests: issue 37 — the text given to Open JTalk makes it say the deck's word
/// with its reading (母 is はは, not ワワ), homophones with different accents give different
/// WAVs (橋/箸, 雨/飴, 花/鼻), and no sample clips. The whole-deck check of reading and accent
/// against the pitch line shown is `scripts/make-voice --check`, run by scripts/test.
@MainActor
@Suite("The voice says what the card shows")
struct VoiceSaysTheCardTests {
    /// word: the bundled entry written `question`.
    func word(_ question: String) throws -> Challenge {
        try #require(try Deck.bundled().challenges.first { $0.question == question }, "\(question) is in the deck")
    }

    @Test("the seven mis-spoken words are said with the deck's reading", arguments: ["母", "歯", "八", "八月", "洗う", "使う", "冊"])
    func readingSpoken(question: String) throws {
        guard let engine = try SpeechTests.engine() else { return }
        let challenge = try word(question)
        let text = Speaker.text(of: challenge)
        #expect(text != challenge.reading, "never the bare hiragana (\(text))")
        let spoken = try engine.analyse(text)
        #expect(spoken.reading.hasPrefix(try #require(challenge.reading)), "\(question) said \(spoken.reading) from \(text)")
    }

    @Test("homophones with different accents give different WAVs, said with the accent each card shows",
          arguments: [("橋", "箸"), ("雨", "飴"), ("花", "鼻")])
    func homophonesDiffer(first: String, second: String) throws {
        guard let engine = try SpeechTests.engine() else { return }
        let folder = try TemporaryDirectory()
        let speaker = Speaker(engine: engine, player: nil, dataDirectory: folder.url)
        let one = try word(first), other = try word(second)
        let wavs = try [one, other].map { try Data(contentsOf: try speaker.wav(for: Speaker.text(of: $0))) }
        #expect(wavs[0] != wavs[1], "\(first) and \(second) sound different")
        for challenge in [one, other] {
            let spoken = try engine.analyse(Speaker.text(of: challenge))
            let shown = try #require(challenge.accent, "\(challenge.question) has a pitch line")
            #expect(spoken.accent == shown.accent || (shown.accent == 0 && spoken.accent == 0),
                    "\(challenge.question): said \(spoken.phrases), shown \(shown.accent)")
        }
    }

    @Test("no sample clips: every WAV peaks at −1 dBFS", arguments: ["母", "ありがとう", "おはようございます", "大きい"])
    func noClipping(question: String) throws {
        guard let engine = try SpeechTests.engine() else { return }
        let folder = try TemporaryDirectory()
        let speaker = Speaker(engine: engine, player: nil, dataDirectory: folder.url)
        let (_, samples) = try SpeechTests.samples(try Data(contentsOf: try speaker.wav(for: Speaker.text(of: try word(question)))))
        let peak = samples.map { abs(Int($0)) }.max() ?? 0
        #expect(peak <= Int(WAVLoudness.peak) && peak > Int(WAVLoudness.peak) - 2, "\(question): peak \(peak)")
    }

    @Test("loudness: a clipped file is brought to the peak; a silent or non-PCM file is left alone")
    func loudnessScales() throws {
        /// wav: a 16-bit mono PCM file of `samples`.
        func wav(_ samples: [Int16]) -> Data {
            var data = Data("RIFF".utf8)
            func le(_ value: Int, _ bytes: Int) { for shift in 0..<bytes { data.append(UInt8((value >> (8 * shift)) & 0xFF)) } }
            le(36 + samples.count * 2, 4)
            data.append(contentsOf: Array("WAVEfmt ".utf8))
            le(16, 4); le(1, 2); le(1, 2); le(48_000, 4); le(96_000, 4); le(2, 2); le(16, 2)
            data.append(contentsOf: Array("data".utf8))
            le(samples.count * 2, 4)
            for sample in samples { le(Int(UInt16(bitPattern: sample)), 2) }
            return data
        }
        let loud = try #require(WAVLoudness.normalized(wav([0, 32_767, -32_768, 100])))
        let (_, scaled) = try SpeechTests.samples(loud)
        #expect(scaled.map { abs(Int($0)) }.max() == Int(WAVLoudness.peak))
        #expect(WAVLoudness.normalized(wav([0, 0, 0])) == nil)
        #expect(WAVLoudness.normalized(Data("not a wav file at all, just some text long enough".utf8)) == nil)
    }

    @Test("a word the voice file does not have is said from its reading in katakana")
    func fallbackKatakana() {
        let imported = Challenge(question: "木陰", reading: "こかげ", pronunciation: "kokage", answer: "shade of a tree")
        #expect(Speaker.text(of: imported, texts: .empty) == "コカゲ")
        #expect(VoiceTexts.bundled.text(for: imported) == "コカゲ")
    }

    @Test("the trace is read as the engine wrote it: reading and accent phrases")
    func traceParsed() throws {
        let trace = """
            [Text analysis result]
            橋,名詞,一般,*,*,*,*,橋,ハシ,ハシ,2/2,C3,-1
            が,助詞,格助詞,一般,*,*,*,が,ガ,ガ,0/1,名詞%F1,1

            [Output label]
            xx^xx-sil+h=a/A:xx+xx+xx/B:xx-xx_xx/C:xx_xx+xx/D:xx+xx_xx/E:xx_xx!xx_xx-xx/F:xx_xx#xx_xx@xx_xx|xx_xx/G:3_2%0_xx_xx/H:xx_xx/I:xx-xx@xx+xx&xx-xx|xx+xx/J:1_3/K:1+1-3
            xx^sil-h+a=sh/A:-1+1+3/B:xx-xx_xx/C:02_xx+xx/D:13+xx_1/E:xx_xx!xx_xx-xx/F:3_2#0_xx@1_1|1_3/G:xx_xx%xx_xx_xx/H:xx_xx/I:1-3@1+1&1-1|1+3/J:xx_xx/K:1+1-3
            """
        let spoken = try #require(SpokenAnalysis(trace: trace))
        #expect(spoken.reading == "はしが" && spoken.phrases == [[3, 2]] && spoken.accent == 2)
    }
}
