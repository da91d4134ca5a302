/// Text lines: greedy line breaking at the break opportunities the text measurer found,
/// as UIKit and browsers do; a word wider than the line overflows it rather than breaking.
struct TextLines {
    var lineCount: Int
    /// Widest visible line, in points.
    var width: Double
    var firstBaseline: Double
    var lastBaseline: Double
    var height: Double
}

/// What line breaking needs of a text besides its runs, resolved once per layout: the
/// metrics of its context (CSS in a flex container, SwiftUI elsewhere), its line height
/// and limit.
struct TextLineStyle {
    var scale: Double
    var ascent: Double
    var contentHeight: Double
    var lineHeight: Double
    var lineSpacing: Double
    var lineLimit: Int
    var truncation: TruncationMode

    init(_ data: TextData, _ shaped: ShapedText) {
        self.init(data, scale: shaped.scale, css: shaped.cssMetrics, natural: shaped.naturalMetrics)
    }

    init(_ data: TextData, scale: Double, css: LineMetrics, natural: LineMetrics) {
        let metrics = data.css ? css : natural
        self.scale = scale
        ascent = metrics.ascent
        contentHeight = metrics.ascent + metrics.descent
        lineHeight = data.font.lineHeight ?? contentHeight + metrics.lineGap
        lineSpacing = data.font.lineSpacing
        lineLimit = data.lineLimit ?? Int.max
        truncation = data.truncation
    }

    /// No text's: what a column of entries holds before it is written (`TextScratch`).
    static let blank = TextLineStyle(
        TextData(content: "", font: TextFont(family: "Ahem"), lineLimit: nil, css: false), scale: 1,
        css: LineMetrics(ascent: 0, descent: 0, lineGap: 0), natural: LineMetrics(ascent: 0, descent: 0, lineGap: 0))
}

/// A layout's texts, each shaped when first measured: a relayout that reuses most of a
/// tree measures few of its texts, and shaping every text up front cost a one-leaf
/// relayout of 10,000 nodes more than its own work. A class, so that the computer's
/// non-mutating text questions can fill it; it lives and dies with one layout.
final class LazyShapedTexts {
    /// What line breaking reads at every measurement, plain data: the text's runs are
    /// `segmentCount` entries of `segments` from `segmentStart`.
    struct Entry {
        var segmentStart: Int
        var segmentCount: Int
        var style: TextLineStyle
        /// Its `ShapedText` in `shapedTexts`, once made; -1 before.
        var shaped: Int32 = -1
        /// The runs on one line (`OneLine`), found when shaped.
        var oneLine = OneLine(nil)

        /// No text's (`TextScratch`).
        static let blank = Entry(segmentStart: 0, segmentCount: 0, style: .blank)
    }

    /// What line breaking finds of a text that never breaks its line: most texts are
    /// asked for their width unbounded or at least as wide as they are (the probes of a
    /// stack's flexibility, an ideal size), and the greedy loop over their words then
    /// yields one line, known in advance.
    struct OneLine {
        /// The largest width the greedy loop compares with the line's room (computed as
        /// the loop computes it); NaN when a hard break, or no runs, rule this out.
        var widest: Double
        /// The line's width once every run is on it.
        var width: Double

        /// Replays `textLines`' arithmetic on `runs` (same operations, same order, so the
        /// same rounding) without any room limit.
        init(_ runs: UnsafeBufferPointer<TextSegment>?) {
            (widest, width) = (.nan, 0)
            guard let runs, let first = runs.first, !first.hardBreak else { return }
            var lineWidth = first.wordWidth
            var pendingSpace = first.spaceWidth
            var widest = -Double.infinity
            for segment in runs.dropFirst() {
                if segment.hardBreak { return }
                widest = max(widest, lineWidth + pendingSpace + segment.wordWidth)
                lineWidth += pendingSpace + segment.wordWidth
                pendingSpace = segment.spaceWidth
            }
            (self.widest, width) = (widest, lineWidth)
        }

        /// Whether the greedy loop keeps every run on one line in `available` (NaN
        /// `widest` never does).
        @inline(__always)
        func fits(_ available: Double) -> Bool { widest <= available + 1e-9 }
    }

    private let texts: [TextData]
    private let measurer: any TextMeasurer
    /// The measurer is Ahem's: texts are shaped straight into `segments`, and their
    /// `ShapedText` made only if truncation asks for it (most texts never truncate; making
    /// and freeing its arrays was most of shaping).
    private let isAhem: Bool
    /// Per text: its entry's index once shaped, else -1. Raw storage rather than arrays:
    /// this is read at every text measurement, and an array in a class costs an
    /// exclusivity check and a uniqueness check per access. Entries are appended as texts
    /// are shaped, so a relayout that shapes a few texts of thousands writes a few entries
    /// (a table of optional entries for every text was most of such a relayout's setup).
    /// These buffers are the layout's `TextScratch`'s, lent for the layout: nothing here
    /// frees them, so this object may outlive the layout's hold on the scratch.
    private let entryOf: UnsafeMutablePointer<Int32>
    /// Room for every text from the start (untouched until written): no copies on the way.
    private let entries: UnsafeMutablePointer<Entry>
    private var entryCount = 0
    /// The shaped texts, by entry, for what measuring rarely needs (truncation). Reading
    /// one copies its arrays' references, which every measurement did when they lived in
    /// the entries (some 10% of a 10,000-node layout).
    private var shapedTexts: [ShapedText] = []
    /// All entries' runs, one after the other.
    private var segments: UnsafeMutablePointer<TextSegment>
    private var segmentCount = 0
    private var segmentCapacity: Int
    private let scratch: TextScratch

