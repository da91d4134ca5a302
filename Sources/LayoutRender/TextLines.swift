import LayoutEngine

/// Breaks a text into the lines it shows in Ahem (API.md §3.4: every glyph 1em wide,
/// breaks only at spaces and U+200B, newlines end lines), so that the SVG draws the words
/// where the engine measured them.
enum TextLines {
    static func lines(
        of text: String, width: Double, fontSize: Double, lineLimit: Int?, truncation: TruncationMode = .tail
    ) -> [String] {
        guard fontSize > 0 else { return [text] }
        // Clamped before converting: a frame may be wider than any count of glyphs.
        let ratio = (width / fontSize + 1e-9).rounded(.down)
        let columns = ratio.isNaN ? 1 : Int(min(max(ratio, 1), 1e9))
        var lines: [String] = []
        // Which paragraph each line belongs to, for truncation.
        var paragraphs: [Int] = []
        for (paragraphIndex, paragraph) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var line = ""
            var lineLength = 0
            // Words with the breakable characters that follow them.
            var word = ""
            var wordLength = 0
            func flushWord(trailing: String, trailingLength: Int) {
                if lineLength > 0 && lineLength + wordLength > columns {
                    while line.hasSuffix(" ") { line.removeLast() }
                    lines.append(line)
                    paragraphs.append(paragraphIndex)
                    line = ""
                    lineLength = 0
                }
                line += word + trailing
                lineLength += wordLength + trailingLength
                word = ""
                wordLength = 0
            }
            for character in paragraph {
                switch character {
                case " ": flushWord(trailing: " ", trailingLength: 1)
                case "\u{200B}": flushWord(trailing: "", trailingLength: 0)
                default:
                    word.append(character)
                    wordLength += 1
                }
            }
            flushWord(trailing: "", trailingLength: 0)
            while line.hasSuffix(" ") { line.removeLast() }
            lines.append(line)
            paragraphs.append(paragraphIndex)
        }
        guard let lineLimit, lines.count > lineLimit else { return lines }
        let last = max(lineLimit, 1) - 1
        // As the engine truncates (Text/TruncatedRuns.swift): the start comes from the last
        // visible line's paragraph, the end from the text's last paragraph (no earlier than
        // that line), with one column for the ellipsis.
        let start = lines[last...].indices.filter { paragraphs[$0] == paragraphs[last] }.map { lines[$0] }
        let end = lines[last...].indices.filter { paragraphs[$0] == paragraphs[lines.count - 1] }.map { lines[$0] }
        let room = max(columns - 1, 0)
        var shown: String
        switch truncation {
        case .tail: shown = leading(start.joined(separator: " "), room) + "…"
        case .head: shown = "…" + trailing(end.joined(separator: " "), room)
        case .middle:
            let head = leading(start.joined(separator: " "), room / 2)
            shown = head + "…" + trailing(end.joined(separator: " "), room - head.count)
        }
        return Array(lines.prefix(last)) + [shown]
    }

    /// The first `count` characters at most, without the spaces that would touch the ellipsis.
    private static func leading(_ text: String, _ count: Int) -> String {
        var kept = String(text.prefix(count))
        while kept.hasSuffix(" ") { kept.removeLast() }
        return kept
    }

    /// The last `count` characters at most, without the spaces that would touch the ellipsis.
    private static func trailing(_ text: String, _ count: Int) -> String {
        var kept = String(text.suffix(count))
        while kept.hasPrefix(" ") { kept.removeFirst() }
        return kept
    }
}
