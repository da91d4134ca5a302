/// A shaped text's runs as truncation reads them, borrowed (no arrays of its own): the
/// layout's flat buffer of runs for an Ahem text, a `ShapedText`'s arrays otherwise.
/// Made from the buffer, a truncated Ahem text no longer copies its runs into a
/// `ShapedText` per layout (80 allocations of a 1,000-node layout's 99).
struct TruncationRuns {
    /// Runs in order; widths in units of the text's scale.
    let segments: UnsafeBufferPointer<TextSegment>
    /// Each UTF-16 unit's advance and where each segment starts among them; when empty,
    /// every character is `uniformAdvance` (as in `ShapedText`).
    let advances: UnsafeBufferPointer<Double>
    let segmentStarts: UnsafeBufferPointer<Int32>
    let uniformAdvance: Double
    /// Width of "…" (units).
    let ellipsisWidth: Double
}

extension ShapedText {
    /// The text's runs as truncation reads them, valid inside `body`.
    func withTruncationRuns<Result>(_ body: (TruncationRuns) -> Result) -> Result {
        segments.withUnsafeBufferPointer { segments in
            advances.withUnsafeBufferPointer { advances in
                segmentStarts.withUnsafeBufferPointer { starts in
                    body(
                        TruncationRuns(
                            segments: segments, advances: advances, segmentStarts: starts, uniformAdvance: uniformAdvance,
                            ellipsisWidth: ellipsisWidth))
                }
            }
        }
    }
}

/// The widths truncation keeps of a shaped text: as many whole words as fit, then as many
/// characters of the next as fit, read from either end (units of the text's scale).
extension TruncationRuns {
    /// From segment `start` forwards, stopping at a hard break: the width of the longest
    /// start of the text no wider than `room`, without the spaces after it.
    func leadingWidth(from start: Int, fitting room: Double) -> Double {
        var width = 0.0
        var pendingSpace = 0.0
        for index in start..<segments.count {
            let segment = segments[index]
            let left = room - width - pendingSpace
            if segment.wordWidth > left + 1e-9 {
                let prefix = wordPrefix(index, fitting: left)
                if prefix > 0 { width += pendingSpace + prefix }
                break
            }
            width += pendingSpace + segment.wordWidth
            pendingSpace = segment.spaceWidth
            if segment.hardBreak { break }
        }
        return width
    }

    /// From the text's end backwards to segment `start`, stopping after a hard break: the
    /// width of the longest end of the text no wider than `room`, without the spaces
    /// before it (the spaces after the last word hang, so they never count).
    func trailingWidth(downTo start: Int, fitting room: Double) -> Double {
        var width = 0.0
        var index = segments.count - 1
        // The spaces between the word at `index` and what is already kept.
        var pendingSpace = 0.0
        while index >= start, index >= 0 {
            let segment = segments[index]
            if segment.hardBreak && index < segments.count - 1 { break }
            let left = room - width - pendingSpace
            if segment.wordWidth > left + 1e-9 {
                let suffix = wordSuffix(index, fitting: left)
                if suffix > 0 { width += pendingSpace + suffix }
                break
            }
            if segment.wordWidth > 0 || width > 0 { width += pendingSpace + segment.wordWidth }
            index -= 1
            if index >= 0 { pendingSpace = width > 0 ? segments[index].spaceWidth : 0 }
        }
        return width
    }

    /// The widest start of segment `index`'s word no wider than `room` (units).
    func wordPrefix(_ index: Int, fitting room: Double) -> Double {
        let word = segments[index].wordWidth
        guard room > 0 else { return 0 }
        if advances.isEmpty { return uniformCut(word, fitting: room) }
        var width = 0.0
        var unit = index < segmentStarts.count ? Int(segmentStarts[index]) : advances.count
        while unit < advances.count, width < word - 1e-9, width + advances[unit] <= room + 1e-9 {
            width += advances[unit]
            unit += 1
        }
        return width
    }

    /// The widest end of segment `index`'s word no wider than `room` (units).
    func wordSuffix(_ index: Int, fitting room: Double) -> Double {
        let word = segments[index].wordWidth
        guard room > 0 else { return 0 }
        if advances.isEmpty { return uniformCut(word, fitting: room) }
        // The word's units: from the segment's start until their advances make its width.
        let first = index < segmentStarts.count ? Int(segmentStarts[index]) : advances.count
        var end = first
        var total = 0.0
        while end < advances.count, total < word - 1e-9 {
            total += advances[end]
            end += 1
        }
        var width = 0.0
        while end > first, width + advances[end - 1] <= room + 1e-9 {
            width += advances[end - 1]
            end -= 1
        }
        return min(width, word)
    }

    /// Without per-character advances: as many whole characters of `word` as fit in
    /// `room`, each `uniformAdvance` wide.
    private func uniformCut(_ word: Double, fitting room: Double) -> Double {
        guard uniformAdvance > 0 else { return min(word, room) }
        return min((room / uniformAdvance + 1e-9).rounded(.down) * uniformAdvance, word)
    }
}
