import Foundation
import KuchiCore
import KuchiSync

/// SettingsScene+SyncFolder: typing the Sync folder — Enter on the row opens a one-line field;
/// while it is open every printable key is typed (so `q` and `j` can be in a path), Enter
/// saves, Esc cancels, Backspace deletes.
extension SettingsScene {
    /// capturesText: letters and `?` are typed while the folder is being edited.
    var capturesText: Bool { state.syncFolderDraft != nil }

    /// syncFolderBindings: the keys while the folder is being edited.
    var syncFolderBindings: [Binding<Action>] {
        [
            Binding([.enter], .saveSyncFolder, keys: "Enter", bar: "Save", help: "save the sync folder (empty: no syncing)",
                    priority: .essential),
            Binding([.backspace], .deleteSyncFolderCharacter, keys: "Backspace", help: "delete the last character"),
            Binding([.escape], .cancelSyncFolder, keys: "Esc", bar: "Cancel", help: "keep the folder as it was", priority: .essential),
        ]
    }

    /// type: a printable key goes into the folder being edited.
    func type(_ key: Key) -> Bool {
        guard var draft = state.syncFolderDraft, case .character(let character) = key,
              !character.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }),
              draft.utf8.count < 1024
        else { return false }
        draft.append(character)
        state.syncFolderDraft = draft
        return true
    }

    /// editSyncFolder: saves (a path made absolute, `~/` meaning home), cancels or deletes.
    func editSyncFolder(_ action: Action) {
        guard let draft = state.syncFolderDraft else { return }
        switch action {
        case .deleteSyncFolderCharacter:
            if !draft.isEmpty { state.syncFolderDraft = String(draft.dropLast()) }
        case .saveSyncFolder:
            // `~name/…` of no account here stays open (the row says why) rather than meaning `./~name`.
            guard let next = Self.folderPath(draft) else { return }
            state.syncFolderDraft = nil
            if next != user.syncFolder { user.syncFolder = next }
        default:
            state.syncFolderDraft = nil
        }
    }

    /// folderPath: what a typed folder means: empty for none, else an absolute path (`~` is
    /// `$HOME`, as the shell has it; `~name` that account's home); nil for `~name` of no account.
    static func folderPath(_ typed: String, home: String = SyncFolderPath.home()) -> String? {
        SyncFolderPath.resolve(typed, home: home)
    }
}
