/// JSONSyntaxScanner: finds the first JSON syntax error in a file and where it is.
///
/// `JSONDecoder`'s errors name a byte offset at best, and not reliably on every platform; a person
/// fixing a deck by hand needs "line 126, column 65: expected ','". This scanner only checks the
/// syntax (RFC 8259) and stops at the first error; it is run only after decoding failed.
package struct JSONSyntaxScanner {
    /// SyntaxError: where the first error is (1-based line and column, columns counted in
    /// characters, not bytes) and what was expected there.
    package struct SyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
        package let line: Int
        package let column: Int
        package let message: String

        /// description: "line 126, column 65: expected ','".
        package var description: String { "line \(line), column \(column): \(message)" }
    }

    /// maximumDepth: nesting deeper than this is reported instead of recursing further.
    package static let maximumDepth = 512

    private let bytes: [UInt8]
    private var index = 0

    /// firstError: the first syntax error in `bytes`, or nil when they are one valid JSON value.
    package static func firstError(in bytes: [UInt8]) -> SyntaxError? {
        var scanner = JSONSyntaxScanner(bytes: bytes)
        do throws(SyntaxError) {
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { scanner.index = 3 }
            scanner.skipSpace()
            try scanner.value(depth: 0)
            scanner.skipSpace()
            if scanner.index < bytes.count { throw scanner.error("unexpected text after the end of the JSON value") }
            return nil
        } catch {
            return error
        }
    }

    /// init: a scanner at the start of `bytes`.
    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// error: a syntax error at the current position.
    private func error(_ message: String) -> SyntaxError {
        var line = 1
        var column = 1
        for byte in bytes[..<min(index, bytes.count)] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1  // continuation bytes belong to the character before them
            }
        }
        return SyntaxError(line: line, column: column, message: message)
    }

    /// current: the byte at the scan position, nil at the end.
    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// skipSpace: past JSON's four white-space bytes.
    private mutating func skipSpace() {
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
    }

    /// value: one JSON value of any kind at the scan position.
    private mutating func value(depth: Int) throws(SyntaxError) {
        guard depth < Self.maximumDepth else { throw error("nested more than \(Self.maximumDepth) levels deep") }
        guard let byte = current else { throw error("unexpected end of file; expected a value") }
        switch byte {
        case UInt8(ascii: "{"): try object(depth: depth)
        case UInt8(ascii: "["): try array(depth: depth)
        case UInt8(ascii: "\""): try string()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
        default: throw error("expected a value")
        }
    }

    /// object: `{ "key": value, … }`.
    private mutating func object(depth: Int) throws(SyntaxError) {
        index += 1
        skipSpace()
        if current == UInt8(ascii: "}") { index += 1; return }
        while true {
            guard current == UInt8(ascii: "\"") else {
                throw error(current == nil ? "unexpected end of file; expected '}'" : "expected a string in double quotes (a key)")
            }
            try string()
            skipSpace()
            guard current == UInt8(ascii: ":") else { throw error("expected ':'") }
            index += 1
            skipSpace()
            try value(depth: depth + 1)
            skipSpace()
            switch current {
            case UInt8(ascii: ","): index += 1; skipSpace()
            case UInt8(ascii: "}"): index += 1; return
            case nil: throw error("unexpected end of file; expected '}'")
            default: throw error("expected ',' or '}'")
            }
        }
    }

    /// array: `[ value, … ]`.
    private mutating func array(depth: Int) throws(SyntaxError) {
        index += 1
        skipSpace()
        if current == UInt8(ascii: "]") { index += 1; return }
        while true {
            try value(depth: depth + 1)
            skipSpace()
            switch current {
            case UInt8(ascii: ","): index += 1; skipSpace()
            case UInt8(ascii: "]"): index += 1; return
            case nil: throw error("unexpected end of file; expected ']'")
            default: throw error("expected ',' or ']'")
            }
        }
    }

    /// string: a double-quoted string with its escapes; raw control characters are errors.
    private mutating func string() throws(SyntaxError) {
        index += 1
        while let byte = current {
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return
            case UInt8(ascii: "\\"):
                index += 1
                guard let escaped = current else { break }
                if escaped == UInt8(ascii: "u") {
                    for offset in 1...4 {
                        guard index + offset < bytes.count, Self.isHexDigit(bytes[index + offset]) else {
                            index += offset
                            throw error("expected four hexadecimal digits after \\u")
                        }
                    }
                    index += 5
                } else if Array("\"\\/bfnrt".utf8).contains(escaped) {
                    index += 1
                } else {
                    throw error("invalid escape in a string")
                }
            case 0x00..<0x20:
                throw error(byte == 0x0A ? "a string does not end on its line (missing '\"')" : "control character in a string")
            default:
                index += 1
            }
        }
        throw error("unexpected end of file inside a string")
    }

    /// literal: `true`, `false` or `null`.
    private mutating func literal(_ word: String) throws(SyntaxError) {
        let start = index
        for expected in word.utf8 {
            guard current == expected else {
                index = start  // point at the word, not at the letter that differs
                throw error("expected a value")
            }
            index += 1
        }
    }

    /// number: JSON's number grammar (no leading zeros, a digit after '.', an exponent's digits).
    private mutating func number() throws(SyntaxError) {
        if current == UInt8(ascii: "-") { index += 1 }
        guard let first = current, Self.isDigit(first) else { throw error("expected a digit") }
        index += 1
        if first != UInt8(ascii: "0") { while let byte = current, Self.isDigit(byte) { index += 1 } }
        if current == UInt8(ascii: ".") {
            index += 1
            guard let byte = current, Self.isDigit(byte) else { throw error("expected a digit after '.'") }
            while let byte = current, Self.isDigit(byte) { index += 1 }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard let byte = current, Self.isDigit(byte) else { throw error("expected a digit in the exponent") }
            while let byte = current, Self.isDigit(byte) { index += 1 }
        }
    }

    /// isDigit: an ASCII digit.
    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    /// isHexDigit: an ASCII hexadecimal digit, either case.
    private static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }
}
