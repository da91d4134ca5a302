/// Each stack's recent sizings in one layout: the proposal, the size and where its
/// children's guides meet, and each child's share and answer in it. A stack is placed with
/// a proposal it was sized with, and then placing it needs no second sizing: without this
/// record the placement pass ran the stack's offering and probing again, all of it
/// answered from the size memos.
///
/// Not only the latest sizing: a stack is often asked again with another proposal after
/// the one it is placed with (its parent probed once more, and the answer it settled on
/// came from the size memo, which does not size the stack again). Keeping only the latest
/// made a third of the stacks of the generated trees size themselves again when placed.
/// So every sizing is logged (up to a few per node: `StackSizingBuffers`), its children's
/// shares in one run, and a stack's sizings are chained newest first; placement looks
/// back `lookBack` of them.
///
/// Stack heads are by node; the log is bump-allocated per layout. Heads are valid only
/// with the layout's stamp, as the size memo's entries are; the buffers come from the
/// layout's pooled `LayoutScratch`.
struct StackSizings {
    /// One sizing of a stack: its proposal (unspecified as -1, as in the size memo), its
    /// size, its guide line, the stack's sizing before it (-1: none) and where its
    /// children's shares start in the share log.
    struct Sizing {
        var width: Double
        var height: Double
        var size: Size
        var line: Double
        var previous: Int32
        var sharesStart: Int32
    }

    /// A child's major proposal (NaN: unspecified) and its answer, along and across the axis.
    struct Share {
        var proposal: Double
        var major: Double
        var minor: Double
    }

    /// How many of a stack's latest sizings placement compares its proposal with: in the
    /// generated trees the one it is placed with is the latest, the second or the fourth.
    static let lookBack = 6

    private let buffers: StackSizingBuffers
    /// Per node: its latest sizing (low 32 bits) and the stamp of the layout that wrote
    /// it (high 32 bits; any other stamp: no sizing).
    private let heads: UnsafeMutablePointer<UInt64>
    private let stamp: UInt64

    init(nodeCount: Int, buffers: StackSizingBuffers) {
        buffers.prepare(nodeCount: nodeCount)
        self.buffers = buffers
        heads = buffers.heads
        stamp = UInt64(buffers.stamp) << 32
    }

    @inline(__always)
    private static func encode(_ value: Double?) -> Double { value ?? -1 }

    /// Logs `node`'s sizing for `proposal` and its children's answers from `scratch`.
    @inline(__always)
    func remember(
        _ node: Int, _ proposal: ProposedSize, size: Size, line: Double, children: UnsafeBufferPointer<Int32>,
        _ scratch: StackScratch
    ) {
        let count = children.count
        guard let (sizings, sizingIndex, shares, sharesStart) = buffers.append(shares: count) else { return }
        let head = heads[node]
        let previous = head & 0xFFFF_FFFF_0000_0000 == stamp ? Int32(truncatingIfNeeded: head) : -1
        sizings[sizingIndex] = Sizing(
            width: Self.encode(proposal.width), height: Self.encode(proposal.height), size: size, line: line,
            previous: previous, sharesStart: Int32(truncatingIfNeeded: sharesStart))
        for position in 0..<count {
            shares[sharesStart + position] = Share(
                proposal: scratch.proposals[position], major: scratch.majors[position], minor: scratch.minors[position])
        }
        heads[node] = stamp | UInt64(truncatingIfNeeded: sizingIndex)
    }

    /// `node`'s size and guide line if it was sized for `proposal` lately, its children's
    /// answers then copied into `scratch`; nil otherwise.
    @inline(__always)
    func recall(_ node: Int, _ proposal: ProposedSize, children: UnsafeBufferPointer<Int32>, _ scratch: StackScratch) -> (
        size: Size, line: Double
    )? {
        let head = heads[node]
        guard head & 0xFFFF_FFFF_0000_0000 == stamp else { return nil }
        let width = Self.encode(proposal.width), height = Self.encode(proposal.height)
        let sizings = buffers.sizings
        var index = Int(truncatingIfNeeded: head & 0xFFFF_FFFF)
        for _ in 0..<Self.lookBack {
            let sizing = sizings[index]
            if sizing.width == width && sizing.height == height {
                let shares = buffers.shares + Int(sizing.sharesStart)
                for position in 0..<children.count {
                    let share = shares[position]
                    scratch.proposals[position] = share.proposal
                    scratch.majors[position] = share.major
                    scratch.minors[position] = share.minor
                }
                return (sizing.size, sizing.line)
            }
            guard sizing.previous >= 0 else { return nil }
            index = Int(sizing.previous)
        }
        return nil
    }
}

