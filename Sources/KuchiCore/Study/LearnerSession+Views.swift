import Foundation
import KuchiMemory
import KuchiDeck
import KuchiData
import KuchiSync

/// LearnerSession+Views: what the other tabs and Welcome read of the learner's study — the
/// counts, the flash cards, the statistics, the notices — and Forget me.
extension LearnerSession {
    /// refreshStatus: Welcome's counts for the selection, recomputed when the selection or the
    /// study day changed, when asked to (`force`: Welcome shown again), or a minute after the last.
    public func refreshStatus(force: Bool = false) {
        let now = clock()
        let selection = self.selection
        let dayStart = selection.day.start(of: now)
        if !force, let key = statusKey, key.selection == selection, key.dayStart == dayStart, now.timeIntervalSince(key.at) < 60,
           now >= key.at { return }
        statusKey = (selection, dayStart, now)
        // The word table when it stands for the deck (no card keys of the whole deck built, no
        // word decoded); nobody to count for reads nothing.
        let figures = database == nil || user.profileID == nil ? nil
            : tableStatus(selection: selection, now: now)
                ?? Self.status(database: database, learner: user.profileID, deck: deck, selection: selection, now: now)
        if status != figures { status = figures }
    }

    /// status: the figures for `selection` in `deck` — one rule for Welcome and `kuchi due`.
    public nonisolated static func status(database: LearnerDatabase?, learner: UUID?, deck: Deck, selection: StudySelection,
                              now: Date) -> StudyStatus? {
        guard let database, let learner else { return nil }
        // The words' cards in the other directions, so a direction choice that leaves due
        // cards out says so (mixed leaves nothing out).
        // Suspended words are not counted: not due, not new, not in the daily limit.
        let suspended = (try? database.suspendedWords(learner: learner, deck: deck.title)) ?? []
        let deck = suspended.isEmpty ? deck : deck.excluding(suspended)
        let others: (@Sendable () -> CardKeys)? = selection.direction == .mixed ? nil : { @Sendable in QuizDirection.mixed.cardKeys(in: deck) }
        return try? database.status(learner: learner, deck: deck.title, selection: selection.direction.cardKeys(in: deck), now: now,
                                    day: selection.day, newWordLimit: selection.newWordLimit, otherDirections: others)
    }

    /// status(table:): the same figures over a deck's word table (`DeckWordTable`, kept in the
    /// deck cache) — `kuchi due`'s quick path, which never reads the deck itself. `categories`
    /// is the selection's (`[]` for `--deck`, which counts every category).
    package nonisolated static func status(database: LearnerDatabase, learner: UUID, table: DeckWordTable, selection: StudySelection,
                                           categories: [String], now: Date) -> StudyStatus? {
        guard let suspended = try? database.suspendedWords(learner: learner, deck: table.title) else { return nil }
        var words = CanonicalWords()
        let chosen = WordSelection(table: table, categories: categories, levels: selection.levels, direction: selection.direction,
                                   suspended: suspended, words: &words)
        return try? database.status(learner: learner, table: table, selection: chosen, now: now, day: selection.day,
                                    newWordLimit: selection.newWordLimit)
    }

    /// flashCards: the Learn tab's stack for the selection, made on first use.
    public var flashCards: FlashCardsViewModel {
        if let cards = flashCardsStorage { return cards }
        let random: any RandomNumberGenerator = seed.map { SeededGenerator(seed: $0) } ?? SystemRandomNumberGenerator()
        let cards: FlashCardsViewModel
        if let database, let learner = user.profileID {
            // Read, not stored: the pane may be built while drawing, which changes no state.
            let newToday = Self.status(database: database, learner: learner, deck: deck, selection: selection, now: clock())?.newAvailable
            cards = FlashCardsViewModel(deck: deck, random: random,
                                        learn: LearnContext(database: database, learner: learner, newWords: newToday ?? 0))
        } else {
            cards = FlashCardsViewModel(deck: deck, random: random)
        }
        flashCardsStorage = cards
        return cards
    }

