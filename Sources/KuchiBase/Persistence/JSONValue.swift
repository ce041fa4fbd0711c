import Foundation

/// JSONValue: a parsed JSON value (as `JSONSerialization` gives it) made `Encodable`, so a
/// document is written by `JSONEncoder`.
///
/// `JSONSerialization`'s `.sortedKeys` orders keys with a locale-aware comparison, which loads
/// ICU's collation data: 3.5 MiB more resident memory in every process that saves a profile
/// (each quit records the last use). `JSONEncoder` sorts keys without ICU and writes the same
/// pretty layout.
package enum JSONValue: Encodable {
    case string(String)
    case bool(Bool)
    case integer(Int64)
    case unsigned(UInt64)
    case double(Double)
    case null
    case array([JSONValue])
    case object([String: JSONValue])

    /// Unsupported: a value no JSON document holds.
    package struct Unsupported: Error {}

    /// init: the value of a `JSONSerialization` object tree (or of plain Swift values).
    package init(_ value: Any) throws(Unsupported) {
        switch value {
        case let text as String:
            self = .string(text)
        case let flag as Bool where type(of: value) == Bool.self:
            self = .bool(flag)
        case let number as Int where type(of: value) == Int.self:
            self = .integer(Int64(number))
        case let number as Double where type(of: value) == Double.self:
            self = .double(number)
        case let number as NSNumber:
            self = Self.number(number)
        case is NSNull:
            self = .null
        case let array as [Any]:
            var values: [JSONValue] = []
            for element in array { values.append(try JSONValue(element)) }
            self = .array(values)
        case let object as [String: Any]:
            var values: [String: JSONValue] = [:]
            for (key, element) in object { values[key] = try JSONValue(element) }
            self = .object(values)
        default:
            throw Unsupported()
        }
    }

    /// number: an `NSNumber` as what it holds — a boolean (`JSONSerialization` parses true and
    /// false as `c`-typed numbers), a floating-point number, or an integer.
    private static func number(_ number: NSNumber) -> JSONValue {
        switch String(cString: number.objCType) {
        case "c", "B": return .bool(number.boolValue)
        case "d", "f": return .double(number.doubleValue)
        case "Q", "L", "I", "S", "C": return .unsigned(number.uint64Value)
        default: return .integer(number.int64Value)
        }
    }

    /// encode: the value as itself.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let text): try container.encode(text)
        case .bool(let flag): try container.encode(flag)
        case .integer(let number): try container.encode(number)
        case .unsigned(let number): try container.encode(number)
        case .double(let number): try container.encode(number)
        case .null: try container.encodeNil()
        case .array(let values): try container.encode(values)
        case .object(let values): try container.encode(values)
        }
    }
}

extension JSONValue {
    /// set: `value` at `path` inside this object, creating (or replacing a non-object)
    /// intermediate objects on the way.
    package mutating func set(_ value: JSONValue, at path: ArraySlice<String>) {
        guard let key = path.first else {
            self = value
            return
        }
        var members: [String: JSONValue] = [:]
        if case .object(let existing) = self { members = existing }
        var inner = JSONValue.object([:])
        if let existing = members[key], case .object = existing { inner = existing }
        inner.set(value, at: path.dropFirst())
        members[key] = inner
        self = .object(members)
    }
}

