import Observation
import KuchiDeck

/// TypedAnswer: the answer field's text, as the answer pane reads it.
///
/// Japanese answers go through a `RomajiComposer` (`ね` + pending `k`); English answers are
/// plain text. The cursor is always at the end (answers are short; moving it would only add
/// keys to learn). The text is capped so a huge paste never freezes the field, and every
/// observed property is written only when its value changes, so a keystroke marks the answer
/// pane dirty and nothing else, and a key that changes nothing (backspace on an empty field)
/// marks nothing at all.
@MainActor
@Observable
public final class TypedAnswer {
    /// Mode: which kind of answer the field takes.
    public enum Mode: Hashable, Sendable {
        /// japanese: romaji becomes kana as it is typed.
        case japanese
        /// english: plain text.
        case english
    }

    /// defaultMaximumLength: 200 characters, far beyond any answer, small enough to draw at once.
    public static let defaultMaximumLength = 200

    /// mode: the kind of answer being typed; changing it clears the field.
    public private(set) var mode: Mode
    /// display: the whole field as drawn: committed text then pending romaji.
    public private(set) var display = ""
    /// pending: the romaji at the end of `display` not yet turned into kana (drawn underlined).
    public private(set) var pending = ""

    /// maximumLength: the cap on characters (committed plus pending).
    public let maximumLength: Int

    /// composer: the Japanese answer; not observed: panes read `display` and `pending`.
    @ObservationIgnored private var composer = RomajiComposer()
    /// text: the English answer, as characters so the cap and backspace are O(1).
    @ObservationIgnored private var text: [Character] = []

    /// init: an empty field in `mode`.
    public init(mode: Mode = .english, maximumLength: Int = TypedAnswer.defaultMaximumLength) {
        self.mode = mode
        self.maximumLength = max(1, maximumLength)
    }

    /// isEmpty: nothing typed (reads `display`).
    public var isEmpty: Bool { display.isEmpty }

    /// submission: what Enter submits: for Japanese the composer's finished kana (a trailing n
    /// is ん, macron long vowels marked for `ReadingJudge`), for English the text as typed.
    public var submission: String {
        switch mode {
        case .japanese: composer.finished(markingMacrons: true)
        case .english: String(text)
        }
    }

    /// setMode: switches the kind of answer; a real switch clears the field.
    public func setMode(_ newMode: Mode) {
        guard newMode != mode else { return }
        mode = newMode
        composer.clear()
        text = []
        publish()
    }

    /// insert: types `input` (a key or a paste) up to the length cap; control characters are
    /// dropped (a pasted newline must not submit or corrupt the field).
    public func insert(_ input: String) {
        typing: for character in input {
            switch mode {
            case .japanese:
                guard composer.count < maximumLength else { break typing }
                composer.insert(String(character))
            case .english:
                guard text.count < maximumLength else { break typing }
                if Self.isTypable(character) { text.append(character) }
            }
        }
        publish()
    }

    /// backspace: removes pending romaji first, then one kana (Japanese), or one character.
    public func backspace() {
        switch mode {
        case .japanese: composer.backspace()
        case .english: _ = text.popLast()
        }
        publish()
    }

    /// deleteWord: Ctrl-W: removes the last word (and the spaces after it).
    public func deleteWord() {
        switch mode {
        case .japanese:
            composer.deleteWord()
        case .english:
            while text.last == " " { text.removeLast() }
            while let last = text.last, last != " " { text.removeLast() }
        }
        publish()
    }

    /// clear: Ctrl-U, or a new question: empties the field.
    public func clear() {
        composer.clear()
        text = []
        publish()
    }

    /// publish: copies the new text to the observed properties, writing only real changes.
    private func publish() {
        let (newDisplay, newPending) = switch mode {
        case .japanese: (composer.display, composer.pending)
        case .english: (String(text), "")
        }
        if display != newDisplay { display = newDisplay }
        if pending != newPending { pending = newPending }
    }

    /// isTypable: not a control or invisible character (they would move the terminal cursor or
    /// make two different answers look the same).
    private static func isTypable(_ character: Character) -> Bool {
        let string = String(character)
        return Script.controlCharacter(in: string) == nil && Script.invisibleCharacter(in: string) == nil
    }
}
