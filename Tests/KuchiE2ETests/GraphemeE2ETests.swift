import Foundation
import KuchiTestSupport
import Testing

/// Clusters in a real terminal (tmux): flags, Devanagari and Thai in the choices keep every box
/// border in its column, on the first frame and after the choices change under them.
@Suite(.requiresTmux)
struct GraphemeE2ETests {
    /// deck: four words whose answers hold flags, Devanagari with spacing marks and Thai —
    /// text whose width a cluster's first code point does not tell.
    static let deck = """
        {"title": "Scripts", "challenges": [
          {"question": "にほん", "pronunciation": "nihon", "answer": "Japan 🇯🇵 flag"},
          {"question": "ヒンディー", "pronunciation": "hindii", "answer": "Hindi हिन्दी क्षत्रिय"},
          {"question": "タイ", "pronunciation": "tai", "answer": "Thai กำ ภาษาไทย"},
          {"question": "かぞく", "pronunciation": "kazoku", "answer": "family 🇳🇵 नमस्ते"}
        ]}
        """

    /// expectBordersInPlace: every row of every box ends with its border in the last column.
    func expectBordersInPlace(_ screen: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        var inBox = false
        for row in screen {
            let trimmed = row.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("╭") { inBox = true; continue }
            if trimmed.hasPrefix("╰") { inBox = false; continue }
            guard inBox, trimmed.hasPrefix("│") else { continue }
            #expect(trimmed.hasSuffix("│"), "a border pushed out of its column: \(row)", sourceLocation: sourceLocation)
        }
    }

    @Test func bordersStayInPlaceAroundClusters() throws {
        let folder = try TemporaryDirectory()
        let file = folder.file("scripts.json")
        try Data(Self.deck.utf8).write(to: file)
        let app = try KuchiApp(["--deck", file.path, "--questions", "3", "--teach", "off"], directory: folder)
        let session = app.session
        try app.register(name: "さくら")
        try session.sendKeys("Enter")
        let first = try session.waitForText("Choices")
        expectBordersInPlace(first)
        #expect(joinedScreen(first).contains("🇯🇵") || joinedScreen(first).contains("हिन्दी"), "the clusters are shown")
        // A wrong answer redraws the choices; a right one brings new ones over the old cells.
        for digit in 1...3 {
            try session.sendKeys("\(digit)")
            let screen = try session.waitFor("the choices redrawn after \(digit)") { screen in
                screen.contains { $0.contains("✗ not this one") || $0.contains("Answered 1/") || $0.contains("Congratulations") }
            }
            expectBordersInPlace(screen)
            if screen.contains(where: { $0.contains("Answered 1/") }) { break }
        }
    }
}