    init(_ texts: [TextData], measurer: any TextMeasurer, scratch: TextScratch) {
        self.texts = texts
        self.measurer = measurer
        // The metatypes compared (AhemMeasurer is a struct): `is` went through the
        // runtime's dynamic cast, some 2% of a one-leaf relayout of 10,000 nodes.
        isAhem = type(of: measurer) == AhemMeasurer.self
        self.scratch = scratch
        (entryOf, entries, segments, segmentCapacity) = scratch.prepare(textCount: texts.count)
    }

    /// Text `index`'s runs, line style and one-line answer. The runs are valid until the
    /// next text is shaped.
    func runs(_ index: Int) -> (segments: UnsafeBufferPointer<TextSegment>, style: TextLineStyle, oneLine: OneLine) {
        let entry = self.entry(index)
        return (
            UnsafeBufferPointer(start: segments + entry.segmentStart, count: entry.segmentCount), entry.style,
            entry.oneLine
        )
    }

    /// Text `index`'s runs as truncation reads them, valid inside `body`. An Ahem text
    /// (the one kind without a `ShapedText`) has its runs in the flat buffer, every
    /// character and "…" `AhemMeasurer.characterAdvance` wide; any other, its
    /// `ShapedText`'s, read in place (a copy retains and releases its three arrays).
    func withTruncationRuns<Result>(_ index: Int, _ body: (TruncationRuns) -> Result) -> Result {
        let entry = self.entry(index)  // shapes it if it was not yet
        if entry.shaped < 0 {
            let advance = texts.withUnsafeBufferPointer { AhemMeasurer.characterAdvance($0[index].font) }
            let none = UnsafeBufferPointer<Double>(start: nil, count: 0)
            return body(
                TruncationRuns(
                    segments: UnsafeBufferPointer(start: segments + entry.segmentStart, count: entry.segmentCount),
                    advances: none, segmentStarts: UnsafeBufferPointer(start: nil, count: 0), uniformAdvance: advance,
                    ellipsisWidth: advance))
        }
        return shapedTexts.withUnsafeBufferPointer { $0[Int(entry.shaped)].withTruncationRuns(body) }
    }

    @inline(__always)
    private func entry(_ index: Int) -> Entry {
        precondition(index >= 0 && index < texts.count, "text index out of range")
        let known = Int(entryOf[index])
        if known >= 0 { return entries[known] }
        return shape(index)
    }

    private func shape(_ index: Int) -> Entry {
        var entry: Entry
        if isAhem {
            entry = shapeAhem(index)
        } else {
            // One copy of the text's data (each subscript copied it, strings retained and released).
            let data = texts[index]
            let text = measurer.shape(data.content, font: data.font)
            let count = text.segments.count
            reserveSegments(count)
            text.segments.withUnsafeBufferPointer { runs in
                if let base = runs.baseAddress { (segments + segmentCount).initialize(from: base, count: count) }
            }
            entry = Entry(
                segmentStart: segmentCount, segmentCount: count, style: TextLineStyle(data, text),
                shaped: Int32(truncatingIfNeeded: shapedTexts.count))
            shapedTexts.append(text)
        }
        entry.oneLine = OneLine(UnsafeBufferPointer(start: segments + entry.segmentStart, count: entry.segmentCount))
        segmentCount += entry.segmentCount
        (entries + entryCount).initialize(to: entry)
        entryOf[index] = Int32(truncatingIfNeeded: entryCount)
        entryCount += 1
        return entry
    }

    /// An Ahem text's runs written at the end of `segments` (as `AhemMeasurer.shape` finds them).
    private func shapeAhem(_ index: Int) -> Entry {
        // Read in place: a copy of the text's data retains and releases its strings.
        texts.withUnsafeBufferPointer { texts in
            reserveSegments(texts[index].content.utf8.count + 1)
            let count = AhemMeasurer.writeSegments(
                of: texts[index].content, letterSpacing: AhemMeasurer.letterSpacing(texts[index].font),
                to: segments + segmentCount)
            let metrics = AhemMeasurer.metrics(texts[index].font)
            return Entry(
                segmentStart: segmentCount, segmentCount: count,
                style: TextLineStyle(texts[index], scale: texts[index].font.size, css: metrics, natural: metrics))
        }
    }

    /// Room for `count` more runs after the first `segmentCount`.
    private func reserveSegments(_ count: Int) {
        guard segmentCount + count > segmentCapacity else { return }
        (segments, segmentCapacity) = scratch.growSegments(toAtLeast: segmentCount + count, keeping: segmentCount)
    }
}

