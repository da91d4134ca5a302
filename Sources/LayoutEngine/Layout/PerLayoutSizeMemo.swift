/// Per-node memo of recent (proposal → size) answers within one layout, keyed by node
/// index. (Across requests, by structural hash, sizes live in the `SharedMeasurementCache`;
/// flex containers keep their own per-layout memo keyed by Taffy's inputs, `FlexMemo`.) A
/// stack asks each child several times (its minimum, its maximum, its share, and again
/// when placing); without a memo nested stacks would cost exponentially in depth.
///
/// Each node's entry holds its latest answer itself, so the usual lookup (a rigid node's
/// one answer, a placement repeating the share just computed) reads one per-node entry:
/// at 100k nodes the separate slot it used to read was a second cache miss per lookup,
/// the largest single cost of a layout. Older answers move to slots carved from one
/// bump-allocated run: four, then eight (each move copies the answers so far),
/// replaced round-robin once eight are full. Entries are valid only with this layout's
/// stamp, so nothing is cleared between layouts, and the buffers come from the layout's
/// pooled `LayoutScratch`, so a warm layout allocates nothing here.
///
/// Like Taffy's per-node cache, this one wrapper serves every node kind (`LayoutComputer.size`).
/// `FlexMemo` stays apart: its key is seven words (known and available sizes, parent
/// sizes, sizing mode) where this one's is a proposal's two, it keeps four slots, and
/// only for flex containers with children. One generic memo would make every SwiftUI
/// lookup compare seven words, or every flex lookup lose inputs it must key on.
struct PerLayoutSizeMemo {
    /// One remembered answer: the proposal (unspecified encoded as -1; proposals are never
    /// negative) and the size.
    struct Slot {
        var width: Double
        var height: Double
        var size: Size
    }

    /// A node's entry: its latest answer, and a word with the first of its older answers'
    /// slots (low 32 bits), how many older answers it has had (the byte above: 0 through
    /// 8, then 8...15 cycling; the next slot to replace is `count & 7`), and the stamp of
    /// the layout that wrote it (the top 24 bits; any other stamp: no answers).
    struct Entry {
        var latest: Slot
        var word: UInt64
    }

    private let buffers: MemoBuffers
    private let entries: UnsafeMutablePointer<Entry>
    private var slots: UnsafeMutablePointer<Slot>
    private var slotCapacity: Int
    private var slotsUsed = 0
    private let stamp: UInt64

    /// Takes `buffers` for one layout of `nodeCount` nodes.
    init(nodeCount: Int, buffers: MemoBuffers) {
        buffers.prepare(nodeCount: nodeCount)
        self.buffers = buffers
        entries = buffers.entries
        slots = buffers.slots
        slotCapacity = buffers.slotCapacity
        stamp = UInt64(buffers.stamp)
    }

    @inline(__always)
    private static func encode(_ value: Double?) -> Double { value ?? -1 }

    /// A proposal as the memo keys it (unspecified as -1), worked out once for a lookup
    /// and the store after it.
    struct Key {
        let width: Double
        let height: Double

        @inline(__always)
        init(_ proposal: ProposedSize) {
            width = PerLayoutSizeMemo.encode(proposal.width)
            height = PerLayoutSizeMemo.encode(proposal.height)
        }
    }

    @inline(__always)
    func lookup(_ node: Int, _ proposal: ProposedSize) -> Size? { lookup(node, Key(proposal)) }

    @inline(__always)
    mutating func store(_ node: Int, _ proposal: ProposedSize, _ size: Size) { store(node, Key(proposal), size) }

    @inline(__always)
    private static func count(_ word: UInt64) -> Int { Int(truncatingIfNeeded: (word >> 32) & 0xFF) }

    @inline(__always)
    private static func first(_ word: UInt64) -> Int { Int(truncatingIfNeeded: word & 0xFFFF_FFFF) }

    @inline(__always)
    func lookup(_ node: Int, _ key: Key) -> Size? {
        let entry = entries + node
        let word = entry.pointee.word
        guard word >> 40 == stamp else { return nil }
        let width = key.width, height = key.height
        if entry.pointee.latest.width == width && entry.pointee.latest.height == height { return entry.pointee.latest.size }
        let count = Self.count(word)
        guard count > 0 else { return nil }
        let base = slots + Self.first(word)
        for index in 0..<min(count, 8) where base[index].width == width && base[index].height == height {
            return base[index].size
        }
        return nil
    }

