import Foundation

/// BundledDeck is Resources/challenges.json read by the test itself, so the tests know each
/// word's answer and reading without asking the app.
struct BundledDeck: Sendable {
    struct Entry: Decodable, Equatable, Sendable {
        let question: String
        let reading: String?
        let pronunciation: String
        let answer: String
        let category: String?

        /// The hint line the question pane shows: "ねこ · neko", or "hai" without a reading.
        var hint: String { [reading, pronunciation].compactMap { $0 }.joined(separator: " · ") }
    }

    private struct File: Decodable {
        let challenges: [Entry]
    }

    /// The package root, found from this file's path.
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let url = packageRoot.appendingPathComponent("Resources/challenges.json")

    static let shared: BundledDeck = {
        do {
            let file = try JSONDecoder().decode(File.self, from: Data(contentsOf: url))
            return BundledDeck(entries: file.challenges)
        } catch {
            fatalError("cannot read \(url.path): \(error)")
        }
    }()

    let entries: [Entry]
    /// byShownText: an entry under each way the app writes its word: as is, and spaced out
    /// ("は い", as `QuestionPane.large` shows it when it fits).
    private let byShownText: [String: Entry]

    init(entries: [Entry]) {
        self.entries = entries
        var shown: [String: Entry] = [:]
        for entry in entries {
            shown[entry.question] = entry
            shown[entry.question.map(String.init).joined(separator: " ")] = entry
        }
        byShownText = shown
    }

    /// The words shown on `screen`: a row segment between box edges (│) that is exactly a word.
    func words(on screen: [String]) -> [Entry] {
        var found: [Entry] = []
        for row in screen {
            for part in row.split(separator: "│") {
                let text = part.trimmingCharacters(in: .whitespaces)
                if let entry = byShownText[text], !found.contains(entry) { found.append(entry) }
            }
        }
        return found
    }
}

/// ChallengeView is what the Challenge screen shows, read from a captured screen.
struct ChallengeView: Sendable {
    /// Choice is one `│ ▸ 1  cat` / `│   2  dog  ✗ not this one` row (`2  dog ✗` when narrow).
    struct Choice: Equatable, Sendable {
        let digit: Int
        let text: String
        let tried: Bool
        let selected: Bool
    }

    let screen: [String]
    let word: BundledDeck.Entry
    let choices: [Choice]
    let answered: Int
    let total: Int
    let wrong: Int
    let streak: Int

    /// Reads a challenge from `screen`; nil unless it shows one word, three choices and the score.
    init?(screen: [String]) {
        let words = BundledDeck.shared.words(on: screen)
        guard words.count == 1 else { return nil }
        var choices: [Choice] = []
        var open = false  // the row above was a choice: a wrapped answer continues below it
        for row in screen {
            // Side by side, the choices pane is the last "││…│" segment of the row.
            let segment = row.range(of: "││", options: .backwards).map { String(row[row.index(before: $0.upperBound)...]) } ?? row
            if let match = segment.firstMatch(of: #/│ ([▸ ]) ([1-9])  (.+?) *( ✗(?: not this one)?)? *│/#) {
                choices.append(Choice(digit: Int(match.output.2)!, text: String(match.output.3),
                                      tried: match.output.4 != nil, selected: match.output.1 == "▸"))
                open = true
            } else if open, let last = choices.last,
                      let match = segment.firstMatch(of: #/^│      (\S.*?) *( ✗(?: not this one)?)? *│$/#) {
                choices[choices.count - 1] = Choice(digit: last.digit, text: last.text + " " + match.output.1,
                                                    tried: last.tried || match.output.2 != nil, selected: last.selected)
            } else {
                open = false
            }
        }
        guard choices.map(\.digit) == [1, 2, 3] else { return nil }
        let joined = joinedScreen(screen)
        guard let progress = joined.firstMatch(of: #/Answered (\d+)/(\d+)/#),
              let tally = joined.firstMatch(of: #/Wrong (\d+)  Streak (\d+)/#)
        else { return nil }
        self.screen = screen
        word = words[0]
        self.choices = choices
        answered = Int(progress.output.1)!
        total = Int(progress.output.2)!
        wrong = Int(tally.output.1)!
        streak = Int(tally.output.2)!
    }

    var joined: String { joinedScreen(screen) }

    /// Whether the word's reading and romaji show (a segment between box edges is exactly the hint).
    var hintShown: Bool {
        screen.contains { row in row.split(separator: "│").contains { $0.trimmingCharacters(in: .whitespaces) == word.hint } }
    }

    /// The score as one comparable value.
    var score: [Int] { [answered, total, wrong, streak] }

    /// The digit of the right answer.
    func rightDigit() throws -> Int {
        guard let choice = choices.first(where: { $0.text == word.answer }) else {
            throw HarnessError.invalidArgument("no choice is \"\(word.answer)\" (the answer to \(word.question)):\n"
                + HarnessError.framed(screen))
        }
        return choice.digit
    }

    /// The digit of a wrong answer not tried yet.
    func wrongDigit() throws -> Int {
        guard let choice = choices.first(where: { $0.text != word.answer && !$0.tried }) else {
            throw HarnessError.invalidArgument("no untried wrong choice for \(word.question):\n" + HarnessError.framed(screen))
        }
        return choice.digit
    }
}

/// Runs `kuchi` outside tmux (stdin from /dev/null, output to pipes).
func runKuchi(_ arguments: [String], environment: [String: String] = [:], in directory: URL? = nil) throws -> ProcessResult {
    var variables = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
                     "LANG": "C.UTF-8", "TERM": "xterm-256color"]
    variables.merge(environment) { _, explicit in explicit }
    let kuchi = try kuchiExecutable().path
    // sh -c 'cd DIR && exec kuchi ARGS', so relative paths resolve as a user's would.
    let script = #"cd "$1" && shift && exec "$@""#
    let workingDirectory = (directory ?? BundledDeck.packageRoot).path
    return try ProcessRunner.run(URL(fileURLWithPath: "/bin/sh"), ["-c", script, "sh", workingDirectory, kuchi] + arguments,
                                 environment: variables)
}
