/// Per-node memo of recent (proposal → size) answers within one layout, keyed by node
/// index. (Across requests, by structural hash, sizes live in the `SharedMeasurementCache`;
/// flex containers keep their own per-layout memo keyed by Taffy's inputs, `FlexMemo`.) A
/// stack asks each child several times (its minimum, its maximum, its share, and again
/// when placing); without a memo nested stacks would cost exponentially in depth.
///
/// A node's slots are carved from one bump-allocated run when it is first measured: two
/// slots, then four, then eight (each move copies the answers so far), replaced
/// round-robin once eight are full. Most nodes are asked one or two proposals, so a
/// layout writes and reads about 64 bytes per measured node, not 256; a relayout that
/// measures a few hundred nodes of a large tree touches only theirs. Nothing is zero-filled
/// but one head word per node, and the buffers come from the layout's pooled
/// `LayoutScratch`, so a warm layout allocates nothing here.
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

    private let buffers: MemoBuffers
    /// Per node, one word: its first slot (low 32 bits), how many answers it has had
    /// (the byte above): 0 (no slots yet) through 8, then 8...15 cycling (the next slot to
    /// replace is `count & 7`), and in the top 24 bits the layout that wrote it. One word,
    /// so that a lookup reads one per-node entry before the slots (two arrays cost two
    /// cache misses per lookup on large trees).
    private let heads: UnsafeMutablePointer<UInt64>
    /// This layout's number in the heads' top bits: a head with another is empty, so the
    /// heads need not be cleared before each layout (a relayout that measures a few
    /// nodes of a large tree then touches only theirs).
    private let stamp: UInt64
    private var slots: UnsafeMutablePointer<Slot>
    private var slotCapacity: Int
    private var slotsUsed = 0

    /// Takes `buffers` for one layout of `nodeCount` nodes.
    init(nodeCount: Int, buffers: MemoBuffers) {
        buffers.prepare(nodeCount: nodeCount)
        self.buffers = buffers
        heads = buffers.heads
        stamp = buffers.generation << 40
        slots = buffers.slots
        slotCapacity = buffers.slotCapacity
    }

    @inline(__always)
    private static func encode(_ value: Double?) -> Double { value ?? -1 }

    @inline(__always)
    private static func count(_ head: UInt64) -> Int { Int(truncatingIfNeeded: (head >> 32) & 0xFF) }

    /// Node `node`'s head, empty unless this layout wrote it.
    @inline(__always)
    private func head(_ node: Int) -> UInt64 {
        let head = heads[node]
        return head & ~0xFF_FFFF_FFFF == stamp ? head : stamp
    }

    @inline(__always)
    private static func first(_ head: UInt64) -> Int { Int(truncatingIfNeeded: head & 0xFFFF_FFFF) }

    @inline(__always)
    func lookup(_ node: Int, _ proposal: ProposedSize) -> Size? {
        let head = head(node)
        let count = Self.count(head)
        guard count > 0 else { return nil }
        let width = Self.encode(proposal.width), height = Self.encode(proposal.height)
        let base = slots + Self.first(head)
        for index in 0..<min(count, 8) where base[index].width == width && base[index].height == height {
            return base[index].size
        }
        return nil
    }

    @inline(__always)
    mutating func store(_ node: Int, _ proposal: ProposedSize, _ size: Size) {
        var head = head(node)
        let count = Self.count(head)
        // A full run moves to one twice its size: 0 → 2 → 4 → 8 slots.
        if count == 0 || count == 2 || count == 4 { head = move(node, head, filled: count) }
        slots[Self.first(head) + (count & 7)] = Slot(
            width: Self.encode(proposal.width), height: Self.encode(proposal.height), size: size)
        let next = count == 15 ? 8 : count + 1
        heads[node] = UInt64(truncatingIfNeeded: Self.first(head)) | UInt64(truncatingIfNeeded: next) << 32 | stamp
    }

    /// Gives the node a run of twice `filled` slots (two for none) holding its answers so
    /// far; returns its new head (count unchanged).
    private mutating func move(_ node: Int, _ head: UInt64, filled: Int) -> UInt64 {
        let length = filled == 0 ? 2 : filled * 2
        if slotsUsed + length > slotCapacity {
            slots = buffers.growSlots(atLeast: slotsUsed + length, keeping: slotsUsed)
            slotCapacity = buffers.slotCapacity
        }
        let start = slotsUsed
        // The answers so far: none, two or four.
        for index in 0..<filled { slots[start + index] = slots[Self.first(head) + index] }
        slotsUsed += length
        return UInt64(truncatingIfNeeded: start) | UInt64(truncatingIfNeeded: filled) << 32
    }
}

/// The memory of one `PerLayoutSizeMemo`, kept between layouts in a `LayoutScratch`: it
/// grows to the largest layout it served and is reused as it is (each layout numbers its
/// heads anew, `generation`), so a warm layout neither allocates nor touches fresh pages.
final class MemoBuffers: @unchecked Sendable {
    private(set) var heads: UnsafeMutablePointer<UInt64>
    private(set) var nodeCapacity: Int
    private(set) var slots: UnsafeMutablePointer<PerLayoutSizeMemo.Slot>
    private(set) var slotCapacity: Int
    /// The current layout's number (1 through 2^24 - 1, then around again after clearing),
    /// and how many heads hold a number at all.
    private(set) var generation: UInt64 = 0
    private var initializedHeads = 0
    /// Slots per node reserved before a layout starts: most nodes hold two or four
    /// answers, and growing the buffer mid-layout copies it whole.
    static let reservedSlotsPerNode = 4

    init() {
        nodeCapacity = 256
        heads = .allocate(capacity: nodeCapacity)
        slotCapacity = 1024
        slots = .allocate(capacity: slotCapacity)
    }

    deinit {
        heads.deallocate()
        slots.deallocate()
    }

    /// Bytes held, for the pool's bound.
    var footprint: Int {
        nodeCapacity * MemoryLayout<UInt64>.stride + slotCapacity * MemoryLayout<PerLayoutSizeMemo.Slot>.stride
    }

    /// Room for `nodeCount` nodes, none with answers yet.
    func prepare(nodeCount: Int) {
        if nodeCount > nodeCapacity {
            heads.deallocate()
            nodeCapacity = max(nodeCount, nodeCapacity * 2)
            heads = .allocate(capacity: nodeCapacity)
            initializedHeads = 0
        }
        generation += 1
        if generation >= 1 << 24 {
            generation = 1
            heads.update(repeating: 0, count: initializedHeads)
        }
        if nodeCount > initializedHeads {
            (heads + initializedHeads).initialize(repeating: 0, count: nodeCount - initializedHeads)
            initializedHeads = nodeCount
        }
        let reserved = nodeCount * Self.reservedSlotsPerNode
        if reserved > slotCapacity {
            slots.deallocate()
            slotCapacity = reserved
            slots = .allocate(capacity: slotCapacity)
        }
    }

    /// A slot buffer of at least `needed` slots holding the current one's first `used`.
    func growSlots(atLeast needed: Int, keeping used: Int) -> UnsafeMutablePointer<PerLayoutSizeMemo.Slot> {
        let capacity = max(needed, slotCapacity * 2)
        let grown = UnsafeMutablePointer<PerLayoutSizeMemo.Slot>.allocate(capacity: capacity)
        grown.moveInitialize(from: slots, count: used)
        slots.deallocate()
        slots = grown
        slotCapacity = capacity
        return grown
    }
}
