import Foundation
import KuchiCore

/// StatsFormat: how the Stats panes and `kuchi stats` write figures, so both say the same.
enum StatsFormat {
    /// duration: "0 s", "45 s", "12 min", "1 h 05 min".
    static func duration(milliseconds: Int) -> String {
        let seconds = max(0, milliseconds) / 1000
        if seconds < 60 { return "\(seconds) s" }
        let minutes = seconds / 60
        if minutes < 60 { return "\(minutes) min" }
        return "\(minutes / 60) h " + (minutes % 60 < 10 ? "0" : "") + "\(minutes % 60) min"
    }

    /// percent: whole percents ("87%"), "—" without a figure; never "100%" unless it is all of
    /// them (99.6 % shows as 99 %), so a perfect score means a perfect score.
    static func percent(_ value: Double?) -> String {
        guard let value else { return "—" }
        let whole = Int((value * 100).rounded())
        return "\(value < 1 && whole == 100 ? 99 : whole)%"
    }

    /// count: "1 day" / "3 days" / "5,230 reviews".
    static func count(_ value: Int, _ singular: String, _ plural: String? = nil) -> String {
        number(value) + " " + (value == 1 ? singular : plural ?? singular + "s")
    }

    /// number: digits grouped by thousands with commas ("5,230"), the same in every locale so
    /// scripts and fixtures see one form.
    static func number(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return (value < 0 ? "-" : "") + grouped
    }

    /// monthNames: three-letter month labels, January first.
    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// eighths: the partial blocks from one eighth to a full block.
    static let eighths = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
}

extension Screen {
    /// flow: writes `items` on the rows of `area`, as many per row as fit with `separator`
    /// between them; an item wider than the area is cut with "…". Returns the rows used.
    @discardableResult
    mutating func flow(_ items: [(text: String, style: Style)], in area: Rect, separator: String = "   ", style: Style) -> Int {
        guard !area.isEmpty else { return 0 }
        var row = area.row
        var column = area.column
        for item in items {
            let text = item.text.truncated(toWidth: area.columns)
            let start = column == area.column ? column : column + separator.displayWidth
            if start + text.displayWidth > area.right && column != area.column {
                row += 1
                column = area.column
                guard row < area.bottom else { return area.rows }
                column = put(text, row: row, column: column, style: item.style, clip: area)
                continue
            }
            if column != area.column { put(separator, row: row, column: column, style: style, clip: area) }
            column = put(text, row: row, column: start, style: item.style, clip: area)
        }
        return row - area.row + 1
    }
}