extension LayoutComputer {
    @inline(__always)
    func textSize(_ text: Int, _ proposal: ProposedSize) -> Size {
        let lines = textLines(text, proposal)
        return Size(width: lines.width, height: lines.height)
    }

    /// Lines for a proposal (see `textLines(_:_:in:)`). Inlined, so that only the shaped
    /// texts are read: a call of a method of the computer from mutating code copied the
    /// whole computer (some 740 bytes) first, once per text measured.
    @inline(__always)
    func textLines(_ text: Int, _ proposal: ProposedSize) -> TextLines {
        Self.textLines(text, proposal, in: shapedTexts)
    }

    /// Lines for a proposal: the width wraps (unspecified: no wrapping); the height and
    /// `lineLimit` cap the number of lines shown (at least one).
    static func textLines(_ text: Int, _ proposal: ProposedSize, in shapedTexts: LazyShapedTexts) -> TextLines {
        // The text's line metrics and its runs, read in place: no strings are touched here.
        let (segments, style, oneLine) = shapedTexts.runs(text)
        let lineHeight = style.lineHeight
        let pitch = lineHeight + style.lineSpacing
        let available = proposal.width.map { style.scale > 0 ? $0 / style.scale : .infinity } ?? .infinity
        var limit = style.lineLimit
        if let height = proposal.height, lineHeight > 0 {
            // n lines take n × lineHeight + (n - 1) × lineSpacing.
            let fitting = ((height + style.lineSpacing) / pitch + 1e-9).rounded(.down)
            if fitting < Double(limit) { limit = max(Int(fitting), 1) }  // also skips an infinite height
        }
        if limit >= 1, oneLine.fits(available) {
            // The loop below would keep every run on its one line: what it returns then,
            // worked out by the same operations (so to the same bits).
            var widest = 0.0
            if limit > 1 { widest = max(widest, oneLine.width) }
            widest = max(widest, limit == 1 ? oneLine.width : 0)
            let first = (lineHeight - style.contentHeight) / 2 + style.ascent
            return TextLines(
                lineCount: 1, width: widest * style.scale, firstBaseline: first, lastBaseline: first + 0 * pitch,
                height: 1 * lineHeight + 0 * style.lineSpacing)
        }
        var lines = 0
        var widest = 0.0
        var lineWidth = 0.0
        var pendingSpace = 0.0
        var lineOpen = false
        /// The last line that can show, for truncation: its first segment and width.
        var lastVisibleStart = 0
        var lastVisibleWidth = 0.0
        func closeLine() {
            if lines < limit - 1 { widest = max(widest, lineWidth) }
            if lines == limit - 1 { lastVisibleWidth = lineWidth }
            lines += 1
            lineWidth = 0
            pendingSpace = 0
            lineOpen = false
        }
        for (index, segment) in segments.enumerated() {
            if lineOpen && lineWidth + pendingSpace + segment.wordWidth > available + 1e-9 && segment.wordWidth > 0 {
                closeLine()
            }
            if lineOpen {
                lineWidth += pendingSpace + segment.wordWidth
            } else {
                if lines == limit - 1 { lastVisibleStart = index }
                lineWidth = segment.wordWidth
                lineOpen = true
            }
            pendingSpace = segment.spaceWidth
            if segment.hardBreak { closeLine() }
        }
        if lineOpen { closeLine() }
        let visible = min(lines, limit)
        if lines > limit {
            let truncated = shapedTexts.withTruncationRuns(text) {
                Self.truncatedWidth($0, from: lastVisibleStart, available: available, mode: style.truncation)
            }
            widest = max(widest, truncated)
        } else if visible > 0 {
            widest = max(widest, lastVisibleWidth)
        }
        // Half the leading above the first line's ascent (CSS and SwiftUI alike).
        let first = (lineHeight - style.contentHeight) / 2 + style.ascent
        return TextLines(
            lineCount: visible, width: widest * style.scale, firstBaseline: first,
            lastBaseline: first + Double(max(visible - 1, 0)) * pitch,
            height: Double(visible) * lineHeight + Double(max(visible - 1, 0)) * style.lineSpacing)
    }

    /// The last visible line of a text cut by its limit, with "…" where `mode` puts it:
    /// the rest of the text from the line's start is longer than the line, so it keeps
    /// the start of that rest (tail), the end of the text (head), or both around the
    /// ellipsis (middle: half the room for the start, what that leaves for the end).
    /// Cut between characters, as CoreText and CSS `text-overflow: ellipsis` do; spaces
    /// next to the ellipsis go, and the width counts the ellipsis.
    private static func truncatedWidth(_ shaped: TruncationRuns, from start: Int, available: Double, mode: TruncationMode)
        -> Double
    {
        let room = available - shaped.ellipsisWidth
        switch mode {
        case .tail:
            return shaped.leadingWidth(from: start, fitting: room) + shaped.ellipsisWidth
        case .head:
            return shaped.trailingWidth(downTo: start, fitting: room) + shaped.ellipsisWidth
        case .middle:
            let head = shaped.leadingWidth(from: start, fitting: room / 2)
            return head + shaped.trailingWidth(downTo: start, fitting: room - head) + shaped.ellipsisWidth
        }
    }
}
