import Foundation
import Testing
@testable import KuchiCore
@testable import KuchiTUI
@testable import KuchiData

/// ForgetJobTests: Forget me deletes the learner off the input loop (a long history takes
/// seconds): Settings says what is being forgotten, no screen opens on the learner meanwhile, and
/// the end — taken like any job result, or waited for on the way out — signs them out.
@MainActor
@Suite("Forget me runs off the input loop")
struct ForgetJobTests {
    /// forgetting: a pilot whose learner has answered, on Settings, with Forget me confirmed while
    /// the jobs' queue is held (the deletion has not begun).
    private func forgetting(_ held: DispatchQueue) throws -> (Pilot, LearnerDatabase, UUID) {
        let database = LearnerDatabase.inMemory()
        let pilot = Pilot(route: .challenge, database: database, jobs: BackgroundJobs(wake: {}, queue: held))
        for _ in 0..<3 { pilot.press("1"); pilot.press(.enter) }
        let learner = try #require(pilot.user.profileID)
        #expect(try database.reviewCount(learner: learner) > 0, "the learner has a history to forget")
        pilot.press("s")
        pilot.press(.end)
        pilot.press(.enter)
        #expect(pilot.contains("Are you sure?"))
        held.suspend()
        pilot.press("y")
        return (pilot, database, learner)
    }

    @Test("While it runs Settings shows what is forgotten and keys wait; its end signs out to Register")
    func showsTheLineThenSignsOut() throws {
        let held = DispatchQueue(label: "kuchi.test.forget")
        let (pilot, database, learner) = try forgetting(held)
        let count = try database.reviewCount(learner: learner)
        let line = try #require(pilot.lines.first { $0.contains("Forgetting") })
        #expect(line.contains("Forgetting \(count) \(count == 1 ? "review" : "reviews") and every card…"), "the line says what goes: \(line)")
        #expect(pilot.state.route == .settings && pilot.user.isRegistered, "nothing is signed out before the deletion ends")
        pilot.press(.tab)
        pilot.press("w")
        pilot.press(.down)
        #expect(pilot.state.route == .settings, "no screen opens on a learner being deleted")
        #expect(pilot.contains("Forgetting"))
        held.resume()
        pilot.state.jobs.waitUntilIdle()
        pilot.send(.backgroundFinished)
        #expect(pilot.state.route == .register && !pilot.user.isRegistered)
        #expect(try database.reviewCount(learner: learner) == 0)
        #expect(pilot.state.forgetting == nil)
    }

    @Test("Quitting while it runs waits for the deletion and signs the learner out")
    func quittingWaitsForIt() throws {
        let held = DispatchQueue(label: "kuchi.test.forget.quit")
        let (pilot, database, learner) = try forgetting(held)
        pilot.press(.control("c"))
        #expect(pilot.state.quitting, "Ctrl-C still quits")
        held.resume()
        pilot.app.finishForgetBeforeExit()
        #expect(!pilot.user.isRegistered && pilot.state.forgetting == nil)
        #expect(try database.reviewCount(learner: learner) == 0)
    }
}
