// hello-formatter: hello-foundation plus one DateFormatter with a fixed locale and the current
// time zone (as `kuchi due` prints its next review): ICU's data is loaded.
import Foundation

let formatter = DateFormatter()
formatter.locale = Locale(identifier: "en_US_POSIX")
formatter.timeZone = .current
formatter.dateFormat = "yyyy-MM-dd HH:mm"
print("hello", formatter.string(from: Date()))