    /// statsModel: the learner's statistics, read from the learner database by SQL aggregates;
    /// before anyone signs in, or without a database, every figure is zero.
    public var statsModel: StatsModel {
        if let model = statsStorage { return model }
        let categories = StatsCategoryIndex(decks: [wholeDeck])
        let source = database?.statsSource
        let learner = user.profileID
        let model = StatsModel(calendar: StudyCalendar(rolloverHour: user.dayRolloverHour), categories: categories, now: clock()) { calendar, now in
            guard let source, let learner else {
                return try LearnerDatabase.inMemory().statsSource.snapshot(learner: UUID(), calendar: calendar, categories: categories, now: now)
            }
            return try source.snapshot(learner: learner, calendar: calendar, categories: categories, now: now)
        }
        statsStorage = model
        return model
    }

    /// openStats: the Stats tab opens: its figures are read whole unless nothing but this
    /// process's own answers (already applied one by one) changed the database since.
    public func openStats() {
        followRollover()
        let model = statsModel
        let now = clock()
        let day = StudyDay(rolloverHour: user.dayRolloverHour).start(of: now)
        let version = database?.dataVersion()
        if let version, let known = statsVersion, known.version == version, known.day == day { return }
        model.refresh(now: now)
        statsVersion = version.map { ($0, day) }
    }

    /// wordHistory: the page of the deck's word `question` (read `reading`) as the store has it
    /// now; nil when the deck has no such word.
    public func wordHistory(question: String, reading: String) -> WordHistory? {
        let whole = wholeDeck
        guard let challenge = whole.challenges.first(where: { $0.question == question && ($0.reading ?? "") == reading })
            ?? WordHistory.find(question, in: whole) else { return nil }
        let database = self.database ?? LearnerDatabase.inMemory()
        return try? database.wordHistory(learner: user.profileID ?? UUID(), deck: whole, challenge: challenge, now: clock(),
                                         scheduler: SchedulerFactory.scheduler(learner: user.profileID ?? UUID(),
                                                                               desiredRetention: selection.desiredRetention, in: self.database))
    }

    /// setSuspended: suspends the word (or brings it back) for the signed-in learner; the
    /// counts are read again. Returns whether the store kept it.
    @discardableResult
    public func setSuspended(_ suspended: Bool, question: String, reading: String) -> Bool {
        guard let database, let learner = user.profileID else { return false }
        do {
            try database.setSuspended(suspended, learner: learner, deck: wholeDeck.title, question: question, reading: reading, now: clock())
        } catch {
            forgetProblem = "Could not change the word (\(error))."
            return false
        }
        statusKey = nil
        // The statistics count the word's cards apart now: read them again when next shown.
        statsVersion = nil
        return true
    }

    /// followRollover: a changed *Next day starts at* reaches the statistics: their calendar
    /// takes the new hour, and figures already shown are read again at once (every day-relative
    /// figure moves), so an open Stats tab never counts "today" by the old hour.
    func followRollover() {
        guard let model = statsStorage, model.calendar.rolloverHour != user.dayRolloverHour else { return }
        model.calendar = StudyCalendar(rolloverHour: user.dayRolloverHour, timeZone: model.calendar.timeZone)
        guard statsVersion != nil else { return }
        let now = clock()
        model.refresh(now: now)
        statsVersion = database?.dataVersion().map { ($0, StudyDay(rolloverHour: user.dayRolloverHour).start(of: now)) }
    }

    /// notice: the problem to show — the profile's, else the quiz's, Learn's, Stats', the deck's.
    public var notice: String? {
        let read = readBusyProblem
        let unread = { (problem: String?) in problem == read ? nil : problem }
        return user.problem ?? busyProblem ?? unread(quiz.problem) ?? forgetProblem ?? unread(flashCardsStorage?.problem)
            ?? statsStorage?.problem ?? deckProblem
    }

