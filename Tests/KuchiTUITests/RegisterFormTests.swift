import Testing
@testable import KuchiTUI
import KuchiCore

/// RegisterFormTests checks the Register screen's field model: editing by user-perceived
/// character, the cursor at both edges, the length cap and focus order.
@MainActor
@Suite("RegisterForm")
struct RegisterFormTests {
    func form(_ text: String) -> RegisterForm {
        let form = RegisterForm()
        for character in text { form.insert(character) }
        return form
    }

    @Test("insert types at the cursor and moves it past the new character")
    func insertAtCursor() {
        let form = form("さら")
        #expect(form.cursor == 2)
        form.moveCursor(to: 1)
        #expect(form.insert("く"))
        #expect(form.text == "さくら" && form.cursor == 2)
        form.moveCursor(to: 0)
        form.insert("a")
        #expect(form.text == "aさくら" && form.cursor == 1)
    }

    @Test("Backspace removes the whole character before the cursor; at the start it does nothing")
    func backspace() {
        let form = form("さくら")
        form.backspace()
        #expect(form.text == "さく" && form.cursor == 2)
        form.moveCursor(to: 1)
        form.backspace()
        #expect(form.text == "く" && form.cursor == 0)
        form.backspace()
        #expect(form.text == "く" && form.cursor == 0)
    }

    @Test("Delete removes the character after the cursor; at the end it does nothing")
    func deleteForward() {
        let form = form("さくら")
        form.deleteForward()
        #expect(form.text == "さくら" && form.cursor == 3)
        form.moveCursor(to: 0)
        form.deleteForward()
        #expect(form.text == "くら" && form.cursor == 0)
        form.moveCursor(to: 1)
        form.deleteForward()
        #expect(form.text == "く" && form.cursor == 1)
    }

    @Test("moveCursor clamps to the text", arguments: [(-5, 0), (-1, 0), (0, 0), (2, 2), (3, 3), (4, 3), (99, 3)])
    func moveCursorClamps(to position: Int, expected: Int) {
        let form = form("abc")
        form.moveCursor(to: position)
        #expect(form.cursor == expected)
    }

    @Test("editing an empty form is harmless")
    func emptyEdges() {
        let form = RegisterForm()
        form.backspace()
        form.deleteForward()
        form.moveCursor(to: 1)
        #expect(form.text.isEmpty && form.cursor == 0 && !form.isValid)
    }

    @Test("a combining mark joins the character before it: one character, one cursor step")
    func combiningMark() {
        let form = form("e")
        form.insert("\u{301}")
        #expect(form.characters == ["é"])
        #expect(form.cursor == 1)
        form.backspace()
        #expect(form.text.isEmpty, "Backspace removes the letter with its mark")

        let kana = self.form("かさ")
        kana.moveCursor(to: 1)
        kana.insert("\u{3099}")  // combining dakuten: か → が
        #expect(kana.characters == ["か\u{3099}", "さ"])
        #expect(kana.cursor == 1)
    }

    @Test("the name is capped at 32 characters; wide characters count once each", arguments: ["a", "あ"])
    func cap(unit: String) {
        let form = RegisterForm()
        var accepted = 0
        for character in String(repeating: unit, count: 40) where form.insert(character) { accepted += 1 }
        #expect(accepted == 32 && form.characters.count == 32)
        #expect(RegisterForm.maximumCharacters == 32)
        #expect(form.cursor == 32)
        form.moveCursor(to: 0)
        #expect(!form.insert("x"), "a full name takes nothing, even in the middle")
        #expect(form.text == String(repeating: unit, count: 32))
        form.backspace()
        form.moveCursor(to: 32)
        form.backspace()
        #expect(form.insert("z"))
        #expect(form.characters.count == 32 && form.characters.last == "z")
    }

    @Test("valid from 3 characters after trimming", arguments: [
        ("", false), ("ab", false), ("ab ", false), ("  ab", false), ("abc", true), ("さくら", true), (" さくら ", true),
    ])
    func validity(text: String, valid: Bool) {
        #expect(form(text).isValid == valid)
    }

    @Test("focusNext wraps both ways in Tab order name → Remember me → OK")
    func focusWraps() {
        let form = RegisterForm()
        #expect(form.focus == .name)
        let forward: [RegisterForm.Field] = [.rememberMe, .ok, .name, .rememberMe]
        for expected in forward {
            form.focusNext(by: 1)
            #expect(form.focus == expected)
        }
        let backward: [RegisterForm.Field] = [.name, .ok, .rememberMe, .name]
        for expected in backward {
            form.focusNext(by: -1)
            #expect(form.focus == expected)
        }
    }

    @Test("reset empties the name and returns focus to it, keeping Remember me")
    func reset() {
        let form = form("さくら")
        form.rememberMe = false
        form.focus(.ok)
        form.reset()
        #expect(form.text.isEmpty && form.cursor == 0 && form.focus == .name && !form.rememberMe)
    }
}
