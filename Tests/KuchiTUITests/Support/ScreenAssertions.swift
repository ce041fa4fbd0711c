import Foundation
import Testing
@testable import KuchiTUI
import KuchiCore

/// expectScreen(_:equals:sourceLocation:) checks a screen's text against expected lines.
/// Expected lines may omit trailing spaces (both sides are compared with trailing spaces
/// trimmed) but the row count must match. On mismatch it records one Issue whose message is a
/// line diff with `|` borders, so wide characters and clipping are visible at a glance.
func expectScreen(_ screen: Screen, equals expected: [String],
                  sourceLocation: SourceLocation = #_sourceLocation) {
    if let diff = screenDiff(actual: screen.lines, expected: expected, columns: screen.columns) {
        Issue.record(Comment(rawValue: diff), sourceLocation: sourceLocation)
    }
}

/// expectScreen(_:matchesFixture:filePath:sourceLocation:) compares a screen with the fixture
/// `<directory of the calling test file>/Fixtures/<name>.txt` (one line per row, trailing
/// spaces trimmed). With `KUCHI_RECORD_FIXTURES=1`, or when the fixture is missing outside CI
/// (`CI` unset), it writes the fixture and records an Issue saying so, so a recording run never
/// passes silently. Under CI a missing fixture is a failure.
func expectScreen(_ screen: Screen, matchesFixture name: String, filePath: String = #filePath,
                  sourceLocation: SourceLocation = #_sourceLocation) {
    let url = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures").appendingPathComponent("\(name).txt")
    let environment = ProcessInfo.processInfo.environment
    let exists = FileManager.default.fileExists(atPath: url.path)
    let underCI = !(environment["CI"] ?? "").isEmpty
    if environment["KUCHI_RECORD_FIXTURES"] == "1" || (!exists && !underCI) {
        recordFixture(screen, at: url, sourceLocation: sourceLocation)
        return
    }
    guard exists else {
        Issue.record("Missing screen fixture \(url.path) (CI is set). Record it locally by running the tests with KUCHI_RECORD_FIXTURES=1.",
                     sourceLocation: sourceLocation)
        return
    }
    do {
        var expected = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
        if expected.last == "" { expected.removeLast() }  // the file's final newline
        if let diff = screenDiff(actual: screen.lines, expected: expected, columns: screen.columns) {
            Issue.record(Comment(rawValue: "Screen does not match fixture \(url.path)\n\(diff)"),
                         sourceLocation: sourceLocation)
        }
    } catch {
        Issue.record(error, "Could not read screen fixture \(url.path)", sourceLocation: sourceLocation)
    }
}

/// expectWellFormed(_:sourceLocation:) checks the wide-character invariant: every wide cell is
/// followed by a continuation and every continuation follows a wide cell.
func expectWellFormed(_ screen: Screen, sourceLocation: SourceLocation = #_sourceLocation) {
    for row in 0..<screen.rows {
        for column in 0..<screen.columns {
            let cell = screen[row, column]
            if cell.width == 2 && !screen[row, column + 1].isContinuation {  // off-screen reads are blank
                Issue.record("Wide cell without continuation at row \(row), column \(column)", sourceLocation: sourceLocation)
            }
            if cell.isContinuation && (column == 0 || screen[row, column - 1].width != 2) {
                Issue.record("Orphan continuation at row \(row), column \(column)", sourceLocation: sourceLocation)
            }
        }
    }
}

/// screenDiff(actual:expected:columns:) is nil when the lines match (trailing spaces ignored,
/// same row count); otherwise a readable diff: unchanged rows with two spaces, mismatching rows
/// as `-expected` then `+actual`, each line padded to the screen width and wrapped in `|…|`.
func screenDiff(actual: [String], expected: [String], columns: Int) -> String? {
    let trimmedActual = actual.map(trimmingTrailingSpaces)
    let trimmedExpected = expected.map(trimmingTrailingSpaces)
    guard trimmedActual != trimmedExpected else { return nil }
    let rowCount = max(actual.count, expected.count)
    let numberWidth = String(max(0, rowCount - 1)).count
    func framed(_ marker: String, _ row: Int, _ line: String) -> String {
        let number = String(row)
        let label = String(repeating: " ", count: numberWidth - number.count) + number
        let padding = String(repeating: " ", count: max(0, columns - line.displayWidth))
        return "\(marker) \(label) |\(line)\(padding)|"
    }
    var output = ["Screen mismatch: expected \(expected.count) rows, got \(actual.count) rows × \(columns) columns"]
    for row in 0..<rowCount {
        let want = row < expected.count ? trimmedExpected[row] : nil
        let got = row < actual.count ? actual[row] : nil
        if let want, let got, want == trimmedActual[row] {
            output.append(framed(" ", row, got))
            continue
        }
        if let want { output.append(framed("-", row, want)) }
        if let got { output.append(framed("+", row, got)) }
    }
    return output.joined(separator: "\n")
}

/// trimmingTrailingSpaces(_:) drops trailing U+0020 only; other blanks (e.g. U+3000) are content.
func trimmingTrailingSpaces(_ line: String) -> String {
    var result = Substring(line)
    while result.last == " " { result = result.dropLast() }
    return String(result)
}

/// recordFixture(_:at:sourceLocation:) writes the screen as a fixture and reports that it did.
private func recordFixture(_ screen: Screen, at url: URL, sourceLocation: SourceLocation) {
    let text = screen.lines.map(trimmingTrailingSpaces).joined(separator: "\n") + "\n"
    do {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(),
                                                withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
        Issue.record("Recorded screen fixture \(url.path); check it in and re-run without KUCHI_RECORD_FIXTURES.",
                     sourceLocation: sourceLocation)
    } catch {
        Issue.record(error, "Could not write screen fixture \(url.path)", sourceLocation: sourceLocation)
    }
}
