import Foundation
import Testing
@testable import KuchiCore
@testable import KuchiData

/// A profile file is rewritten with only the named fields changed: every other value — of any
/// JSON type, at any depth — comes back exactly, and the file stays pretty, key-sorted JSON.
@Suite("Profile document")
struct ProfileDocumentTests {
    @Test("a save keeps a newer Kuchi's values of every JSON type, booleans as booleans, and sorts keys")
    func keepsEveryValue() throws {
        let text = #"""
            {"version": 1, "zFuture": {"flag": true, "off": false, "count": 7, "zero": 0, "one": 1, "ratio": 0.25,
             "big": 9007199254740993, "negative": -12, "nothing": null, "list": [1, "two", false, null, {"k": "v"}],
             "name": "日本語 / slash", "escaped": "quote \" tab \t"},
             "profile": {"id": "6F9619FF-8B86-D011-B42D-00C04FC964FF", "name": "Ren", "lastUsed": "2026-01-01T00:00:00Z",
                         "settings": {"numberOfQuestions": 20, "learningEnabled": true, "unknownSetting": [true, 2.5]}}}
            """#
        var document = try ProfileDocument(data: Data(text.utf8))
        var profile = try document.profile()
        profile.lastUsed = Date(timeIntervalSince1970: 1_800_000_000)
        try document.set([.lastUsed], from: profile)
        let written = try document.data()
        let original = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSDictionary)
        let reread = try #require(JSONSerialization.jsonObject(with: written) as? NSDictionary)
        #expect((reread["zFuture"] as? NSDictionary) == (original["zFuture"] as? NSDictionary))
        let output = String(decoding: written, as: UTF8.self)
        #expect(output.contains(#""flag" : true"#) && output.contains(#""off" : false"#), "booleans stay booleans")
        #expect(output.contains(#""one" : 1"#) && output.contains(#""zero" : 0"#), "0 and 1 stay numbers")
        #expect(output.contains("9007199254740993"), "a large integer keeps every digit")
        #expect(output.contains("日本語 / slash"), "text is written as it is, slashes unescaped")
        let settings = try #require((reread["profile"] as? NSDictionary)?["settings"] as? NSDictionary)
        #expect(settings["unknownSetting"] as? NSArray == [true, 2.5] as NSArray)
        #expect(try ProfileDocument(data: written).profile().lastUsed == profile.lastUsed)
        // Keys sorted at every level, in a pretty layout a person can read.
        let keys = output.split(separator: "\n").filter { $0.hasPrefix("  \"") }.map { $0.split(separator: "\"")[1] }
        #expect(keys == ["profile", "version", "zFuture"])
        #expect(output.contains("\n    \"id\" : "))
    }
}
