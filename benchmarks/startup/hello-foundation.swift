// hello-foundation: the same program importing all of Foundation.
// (the import alone links ICU and CoreFoundation into a static binary).
import Foundation

struct Greeting: Codable { var text: String }
let decoded = try JSONDecoder().decode(Greeting.self, from: Data(#"{"text": "hello"}"#.utf8))
print(decoded.text, Date().timeIntervalSince1970 > 0, URL(fileURLWithPath: "/tmp").path)
