/// The memory of a layout's shaped texts (`LazyShapedTexts`), kept between layouts in a
/// `LayoutScratch`: per text its entry's index and its entry, and every text's runs one
/// after the other. It grows to the largest layout served and is reused as it is (the
/// index is reset to "not shaped" for the texts of the layout starting), so a warm
/// layout allocates none of it. (Allocated per layout, they were three of a warm
/// layout's nine allocations, and at 100,000 nodes some 3 MB taken fresh each time.)
/// The buffers hold plain data only: nothing is deinitialized.
final class TextScratch: @unchecked Sendable {
    private(set) var entryOf: UnsafeMutablePointer<Int32>
    private(set) var entries: UnsafeMutablePointer<LazyShapedTexts.Entry>
    private var textCapacity: Int
    private(set) var segments: UnsafeMutablePointer<TextSegment>
    private(set) var segmentCapacity: Int

    init() {
        textCapacity = 64
        entryOf = .allocate(capacity: textCapacity)
        entries = .allocate(capacity: textCapacity)
        segmentCapacity = 256
        segments = .allocate(capacity: segmentCapacity)
    }

    deinit {
        entryOf.deallocate()
        entries.deallocate()
        segments.deallocate()
    }

    /// Bytes held, for the pool's bound.
    var footprint: Int {
        textCapacity * (MemoryLayout<Int32>.stride + MemoryLayout<LazyShapedTexts.Entry>.stride)
            + segmentCapacity * MemoryLayout<TextSegment>.stride
    }

    /// Room for `textCount` texts, none shaped, and runs for three words a text: grown
    /// from a few by doubling, the runs of a 10,000-node screen were copied some ten
    /// times per layout.
    func prepare(textCount: Int) {
        if textCount > textCapacity {
            entryOf.deallocate()
            entries.deallocate()
            textCapacity = max(textCount, textCapacity * 2)
            entryOf = .allocate(capacity: textCapacity)
            entries = .allocate(capacity: textCapacity)
        }
        entryOf.initialize(repeating: -1, count: textCount)
        let runs = textCount * 3
        if runs > segmentCapacity {
            segments.deallocate()
            segmentCapacity = max(runs, segmentCapacity * 2)
            segments = .allocate(capacity: segmentCapacity)
        }
    }

    /// A run buffer of at least `needed` runs holding the current one's first `used`.
    func growSegments(atLeast needed: Int, keeping used: Int) -> UnsafeMutablePointer<TextSegment> {
        let capacity = max(needed, segmentCapacity * 2)
        segments = segments.regrown(toCapacity: capacity, keeping: used)
        segmentCapacity = capacity
        return segments
    }
}
