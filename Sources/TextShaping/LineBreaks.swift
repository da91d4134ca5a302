import CICU

/// UAX #14 line break opportunities, from ICU's line BreakIterator (what Chromium uses).
enum LineBreaks {
    /// Offsets (UTF-16) after which a line may break, ascending, the last being the text's
    /// length; `hard` marks mandatory breaks (after a newline).
    static func opportunities(in units: [UInt16]) -> (offsets: [Int32], hard: [UInt8]) {
        guard !units.isEmpty, let length = Int32(exactly: units.count) else { return ([], []) }
        let capacity = units.count + 1
        var offsets = [Int32](repeating: 0, count: capacity)
        var hard = [UInt8](repeating: 0, count: capacity)
        let count = units.withUnsafeBufferPointer { text in
            offsets.withUnsafeMutableBufferPointer { breaks in
                hard.withUnsafeMutableBufferPointer { hardBreaks in
                    layoutd_line_breaks(
                        text.baseAddress, length, breaks.baseAddress, hardBreaks.baseAddress, Int32(capacity))
                }
            }
        }
        // ICU failing (it does not on valid UTF-16) leaves one unbreakable run.
        guard count > 0 else { return ([length], [0]) }
        offsets.removeSubrange(Int(count)...)
        hard.removeSubrange(Int(count)...)
        return (offsets, hard)
    }
}
