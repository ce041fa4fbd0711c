import KuchiCore
import KuchiDeck

/// PitchLine: a word's pitch accent drawn over its kana — a line at the top of the row above a
/// high mora (▔▔), at its bottom above a low one (▁▁), so the line rises and falls with the
/// voice, with one more slot for a particle after the word (橋 and 端 differ only there).
///
/// The marks are block elements every terminal font has; with no colour (`NO_COLOR`, the
/// monochrome appearance) the same pitch is written as text instead, in the notation of
/// accent dictionaries: a ＼ after the mora the pitch falls from and the accent number
/// (はし＼ [2], は＼し [1], はし [0]), so it reads the same on any terminal and in a log.
struct PitchLine: Equatable {
    /// kana: the word's kana (its reading, or the word itself when kana only).
    let kana: String
    let accent: PitchAccent

    /// init: the pitch line of `challenge`, nil when its accent is unknown or does not match
    /// its kana (the accent's morae must be the reading's morae).
    init?(challenge: Challenge) {
        guard let accent = challenge.accent else { return nil }
        self.init(kana: challenge.reading ?? challenge.question, accent: accent)
    }

    /// init: the pitch line of `kana` with `accent`, nil when the mora counts disagree.
    init?(kana: String, accent: PitchAccent) {
        guard accent.phrases.reduce(0, { $0 + $1.morae }) == Mora.split(kana).count else { return nil }
        self.kana = kana
        self.accent = accent
    }

    /// marks: the row drawn above the kana: for each mora as many cells as the mora is wide,
    /// then the particle's slot (two cells).
    var marks: String {
        let pitches = accent.pitches
        var line = ""
        for (mora, pitch) in zip(Mora.split(kana), pitches.morae) {
            line += String(repeating: pitch == .high ? "▔" : "▁", count: mora.displayWidth)
        }
        return line + String(repeating: pitches.particle == .high ? "▔" : "▁", count: 2)
    }

    /// plain: the text form: the kana with ＼ after the mora the pitch falls from, and the number.
    var plain: String {
        var text = ""
        var offset = 0
        for phrase in accent.phrases {
            let morae = Mora.split(kana).dropFirst(offset).prefix(phrase.morae)
            for (index, mora) in morae.enumerated() {
                text += mora
                if index + 1 == phrase.accent { text += "＼" }
            }
            offset += phrase.morae
        }
        return text + " [\(accent.accent)]"
    }

    /// text: the line under the marks — the kana and the romaji, "ねこ · neko" (the reading
    /// line Kuchi has always shown; the particle's slot lies over " ·") — or, as text, the plain
    /// form and the romaji, "ね＼こ [1] · neko".
    func text(romaji: String, graphic: Bool) -> String {
        (graphic ? kana : plain) + " · " + romaji
    }

    /// draw: the reading line centred in `rect` on `row + 1` with the marks over its kana on
    /// `row`, or the text form on `row + 1` alone when `graphic` is false. Returns the rows used.
    @discardableResult
    func draw(into screen: inout Screen, row: Int, in rect: Rect, graphic: Bool, romaji: String, style: Style, markStyle: Style) -> Int {
        let line = text(romaji: romaji, graphic: graphic).truncated(toWidth: max(rect.columns - 2, 1))
        screen.putCentered(line, row: row + 1, in: rect, style: style)
        guard graphic, row >= rect.row, line.hasPrefix(kana) else { return 1 }
        let column = rect.column + (rect.columns - line.displayWidth) / 2
        screen.put(marks, row: row, column: column, style: markStyle, clip: rect)
        return 2
    }
}

extension Theme {
    /// drawsPitchGraphically: colour themes draw the pitch as a line of marks; the monochrome
    /// theme (`NO_COLOR`, the monochrome appearance) writes it as text (see `PitchLine`).
    var drawsPitchGraphically: Bool { self != .monochrome }
}
