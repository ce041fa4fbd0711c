import KuchiCore
import KuchiDeck
import KuchiData

/// SettingsScene: the learner's settings; changes apply at once and are saved with the profile.
struct SettingsScene: Scene {
    /// Action: what Settings does.
    enum Action: SceneAction {
        case moveUp, moveDown, first, last
        /// change: steps a row's value (← → − +, or a click on ◂ ▸).
        case change(SettingsRow, by: Int)
        /// activate: Space/Enter on the focused row: toggles a switch, presses a button; a value
        /// row is changed with ← → only.
        case activateFocused
        /// select: focuses a row (a click on its label) and toggles or presses it.
        case select(SettingsRow)
        case confirmForget, keepProfile
        /// confirmForgetEverywhere: Forget me on every machine that shares the Sync folder.
        case confirmForgetEverywhere
        case back
        /// saveSyncFolder, cancelSyncFolder, deleteSyncFolderCharacter: editing the Sync folder.
        case saveSyncFolder, cancelSyncFolder, deleteSyncFolderCharacter
        /// cancelOptimize: Esc while *Optimize my scheduler* runs.
        case cancelOptimize
    }

    let state: AppState
    /// session: the learner's study (Forget me deletes their progress there).
    let session: LearnerSession
    var user: UserManager { session.user }
    /// deckTitle, categorySummary: what the Deck and Categories rows show.
    var deckTitle = ""
    var categorySummary = ""
    let title = "Settings"

    var bindings: [Binding<Action>] {
        // While Forget me runs, nothing may touch the learner it is deleting.
        if state.forgetting != nil { return [] }
        if state.confirmingForget {
            let everywhere = user.syncFolder.isEmpty ? [] : [
                Binding([.character("e")], Action.confirmForgetEverywhere, keys: "e", bar: "Every machine",
                        help: "forget this learner on every machine that syncs through the Sync folder"),
            ]
            return [
                Binding([.character("y")], .confirmForget, keys: "y", bar: user.syncFolder.isEmpty ? "Forget me" : "This machine",
                        help: user.syncFolder.isEmpty ? "forget this learner" : "forget this learner on this machine only"),
            ] + everywhere + [
                Binding([.character("n"), .escape, .character("q")], .keepProfile, keys: "n", helpKeys: "n Esc", bar: "Keep",
                        help: "keep the profile", priority: .essential),
            ]
        }
        if state.syncFolderDraft != nil { return syncFolderBindings }
        let row = state.settingsRow
        let switchable = [.learning, .teachNew, .forget, .deck, .categories, .syncFolder, .optimize].contains(row)
        let optimizing = state.optimizeJob.isRunning
        return [
            Binding(triggers: [(.up, .moveUp), (.character("k"), .moveUp), (.down, .moveDown), (.character("j"), .moveDown)],
                    keys: "↑↓", helpKeys: "↑ ↓  k j", bar: "Move", help: "move between settings"),
            Binding(triggers: [(.home, .first), (.end, .last)], keys: "Home End", help: "the first or the last setting"),
            Binding(triggers: [(.left, .change(row, by: -1)), (.character("-"), .change(row, by: -1)),
                               (.right, .change(row, by: 1)), (.character("+"), .change(row, by: 1)),
                               (.character("="), .change(row, by: 1))],
                    keys: "←→", helpKeys: "← → - +", bar: "Change", help: "change the value (or click ◂ ▸)",
                    when: ![.forget, .deck, .categories, .syncFolder, .optimize].contains(row)),
            Binding([.space, .enter], .activateFocused, keys: "Space", helpKeys: "Space Enter",
                    bar: row == .learning || row == .teachNew ? "Toggle" : (row == .forget || row == .optimize ? "Press" : "Choose"),
                    help: "toggle a switch, press a button, or choose the deck or categories (or click it)",
                    when: switchable && !(optimizing && row == .optimize)),
        ] + (optimizing ? optimizeBindings : []) + [
            Binding(optimizing ? [.character("q")] : [.escape, .character("q")], .back, keys: "q", helpKeys: optimizing ? "q" : "q Esc",
                    bar: "Back", help: "back to Welcome", priority: .essential),
        ]
    }

    func panes(in body: Rect, sizeClass: SizeClass) -> [(pane: any Pane, frame: Rect)] {
        var panes: [(pane: any Pane, frame: Rect)] = [
            (SettingsPane(user: user, state: state, overrides: session.overrides, deckTitle: deckTitle, categorySummary: categorySummary), body),
        ]
        if state.confirmingForget {
            let frame = Layout.centered(rows: 7, columns: 56, in: body)
            let reviews = session.reviewCount
            let progress = reviews == 1 ? "1 review" : "\(reviews) reviews"
            let shared = !user.syncFolder.isEmpty
            var message = user.rememberMe
                ? "Forget \(user.name)? Deletes your profile and all your progress: \(progress). Kuchi returns to Register."
                : "Forget \(user.name)? Deletes all your progress (\(progress)); no profile is saved for this name. Kuchi returns to Register."
            if shared { message += " On this machine only, or on every machine that syncs through your Sync folder?" }
            panes.append((ConfirmPane(message: message, yes: ("y", shared ? "This machine" : "Forget me", Action.confirmForget),
                                      no: ("n", "Keep", Action.keepProfile),
                                      other: shared ? ("e", "Every machine", Action.confirmForgetEverywhere) : nil),
                          shared ? Layout.centered(rows: 8, columns: 64, in: body) : frame))
        }
        return panes
    }

