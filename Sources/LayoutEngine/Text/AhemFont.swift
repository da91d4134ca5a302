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
        Self.forEachSegment(of: content, letterSpacing: Self.letterSpacing(font)) { segments.append($0) }
        let metrics = Self.metrics(font)
        var shaped = ShapedText(segments: segments, scale: font.size, cssMetrics: metrics, naturalMetrics: metrics)
        shaped.uniformAdvance = Self.characterAdvance(font)
        shaped.ellipsisWidth = Self.characterAdvance(font)
        return shaped
    }

    /// Every character's advance in ems, letter spacing included; "…" too (Ahem has no
    /// "…": its .notdef box, 1em like every glyph).
    @inline(__always)
    static func characterAdvance(_ font: TextFont) -> Double { 1 + letterSpacing(font) }

    /// The letter spacing of `font` in ems.
    @inline(__always)
    static func letterSpacing(_ font: TextFont) -> Double {
        font.size > 0 ? font.letterSpacing / font.size : 0
    }

    /// The line metrics of `font` (CSS and SwiftUI alike: the em box).
    @inline(__always)
    static func metrics(_ font: TextFont) -> LineMetrics {
        // descent = size - ascent is exact (Sterbenz), so ascent + descent is the size.
        let ascent = Self.ascent * font.size
        return LineMetrics(ascent: ascent, descent: font.size - ascent, lineGap: 0)
    }

    /// Writes `text`'s runs (as `shape` finds them) at `out`, which has room for
    /// `text.utf8.count + 1` of them; returns how many. Layout shapes Ahem texts this way,
    /// straight into its flat buffer of runs, without a `ShapedText`'s arrays.
    static func writeSegments(of text: String, letterSpacing: Double, to out: UnsafeMutablePointer<TextSegment>) -> Int {
        var count = 0
        forEachSegment(of: text, letterSpacing: letterSpacing) {
            (out + count).initialize(to: $0)
            count += 1
        }
        return count
    }

    /// Splits `text` into words and the break opportunities after them; `letterSpacing`
    /// (ems) follows every character, spaces included, as CSS and SwiftUI's tracking add it.
    /// Reads the UTF-8 bytes: a character is a scalar's lead byte, so the widths are those
    /// of a walk over the unicode scalars, without decoding them.
    @inline(__always)
    static func forEachSegment(of text: String, letterSpacing: Double, _ emit: (TextSegment) -> Void) {
        text.withContiguousUTF8 { bytes in
            var word = 0.0, space = 0.0
            var inSpaces = false
            var emitted = false
            func flush(hardBreak: Bool) {
                emit(TextSegment(wordWidth: word, spaceWidth: space, hardBreak: hardBreak))
                emitted = true
                word = 0
                space = 0
                inSpaces = false
            }
            let count = bytes.count
            var index = 0
            while index < count {
                let byte = bytes[index]
                index += 1
                if byte & 0xC0 == 0x80 { continue }  // inside a scalar
                if byte == 0x20 {  // " "
                    space += 1 + letterSpacing
                    inSpaces = true
                } else if byte == 0xE2, index + 1 < count, bytes[index] == 0x80, bytes[index + 1] == 0x8B {  // U+200B
                    space += letterSpacing
                    inSpaces = true
                    index += 2
                } else if byte == 0x0A {  // "\n"
                    flush(hardBreak: true)
                } else {
                    if inSpaces { flush(hardBreak: false) }
                    word += 1 + letterSpacing
                }
            }
            if word > 0 || space > 0 || emitted { flush(hardBreak: false) }
        }
    }
}