    @inline(__always)
    mutating func store(_ node: Int, _ key: Key, _ size: Size) {
        let entry = entries + node
        let answer = Slot(width: key.width, height: key.height, size: size)
        var word = entry.pointee.word
        if word >> 40 != stamp {
            // The node's first answer in this layout.
            entry.pointee = Entry(latest: answer, word: stamp << 40)
            return
        }
        // The latest answer so far joins the older ones.
        let count = Self.count(word)
        // A full run moves to one twice its size: 0 → 4 → 8 slots. (Not through 2: a
        // node in a stack is often asked three questions, its two flexibility probes and
        // its share, and the move from 2 slots to 4 cost 1-1.5% of a layout.)
        if count == 0 || count == 4 { word = move(word, filled: count) }
        slots[Self.first(word) + (count & 7)] = entry.pointee.latest
        let next = count == 15 ? 8 : count + 1
        entry.pointee = Entry(
            latest: answer,
            word: UInt64(truncatingIfNeeded: Self.first(word)) | UInt64(truncatingIfNeeded: next) << 32 | stamp << 40)
    }

    /// Gives a node a run of twice `filled` slots (four for none) holding its older answers
    /// so far; returns its new word (count unchanged). Inlined into `store`, the rare
    /// growth kept out of line: as a call, the bump allocation cost some 60 instructions.
    @inline(__always)
    private mutating func move(_ word: UInt64, filled: Int) -> UInt64 {
        let length = filled == 0 ? 4 : filled * 2
        if slotsUsed + length > slotCapacity { growSlots(atLeast: slotsUsed + length) }
        let start = slotsUsed
        // The answers so far: none or four.
        for index in 0..<filled { slots[start + index] = slots[Self.first(word) + index] }
        slotsUsed += length
        return UInt64(truncatingIfNeeded: start) | UInt64(truncatingIfNeeded: filled) << 32 | stamp << 40
    }

    @inline(never)
    private mutating func growSlots(atLeast needed: Int) {
        slots = buffers.growSlots(atLeast: needed, keeping: slotsUsed)
        slotCapacity = buffers.slotCapacity
    }
}

/// The memory of one `PerLayoutSizeMemo`, kept between layouts in a `LayoutScratch`: it
/// grows to the largest layout it served and is reused as it is (entries of earlier
/// layouts carry their stamps, so nothing is cleared), so a warm layout neither allocates
/// nor touches fresh pages.
final class MemoBuffers: @unchecked Sendable {
    private(set) var entries: UnsafeMutablePointer<PerLayoutSizeMemo.Entry>
    private(set) var nodeCapacity: Int
    private(set) var slots: UnsafeMutablePointer<PerLayoutSizeMemo.Slot>
    /// Grown by doubling as layouts need it, never reserved per node up front: the
    /// buffers are kept between layouts, so only the first large layout pays the copies,
    /// and a tree that barely uses this memo (flex containers keep their own) holds little
    /// (four slots per node reserved made a 100k-node flex layout's scratch too large to
    /// keep, so that layout took all its memory fresh from the kernel every time).
    private(set) var slotCapacity: Int
    /// The current layout's stamp (24 bits, never 0: zeroed entries are never valid).
    private(set) var stamp: UInt32 = 0
    private static let maxStamp: UInt32 = (1 << 24) - 1

    init() {
        nodeCapacity = 256
        entries = .allocate(capacity: nodeCapacity)
        entries.initialize(repeating: Self.blank, count: nodeCapacity)
        slotCapacity = 1024
        slots = .allocate(capacity: slotCapacity)
    }

    deinit {
        entries.deallocate()
        slots.deallocate()
    }

    private static let blank = PerLayoutSizeMemo.Entry(
        latest: PerLayoutSizeMemo.Slot(width: 0, height: 0, size: .zero), word: 0)

    /// Bytes held, for the pool's bound.
    var footprint: Int {
        nodeCapacity * MemoryLayout<PerLayoutSizeMemo.Entry>.stride
            + slotCapacity * MemoryLayout<PerLayoutSizeMemo.Slot>.stride
    }

    /// Room for `nodeCount` nodes, none with answers of the layout starting now.
    func prepare(nodeCount: Int) {
        if nodeCount > nodeCapacity {
            entries.deallocate()
            nodeCapacity = max(nodeCount, nodeCapacity * 2)
            entries = .allocate(capacity: nodeCapacity)
            entries.initialize(repeating: Self.blank, count: nodeCapacity)
        }
        if stamp == Self.maxStamp {
            entries.update(repeating: Self.blank, count: nodeCapacity)
            stamp = 0
        }
        stamp += 1
    }

    /// A slot buffer of at least `needed` slots holding the current one's first `used`.
    func growSlots(atLeast needed: Int, keeping used: Int) -> UnsafeMutablePointer<PerLayoutSizeMemo.Slot> {
        let capacity = max(needed, slotCapacity * 2)
        slots = slots.regrown(toCapacity: capacity, keeping: used)
        slotCapacity = capacity
        return slots
    }
}