    func perform(_ action: Action) {
        let all = SettingsRow.allCases
        let index = all.firstIndex(of: state.settingsRow) ?? 0
        switch action {
        case .moveUp: state.set(\.settingsRow, to: all[max(index - 1, 0)])
        case .moveDown: state.set(\.settingsRow, to: all[min(index + 1, all.count - 1)])
        case .first: state.set(\.settingsRow, to: all[0])
        case .last: state.set(\.settingsRow, to: all[all.count - 1])
        case .change(let row, let step):
            state.set(\.settingsRow, to: row)
            change(row, by: step)
        case .activateFocused: activate(state.settingsRow)
        case .select(let row):
            state.set(\.settingsRow, to: row)
            activate(row)
        case .confirmForget: startForget(everywhere: false)
        case .confirmForgetEverywhere: startForget(everywhere: true)
        case .keepProfile: state.confirmingForget = false
        case .back: state.go(.welcome)
        case .saveSyncFolder, .cancelSyncFolder, .deleteSyncFolderCharacter: editSyncFolder(action)
        case .cancelOptimize: cancelOptimize()
        }
    }

    /// change: steps a value; the question count stops at its range's ends.
    private func change(_ row: SettingsRow, by step: Int) {
        switch row {
        case .questions:
            let next = Settings.clampQuestions(user.numberOfQuestions + step)
            if next != user.numberOfQuestions { user.numberOfQuestions = next }
        case .newWords:
            // Steps of 5 beyond 20: 100 is far, and a learner rarely wants 37 exactly.
            let stride = user.newWordsPerDay + step > 20 || (user.newWordsPerDay > 20 && step < 0) ? 5 : 1
            let next = Settings.clampNewWordsPerDay(user.newWordsPerDay + step * stride)
            if next != user.newWordsPerDay { user.newWordsPerDay = next }
        case .retention:
            let next = Settings.clampDesiredRetention(((user.desiredRetention * 100).rounded() + Double(step)) / 100)
            if next != user.desiredRetention { user.desiredRetention = next }
        case .rollover:
            user.dayRolloverHour = (user.dayRolloverHour + step + 24) % 24
        case .appearance: user.appearance = Self.cycle(user.appearance, by: step)
        case .learning: user.learningEnabled.toggle()
        case .teachNew: user.teachNewWords.toggle()
        case .levels:
            let choices = Self.levelChoices(session.wholeOutline)
            let index = choices.firstIndex(of: user.levels) ?? 0
            user.levels = choices[(index + step + choices.count) % choices.count]
        case .cardColor: user.cardColor = Self.cycle(user.cardColor, by: step)
        case .direction:
            // Listening needs sound: without a player (or Open JTalk) it is skipped, and the note says why.
            var next = Self.cycle(user.studyDirection, by: step)
            if next == .listen, state.audio?.listeningProblem != nil { next = Self.cycle(next, by: step) }
            user.studyDirection = next
        case .answerKind: user.answerKind = Self.cycle(user.answerKind, by: step)
        case .audio: user.audio = Self.cycle(user.audio, by: step)
        case .forget, .deck, .categories, .syncFolder, .optimize: break
        }
    }

    /// activate: toggles a switch or presses a button; value rows only take focus.
    private func activate(_ row: SettingsRow) {
        switch row {
        case .learning: user.learningEnabled.toggle()
        case .teachNew: user.teachNewWords.toggle()
        case .forget: state.confirmingForget = true
        case .deck:
            state.set(\.deckCursor, to: ListCursor(index: 0))
            state.go(.decks)
        case .categories:
            state.set(\.categoryCursor, to: ListCursor(index: 0))
            state.go(.categories)
        case .syncFolder: state.syncFolderDraft = user.syncFolder
        case .optimize: startOptimize()
        case .questions, .newWords, .retention, .rollover, .appearance, .cardColor, .direction, .answerKind, .audio, .levels: break
        }
    }

    /// levelChoices: every level, then the easiest level alone, the two easiest, …, then each
    /// harder level alone (N4 once N5 is learnt) — the JLPT levels the deck's words name, easiest
    /// (N5) first; a choice leaving too few words is not offered.
    static func levelChoices(_ deck: DeckOutline) -> [[Int]] {
        let levels = deck.levels.map(\.level)
        let cumulative = levels.indices.map { Array(levels[...$0]) }.filter { $0.count < levels.count && deck.selecting(levels: $0) != nil }
        let alone = levels.dropFirst().map { [$0] }.filter { deck.selecting(levels: $0) != nil }
        return [[]] + cumulative + alone
    }

    /// levelTitle: how Settings names a level choice: "All levels", "N5", "N5–N4".
    static func levelTitle(_ levels: [Int]) -> String {
        guard let first = levels.max(), let last = levels.min() else { return "All levels" }
        return first == last ? "N\(first)" : "N\(first)–N\(last)"
    }

    static func cycle<Value: CaseIterable & Equatable>(_ value: Value, by step: Int) -> Value {
        let all = Array(Value.allCases)
        let index = all.firstIndex(of: value) ?? 0
        return all[(index + step + all.count) % all.count]
    }
}
