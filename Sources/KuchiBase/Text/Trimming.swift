/// Trimming: Foundation's `trimmingCharacters(in: .whitespaces)` and `(in:
/// .whitespacesAndNewlines)` without its character sets. The first use of one in a process builds
/// a `CharacterSet`, bridges it to CoreFoundation and sends the Swift runtime through its
/// conformance records: about 850k instructions, a twentieth of all `kuchi due` does (issue 39).
/// What is trimmed is what Foundation trims — a test holds it so for every Unicode scalar alone
/// and for random text around the odd ones: scalar by scalar from each end (a space before a
/// combining mark goes, as in Foundation), the set being the one Foundation's trim uses, which
/// takes the zero-width space too (its `CharacterSet.whitespaces.contains` says no to it).
extension Unicode.Scalar {
    /// isSpace: what `trimmingCharacters(in: .whitespaces)` trims: general category Zs, the tab
    /// and the zero-width space.
    public var isSpace: Bool {
        switch value {
        case 0x09, 0x20, 0xA0, 0x1680, 0x2000...0x200B, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }

    /// isSpaceOrNewline: what `trimmingCharacters(in: .whitespacesAndNewlines)` trims: the
    /// spaces, U+000A–U+000D, U+0085 and the line and paragraph separators.
    public var isSpaceOrNewline: Bool {
        switch value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
        default: isSpace
        }
    }
}

extension StringProtocol {
    /// trimmingSpaces: the text without the spaces (`Unicode.Scalar.isSpace`) at either end.
    public func trimmingSpaces() -> String {
        trimming { $0.isSpace }
    }

    /// trimmingSpacesAndNewlines: the text without spaces or line ends at either end.
    public func trimmingSpacesAndNewlines() -> String {
        trimming { $0.isSpaceOrNewline }
    }

    /// trimming: the text without the scalars at either end that `trimmed` says yes to.
    private func trimming(_ trimmed: (Unicode.Scalar) -> Bool) -> String {
        let text = String(self)
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !trimmed($0) }), let last = scalars.lastIndex(where: { !trimmed($0) }) else {
            return ""
        }
        if first == scalars.startIndex && scalars.index(after: last) == scalars.endIndex { return text }
        return String(Substring(scalars[first...last]))
    }
}
