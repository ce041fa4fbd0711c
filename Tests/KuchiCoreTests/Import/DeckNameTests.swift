import Foundation
import Testing
@testable import KuchiCore
@testable import KuchiDeck

/// `--name` (issue 20, item 9): the bundled deck's names and title are never taken, another
/// imported deck's name only with --replace, and names with controls or bidi are refused.
struct DeckNameTests {
    @Test(arguments: ["Kuchi beginner deck (JLPT N5)", "kuchi BEGINNER deck (jlpt n5)", "Ｋｕｃｈｉ ｂｅｇｉｎｎｅｒ ｄｅｃｋ （ＪＬＰＴ Ｎ５）",
                      "challenges", "Challenges", "ＣＨＡＬＬＥＮＧＥＳ", "challenges.json", " challenges "])
    func theBundledDecksNamesAreRefusedEvenWithReplace(_ name: String) throws {
        let folder = try TemporaryDirectory()
        let library = DeckLibrary(dataDirectory: folder.url)
        for replace in [false, true] {
            #expect(throws: ImportError(.usage, "\"\(name)\" is the name of the deck that comes with Kuchi; choose another --name.")) {
                try library.targetName(for: name, replace: replace)
            }
        }
    }

    @Test func anImportedDecksNameIsTakenOnlyWithReplaceAndUnderItsOwnSpelling() throws {
        let folder = try TemporaryDirectory()
        let library = DeckLibrary(dataDirectory: folder.url)
        try library.save(Data("{}".utf8), as: "JLPT n4", replace: false)
        for name in ["jlpt N4", "ＪＬＰＴ ｎ４", "JLPT n4.json"] {
            #expect(throws: ImportError(.usage, "a deck named \"JLPT n4\" already exists; choose another --name or add --replace to overwrite it.")) {
                try library.targetName(for: name, replace: false)
            }
            #expect(try library.targetName(for: name, replace: true) == "JLPT n4")
        }
        #expect(try library.targetName(for: "JLPT n5", replace: false) == "JLPT n5")
    }

    @Test(arguments: [("mine\u{202E}gnp.json", "U+202E"), ("a\u{1B}]0;T\u{7}", "U+001B"), ("x\u{9B}2J", "U+009B"), ("a\u{200B}b", "U+200B"),
                      ("nul\u{0}", "U+0000"), ("\u{2066}x", "U+2066")])
    func namesWithControlsOrBidiAreRefusedWithoutQuotingThem(_ name: String, _ code: String) {
        #expect(throws: ImportError(.usage, "the deck name contains \(code), an invisible control or text-direction character; use a plain name such as \"jlpt-n4\".")) {
            try DeckLibrary.checkName(name)
        }
    }
}
