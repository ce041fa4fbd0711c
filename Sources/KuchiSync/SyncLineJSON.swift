import Foundation

/// SyncLineJSON: a sync line written by hand, byte for byte what `JSONEncoder` writes with
/// sorted keys and slashes as they are (`SyncLineJSONTests` holds it to that) — a first sync
/// writes one line per review, and a JSONEncoder per line was a fifth of its time.
extension SyncRecordCoding.Line {
    /// json: the line's keys in sorted order, absent ones left out; no newline.
    package func json() -> Data {
        var out = [UInt8]()
        out.reserveCapacity(256)
        out.append(UInt8(ascii: "{"))
        var first = true
        /// key: the separator and `"name":`.
        func key(_ name: StaticString) {
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            out.append(UInt8(ascii: "\""))
            out.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
            out.append(contentsOf: "\":".utf8)
        }
        func put(_ name: StaticString, _ value: String?) {
            guard let value else { return }
            key(name)
            Self.appendString(value, to: &out)
        }
        func put(_ name: StaticString, _ value: Int64?) {
            guard let value else { return }
            key(name)
            out.append(contentsOf: String(value).utf8)
        }
        func put(_ name: StaticString, _ value: Bool?) {
            guard let value else { return }
            key(name)
            out.append(contentsOf: (value ? "true" : "false").utf8)
        }
        // Sorted by key, as JSONEncoder's .sortedKeys.
        put("answer", answer)
        put("content", content)
        put("deck", deck)
        put("direction", direction)
        put("duration", duration.map(Int64.init))
        put("field", field)
        put("hash", hash)
        put("machine", machine)
        put("name", name)
        put("question", question)
        put("rating", rating.map(Int64.init))
        put("reading", reading)
        put("rescheduled", rescheduled)
        put("source", source)
        put("stamp", stamp)
        put("suspended", suspended)
        put("time", time)
        put("type", type)
        put("uid", uid)
        put("value", value)
        put("weights", weights)
        out.append(UInt8(ascii: "}"))
        return Data(out)
    }

    /// appendString: `text` quoted; `"` and `\\` escaped, controls as \\b \\t \\n \\f \\r or
    /// \\u00xx, everything else (slashes, non-ASCII) as its UTF-8.
    private static func appendString(_ text: String, to out: inout [UInt8]) {
        let hex = Array("0123456789abcdef".utf8)
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: "\\\"".utf8)
            case UInt8(ascii: "\\"): out.append(contentsOf: "\\\\".utf8)
            case 0x08: out.append(contentsOf: "\\b".utf8)
            case 0x09: out.append(contentsOf: "\\t".utf8)
            case 0x0A: out.append(contentsOf: "\\n".utf8)
            case 0x0C: out.append(contentsOf: "\\f".utf8)
            case 0x0D: out.append(contentsOf: "\\r".utf8)
            case 0..<0x20:
                out.append(contentsOf: "\\u00".utf8)
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0x0F)])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
