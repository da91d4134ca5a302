/// Text in the Ahem font: greedy line breaking at break opportunities, as UIKit and
/// browsers do; a word wider than the line overflows it rather than breaking.
struct TextLines {
    var lineCount: Int
    /// Widest visible line, in points.
    var width: Double
    var firstBaseline: Double
    var lastBaseline: Double
    var height: Double
}

extension LayoutComputer {
    func textSize(_ text: Int, _ proposal: ProposedSize) -> Size {
        let lines = textLines(text, proposal)
        return Size(width: lines.width, height: lines.height)
    }

    /// Lines for a proposal: the width wraps (unspecified: no wrapping); the height and
    /// `lineLimit` cap the number of lines shown (at least one).
    func textLines(_ text: Int, _ proposal: ProposedSize) -> TextLines {
        let data = tree.texts[text]
        let em = data.fontSize
        let available = proposal.width.map { em > 0 ? $0 / em : .infinity } ?? .infinity
        var limit = data.lineLimit ?? Int.max
        if let height = proposal.height, data.lineHeight > 0 {
            let fitting = (height / data.lineHeight + 1e-9).rounded(.down)
            if fitting < Double(limit) { limit = max(Int(fitting), 1) }  // also skips an infinite height
        }
        let start = Int(data.segmentStart)
        let segments = tree.textSegments[start..<start + Int(data.segmentCount)]
        var lines = 0
        var widest = 0.0
        var lineWidth = 0.0
        var pendingSpace = 0.0
        var lineOpen = false
        func closeLine() {
            if lines < limit { widest = max(widest, lineWidth) }
            lines += 1
            lineWidth = 0
            pendingSpace = 0
            lineOpen = false
        }
        for segment in segments {
            if lineOpen && lineWidth + pendingSpace + segment.wordWidth > available + 1e-9 && segment.wordWidth > 0 {
                closeLine()
            }
            if lineOpen {
                lineWidth += pendingSpace + segment.wordWidth
            } else {
                lineWidth = segment.wordWidth
                lineOpen = true
            }
            pendingSpace = segment.spaceWidth
            if segment.hardBreak { closeLine() }
        }
        if lineOpen { closeLine() }
        let visible = min(lines, limit)
        let first = (data.lineHeight - em) / 2 + AhemFont.ascent * em
        return TextLines(
            lineCount: visible, width: widest * em, firstBaseline: first,
            lastBaseline: first + Double(max(visible - 1, 0)) * data.lineHeight,
            height: Double(visible) * data.lineHeight)
    }
}
