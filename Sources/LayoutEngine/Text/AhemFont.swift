/// The W3C Ahem test font: every glyph is 1em wide, lines are 1em tall with the ascent
/// at 0.8em; text breaks only at spaces and U+200B (zero width).
enum AhemFont {
    static let familyName = "Ahem"
    static let ascent = 0.8

    /// Splits `text` into words and the break opportunities after them.
    static func appendSegments(of text: String, to segments: inout [TextSegment]) {
        var word = 0.0, space = 0.0
        var inSpaces = false
        func flush(hardBreak: Bool) {
            segments.append(TextSegment(wordWidth: word, spaceWidth: space, hardBreak: hardBreak))
            word = 0
            space = 0
            inSpaces = false
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case " ":
                space += 1
                inSpaces = true
            case "\u{200B}":
                inSpaces = true
            case "\n":
                flush(hardBreak: true)
            default:
                if inSpaces { flush(hardBreak: false) }
                word += 1
            }
        }
        if word > 0 || space > 0 || segments.isEmpty == false { flush(hardBreak: false) }
    }
}