    /// clearNotice: the learner has read it.
    public func clearNotice() {
        guard let shown = notice else { return }
        // The same sentence can come from several models (the database's problem reaches the
        // quiz and Learn): read once is read.
        if quiz.problem == shown { quiz.clearProblem() }
        if flashCardsStorage?.problem == shown { flashCardsStorage?.clearProblem() }
        if statsStorage?.problem == shown { statsStorage?.clearProblem() }
        if user.problem != nil {
            user.clearProblem()
        } else if busyProblem != nil {
            readBusyProblem = busyProblem
            busyProblem = nil
        } else if quiz.problem != nil {
            quiz.clearProblem()
        } else if forgetProblem != nil {
            forgetProblem = nil
        } else if flashCardsStorage?.problem != nil {
            flashCardsStorage?.clearProblem()
        } else if statsStorage?.problem != nil {
            statsStorage?.clearProblem()
        } else if deckProblem != nil {
            deckProblem = nil
        }
    }

    /// deckChoices: every deck the learner can choose — the bundled one ("") and the imported
    /// ones — with its title and size (loaded for the picker only).
    public func deckChoices() -> [(name: String, title: String, count: Int)] {
        let outline = try? bundled.outline()
        var list = [(name: "", title: outline?.heading ?? Deck.bundledHeading, count: outline?.count ?? 0)]
        guard overrides.deck == nil || library != nil else { return list }
        let library = self.library ?? DeckLibrary()
        // Outlined, not decoded: a deck the cache vouches for is counted from its word table.
        for name in library.names() {
            if let deck = try? library.source(for: name).outline() { list.append((name, deck.heading, deck.count)) }
        }
        return list
    }

    /// reviewCount: the learner's answers in the log (Forget me says what it deletes).
    public var reviewCount: Int {
        guard let database, let learner = user.profileID else { return 0 }
        return (try? database.reviewCount(learner: learner)) ?? 0
    }

    /// forget: Forget me — deletes the learner's reviews, cards and sessions (one transaction)
    /// and their profile; their quiz and flash cards do not pass to the next learner.
    public func forget() {
        finishForget(problem: forgetWork(everywhere: false)())
    }

    /// forgetEverywhere: Forget me on every machine that syncs through the learner's Sync folder:
    /// a tombstone written there first (each other machine obeys it at its next sync), then the
    /// learner forgotten here. Nothing is forgotten when the folder cannot be written.
    public func forgetEverywhere() {
        finishForget(problem: forgetWork(everywhere: true)())
    }

    /// forgetWork: Forget me's deletions as work that may run off the main actor (a long
    /// history takes seconds; the app runs it as a background job and keeps drawing). It
    /// returns why nothing was forgotten, or nil; `finishForget` then signs the learner out.
    /// `everywhere` without a Sync folder forgets here only.
    public func forgetWork(everywhere: Bool) -> @Sendable () -> String? {
        guard let database, let learner = user.profileID else { return { nil } }
        if everywhere, let store = user.store, !user.syncFolder.isEmpty {
            let folder = URL(fileURLWithPath: user.syncFolder)
            let now = clock()
            return {
                if case .failure(let failure) = SyncService.forgetEverywhere(learner, folder: folder, database: database, store: store, now: now) {
                    return failure.message
                }
                return nil
            }
        }
        return {
            do {
                try database.forget(learner: learner)
                return nil
            } catch {
                return "Could not delete your progress (\(error)); your profile was kept."
            }
        }
    }

    /// finishForget: what Forget me's work answered: the problem shown and the learner kept, or
    /// the learner signed out.
    public func finishForget(problem: String?) {
        if let problem {
            forgetProblem = problem
        } else {
            signOutForgotten()
        }
    }

    /// signOutForgotten: the learner's data is gone (here, or by a sync obeying another
    /// machine's Forget me): sign out, and let nothing of theirs pass to the next learner.
    public func signOutForgotten() {
        user.forget()
        builtFor = nil
        studiedCache = nil
        decksCache = nil
        flashCardsStorage = nil
        statsStorage = nil
        statsVersion = nil
        settle()
    }
}
