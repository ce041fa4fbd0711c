import Foundation
import KuchiBase

/// Deck: a validated list of challenges with its title and attribution.
///
/// A deck is only ever built through validation, so the quiz can rely on its rules: non-empty
/// fields, unique questions, unique answers (the original Kuchi had two entries answering
/// "Hello", which showed two right-looking choices) and enough entries for a full set of choices.
public struct Deck: Sendable {
    /// title: the deck's name, which also names the learner's progress in it. The bundled deck's
    /// is `bundledTitle` whatever its file says (see `heading`).
    public internal(set) var title: String
    /// attribution: credit for the data (licence), if any.
    public let attribution: String?
    /// challenges: the validated entries, in file order.
    public let challenges: [Challenge]

    /// init: a deck of already validated challenges. Nothing is indexed here: every start makes
    /// decks (the cache's, the selection's), and what the first screen does not show is not
    /// paid for per word (issue 39).
    package init(title: String, attribution: String?, challenges: [Challenge]) {
        self.title = title
        self.attribution = attribution
        self.challenges = challenges
    }

    /// mayBeDistractor: whether the entry at `candidate` may be shown as a wrong choice when the
    /// entry at `asked` is asked. Not itself, not an entry marked confusable with it (a word
    /// sharing a meaning: 暑い "hot (weather)" beside 熱い "hot (to the touch)" would be a second
    /// right-looking answer), and not one whose reading is another standard reading of the asked
    /// word (asked 家, the choice うち would be right too). The distractor picker filters its
    /// candidates with this.
    public func mayBeDistractor(_ candidate: Int, for asked: Int) -> Bool {
        guard candidate != asked, challenges.indices.contains(candidate), challenges.indices.contains(asked) else { return false }
        let askedChallenge = challenges[asked]
        let candidateChallenge = challenges[candidate]
        let askedQuestion = askedChallenge.question
        let candidateQuestion = candidateChallenge.question
        if !askedChallenge.readings.isEmpty || !candidateChallenge.readings.isEmpty {
            let askedReadings = Set([askedChallenge.reading ?? askedQuestion] + askedChallenge.readings)
            let candidateReadings = [candidateChallenge.reading ?? candidateQuestion] + candidateChallenge.readings
            if candidateReadings.contains(where: askedReadings.contains) { return false }
        }
        // Confusable both ways: either entry's list names the other (questions are unique).
        return askedQuestion != candidateQuestion && !askedChallenge.confusable.contains(candidateQuestion)
            && !candidateChallenge.confusable.contains(askedQuestion)
    }

    /// minimumEntries: a challenge needs its answer plus two other distinct answers.
    public static let minimumEntries = 3
    /// maximumBytes: larger files are refused before parsing, so a wrong path never hangs the app.
    public static let maximumBytes = 64 * 1024 * 1024

    /// load: reads and validates the deck at `url`. The size limit applies to what the path
    /// points to (the opened file, through any symlink), checked before a byte is read. With a
    /// `cache`, a deck file unchanged since it was last validated is read back from the cache
    /// instead (`DeckCache`); `kuchi check-deck` passes none, so it always validates in full.
    public static func load(from url: URL, cache: DeckCache? = nil) throws(DeckError) -> Deck {
        guard let cache else { return try read(from: url) }
        let path = url.path
        let identity = DeckFileIdentity(path: path)
        if let identity, let deck = cache.deck(at: path, identity: identity) { return deck }
        let deck = try read(from: url)
        // Cached only when the file did not change while it was read.
        if let identity, DeckFileIdentity(path: path) == identity { cache.store(deck, at: path, identity: identity) }
        return deck
    }

    /// read: reads and validates the deck file at `url` (no cache).
    private static func read(from url: URL) throws(DeckError) -> Deck {
        let source = url.path
        let data: Data
        do throws(BoundedFile.Failure) {
            data = try BoundedFile.contents(of: url, limit: maximumBytes)
        } catch {
            let problem = switch error {
            case .missing: DeckProblem(.unreadable, "there is no such file")
            case .folder: DeckProblem(.unreadable, "it is a directory, not a file")
            case .notRegular: DeckProblem(.unreadable, "it is not a regular file")
            case .tooLarge(let size):
                DeckProblem(.tooLarge, "the file is \(size / 1_048_576) MiB; decks are limited to \(maximumBytes / 1_048_576) MiB")
            case .unreadable(let code): DeckProblem(.unreadable, "it cannot be read (\(String(cString: strerror(code))))")
            }
            throw DeckError(source: source, problems: [problem])
        }
        return try decode(data, source: source)
    }

