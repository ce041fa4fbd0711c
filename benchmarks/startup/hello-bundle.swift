// hello-bundle: hello-foundation plus one look at `Bundle.main` (as finding a bundled resource
// through Bundle does).
import Foundation

struct Greeting: Codable { var text: String }
let decoded = try JSONDecoder().decode(Greeting.self, from: Data(#"{"text": "hello"}"#.utf8))
print(decoded.text, Date().timeIntervalSince1970 > 0, URL(fileURLWithPath: "/tmp").path, Bundle.main.bundlePath)
