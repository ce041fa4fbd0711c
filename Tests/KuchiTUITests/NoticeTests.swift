import Foundation
import KuchiCore
import Testing
@testable import KuchiTUI

@MainActor
@Suite("Notices: save problems shown in full, then dismissed")
struct NoticeTests {
    @Test("a failed save shows the whole message above the key bar; the next key closes it and the app goes on")
    func saveProblem() throws {
        let blocked = try BlockedStore()
        defer { withExtendedLifetime(blocked) {} }  // the blocking file must outlive the test
        let pilot = Pilot(route: .register, name: nil, store: blocked.store)
        pilot.type("さくら")
        pilot.press(.enter)
        let problem = try #require(pilot.user.problem)
        #expect(pilot.state.route == .welcome, "the session goes on")
        #expect(pilot.contains("Notice · any key closes"))
        let shown = pilot.lines.joined(separator: " ")
        for word in problem.split(separator: " ").suffix(4) {
            #expect(shown.contains(word), "the end of the message is on screen: \(word)")
        }
        pilot.press("x")
        #expect(!pilot.contains("Notice") && pilot.user.problem == nil)
        #expect(pilot.contains("Hi, さくら"))
    }
}
