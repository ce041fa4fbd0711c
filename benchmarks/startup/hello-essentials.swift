// hello-essentials: the standard library and FoundationEssentials (Date, URL, Data, JSON) —
// what Kuchi uses of Foundation without ICU or the Objective-C-era classes.
import FoundationEssentials

struct Greeting: Codable { var text: String }
let decoded = try JSONDecoder().decode(Greeting.self, from: Data(#"{"text": "hello"}"#.utf8))
print(decoded.text, Date().timeIntervalSince1970 > 0, URL(fileURLWithPath: "/tmp").path)