    /// bundled: the default deck shipped with Kuchi, found beside the binary (`BundledDeckLocation`).
    public static func bundled(cache: DeckCache? = nil) throws(DeckError) -> Deck {
        var deck = try load(from: bundledURL(), cache: cache)
        deck.title = bundledName(deck.title)
        return deck
    }

    /// bundledURL: the bundled deck's file, or the error that says it is missing.
    package static func bundledURL() throws(DeckError) -> URL {
        guard let url = BundledDeckLocation.url() else {
            throw DeckError(source: BundledDeckLocation.fileName, problems: [
                DeckProblem(.unreadable, "the bundled deck is missing from Kuchi's installation; reinstall Kuchi (scripts/install)"),
            ])
        }
        return url
    }

    /// bundledName: the bundled deck's title as its progress knows it. Its file's title says what
    /// it holds (issue 38: N5 and N4); its progress keeps the name it has always had, so no
    /// learner's cards, suspensions or synced reviews are orphaned.
    package static func bundledName(_ fileTitle: String) -> String {
        fileTitle == bundledHeading ? bundledTitle : fileTitle
    }

    /// bundledTitle: the name of the learner's progress in the bundled deck (its title before it
    /// held N4). Never changed: the learner database, the sync folder and the learner's own
    /// answers know the deck by it.
    public static let bundledTitle = "Kuchi beginner deck (JLPT N5)"

    /// bundledHeading: the bundled deck's title as its file gives it and the learner sees it.
    public static let bundledHeading = "Kuchi deck (JLPT N5 and N4)"

    /// heading: the name the learner sees — the title, but for the bundled deck the title its
    /// file gives (`bundledHeading`), which may change as the deck grows.
    public var heading: String {
        title == Self.bundledTitle ? Self.bundledHeading : title
    }

    /// decode: parses and validates deck JSON, collecting every problem.
    public static func decode(_ data: Data, source: String = "deck") throws(DeckError) -> Deck {
        if data.count > maximumBytes {
            throw DeckError(source: source, problems: [DeckProblem(.tooLarge, "the deck is larger than \(maximumBytes / 1_048_576) MiB")])
        }
        // JSON is UTF-8; the decoder would quietly repair bad bytes, so they are refused here.
        guard String(validating: data, as: UTF8.self) != nil else {
            throw DeckError(source: source, problems: [DeckProblem(.notJSON, "it is not valid JSON (UTF-8)")])
        }
        let raw: RawDeck
        do {
            raw = try JSONDecoder().decode(RawDeck.self, from: data)
        } catch {
            // Not a deck: either not JSON (Foundation's error names no reliable position, so the
            // scanner finds the first syntax error's line and column) or JSON of another shape (a
            // bare array, string, number, null). The scanner runs only here, off the fast path.
            if let syntax = JSONSyntaxScanner.firstError(in: Array(data)) {
                throw DeckError(source: source, problems: [DeckProblem(.notJSON, "it is not valid JSON: \(syntax)")])
            }
            let isJSON = (try? JSONDecoder().decode(JSONField.self, from: data)) != nil
            throw DeckError(source: source, problems: [
                isJSON ? DeckProblem(.wrongShape, "the top level must be an object with \"title\" and \"challenges\"")
                    : DeckProblem(.notJSON, "it is not valid JSON (UTF-8)"),
            ])
        }
        var validator = DeckValidator()
        let deck = validator.validate(raw)
        if let deck, validator.problems.isEmpty { return deck }
        throw DeckError(source: source, problems: validator.problems)
    }

    /// categories: the distinct categories in deck order, with their entry counts.
    public var categories: [(name: String, count: Int)] {
        var order: [String] = []
        var counts: [String: Int] = [:]
        for challenge in challenges {
            let name = challenge.category ?? "Uncategorised"
            if counts[name] == nil { order.append(name) }
            counts[name, default: 0] += 1
        }
        return order.map { ($0, counts[$0] ?? 0) }
    }
}
