import Foundation
import SitegenBasics

/// A poster drawn locally for movies without one: the title on a colour derived from the code,
/// so each film keeps its colour from build to build and nothing is fetched.
enum PlaceholderPoster {
    static let width = 300
    static let height = 430

    /// `caption` is the edition's 「포스터 없음」 from its strings table.
    static func svg(code: String, title: String, year: Int?, caption none: String = "포스터 없음")
        -> String
    {
        let hue = Int(FNV1a.hash32(code) % 360)
        let lines = wrap(title, width: 8, maxLines: 4)
        let top = 215 - (lines.count - 1) * 21
        var text = ""
        for (i, line) in lines.enumerated() {
            text +=
                "<text x=\"150\" y=\"\(top + i * 42)\" font-size=\"30\" font-weight=\"700\">\(XML.escape(line))</text>"
        }
        let caption = year.map { "\($0) · \(none)" } ?? none
        return """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" \
        viewBox="0 0 \(width) \(height)" role="img">\
        <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">\
        <stop offset="0" stop-color="hsl(\(hue),45%,34%)"/>\
        <stop offset="1" stop-color="hsl(\((hue + 40) % 360),50%,16%)"/>\
        </linearGradient></defs><rect width="\(width)" height="\(height)" fill="url(#g)"/>\
        <g fill="#fff" text-anchor="middle" \
        font-family="'Noto Sans KR','NanumGothic','Apple SD Gothic Neo',sans-serif">\(text)\
        <text x="150" y="400" font-size="16" fill-opacity=".75">\(XML.escape(caption))</text></g></svg>

        """
    }

    /// Breaks at spaces when it can, else every `width` characters; an ellipsis marks a cut.
    static func wrap(_ title: String, width: Int, maxLines: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in title.split(separator: " ") {
            var word = String(word)
            while word.count > width {
                if !current.isEmpty { lines.append(current); current = "" }
                lines.append(String(word.prefix(width)))
                word = String(word.dropFirst(width))
            }
            if current.isEmpty { current = word }
            else if current.count + 1 + word.count <= width { current += " " + word }
            else { lines.append(current); current = word }
        }
        if !current.isEmpty { lines.append(current) }
        if lines.isEmpty { lines = ["?"] }
        if lines.count > maxLines {
            lines = Array(lines.prefix(maxLines))
            lines[maxLines - 1] = String(lines[maxLines - 1].prefix(width - 1)) + "…"
        }
        return lines
    }
}
