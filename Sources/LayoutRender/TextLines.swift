/// Breaks a text into the lines it shows in Ahem (API.md §3.4: every glyph 1em wide,
/// breaks only at spaces and U+200B, newlines end lines), so that the SVG draws the words
/// where the engine measured them.
enum TextLines {
    static func lines(of text: String, width: Double, fontSize: Double, lineLimit: Int?) -> [String] {
        guard fontSize > 0 else { return [text] }
        // Clamped before converting: a frame may be wider than any count of glyphs.
        let ratio = (width / fontSize + 1e-9).rounded(.down)
        let columns = ratio.isNaN ? 1 : Int(min(max(ratio, 1), 1e9))
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            var lineLength = 0
            // Words with the breakable characters that follow them.
            var word = ""
            var wordLength = 0
            func flushWord(trailing: String, trailingLength: Int) {
                if lineLength > 0 && lineLength + wordLength > columns {
                    while line.hasSuffix(" ") { line.removeLast() }
                    lines.append(line)
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
        }
        if let lineLimit, lines.count > lineLimit { lines = Array(lines.prefix(max(lineLimit, 1))) }
        return lines
    }
}
