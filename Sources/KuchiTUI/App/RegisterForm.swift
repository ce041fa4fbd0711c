import KuchiCore
import Observation

/// RegisterForm: the Register screen's fields — the name being typed, its cursor, the
/// Remember-me toggle and which control has focus.
///
/// The text is kept as an array of `Character`s so the cursor moves and Backspace deletes by
/// user-perceived character: one keystroke removes a whole さ, never half of it.
@MainActor
@Observable
final class RegisterForm {
    /// Field: the focusable controls, in Tab order.
    enum Field: CaseIterable, Sendable {
        case name, rememberMe, ok
    }

    /// maximumCharacters: a paste longer than this is cut here, not typed for seconds.
    static let maximumCharacters = UserManager.nameLengthRange.upperBound
    /// maximumScalarsPerCharacter: marks and joiners pasted after a full name would otherwise
    /// all join its last character, growing it (and the cost of every key) without end. The
    /// longest emoji sequences (a family with skin tones) have 11 scalars.
    static let maximumScalarsPerCharacter = 16

    private(set) var characters: [Character] = []
    private(set) var cursor = 0
    var rememberMe = true
    private(set) var focus = Field.name

    var text: String { String(characters) }

    /// isValid: Kuchi's rule (3+ characters after trimming), shared with the model.
    var isValid: Bool { UserManager.isValidName(text) }

    /// insert: types a character at the cursor; returns false when the name is full or the
    /// character is refused. Controls (C0, DEL and the C1 range U+0080–009F, which a terminal
    /// may send as a raw byte or a paste may hold) are refused: a name is shown on screen and in
    /// file names, where a control would act on the terminal instead of showing.
    @discardableResult
    func insert(_ character: Character) -> Bool {
        guard !character.unicodeScalars.contains(where: \.isControlCharacter) else { return false }
        // Rebuild through String so a combining mark joins the character before it (and a lone
        // mark already stored joins a letter typed before it): the array always holds exactly
        // the user-perceived characters, and the cursor stays on a boundary.
        let head = String(characters[..<cursor]) + String(character)
        let joined = Array(head + String(characters[cursor...]))
        guard joined.count <= Self.maximumCharacters,
              joined.allSatisfy({ $0.unicodeScalars.count <= Self.maximumScalarsPerCharacter }) else { return false }
        characters = joined
        cursor = min(Array(head).count, joined.count)
        return true
    }

    func backspace() {
        guard cursor > 0 else { return }
        remove(at: cursor - 1)
    }

    func deleteForward() {
        guard cursor < characters.count else { return }
        remove(at: cursor)
    }

    /// remove: deletes one character and, like `insert`, rebuilds through String: neighbours it
    /// kept apart may join (two Hangul jamo, two regional indicators), and the array must stay
    /// the text's own characters with the cursor on a boundary.
    private func remove(at index: Int) {
        let head = String(characters[..<index])
        let joined = Array(head + String(characters[(index + 1)...]))
        characters = joined
        cursor = min(Array(head).count, joined.count)
    }

    /// deleteWordBackward: Ctrl-W — the word before the cursor and the spaces after it.
    func deleteWordBackward() {
        var start = cursor
        while start > 0, characters[start - 1].isWhitespace { start -= 1 }
        while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
        removeRange(start..<cursor)
    }

    /// deleteToStart: Ctrl-U — everything before the cursor.
    func deleteToStart() {
        removeRange(0..<cursor)
    }

    private func removeRange(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        let head = String(characters[..<range.lowerBound])
        let joined = Array(head + String(characters[range.upperBound...]))
        characters = joined
        cursor = min(Array(head).count, joined.count)
    }

    func moveCursor(to position: Int) {
        let clamped = min(max(position, 0), characters.count)
        if cursor != clamped { cursor = clamped }
    }

    func focus(_ field: Field) {
        if focus != field { focus = field }
    }

    /// focusNext / focusPrevious: Tab and Shift-Tab, wrapping.
    func focusNext(by step: Int) {
        let all = Field.allCases
        let index = all.firstIndex(of: focus) ?? 0
        focus(all[(index + step + all.count) % all.count])
    }

    func reset() {
        if !characters.isEmpty { characters = [] }
        if cursor != 0 { cursor = 0 }
        focus(.name)
    }
}
