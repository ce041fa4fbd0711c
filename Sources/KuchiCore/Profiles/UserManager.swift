import Foundation
import Observation

/// UserManager: who is playing and their settings; saves them when "Remember me" is on.
///
/// Each setting is its own stored property, so a pane that reads the card colour is not redrawn
/// when the number of questions changes. Saving failures never stop the session: they land in
/// `problem`, which the front shows in one sentence.
@MainActor
@Observable
public final class UserManager {
    /// nameLengthRange: user-perceived characters allowed in a name, after trimming.
    public nonisolated static let nameLengthRange = 3...32

    /// name: the learner playing; empty before Register.
    public private(set) var name = ""
    /// rememberMe: the profile is saved (and found again at the next launch).
    public private(set) var rememberMe = false
    /// savedProfiles: profiles on disk, last used first (for the picker).
    public private(set) var savedProfiles: [Profile] = []
    /// problem: the last load or save failure, as a sentence for the learner.
    public private(set) var problem: String?

    /// numberOfQuestions: correct answers per session, 3–20; used from the next game.
    public var numberOfQuestions = Settings.defaultQuestions {
        didSet { settingChanged(\.numberOfQuestions, oldValue, Settings.clampQuestions(numberOfQuestions)) }
    }
    /// appearance: the colour scheme.
    public var appearance = Appearance.terminal {
        didSet { settingChanged(\.appearance, oldValue, appearance) }
    }
    /// learningEnabled: the Learn tab shows.
    public var learningEnabled = true {
        didSet { settingChanged(\.learningEnabled, oldValue, learningEnabled) }
    }
    /// cardColor: the flash cards' colour.
    public var cardColor = CardColor.blue {
        didSet { settingChanged(\.cardColor, oldValue, cardColor) }
    }

    @ObservationIgnored private let store: ProfileStore?
    @ObservationIgnored private var profileID: UUID?
    @ObservationIgnored private let clock: @MainActor () -> Date
    /// applying: several settings are being replaced at once; save once afterwards, not per
    /// setting, so no half-applied profile ever reaches the disk.
    @ObservationIgnored private var applying = false

    /// init: `store` nil keeps everything in memory (used by tests and `--config-dir` errors).
    public init(store: ProfileStore?, clock: @escaping @MainActor () -> Date = Date.init) {
        self.store = store
        self.clock = clock
    }

    /// isRegistered: a learner has registered or been picked.
    public var isRegistered: Bool {
        !name.isEmpty
    }

    /// settings: the current settings as one value (what is saved).
    public var settings: Settings {
        Settings(numberOfQuestions: numberOfQuestions, appearance: appearance, learningEnabled: learningEnabled, cardColor: cardColor)
    }

    /// isValidName: at least 3 display columns and at most 32 user-perceived characters after
    /// trimming white space. Columns, not characters, for the lower bound: a two-kanji name
    /// (花子, 太郎) is as long on screen as "Ann", while "Bo" is too short.
    public nonisolated static func isValidName(_ name: String) -> Bool {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.displayWidth >= nameLengthRange.lowerBound && trimmed.count <= nameLengthRange.upperBound
    }

    /// savedProfile: the saved profile with this name, ignoring case and surrounding spaces.
    public func savedProfile(named rawName: String) -> Profile? {
        let wanted = rawName.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        return savedProfiles.first { $0.name.lowercased() == wanted }
    }

    /// loadSavedProfiles: reads the profiles on disk; problems are kept for the front to show.
    @discardableResult
    public func loadSavedProfiles() -> [PersistenceError] {
        guard let store else { return [] }
        let result = store.loadAll()
        savedProfiles = result.profiles
        if let first = result.problems.first { problem = first.message }
        return result.problems
    }

    /// signIn: makes a saved profile the current one. Nothing is written here — starting up
    /// must not wait for a disk sync; `recordUse()` stamps the profile as used on the way out.
    public func signIn(_ profile: Profile) {
        profileID = profile.id
        name = profile.name
        rememberMe = true
        apply(profile.settings)
    }

    /// recordUse: saves the current profile as used now (the picker lists last used first).
    public func recordUse() {
        save(lastUsed: clock())
    }

    /// register: starts as a new learner. Remember me on saves the profile; off deletes any saved
    /// profile with the same name, as Kuchi's toggle does.
    public func register(name rawName: String, rememberMe: Bool) {
        let trimmed = rawName.trimmingCharacters(in: .whitespacesAndNewlines)
        guard Self.isValidName(trimmed) else { return }
        let existing = savedProfiles.first { $0.name.lowercased() == trimmed.lowercased() }
        profileID = existing?.id ?? UUID()
        name = trimmed
        self.rememberMe = rememberMe
        apply(existing?.settings ?? Settings())
        if rememberMe {
            save(lastUsed: clock())
        } else if let existing {
            delete(existing.id)
        }
    }

    /// forget: deletes the current profile from disk and signs out (back to Register).
    public func forget() {
        if let profileID { delete(profileID) }
        profileID = nil
        name = ""
        rememberMe = false
        apply(Settings())
    }

    /// clearProblem: the learner has seen the message.
    public func clearProblem() {
        if problem != nil { problem = nil }
    }

    private func apply(_ settings: Settings) {
        applying = true
        defer { applying = false }
        if numberOfQuestions != settings.numberOfQuestions { numberOfQuestions = settings.numberOfQuestions }
        if appearance != settings.appearance { appearance = settings.appearance }
        if learningEnabled != settings.learningEnabled { learningEnabled = settings.learningEnabled }
        if cardColor != settings.cardColor { cardColor = settings.cardColor }
    }

    /// settingChanged: clamps, then saves when the value really changed.
    private func settingChanged<Value: Equatable>(_ keyPath: ReferenceWritableKeyPath<UserManager, Value>, _ oldValue: Value, _ clamped: Value) {
        if self[keyPath: keyPath] != clamped {
            self[keyPath: keyPath] = clamped  // re-enters didSet, which saves the clamped value
            return
        }
        if oldValue != clamped, !applying { save(lastUsed: clock()) }
    }

    private func save(lastUsed: Date) {
        guard let store, rememberMe, let profileID, isRegistered else { return }
        let profile = Profile(id: profileID, name: name, settings: settings, lastUsed: lastUsed)
        do throws(PersistenceError) {
            try store.save(profile)
            savedProfiles.removeAll { $0.id == profileID }
            savedProfiles.insert(profile, at: 0)
            clearProblem()
        } catch {
            problem = error.message
        }
    }

    private func delete(_ id: UUID) {
        guard let store else { return }
        do throws(PersistenceError) {
            try store.delete(id)
            savedProfiles.removeAll { $0.id == id }
        } catch {
            problem = error.message
        }
    }
}
