import LayoutEngine

/// Shapes one text: each character goes to the text's face, or to a fallback face that has
/// it (as browsers fall back per character); runs of one face are shaped by HarfBuzz;
/// ICU's break opportunities cut the advances into segments (word, then the spaces that
/// hang at a line's end).
struct TextShaper {
    let library: FontLibrary
    let font: TextFont

    func shape(_ content: String) -> ShapedText {
        let size = font.size
        guard let primary = library.face(for: font) else {
            // fontconfig always answers something; without any face, text is empty.
            let zero = LineMetrics(ascent: 0, descent: 0, lineGap: 0)
            return ShapedText(segments: [], scale: 1, cssMetrics: zero, naturalMetrics: zero)
        }
        let units = Array(content.utf16)
        var advances = [Double](repeating: 0, count: units.count)
        units.withUnsafeBufferPointer { buffer in
            var runStart = 0
            var runFace: FontFace?
            var offset = 0
            for scalar in content.unicodeScalars {
                let face = faceFor(scalar, primary: primary)
                if face !== runFace {
                    if let runFace, offset > runStart {
                        runFace.shape(buffer, start: runStart, count: offset - runStart, size: size, into: &advances)
                    }
                    runFace = face
                    runStart = offset
                }
                offset += scalar.utf16.count
            }
            if let runFace, offset > runStart {
                runFace.shape(buffer, start: runStart, count: offset - runStart, size: size, into: &advances)
            }
        }
        for index in units.indices { advances[index] += spacing(units[index]) }
        var segments: [TextSegment] = []
        var segmentStarts: [Int32] = []
        var start = 0
        for (end, hard) in Self.breaks(in: units) {
            segmentStarts.append(Int32(truncatingIfNeeded: start))
            // The spaces (and newline) at the end of a run hang; the rest is the word.
            var wordEnd = end
            while wordEnd > start, Self.hangs(units[wordEnd - 1]) { wordEnd -= 1 }
            var word = 0.0, space = 0.0
            for index in start..<wordEnd { word += advances[index] }
            for index in wordEnd..<end where !Self.isLineEnd(units[index]) { space += advances[index] }
            segments.append(TextSegment(wordWidth: word, spaceWidth: space, hardBreak: hard))
            start = end
        }
        let scale = size / primary.unitsPerEm
        let natural = LineMetrics(
            ascent: primary.ascent * scale, descent: primary.descent * scale, lineGap: primary.lineGap * scale)
        // Chromium rounds each metric to whole pixels at the used size.
        let css = LineMetrics(
            ascent: natural.ascent.rounded(), descent: natural.descent.rounded(), lineGap: natural.lineGap.rounded())
        var shaped = ShapedText(segments: segments, scale: 1, cssMetrics: css, naturalMetrics: natural)
        shaped.advances = advances
        shaped.segmentStarts = segmentStarts
        shaped.ellipsisWidth = ellipsisWidth(primary)
        return shaped
    }

    /// "…" (U+2026) in the text's face, or the face that has it.
    private func ellipsisWidth(_ primary: FontFace) -> Double {
        let units: [UInt16] = [0x2026]
        var advance = [0.0]
        let face = faceFor("\u{2026}", primary: primary)
        units.withUnsafeBufferPointer { face.shape($0, start: 0, count: 1, size: font.size, into: &advance) }
        return advance[0] + font.letterSpacing
    }

    /// Where lines may end: ICU's UAX #14 opportunities, adjusted as Blink's break iterator
    /// does for `white-space: normal` — a line may always end after a space (UAX #14 keeps
    /// "a / b" and "a ; b" together, LB13), but a slash keeps what follows it (URLs and
    /// paths do not wrap at their slashes). Offsets ascending; hard: after a newline.
    static func breaks(in units: [UInt16]) -> [(end: Int, hard: Bool)] {
        guard !units.isEmpty else { return [] }
        // 0: no break after this many units, 1: a break, 2: a mandatory break.
        var kind = [UInt8](repeating: 0, count: units.count + 1)
        let (offsets, hard) = LineBreaks.opportunities(in: units)
        for (position, offset) in offsets.enumerated() where Int(offset) <= units.count {
            kind[Int(offset)] = hard[position] != 0 && offset > 0 && isLineEnd(units[Int(offset) - 1]) ? 2 : 1
        }
        for end in 1..<units.count where kind[end] == 1 {
            if units[end - 1] == 0x2F && !hangs(units[end]) { kind[end] = 0 }
        }
        for end in 1..<units.count where kind[end] == 0 {
            if units[end - 1] == 0x20 && units[end] != 0x20 { kind[end] = 1 }
        }
        kind[units.count] = max(kind[units.count], 1)
        var result: [(end: Int, hard: Bool)] = []
        for end in 1...units.count where kind[end] != 0 { result.append((end, kind[end] == 2)) }
        return result
    }

    /// Letter spacing follows every character but the low half of a surrogate pair.
    private func spacing(_ unit: UInt16) -> Double {
        font.letterSpacing == 0 || UTF16.isTrailSurrogate(unit) ? 0 : font.letterSpacing
    }

    private func faceFor(_ scalar: Unicode.Scalar, primary: FontFace) -> FontFace {
        let value = scalar.value
        if value < 0x20 || primary.hasGlyph(value) { return primary }
        return library.fallbackFace(for: value, font: font) ?? primary
    }

    /// White space that hangs at the end of a line (CSS `white-space: normal`).
    private static func hangs(_ unit: UInt16) -> Bool {
        unit == 0x20 || unit == 0x09 || unit == 0x200B || isLineEnd(unit)
    }

    private static func isLineEnd(_ unit: UInt16) -> Bool { unit == 0x0A || unit == 0x0D }
}
