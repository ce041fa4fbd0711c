import ArgumentParser
import Foundation
import KuchiCore
import KuchiDeck
import KuchiRecall
import KuchiData

/// SynonymsCommand: `kuchi synonyms` — the answers the learner kept as right ("I was right",
/// F5 in a typed session), listed or removed.
///
/// Lists one answer a line, `word direction answer` separated by tabs (or, with `--json`, one
/// JSON array of objects with `word`, `direction`, `answer` and `deck`); answers are kept per
/// deck, so when they come from more than one deck each line ends with its deck too.
/// `--remove WORD ANSWER` stops accepting that answer for that word (every direction; every
/// deck, or only `--deck NAME`'s), the answer compared as the judge compares a typed one (case,
/// spaces, punctuation, kana script and long-vowel spelling aside); the removal travels through
/// sync. `--add WORD ANSWER` keeps an answer without having to miss first (WaniKani's user
/// synonyms), for `--direction` (jp-en unless given) in the learner's deck or `--deck`'s,
/// through the same change "I was right" makes. Exit status: 0 done, 1 nothing to remove (or
/// no such word), 2 a problem (no such learner, a database that cannot be used).
struct SynonymsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "synonyms",
        abstract: "List the answers you kept as right (F5, “I was right”), add one, or remove one.",
        discussion: """
            Each line is: word, direction, answer (tab-separated), then the deck when your answers come from more than one deck. \
            Exit status: 0 done, 1 nothing to remove, 2 for a problem.
            """
    )

    @OptionGroup var learner: LearnerOptions
    @ParentCommand var root: KuchiCommand

    @Flag(help: "Print one JSON array of objects with word, direction and answer.")
    var json = false

    @Option(parsing: .upToNextOption,
            help: ArgumentHelp("Stop accepting ANSWER for WORD (compared as the judge compares answers).", valueName: "word answer"))
    var remove: [String] = []

    @Option(name: .customLong("remove-from"),
            help: ArgumentHelp("Stop accepting every answer MACHINE kept (its id, or the first 8 of its hex digits, as `kuchi sync` names it; \"here\" for this machine).",
                               valueName: "machine"))
    var removeFrom: String?
    @Option(parsing: .upToNextOption,
            help: ArgumentHelp("Accept ANSWER for WORD from now on (the word as the deck writes it, or its reading).", valueName: "word answer"))
    var add: [String] = []

    @Option(help: ArgumentHelp("With --add: the direction the answer is for: jp-en (the default), en-jp, reading or listen.",
                               valueName: "direction"))
    var direction: String?

    @Option(help: ArgumentHelp("Only the answers kept for this deck (its title, as listed); with --add, the deck the word is in.",
                               valueName: "name"))
    var deck: String?

    /// deckName: `--deck` as given (ArgumentParser hands the root command's own `--deck` to it
    /// even after the subcommand's name, as `LearnerOptions.resolved(root:)` says).
    private var deckName: String? { deck ?? root.deck }

    /// directionName: `--direction` as given (the root command takes it too, as a quiz
    /// direction, when it comes after the subcommand's name).
    private var directionName: String? { direction ?? root.direction?.rawValue }

    /// validate: --remove takes exactly a word and an answer.
    func validate() throws {
        if !remove.isEmpty && remove.count != 2 {
            throw ValidationError("--remove needs a word and an answer: kuchi synonyms --remove 貸す \"to lend out\"")
        }
        if !add.isEmpty && add.count != 2 {
            throw ValidationError("--add needs a word and an answer: kuchi synonyms --add 犬 doggy")
        }
        if !add.isEmpty && !remove.isEmpty { throw ValidationError("--add and --remove cannot be used together.") }
        if removeFrom != nil && !(add.isEmpty && remove.isEmpty) { throw ValidationError("--remove-from cannot be used with --add or --remove.") }
        if direction != nil && add.isEmpty { throw ValidationError("--direction goes with --add (kuchi synonyms --add WORD ANSWER --direction en-jp).") }
        if let direction, StudyDirection(rawValue: direction) == nil {
            throw ValidationError("--direction is one of jp-en, en-jp, reading, listen (not “\(direction)”).")
        }
        if add.count == 2 && add[1].trimmingSpaces().isEmpty { throw ValidationError("--add needs an answer that is not empty.") }
        if let deck, deck.trimmingSpaces().isEmpty { throw ValidationError("--deck needs a deck's title.") }
    }

    /// Listed: one kept answer as `--json` prints it.
    struct Listed: Codable, Equatable {
        let word: String
        let direction: String
        let answer: String
        /// deck: the deck the answer was kept in (answers are kept per deck).
        var deck: String?
    }

    /// inDeck: the answers of `--deck` (its title, case and surrounding spaces aside), or all.
    private func inDeck(_ answers: [OwnAnswer]) -> [OwnAnswer] {
        guard let deck = deckName else { return answers }
        let wanted = deck.trimmingSpaces().lowercased()
        return answers.filter { $0.deck.lowercased() == wanted }
    }

    /// fields: one answer's columns as listed: the deck last, only when several decks are listed.
    private static func fields(_ own: OwnAnswer, severalDecks: Bool) -> [String] {
        [own.word, own.direction.rawValue, OwnAnswers.shown(own.answer, direction: own.direction)] + (severalDecks ? [own.deck] : [])
    }

    /// execute: lists or removes, and returns the exit status.
    func execute(now: Date = Date()) -> Int32 {
        let options = learner.resolved(root: root)
        do throws(LearnerOptions.CommandFailure) {
            let profile = try options.learner()
            if let removeFrom { return try removing(fromMachine: removeFrom, learner: profile.id, options: options, now: now) }
            if add.count == 2 { return try adding(word: add[0], answer: add[1], profile: profile, options: options, now: now) }
            if remove.count == 2 { return try removing(word: remove[0], answer: remove[1], learner: profile.id, options: options, now: now) }
            let answers = inDeck(try list(learner: profile.id, options: options))
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
                let listed = answers.map {
                    Listed(word: $0.word, direction: $0.direction.rawValue, answer: OwnAnswers.shown($0.answer, direction: $0.direction), deck: $0.deck)
                }
                guard let data = try? encoder.encode(listed) else { throw LearnerOptions.CommandFailure(message: "could not write the JSON.") }
                StandardOutput.write(String(decoding: data, as: UTF8.self))
            } else {
                let severalDecks = Set(answers.map(\.deck)).count > 1
                for answer in answers { Self.writeLine(Self.fields(answer, severalDecks: severalDecks)) }
            }
            return StandardOutput.finish(0)
        } catch {
            return LearnerOptions.fail(error)
        }
    }

    /// list: the learner's kept answers (none when there is no database yet).
    private func list(learner: UUID, options: LearnerOptions) throws(LearnerOptions.CommandFailure) -> [OwnAnswer] {
        guard let database = try options.database() else { return [] }
        do {
            return try database.ownAnswers(learner: learner)
        } catch {
            throw LearnerOptions.CommandFailure(message: "could not read the learner database: \(error)")
        }
    }

    /// removing: removes the answer, says what was removed; 1 when nothing matched.
    private func removing(word: String, answer: String, learner: UUID, options: LearnerOptions,
                          now: Date) throws(LearnerOptions.CommandFailure) -> Int32 {
        let environment = ProcessInfo.processInfo.environment
        let directory = options.dataDir.map { URL(fileURLWithPath: $0) } ?? LearnerDatabase.defaultDirectory(environment: environment)
        guard FileManager.default.fileExists(atPath: directory.appendingPathComponent(LearnerDatabase.fileName).path) else {
            StandardError.write("kuchi: no answer “\(answer)” is kept for \(word)\(deckName.map { " in deck “\($0)”" } ?? "").")
            return 1
        }
        let database = LearnerDatabase.open(directory: directory, now: now)
        if let refusal = database.commandRefusal { throw LearnerOptions.CommandFailure(message: refusal) }
        let removed: [OwnAnswer]
        let severalDecks: Bool
        do {
            let kept = try database.ownAnswers(learner: learner)
            severalDecks = Set(kept.map(\.deck)).count > 1
            // --deck names a deck as listed (case aside); the store compares titles exactly.
            let deckTitle = deckName.map { _ in inDeck(kept).first?.deck ?? "" }
            removed = try database.removeOwnAnswers(word: word, answer: answer, deck: deckTitle, learner: learner, now: now)
        } catch {
            throw LearnerOptions.CommandFailure(message: "could not update the learner database: \(error)")
        }
        guard !removed.isEmpty else {
            let place = deckName.map { " in deck “\($0)”" } ?? ""
            StandardError.write("kuchi: no answer “\(answer)” is kept for \(word)\(place) (kuchi synonyms lists them).")
            return 1
        }
        for own in removed { Self.writeLine(["removed"] + Self.fields(own, severalDecks: severalDecks)) }
        return StandardOutput.finish(0)
    }

    /// adding: keeps the answer for the word (the change "I was right" makes) and says so.
    private func adding(word: String, answer: String, profile: Profile, options: LearnerOptions,
                        now: Date) throws(LearnerOptions.CommandFailure) -> Int32 {
        let settings = (try? options.opened().learner.settings) ?? profile.settings
        let whole = try DeckChoice.load(deckName, settings: settings, dataDir: options.dataDir)
        let challenge = try WordCommand.challenge(named: word, in: whole)
        guard let studyDirection = directionName.map({ StudyDirection(rawValue: $0) }) ?? .japaneseToEnglish else {
            throw LearnerOptions.CommandFailure(message: "--direction for an answer of your own is one of jp-en, en-jp, reading, listen "
                + "(not “\(directionName ?? "")”).")
        }
        let kept = OwnAnswers.kept(answer, direction: studyDirection)
        guard !kept.isEmpty, answer.unicodeScalars.count <= 200, !answer.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else {
            throw LearnerOptions.CommandFailure(message: "“\(answer.escapingControlCharacters(keepingNewlines: false))” is not an answer Kuchi can keep "
                + "(\(studyDirection == .japaneseToEnglish || studyDirection == .listening ? "English words" : "kana or the word"), at most 200 characters).")
        }
        let database = LearnerDatabase.open(directory: options.paths().dataDirectory, now: now)
        if let refusal = database.commandRefusal {
            throw LearnerOptions.CommandFailure(message: refusal.replacingOccurrences(of: "nothing was changed", with: "nothing was kept"))
        }
        let own = OwnAnswer(deck: whole.title, word: challenge.question, direction: studyDirection, answer: kept)
        do {
            try database.keepOwnAnswer(own, learner: profile.id, now: now)
        } catch {
            throw LearnerOptions.CommandFailure(message: "could not update the learner database: \(error)")
        }
        Self.writeLine(["kept"] + Self.fields(own, severalDecks: false))
        return StandardOutput.finish(0)
    }

    /// writeLine: tab-separated fields, each with its control characters escaped (a tab inside
    /// a field too), so a line always has its columns.
    static func writeLine(_ fields: [String]) {
        let text = fields.map { $0.escapingControlCharacters(keepingNewlines: false) }.joined(separator: "\t") + "\n"
        StandardOutput.writeRaw(Array(text.utf8))
    }

    /// run: ArgumentParser's entry; main.swift calls `execute()` directly.
    func run() throws {
        let status = execute()
        if status != 0 { throw ExitCode(status) }
    }
}
