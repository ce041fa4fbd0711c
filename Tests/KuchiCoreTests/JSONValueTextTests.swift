import Foundation
import Testing
@testable import KuchiCore
@testable import KuchiBase

/// JSONValueTextTests: the hand reader and writer of JSON text (what the settings log is applied
/// with at every start) agree with Foundation's on valid texts and refuse what it refuses.
@Suite("JSON text: read and written by hand")
struct JSONValueTextTests {
    static let valid = [
        #"{"a":1,"b":[true,false,null],"c":{"d":"e"}}"#, #"0"#, #"-12"#, #"3.25"#, #"1e3"#, #"-2.5E-3"#, #"0.9"#,
        #"9223372036854775807"#, #"18446744073709551615"#,
        #""plain""#, #""日本語 テキスト""#, #""quote \" backslash \\ slash \/ tab \t nl \n cr \r ff \f bs \b""#,
        #""\u00e9\u65e5\ud83d\ude00""#, #""\u0001 control""#, #"  [ 1 , 2 ]  "#, #"[]"#, #"{}"#, #"[[[["deep"]]]]"#,
        #"{"settings":{"categories":["Food & drink","Time"],"desiredRetention":0.9,"newWordsPerDay":20},"name":"さくら"}"#,
    ]
    static let invalid = [
        "", " ", "{", "[1,]", "{\"a\":}", "01", "-", "1.", ".5", "1e", "tru", "nul", "\"open", "\"bad \\x escape\"",
        "\"lone \\ud83d surrogate\"", "\"raw \u{01} control\"", "[1] 2", "{\"a\" 1}", "{a:1}", "+1", "NaN",
        String(repeating: "[", count: 100) + String(repeating: "]", count: 100),
    ]

    @Test("valid texts: the same value as JSONSerialization's, written back as JSON it reads the same", arguments: valid)
    func sameAsFoundation(_ text: String) throws {
        let value = try #require(JSONValue(json: text.utf8))
        let theirs = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed) as? NSObject)
        let ours = try #require(try JSONSerialization.jsonObject(with: Data(value.jsonText.utf8), options: .fragmentsAllowed) as? NSObject)
        #expect(theirs.isEqual(ours), "\(text) → \(value.jsonText)")
        // Read back by hand too: the same value again (members may come in another order).
        let again = try #require(JSONValue(json: value.jsonText.utf8))
        let third = try #require(try JSONSerialization.jsonObject(with: Data(again.jsonText.utf8), options: .fragmentsAllowed) as? NSObject)
        #expect(theirs.isEqual(third))
    }

    @Test("invalid texts are refused", arguments: invalid)
    func refused(_ text: String) {
        #expect(JSONValue(json: text.utf8) == nil, "\(text)")
    }
}
