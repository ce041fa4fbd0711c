import Foundation
import KuchiBase

/// DeckLibrary: the learner's imported decks, `$XDG_DATA_HOME/kuchi/decks/NAME.json`, and how
/// `--deck NAME|FILE` finds a deck among them, the bundled one and files.
public struct DeckLibrary: Sendable {
    /// directory: the decks folder.
    public let directory: URL
    /// cache: the validated decks of this data folder, so a start does not validate them again.
    public var cache: DeckCache

    /// init: the library in `dataDirectory` (`--data-dir`), else the XDG data folder.
    public init(dataDirectory: URL? = nil, environment: [String: String] = ProcessInfo.processInfo.environment) {
        let data = dataDirectory ?? Self.defaultDataDirectory(environment: environment)
        directory = data.appendingPathComponent("decks", isDirectory: true)
        cache = DeckCache(dataDirectory: data)
        // The imported words' notes (accents, sentences) are read when a word first needs them.
        ImportedNotes.shared.adopt(folder: ImportedNotes.folder(dataDirectory: data))
    }

    /// defaultDataDirectory: `$XDG_DATA_HOME/kuchi`, else `~/.local/share/kuchi` (a relative
    /// XDG value is ignored, as the XDG specification says).
    public static func defaultDataDirectory(environment: [String: String]) -> URL {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return URL(fileURLWithPath: data).appendingPathComponent("kuchi")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".local/share/kuchi")
    }

    /// checkName: a deck name must be a plain file name — no `/`, not hidden, no control,
    /// invisible or text-direction characters (a U+202E would show the name reversed in every
    /// list), not too long for a file system. The name is not quoted when it holds one.
    public static func checkName(_ name: String) throws(ImportError) {
        if let scalar = name.unicodeScalars.first(where: { [.control, .format].contains($0.properties.generalCategory) }) {
            let code = String(scalar.value, radix: 16, uppercase: true)
            throw ImportError(.usage, "the deck name contains U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code), an invisible control or text-direction character; use a plain name such as \"jlpt-n4\".")
        }
        if name.trimmingSpacesAndNewlines().isEmpty { throw ImportError(.usage, "a deck name cannot be empty.") }
        if name.contains("/") { throw ImportError(.usage, "the deck name \"\(name)\" contains /; use a plain name such as \"jlpt-n4\".") }
        if name.hasPrefix(".") { throw ImportError(.usage, "the deck name \"\(name)\" starts with a dot; use a plain name such as \"jlpt-n4\".") }
        if name.utf8.count > 200 { throw ImportError(.usage, "the deck name is too long (at most 200 bytes).") }
    }

    /// nameKey: how deck names are compared — compatibility-normalised (full-width letters as
    /// half-width, composed accents), case-folded, without a `.json` ending — so names that
    /// look the same to the learner are the same deck.
    public static func nameKey(_ name: String) -> String {
        var key = name.trimmingSpacesAndNewlines().precomposedStringWithCompatibilityMapping.lowercased()
        if key.hasSuffix(".json") { key.removeLast(5) }
        return key.precomposedStringWithCompatibilityMapping
    }

    /// isReserved: a name (or title) that means the bundled deck: its `--deck` names and title,
    /// compared as deck names are — a deck from elsewhere may never take one.
    public static func isReserved(_ name: String) -> Bool {
        let key = nameKey(name)
        return bundledNames.map(nameKey).contains(key) || nameKey(bundledTitle) == key || nameKey(bundledHeading) == key
    }

    /// bundledTitle: the name of the learner's progress in the bundled deck, also reserved.
    public static let bundledTitle = Deck.bundledTitle

    /// bundledHeading: the bundled deck's title as the learner sees it, also reserved.
    public static let bundledHeading = Deck.bundledHeading

    /// targetName: the name deck `name` is saved under. The bundled deck's names and title are
    /// refused; a name equal (as `nameKey` compares) to an imported deck's is refused unless
    /// `replace`, which then overwrites that deck under its own name.
    public func targetName(for name: String, replace: Bool) throws(ImportError) -> String {
        try Self.checkName(name)
        let key = Self.nameKey(name)
        let bundled = Self.bundledNames.map(Self.nameKey) + [Self.nameKey(Self.bundledTitle), Self.nameKey(Self.bundledHeading)]
        if bundled.contains(key) {
            throw ImportError(.usage, "\"\(name)\" is the name of the deck that comes with Kuchi; choose another --name.")
        }
        guard let existing = names().first(where: { Self.nameKey($0) == key }) else { return name }
        guard replace else {
            throw ImportError(.usage, "a deck named \"\(existing)\" already exists; choose another --name or add --replace to overwrite it.")
        }
        return existing
    }

    /// fileURL: where deck `name` is kept.
    public func fileURL(for name: String) -> URL {
        directory.appendingPathComponent("\(name).json")
    }

    /// names: the imported decks' names, sorted.
    public func names() -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// save: writes `data` as deck `name` atomically; an existing deck is kept unless `replace`.
    public func save(_ data: Data, as name: String, replace: Bool) throws(ImportError) {
        try Self.checkName(name)
        let url = fileURL(for: name)
        if !replace, FileManager.default.fileExists(atPath: url.path) {
            throw ImportError(.usage, "a deck named \"\(name)\" already exists; choose another --name or add --replace to overwrite it.")
        }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw ImportError(.content, "could not create \(directory.path): \(error.localizedDescription)")
        }
        do throws(PersistenceError) {
            try AtomicFile.write(data, to: url)
        } catch {
            throw ImportError(.content, error.message)
        }
    }

    /// bundledNames: what `--deck` accepts for the deck shipped with Kuchi.
    public static let bundledNames: Set<String> = ["challenges", "challenges.json"]

    /// Location: where a deck argument points, known without reading the deck.
    package enum Location: Equatable {
        case file(URL)
        case bundled
    }

    /// location: the file `argument` names — a file when one exists at that path, else an
    /// imported deck of that name — or the bundled deck by one of `bundledNames`; nil for
    /// anything else (the bundled deck by its title, an unknown name: `resolve` decides).
    package func location(of argument: String) -> Location? {
        if FileManager.default.fileExists(atPath: argument) || argument.contains("/") { return .file(URL(fileURLWithPath: argument)) }
        let name = argument.hasSuffix(".json") ? String(argument.dropLast(5)) : argument
        if (try? Self.checkName(name)) != nil, FileManager.default.fileExists(atPath: fileURL(for: name).path) {
            return .file(fileURL(for: name))
        }
        return Self.bundledNames.contains(argument) ? .bundled : nil
    }

    /// resolve: the deck `argument` names — a file when one exists at that path, else an
    /// imported deck of that name (`kuchi decks` lists them), else the bundled deck's name.
    public func resolve(_ argument: String) throws(DeckError) -> Deck {
        try source(for: argument).deck()
    }

    /// source: the deck `argument` names, as `resolve` finds it, not decoded yet (`DeckSource`):
    /// a file named is not read here; the bundled deck by its title is known from its outline.
    public func source(for argument: String) throws(DeckError) -> DeckSource {
        switch location(of: argument) {
        case .file(let url): return DeckSource(file: url, cache: cache)
        case .bundled: return DeckSource.bundled(cache: cache)
        case nil: break
        }
        // The bundled deck by the title Welcome and `kuchi decks` show.
        let bundled = DeckSource.bundled(cache: cache)
        if let outline = try? bundled.outline(),
           [outline.title, outline.heading].contains(where: { $0.caseInsensitiveCompare(argument) == .orderedSame }) { return bundled }
        let known = names()
        let hint = known.isEmpty ? "no decks have been imported (kuchi import FILE)" : "imported decks: \(known.joined(separator: ", "))"
        throw DeckError(source: argument, problems: [
            DeckProblem(.unreadable, "there is no such file and no imported deck of that name; \(hint)"),
        ])
    }
}
