/// JSONValue+Text: JSON text read into a `JSONValue` and written back, by hand.
///
/// The settings log is applied at every start (the app, `kuchi due`): its values are small JSON
/// texts set into the profile's JSON. `JSONSerialization` works on `Any` (a dynamic cast per
/// value, whose first casts scan the binary's conformance tables), and a typed `Decodable` tree
/// learns each value's kind by failed decodes, each a thrown error with its message: both were a
/// fifth to a quarter of the first screen's instructions (issue 39). This reader knows the kind
/// from the first byte. Numbers: integers as `Int64` (else `UInt64`), the rest as `Double`.
extension JSONValue {
    /// init(json:): the value of a whole JSON text (RFC 8259, any value at the top); nil when
    /// it is not JSON or has anything after the value but whitespace.
    package init?(json bytes: some Collection<UInt8>) {
        var reader = JSONTextReader(Array(bytes))
        guard let value = reader.value(depth: 0) else { return nil }
        reader.skipSpace()
        guard reader.offset == reader.bytes.count else { return nil }
        self = value
    }

    /// jsonText: the value as compact JSON (`JSONDecoder` reads back the same value).
    package var jsonText: String {
        var text = ""
        write(to: &text)
        return text
    }

    private func write(to text: inout String) {
        switch self {
        case .string(let value): Self.quote(value, into: &text)
        case .bool(let flag): text += flag ? "true" : "false"
        case .integer(let number): text += String(number)
        case .unsigned(let number): text += String(number)
        case .double(let number): text += number.isFinite ? "\(number)" : "null"
        case .null: text += "null"
        case .array(let values):
            text += "["
            for (index, value) in values.enumerated() {
                if index > 0 { text += "," }
                value.write(to: &text)
            }
            text += "]"
        case .object(let members):
            // In the dictionary's order: a reader of JSON takes members in any order.
            text += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { text += "," }
                Self.quote(member.key, into: &text)
                text += ":"
                member.value.write(to: &text)
            }
            text += "}"
        }
    }

    private static func quote(_ value: String, into text: inout String) {
        text += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}

/// JSONTextReader: a recursive-descent reader of JSON bytes (nesting limited, as a value from
/// another machine must not exhaust the stack).
private struct JSONTextReader {
    let bytes: [UInt8]
    var offset = 0
    static let maximumDepth = 64

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func skipSpace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x0A, 0x0D, 0x09: offset += 1
            default: return
            }
        }
    }

    mutating func value(depth: Int) -> JSONValue? {
        skipSpace()
        guard offset < bytes.count, depth < Self.maximumDepth else { return nil }
        switch bytes[offset] {
        case UInt8(ascii: "{"): return object(depth: depth)
        case UInt8(ascii: "["): return array(depth: depth)
        case UInt8(ascii: "\""): return string().map(JSONValue.string)
        case UInt8(ascii: "t"): return literal(Self.trueWord, .bool(true))
        case UInt8(ascii: "f"): return literal(Self.falseWord, .bool(false))
        case UInt8(ascii: "n"): return literal(Self.nullWord, .null)
        default: return number()
        }
    }

    static let trueWord = Array("true".utf8), falseWord = Array("false".utf8), nullWord = Array("null".utf8)

    private mutating func literal(_ expected: [UInt8], _ value: JSONValue) -> JSONValue? {
        guard bytes.count - offset >= expected.count, bytes[offset..<offset + expected.count].elementsEqual(expected) else { return nil }
        offset += expected.count
        return value
    }

    private mutating func object(depth: Int) -> JSONValue? {
        offset += 1
        var members: [String: JSONValue] = [:]
        skipSpace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
            offset += 1
            return .object(members)
        }
        while true {
            skipSpace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\""), let key = string() else { return nil }
            skipSpace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else { return nil }
            offset += 1
            guard let value = value(depth: depth + 1) else { return nil }
            members[key] = value
            skipSpace()
            guard offset < bytes.count else { return nil }
            if bytes[offset] == UInt8(ascii: ",") {
                offset += 1
                continue
            }
            guard bytes[offset] == UInt8(ascii: "}") else { return nil }
            offset += 1
            return .object(members)
        }
    }

    private mutating func array(depth: Int) -> JSONValue? {
        offset += 1
        var values: [JSONValue] = []
        skipSpace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
            offset += 1
            return .array(values)
        }
        while true {
            guard let value = value(depth: depth + 1) else { return nil }
            values.append(value)
            skipSpace()
            guard offset < bytes.count else { return nil }
            if bytes[offset] == UInt8(ascii: ",") {
                offset += 1
                continue
            }
            guard bytes[offset] == UInt8(ascii: "]") else { return nil }
            offset += 1
            return .array(values)
        }
    }

    /// string: a quoted string at `offset` (escapes resolved; a lone surrogate is refused).
    private mutating func string() -> String? {
        offset += 1
        var scalars = String.UnicodeScalarView()
        var run = offset
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                guard let plain = String(validating: bytes[run..<offset], as: UTF8.self) else { return nil }
                scalars.append(contentsOf: plain.unicodeScalars)
                if byte == UInt8(ascii: "\"") {
                    offset += 1
                    return String(scalars)
                }
                guard let escaped = escape() else { return nil }
                scalars.append(escaped)
                run = offset
                continue
            }
            guard byte >= 0x20 else { return nil }
            offset += 1
        }
        return nil
    }

    /// escape: the scalar of the escape at `offset` (a backslash), `offset` moved past it.
    private mutating func escape() -> Unicode.Scalar? {
        guard offset + 1 < bytes.count else { return nil }
        let kind = bytes[offset + 1]
        offset += 2
        switch kind {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            guard let unit = hex4() else { return nil }
            if (0xD800..<0xDC00).contains(unit) {
                guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u") else { return nil }
                offset += 2
                guard let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
                return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
            }
            return Unicode.Scalar(unit)
        default: return nil
        }
    }

    private mutating func hex4() -> UInt32? {
        guard bytes.count - offset >= 4, let text = String(validating: bytes[offset..<offset + 4], as: UTF8.self),
              let value = UInt32(text, radix: 16) else { return nil }
        offset += 4
        return value
    }

    /// number: RFC 8259's grammar; integers without fraction or exponent stay integers.
    private mutating func number() -> JSONValue? {
        let start = offset
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "-") { offset += 1 }
        let integerStart = offset
        guard digits() else { return nil }
        if bytes[integerStart] == UInt8(ascii: "0"), offset - integerStart > 1 { return nil }  // a leading zero
        var integral = true
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
            offset += 1
            integral = false
            guard digits() else { return nil }
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
            offset += 1
            integral = false
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") { offset += 1 }
            guard digits() else { return nil }
        }
        guard let text = String(validating: bytes[start..<offset], as: UTF8.self) else { return nil }
        if integral {
            if let number = Int64(text) { return .integer(number) }
            if let number = UInt64(text) { return .unsigned(number) }
        }
        return Double(text).map(JSONValue.double)
    }

    /// digits: one or more ASCII digits at `offset`.
    private mutating func digits() -> Bool {
        let start = offset
        while offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) { offset += 1 }
        return offset > start
    }
}