/// The memory of `StackSizings`, kept between layouts in a `LayoutScratch`: the heads
/// grown to the largest layout served, never cleared (they carry their layout's stamp);
/// the two logs grown by doubling as layouts need them, emptied at each layout's start.
final class StackSizingBuffers: @unchecked Sendable {
    private(set) var heads: UnsafeMutablePointer<UInt64>
    private(set) var nodeCapacity: Int
    private(set) var sizings: UnsafeMutablePointer<StackSizings.Sizing>
    private var sizingCapacity: Int
    private var sizingsUsed = 0
    private(set) var shares: UnsafeMutablePointer<StackSizings.Share>
    private var shareCapacity: Int
    private var sharesUsed = 0
    /// How many sizings and shares one layout may log: a few per node, far above what
    /// trees use (about 0.3 sizings and 1.6 shares per node in the generated ones), so that
    /// a hostile tree whose stacks are sized over and over cannot grow the log without
    /// bound. Past them a sizing is not logged, and placement sizes that stack again.
    private var sizingLimit = 0
    private var shareLimit = 0
    static let sizingsPerNode = 1
    static let sharesPerNode = 4
    static let logSlack = 4096
    /// The current layout's stamp (never 0: zeroed heads are never valid).
    private(set) var stamp: UInt32 = 0

    init() {
        nodeCapacity = 256
        heads = .allocate(capacity: nodeCapacity)
        heads.initialize(repeating: 0, count: nodeCapacity)
        sizingCapacity = 64
        sizings = .allocate(capacity: sizingCapacity)
        shareCapacity = 256
        shares = .allocate(capacity: shareCapacity)
    }

    deinit {
        heads.deallocate()
        sizings.deallocate()
        shares.deallocate()
    }

    /// Bytes held, for the pool's bound.
    var footprint: Int {
        nodeCapacity * MemoryLayout<UInt64>.stride + sizingCapacity * MemoryLayout<StackSizings.Sizing>.stride
            + shareCapacity * MemoryLayout<StackSizings.Share>.stride
    }

    /// Room for `nodeCount` nodes, none with a sizing of the layout starting now.
    func prepare(nodeCount: Int) {
        if nodeCount > nodeCapacity {
            heads.deallocate()
            nodeCapacity = max(nodeCount, nodeCapacity * 2)
            heads = .allocate(capacity: nodeCapacity)
            heads.initialize(repeating: 0, count: nodeCapacity)
        }
        if stamp == UInt32.max {
            heads.update(repeating: 0, count: nodeCapacity)
            stamp = 0
        }
        stamp += 1
        sizingsUsed = 0
        sharesUsed = 0
        sizingLimit = min(nodeCount * Self.sizingsPerNode + Self.logSlack, Int(Int32.max))
        shareLimit = min(nodeCount * Self.sharesPerNode + Self.logSlack, Int(Int32.max))
    }

    /// Room for one more sizing of `count` children: the logs (possibly moved), the
    /// sizing's index and where its shares start; nil past the layout's limits (that
    /// sizing is then not remembered, and placement sizes the stack again).
    @inline(__always)
    func append(shares count: Int) -> (
        UnsafeMutablePointer<StackSizings.Sizing>, Int, UnsafeMutablePointer<StackSizings.Share>, Int
    )? {
        guard sizingsUsed < sizingLimit, count <= shareLimit - sharesUsed else { return nil }
        if sizingsUsed == sizingCapacity { growSizings() }
        if sharesUsed + count > shareCapacity { growShares(atLeast: sharesUsed + count) }
        let sizing = sizingsUsed, start = sharesUsed
        sizingsUsed += 1
        sharesUsed += count
        return (sizings, sizing, shares, start)
    }

    private func growSizings() {
        let capacity = sizingCapacity * 2
        sizings = sizings.regrown(toCapacity: capacity, keeping: sizingsUsed)
        sizingCapacity = capacity
    }

    private func growShares(atLeast needed: Int) {
        let capacity = max(needed, shareCapacity * 2)
        shares = shares.regrown(toCapacity: capacity, keeping: sharesUsed)
        shareCapacity = capacity
    }
}
