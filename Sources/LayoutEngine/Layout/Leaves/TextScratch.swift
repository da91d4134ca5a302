/// The memory of a layout's shaped texts (`LazyShapedTexts`), kept between layouts in a
/// `LayoutScratch`: per text its entry's index and its entry, and every text's runs one
/// after the other. Each grows to the largest layout served and is reused as it is (the
/// index is reset to "not shaped" for the texts of the layout starting), so a warm layout
/// allocates none of it. (Allocated per layout, they were three of a warm layout's nine
/// allocations, and at 100,000 nodes some 3 MB taken fresh each time.)
final class TextScratch: @unchecked Sendable {
    private let entryOf = ScratchColumn<Int32>(blank: -1)
    private let entries = ScratchColumn<LazyShapedTexts.Entry>(blank: .blank)
    private let segments = ScratchColumn<TextSegment>(blank: TextSegment(wordWidth: 0, spaceWidth: 0, hardBreak: false))

    /// Bytes held, for the pool's bound.
    var footprint: Int { entryOf.footprint + entries.footprint + segments.footprint }

    /// For a layout of `textCount` texts: the index (every text not shaped), room for
    /// every entry, and room for three runs a text (grown from a few by doubling, the runs
    /// of a 10,000-node screen were copied some ten times per layout).
    func prepare(textCount: Int) -> (
        entryOf: UnsafeMutablePointer<Int32>, entries: UnsafeMutablePointer<LazyShapedTexts.Entry>,
        segments: UnsafeMutablePointer<TextSegment>, segmentCapacity: Int
    ) {
        let runs = segments.reserved(max(textCount * 3, 64))
        return (entryOf.filled(textCount, with: -1), entries.reserved(textCount), runs, segments.capacity)
    }

    /// A run buffer of at least `count` runs holding the current one's first `kept`, and
    /// its capacity (the column doubles as it grows).
    func growSegments(toAtLeast count: Int, keeping kept: Int) -> (UnsafeMutablePointer<TextSegment>, capacity: Int) {
        (segments.grown(toAtLeast: count, keeping: kept), segments.capacity)
    }
}
