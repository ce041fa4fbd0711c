import Foundation
import Testing
@testable import KuchiDeck

/// VoiceAccentDiffersTests: the words Open JTalk cannot say with the accent their card shows are
/// known by name (voice.json's `unsayable`), so the app can tell the learner which line to trust.
@Suite("The voice knows which words it says with another accent")
struct VoiceAccentDiffersTests {
    @Test("every unsayable entry of voice.json is known, and no other")
    func unsayableEntriesAreKnown() throws {
        let deck = try #require(BundledDeckLocation.url())
        let data = try Data(contentsOf: deck.deletingLastPathComponent().appendingPathComponent("voice.json"))
        let file = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let entries = try #require(file["entries"] as? [[String: Any]])
        let challenges = try Deck.bundled().challenges
        var unsayable = 0
        for entry in entries {
            let question = try #require(entry["question"] as? String)
            let reading = entry["reading"] as? String
            guard let challenge = challenges.first(where: { $0.question == question && $0.reading == reading }) else { continue }
            let differs = VoiceTexts.bundled.accentDiffers(for: challenge)
            if entry["unsayable"] != nil {
                unsayable += 1
                #expect(differs != nil, "\(question) is unsayable in voice.json but not known so")
            } else {
                #expect(differs == nil, "\(question) is said as shown but known as differing")
            }
        }
        #expect(unsayable > 0, "voice.json lists the words Open JTalk 1.10 cannot say as shown")
    }
}
