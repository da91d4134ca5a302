/// The W3C Ahem test font: every glyph is 1em wide, lines are 1em tall with the ascent
/// at 0.8em; text breaks only at spaces and U+200B (zero width).
public struct AhemMeasurer: TextMeasurer {
    static let familyName = "Ahem"
    static let ascent = 0.8

    public init() {}

    public var defaultFamily: String { Self.familyName }

    public func family(named name: String) -> String? {
        name == Self.familyName ? Self.familyName : nil
    }

    public var families: [FontFamilyInfo] {
        [FontFamilyInfo(name: Self.familyName, faces: [.init(style: "Regular", weight: 400, italic: false)])]
    }

    /// Segments in ems (scale: the font size); both metric sets are the exact em box, so
    /// CSS and SwiftUI lines agree. Ahem has one face: weight and italic change nothing.
    public func shape(_ content: String, font: TextFont) -> ShapedText {
        var segments: [TextSegment] = []
        let spacing = font.size > 0 ? font.letterSpacing / font.size : 0
        Self.appendSegments(of: content, letterSpacing: spacing, to: &segments)
        // descent = size - ascent is exact (Sterbenz), so ascent + descent is the size.
        let ascent = Self.ascent * font.size
        let metrics = LineMetrics(ascent: ascent, descent: font.size - ascent, lineGap: 0)
        var shaped = ShapedText(segments: segments, scale: font.size, cssMetrics: metrics, naturalMetrics: metrics)
        // Ahem has no "…": its .notdef box, 1em like every glyph.
        shaped.uniformAdvance = 1 + spacing
        shaped.ellipsisWidth = 1 + spacing
        return shaped
    }

    /// Splits `text` into words and the break opportunities after them; `letterSpacing`
    /// (ems) follows every character, spaces included, as CSS and SwiftUI's tracking add it.
    static func appendSegments(of text: String, letterSpacing: Double = 0, to segments: inout [TextSegment]) {
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
                space += 1 + letterSpacing
                inSpaces = true
            case "\u{200B}":
                space += letterSpacing
                inSpaces = true
            case "\n":
                flush(hardBreak: true)
            default:
                if inSpaces { flush(hardBreak: false) }
                word += 1 + letterSpacing
            }
        }
        if word > 0 || space > 0 || segments.isEmpty == false { flush(hardBreak: false) }
    }
}
