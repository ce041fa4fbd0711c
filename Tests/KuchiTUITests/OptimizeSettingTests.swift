import Foundation
import Testing
@testable import KuchiCore
@testable import KuchiTUI

/// OptimizeSettingTests: Settings' *Optimize my scheduler* row — what is in use, Enter running
/// the fit off the input loop, and its verdict shown under the rows.
@MainActor
@Suite("Settings: Optimize my scheduler")
struct OptimizeSettingTests {
    @Test("The row says the defaults are in use; Enter runs the fit and shows its verdict")
    func runsAndShowsVerdict() throws {
        let pilot = Pilot(rows: 40, columns: 100, route: .settings, database: .inMemory())
        for _ in 0..<SettingsRow.allCases.count where pilot.state.settingsRow != .optimize { pilot.press(.down) }
        #expect(pilot.state.settingsRow == .optimize)
        #expect(pilot.contains("Optimize my scheduler"))
        #expect(pilot.contains("Defaults …"))
        #expect(pilot.contains("Fits the scheduler to your own reviews"))
        pilot.press(.enter)
        // The fit posts its verdict as a job result; the wake-up is the event the app takes it on.
        pilot.state.jobs.waitUntilIdle()
        pilot.send(.backgroundFinished)
        #expect(pilot.contains("Not enough reviews yet: 0 usable, 8 needed"))
        #expect(!pilot.state.optimizeJob.isRunning)
        #expect(pilot.state.route == .settings)
    }
}
