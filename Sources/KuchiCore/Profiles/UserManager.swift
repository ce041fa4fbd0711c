import Foundation
import Observation
import KuchiBase
import KuchiDeck
import KuchiData
import KuchiSync

/// UserManager: who is playing and their settings; saves them when "Remember me" is on.
///
/// Each setting is its own stored property, so a pane that reads the card colour is not redrawn
/// when the number of questions changes. Saving failures never stop the session: they land in
/// `problem`, which the front shows in one sentence.
///
/// Two windows may play as one learner. Every save writes only the field that changed into the
/// file as it is now (see `ProfileStore.update`), so they never undo each other; and once the
/// profile is deleted elsewhere (Forget me), this window never writes it back: it keeps its
/// settings in memory, turns `rememberMe` off and says so once in `problem`.
@MainActor
@Observable
public final class UserManager {
    /// nameLengthRange: user-perceived characters allowed in a name, after trimming.
    public nonisolated static let nameLengthRange = Profile.nameLengthRange

    /// name: the learner playing; empty before Register.
    public internal(set) var name = ""
    /// rememberMe: the profile is saved (and found again at the next launch).
    public internal(set) var rememberMe = false
    /// savedProfiles: profiles on disk, last used first (for the picker).
    public internal(set) var savedProfiles: [Profile] = []
    /// problem: the last load or save failure, as a sentence for the learner.
    public internal(set) var problem: String?
    /// profileID: the learner's identity (the progress database's key); nil before Register.
    public internal(set) var profileID: UUID?

    /// numberOfQuestions: correct answers per session, 3–20; used from the next game.
    public var numberOfQuestions = Settings.defaultQuestions {
        didSet { settingChanged(\.numberOfQuestions, .numberOfQuestions, oldValue, Settings.clampQuestions(numberOfQuestions)) }
    }
    /// appearance: the colour scheme.
    public var appearance = Appearance.terminal {
        didSet { settingChanged(\.appearance, .appearance, oldValue, appearance) }
    }
    /// learningEnabled: the Learn tab shows.
    public var learningEnabled = true {
        didSet { settingChanged(\.learningEnabled, .learningEnabled, oldValue, learningEnabled) }
    }
    /// cardColor: the flash cards' colour.
    public var cardColor = CardColor.blue {
        didSet { settingChanged(\.cardColor, .cardColor, oldValue, cardColor) }
    }
    /// newWordsPerDay: new words the scheduler introduces per day, 0–100.
    public var newWordsPerDay = Settings.defaultNewWordsPerDay {
        didSet { settingChanged(\.newWordsPerDay, .newWordsPerDay, oldValue, Settings.clampNewWordsPerDay(newWordsPerDay)) }
    }
    /// desiredRetention: the recall probability FSRS schedules for, 0.70–0.97.
    public var desiredRetention = Settings.defaultDesiredRetention {
        didSet { settingChanged(\.desiredRetention, .desiredRetention, oldValue, Settings.clampDesiredRetention(desiredRetention)) }
    }
    /// dayRolloverHour: the local hour a new study day starts, 0–23.
    public var dayRolloverHour = Settings.defaultDayRolloverHour {
        didSet { settingChanged(\.dayRolloverHour, .dayRolloverHour, oldValue, Settings.clampDayRolloverHour(dayRolloverHour)) }
    }
    /// deck: the deck studied, a name from `kuchi decks` ("" is the bundled deck).
    public var deck = "" {
        didSet { settingChanged(\.deck, .deck, oldValue, deck) }
    }
    /// categories: the categories of the deck studied ([] is all of them).
    public var categories: [String] = [] {
        didSet { settingChanged(\.categories, .categories, oldValue, categories) }
    }
    /// studyDirection: which way words are asked: jp-en, en-jp, reading or mixed.
    public var studyDirection = QuizDirection.japaneseToEnglish {
        didSet { settingChanged(\.studyDirection, .studyDirection, oldValue, studyDirection) }
    }
    /// answerKind: choose from three, or type the answer.
    public var answerKind = AnswerKind.choose {
        didSet { settingChanged(\.answerKind, .answerKind, oldValue, answerKind) }
    }
    /// syncFolder: the folder the app syncs through (`kuchi sync`); empty is none.
    public var syncFolder = "" {
        didSet { settingChanged(\.syncFolder, .syncFolder, oldValue, syncFolder) }
    }
    /// audio: when words are said: off, on request (`a`), or automatically (issue 31).
    public var audio = AudioMode.onRequest {
        didSet { settingChanged(\.audio, .audio, oldValue, audio) }
    }

