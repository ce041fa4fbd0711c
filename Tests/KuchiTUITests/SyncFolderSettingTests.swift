import Foundation
import KuchiCore
import Testing
@testable import KuchiTUI

/// SyncFolderSettingTests: Settings' Sync folder row — typed in place, letters that are
/// commands elsewhere (`q`, `j`) included, saved as an absolute path, and cancelled by Esc.
@MainActor
@Suite("Sync folder setting")
struct SyncFolderSettingTests {
    /// focusSyncFolder: a pilot on Settings with the Sync folder row focused.
    func focusSyncFolder() -> Pilot {
        let pilot = Pilot(rows: 40, columns: 100, route: .settings)
        for _ in 0..<SettingsRow.allCases.count where pilot.state.settingsRow != .syncFolder { pilot.press(.down) }
        #expect(pilot.state.settingsRow == .syncFolder)
        #expect(pilot.contains("Sync folder") && pilot.contains("off …"))
        return pilot
    }

    @Test("Enter opens the field; q, j and ? are typed; Backspace deletes; Enter saves an absolute path")
    func typeAndSave() {
        let pilot = focusSyncFolder()
        pilot.press(.enter)
        pilot.type("/tmp/kuchi qj?x")
        pilot.press(.backspace)
        #expect(pilot.state.route == .settings, "q did not go back")
        #expect(pilot.contains("/tmp/kuchi qj?▏"))
        #expect(pilot.contains("Enter Save"))
        pilot.press(.enter)
        #expect(pilot.user.syncFolder == "/tmp/kuchi qj?")
        #expect(pilot.state.syncFolderDraft == nil && pilot.contains("/tmp/kuchi qj? …"))
    }

    @Test("Esc keeps the folder as it was; an empty path turns syncing off; ~/ means home")
    func cancelAndClear() {
        let pilot = focusSyncFolder()
        pilot.press(.enter)
        pilot.type("~/Sync")
        pilot.press(.enter)
        #expect(pilot.user.syncFolder == (NSHomeDirectory() as NSString).appendingPathComponent("Sync"))
        pilot.press(.enter)
        pilot.type("/elsewhere")
        pilot.press(.escape)
        #expect(pilot.user.syncFolder == (NSHomeDirectory() as NSString).appendingPathComponent("Sync"))
        pilot.press(.enter)
        for _ in 0..<40 { pilot.press(.backspace) }
        pilot.press(.enter)
        #expect(pilot.user.syncFolder == "")
        #expect(SettingsScene.folderPath("  ") == "" && SettingsScene.folderPath("a/../b", home: "/h")?.hasSuffix("/b") == true)
    }

    @Test("~name of no account here is not saved as ./~name: the field stays open and says why")
    func unknownAccountStaysOpen() {
        let pilot = focusSyncFolder()
        pilot.press(.enter)
        pilot.type("~nobody-such-account/x")
        #expect(pilot.contains("no such account"))
        pilot.press(.enter)
        #expect(pilot.user.syncFolder == "" && pilot.state.syncFolderDraft == "~nobody-such-account/x")
        for _ in 0..<40 { pilot.press(.backspace) }
        pilot.type("~root/x")
        pilot.press(.enter)
        #expect(pilot.user.syncFolder == "/root/x")
    }
}
