import Foundation

/// JSONText: a string as a JSON string literal (the commands write their small JSON by hand,
/// keys in the order the issue lists them).
public enum JSONText {
    /// quoted: `text` in double quotes, with quotes, backslashes and controls escaped.
    public static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 { out += String(format: "\\u%04x", scalar.value) } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out + "\""
    }
}
