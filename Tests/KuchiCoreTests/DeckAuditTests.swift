import Foundation
import Testing
@testable import KuchiCore
@testable import KuchiDeck

/// DeckAuditTests: every standard answer to every bundled deck entry is accepted, in each
/// typed direction (see `DeckAudit`). `scripts/audit-deck` runs the same audit with JMdict's
/// first glosses added and prints the counts.
@Suite("Deck audit: the judge accepts every standard answer")
@MainActor
struct DeckAuditTests {
    @Test("every entry: its romaji, each reading, its written form and each listed meaning are accepted")
    func standardAnswers() throws {
        let audit = DeckAudit(deck: try Deck.bundled(), glosses: [:])
        let refusals = audit.refusals(includingJMdict: false)
        #expect(refusals.isEmpty, "\(refusals.count) refusals:\n\(refusals.map(\.description).joined(separator: "\n"))")
    }

    @Test("the audit's report (counts per direction; JMdict glosses from KUCHI_AUDIT_GLOSSES)")
    func report() throws {
        let environment = ProcessInfo.processInfo.environment
        guard environment["KUCHI_AUDIT_REPORT"] != nil else { return }
        let deck = try Deck.bundled()
        let audit = DeckAudit(deck: deck, glosses: DeckAudit.loadGlosses(from: environment["KUCHI_AUDIT_GLOSSES"]))
        let refusals = audit.refusals()
        var lines = ["AUDIT entries \(deck.challenges.count)"]
        for direction in StudyDirection.allCases {
            let inDirection = refusals.filter { $0.direction == direction }
            let words = Set(inDirection.map(\.question)).count
            let graded = inDirection.filter { $0.verdict == .wrong }
            let kinds = Dictionary(grouping: inDirection, by: \.kind).map { "\($0.key) \($0.value.count)" }.sorted()
            lines.append("AUDIT \(direction.rawValue): \(inDirection.count) refusals in \(words) words; \(graded.count) graded wrong "
                + "(\(Set(graded.map(\.question)).count) words), \(inDirection.count - graded.count) ungraded try-agains [\(kinds.joined(separator: ", "))]")
        }
        lines += refusals.map { "REFUSED \($0)" }
        let teacher = audit.teacherMisjudged(DeckAudit.loadTeacherCases(from: environment["KUCHI_AUDIT_TEACHER"]))
        let rightRefused = teacher.filter { $0.expected }
        lines.append("AUDIT teacher: \(teacher.count) misjudged: \(rightRefused.count) right answers refused, "
            + "\(teacher.count - rightRefused.count) wrong answers accepted")
        lines += teacher.map { "TEACHER \($0)" }
        let text = lines.joined(separator: "\n") + "\n"
        if let path = environment["KUCHI_AUDIT_REPORT"], !path.isEmpty {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
    }
}
