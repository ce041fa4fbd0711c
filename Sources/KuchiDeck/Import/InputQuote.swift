/// InputQuote: how a message quotes text taken from the imported file — shortened, so a
/// hostile file (a 64 MiB header of commas, a megabyte "reading") cannot turn one message into
/// megabytes of output. Control characters are escaped where the message is printed.
package enum InputQuote {
    /// maximumCharacters: the most of one quoted value a message shows.
    package static let maximumCharacters = 60
    /// maximumItems: the most values a message lists ("the columns are …").
    package static let maximumItems = 20

    /// short: `text` cut to `maximumCharacters`, with "…" when it was longer.
    package static func short(_ text: some StringProtocol) -> String {
        var end = text.startIndex
        var count = 0
        while end < text.endIndex, count < maximumCharacters {
            end = text.index(after: end)
            count += 1
        }
        return end == text.endIndex ? String(text) : String(text[..<end]) + "…"
    }

    /// list: `items`, each shortened and decorated by `form`, joined with ", "; past
    /// `maximumItems` the rest are counted ("… and 3 more").
    package static func list(_ items: [String], form: (String) -> String = { $0 }) -> String {
        let shown = items.prefix(maximumItems).map { form(short($0)) }
        let rest = items.count - shown.count
        return shown.joined(separator: ", ") + (rest > 0 ? ", … and \(rest) more" : "")
    }
}
