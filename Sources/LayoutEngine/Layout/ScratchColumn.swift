/// Memory for one per-node column of a layout (its frames, its placed flags, its shaped
/// texts), kept between layouts in the `LayoutScratch`. The layout writes the column
/// through a raw pointer: a write to an array stored in the computer checked the array's
/// uniqueness (and called out to keep it unique) every time, two writes per node placed
/// (some 7% of laying out stacks of rigid views). For plain data only (`Rect`, `Bool`, a
/// text's entry and runs): nothing is deinitialized.
final class ScratchColumn<Element>: @unchecked Sendable {
    private var start: UnsafeMutablePointer<Element>
    /// Elements held (at least what the latest call asked for).
    private(set) var capacity: Int
    /// What memory new to the column holds until written: every element of the column
    /// holds a value, so that `copied(_:skipping:)` may leave a range as it is.
    private let blank: Element

    init(blank: Element) {
        self.blank = blank
        capacity = 256
        start = .allocate(capacity: capacity)
        start.initialize(repeating: blank, count: capacity)
    }

    deinit { start.deallocate() }

    /// Bytes held, for the pool's bound.
    var footprint: Int { capacity * MemoryLayout<Element>.stride }

    /// `count` elements, each `value`; valid until the next call (one layout).
    func filled(_ count: Int, with value: Element) -> UnsafeMutablePointer<Element> {
        reserve(count)
        start.initialize(repeating: value, count: count)
        return start
    }

    /// A copy of `array` outside `skipped`, where the column holds whatever it held (or
    /// `blank`); valid until the next call (one layout).
    func copied(_ array: [Element], skipping skipped: Range<Int>) -> UnsafeMutablePointer<Element> {
        reserve(array.count)
        let skipped = skipped.clamped(to: 0..<array.count)
        array.withUnsafeBufferPointer { source in
            guard let base = source.baseAddress else { return }
            start.update(from: base, count: skipped.lowerBound)
            (start + skipped.upperBound).update(from: base + skipped.upperBound, count: source.count - skipped.upperBound)
        }
        return start
    }

    /// Room for `count` elements, holding whatever they held (or `blank`); valid until
    /// the next call (one layout).
    func reserved(_ count: Int) -> UnsafeMutablePointer<Element> {
        reserve(count)
        return start
    }

    /// Room for at least `count` elements, the first `kept` as they were; valid until the
    /// next call.
    func grown(toAtLeast count: Int, keeping kept: Int) -> UnsafeMutablePointer<Element> {
        guard count > capacity else { return start }
        let kept = min(max(kept, 0), capacity)
        capacity = max(count, capacity * 2)
        start = start.regrown(toCapacity: capacity, keeping: kept)
        (start + kept).initialize(repeating: blank, count: capacity - kept)
        return start
    }

    private func reserve(_ count: Int) {
        guard count > capacity else { return }
        start.deallocate()
        capacity = max(count, capacity * 2)
        start = .allocate(capacity: capacity)
        start.initialize(repeating: blank, count: capacity)
    }
}

/// The layout's per-node placed flags, in its scratch's memory (`ScratchColumn`).
struct PlacedFlags {
    private let flags: UnsafeMutablePointer<Bool>
    let count: Int

    /// Every node unplaced.
    init(count: Int, in column: ScratchColumn<Bool>) {
        flags = column.filled(count, with: false)
        self.count = count
    }

    /// The previous layout's flags, except in `overwritten`: the range the layout writes
    /// whole before it reads any of it (below the root, which is cleared or restored
    /// whole when the root is placed). Copying it only to overwrite it was a tenth of a
    /// one-leaf relayout's instructions on 10,000 nodes.
    init(_ array: [Bool], in column: ScratchColumn<Bool>, except overwritten: Range<Int>) {
        flags = column.copied(array, skipping: overwritten)
        count = array.count
    }

    subscript(index: Int) -> Bool {
        @inline(__always) get {
            precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "node index out of range")
            return flags[index]
        }
        @inline(__always) set {
            precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "node index out of range")
            flags[index] = newValue
        }
    }

    /// The flags as an array (for the result and the session's record).
    var array: [Bool] { Array(UnsafeBufferPointer(start: flags, count: count)) }

    func withUnsafeMutableBufferPointer<Result>(_ body: (UnsafeMutableBufferPointer<Bool>) -> Result) -> Result {
        body(UnsafeMutableBufferPointer(start: flags, count: count))
    }
}