    /// teachNewWords: a word met for the first time is taught (a New word card) before it is asked.
    public var teachNewWords = true {
        didSet { settingChanged(\.teachNewWords, .teachNewWords, oldValue, teachNewWords) }
    }
    /// levels: the JLPT levels studied ([] is all of them; N5 until the learner chooses).
    public var levels: [Int] = Settings().levels {
        didSet { settingChanged(\.levels, .levels, oldValue, levels) }
    }

    @ObservationIgnored let store: ProfileStore?
    /// settingsLog: where the learner's settings are kept (the learner database's change log);
    /// nil keeps them in memory (tests, and a Kuchi whose database could not be opened).
    @ObservationIgnored public private(set) var settingsLog: LearnerDatabase?
    @ObservationIgnored let clock: @MainActor () -> Date
    /// persisted: the current learner's file has been written or read, so a missing file now
    /// means it was deleted elsewhere (not that the first save failed and should be retried).
    @ObservationIgnored var persisted = false
    /// applying: several settings are being replaced at once; nothing is saved meanwhile.
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
        Settings(numberOfQuestions: numberOfQuestions, appearance: appearance, learningEnabled: learningEnabled, cardColor: cardColor,
                 newWordsPerDay: newWordsPerDay, desiredRetention: desiredRetention, dayRolloverHour: dayRolloverHour,
                 deck: deck, categories: categories,
                 studyDirection: studyDirection, answerKind: answerKind, teachNewWords: teachNewWords, levels: levels,
                 syncFolder: syncFolder, audio: audio)
    }

    /// isValidName: at least 3 display columns and at most 32 user-perceived characters after
    /// trimming white space. Columns, not characters, for the lower bound: a two-kanji name
    /// (花子, 太郎) is as long on screen as "Ann", while "Bo" is too short.
    public nonisolated static func isValidName(_ name: String) -> Bool {
        Profile.isValidName(name)
    }

    /// loadSavedProfiles: reads the profiles on disk; problems are kept for the front to show.
    @discardableResult
    public func loadSavedProfiles() -> [PersistenceError] {
        guard let store else { return [] }
        let result = store.loadAll()
        if savedProfiles != result.profiles { savedProfiles = result.profiles }
        if let first = result.problems.first { problem = first.message }
        return result.problems
    }

    /// savedProfile: the saved profile called `name` — trimmed, ignoring case and full/half
    /// width (`Profile.isNamed`) — as last loaded; nil when there is none.
    public func savedProfile(named name: String) -> Profile? {
        savedProfiles.first { $0.isNamed(name) }
    }

    /// signIn: makes a saved profile the current one, with its settings as they are on disk now
    /// (another window may have changed them since the list was read). Nothing is written here —
    /// starting up must not wait for a disk sync; `recordUse()` stamps the use on the way out.
    public func signIn(_ profile: Profile) {
        var current = profile
        var onDisk = true
        if let store {
            do throws(PersistenceError) {
                if let fresh = try store.profile(profile.id) { current = fresh } else { onDisk = false }
            } catch {
                problem = error.message
            }
        }
        if let settingsLog {
            // A profile of an older Kuchi is carried over into the log once, when it is written.
            if onDisk, !settingsLog.isCarriedOver(current.id) { try? settingsLog.carryOver(current, now: clock()) }
            current = settingsLog.settings(of: current)
        }
        become(current, remembered: onDisk, persisted: onDisk)
        if !onDisk { removedElsewhere(profile) }
    }

    /// attach: keeps the learner's settings in `database` from now on; a learner signed in
    /// already takes the settings it holds.
    public func attach(_ database: LearnerDatabase) {
        guard settingsLog !== database else { return }
        settingsLog = database
        guard isRegistered, let profileID, rememberMe else { return }
        var profile = Profile(id: profileID, name: name, settings: settings, lastUsed: clock())
        if let saved = savedProfiles.first(where: { $0.id == profileID }) { profile = saved }
        signIn(profile)
    }

    /// reloadSettings: takes the settings as the log holds them now (a sync received changes
    /// from another machine); returns the fields that changed.
    @discardableResult
    public func reloadSettings() -> [ProfileField] {
        guard let settingsLog, let profileID, isRegistered else { return [] }
        let before = Profile(id: profileID, name: name, settings: settings, lastUsed: clock())
        let after = settingsLog.settings(of: before)
        let old = SettingValues.values(of: before)
        let new = SettingValues.values(of: after)
        let changed = SettingValues.travelling.filter { old[$0] != new[$0] }
        guard !changed.isEmpty else { return [] }
        if name != after.name { name = after.name }
        apply(after.settings)
        return changed
    }

    /// register: starts as a NEW learner with default settings and a new id. Never takes over or
    /// deletes a saved profile: when one already has this name (the disk is re-read first, as
    /// another window may have saved it), nothing changes and `.nameTaken` returns it. Remember me
    /// on saves the new profile; off saves nothing and deletes nothing.
    @discardableResult
    public func register(name rawName: String, rememberMe remember: Bool) -> RegistrationResult {
        let trimmed = rawName.trimmingSpacesAndNewlines()
        guard Self.isValidName(trimmed) else { return .invalidName }
        loadSavedProfiles()
        if let taken = savedProfile(named: trimmed) { return .nameTaken(taken) }
        let profile = Profile(name: trimmed, lastUsed: clock())
        var saved = false
        if remember {
            let outcome = create(profile)
            if case .nameTaken = outcome.result { return outcome.result }
            saved = outcome.saved
        }
        become(profile, remembered: remember, persisted: saved)
        // The name is the first fact of a new learner's log: it is how other machines know them.
        if saved { try? settingsLog?.record([.name], of: profile, now: clock()) }
        return .registered
    }

    /// setRememberMe: keeps or stops keeping the CURRENT learner. On saves them as a profile (or
    /// returns `.nameTaken` when a saved profile got their name meanwhile); off deletes this
    /// learner's own file — only theirs; the front asks y/n first.
    @discardableResult
    public func setRememberMe(_ remember: Bool) -> RegistrationResult {
        guard isRegistered, let profileID, remember != rememberMe else { return .registered }
        let profile = Profile(id: profileID, name: name, settings: settings, lastUsed: clock())
        if remember {
            loadSavedProfiles()
            if let taken = savedProfiles.first(where: { $0.id != profileID && $0.isNamed(name) }) { return .nameTaken(taken) }
            let outcome = create(profile)
            if case .nameTaken = outcome.result { return outcome.result }
            persisted = outcome.saved
            // What was changed while not remembered is kept from now on, as changes made now.
            if outcome.saved { try? settingsLog?.record(SettingValues.travelling, of: profile, now: clock()) }
        } else {
            guard delete(profileID) else { return .registered }
            persisted = false
        }
        rememberMe = remember
        return .registered
    }

    /// recordUse: stamps the current profile as used now (the picker lists last used first).
    /// Only `lastUsed` is written; a profile deleted elsewhere stays deleted.
    public func recordUse() {
        save([.lastUsed], lastUsed: clock())
    }

    /// forget: deletes the current profile from disk and signs out (back to Register).
    public func forget() {
        if let profileID, persisted { delete(profileID) }
        persisted = false
        if profileID != nil { profileID = nil }
        if !name.isEmpty { name = "" }
        if rememberMe { rememberMe = false }
        apply(Settings())
    }

    /// clearProblem: the learner has seen the message.
    public func clearProblem() {
        if problem != nil { problem = nil }
    }

    /// become: makes `profile` the current learner, writing only properties that change.
    private func become(_ profile: Profile, remembered: Bool, persisted: Bool) {
        if profileID != profile.id { profileID = profile.id }
        if name != profile.name { name = profile.name }
        if rememberMe != remembered { rememberMe = remembered }
        self.persisted = persisted
        apply(profile.settings)
    }

    /// apply: replaces every setting at once without saving (the values came from disk or are
    /// the defaults after Forget me).
    private func apply(_ settings: Settings) {
        applying = true
        defer { applying = false }
        if numberOfQuestions != settings.numberOfQuestions { numberOfQuestions = settings.numberOfQuestions }
        if appearance != settings.appearance { appearance = settings.appearance }
        if learningEnabled != settings.learningEnabled { learningEnabled = settings.learningEnabled }
        if cardColor != settings.cardColor { cardColor = settings.cardColor }
        if newWordsPerDay != settings.newWordsPerDay { newWordsPerDay = settings.newWordsPerDay }
        if desiredRetention != settings.desiredRetention { desiredRetention = settings.desiredRetention }
        if dayRolloverHour != settings.dayRolloverHour { dayRolloverHour = settings.dayRolloverHour }
        if deck != settings.deck { deck = settings.deck }
        if categories != settings.categories { categories = settings.categories }
        if studyDirection != settings.studyDirection { studyDirection = settings.studyDirection }
        if answerKind != settings.answerKind { answerKind = settings.answerKind }
        if teachNewWords != settings.teachNewWords { teachNewWords = settings.teachNewWords }
        if levels != settings.levels { levels = settings.levels }
        if syncFolder != settings.syncFolder { syncFolder = settings.syncFolder }
        if audio != settings.audio { audio = settings.audio }
    }

    /// settingChanged: clamps, then saves that one field when the value really changed.
    private func settingChanged<Value: Equatable>(_ keyPath: ReferenceWritableKeyPath<UserManager, Value>, _ field: ProfileField,
                                                  _ oldValue: Value, _ clamped: Value) {
        if self[keyPath: keyPath] != clamped {
            self[keyPath: keyPath] = clamped  // re-enters didSet, which saves the clamped value
            return
        }
        if oldValue != clamped, !applying { save([field], lastUsed: nil) }
    }
}
