/// Each stack's latest sizing in one layout: the proposal, the size and where its
/// children's guides meet, and each child's share and answer in it. A stack is placed with
/// the proposal it was last sized with far more often than not (its parent sized it with
/// that share last), and then placing it needs no second sizing: without this record the
/// placement pass ran every stack's offering and probing again, all of it answered from
/// the size memos (a fifth of a layout's instructions).
///
/// Stack entries are by stack node, shares by child node (a node has one parent). Valid
/// only with the layout's stamp, as the size memo's entries are; the buffers come from
/// the layout's pooled `LayoutScratch`.
struct StackSizings {
    /// A stack's latest sizing: its proposal (unspecified as -1, as in the size memo), its
    /// size, and its guide line.
    struct Sizing {
        var width: Double
        var height: Double
        var size: Size
        var line: Double
        var stamp: UInt64
    }

    /// A child's major proposal (NaN: unspecified) and its answer, along and across the axis.
    struct Share {
        var proposal: Double
        var major: Double
        var minor: Double
    }

    private let sizings: UnsafeMutablePointer<Sizing>
    private let shares: UnsafeMutablePointer<Share>
    private let stamp: UInt64

    init(nodeCount: Int, buffers: StackSizingBuffers) {
        buffers.prepare(nodeCount: nodeCount)
        sizings = buffers.sizings
        shares = buffers.shares
        stamp = buffers.stamp
    }

    @inline(__always)
    private static func encode(_ value: Double?) -> Double { value ?? -1 }

    /// Records `node`'s sizing for `proposal` and its children's answers from `scratch`.
    @inline(__always)
    func remember(
        _ node: Int, _ proposal: ProposedSize, size: Size, line: Double, children: UnsafeBufferPointer<Int32>,
        _ scratch: StackScratch
    ) {
        sizings[node] = Sizing(
            width: Self.encode(proposal.width), height: Self.encode(proposal.height), size: size, line: line, stamp: stamp)
        let first = children.startIndex
        for position in 0..<children.count {
            shares[Int(children[first + position])] = Share(
                proposal: scratch.proposals[position], major: scratch.majors[position], minor: scratch.minors[position])
        }
    }

    /// `node`'s size and guide line if it was last sized for `proposal`, its children's
    /// answers then copied into `scratch`; nil otherwise.
    @inline(__always)
    func recall(_ node: Int, _ proposal: ProposedSize, children: UnsafeBufferPointer<Int32>, _ scratch: StackScratch) -> (
        size: Size, line: Double
    )? {
        let sizing = sizings[node]
        guard sizing.stamp == stamp, sizing.width == Self.encode(proposal.width),
            sizing.height == Self.encode(proposal.height)
        else { return nil }
        let first = children.startIndex
        for position in 0..<children.count {
            let share = shares[Int(children[first + position])]
            scratch.proposals[position] = share.proposal
            scratch.majors[position] = share.major
            scratch.minors[position] = share.minor
        }
        return (sizing.size, sizing.line)
    }
}

/// The memory of `StackSizings`, kept between layouts in a `LayoutScratch`: grown to the
/// largest layout it served, never cleared (entries carry their layout's stamp).
final class StackSizingBuffers: @unchecked Sendable {
    private(set) var sizings: UnsafeMutablePointer<StackSizings.Sizing>
    private(set) var shares: UnsafeMutablePointer<StackSizings.Share>
    private(set) var nodeCapacity: Int
    /// The current layout's stamp (never 0: zeroed entries are never valid).
    private(set) var stamp: UInt64 = 0

    init() {
        nodeCapacity = 256
        sizings = .allocate(capacity: nodeCapacity)
        sizings.initialize(repeating: Self.blank, count: nodeCapacity)
        shares = .allocate(capacity: nodeCapacity)
    }

    deinit {
        sizings.deallocate()
        shares.deallocate()
    }

    private static let blank = StackSizings.Sizing(width: 0, height: 0, size: .zero, line: 0, stamp: 0)

    /// Bytes held, for the pool's bound.
    var footprint: Int {
        nodeCapacity * (MemoryLayout<StackSizings.Sizing>.stride + MemoryLayout<StackSizings.Share>.stride)
    }

    /// Room for `nodeCount` nodes, none with a sizing of the layout starting now.
    func prepare(nodeCount: Int) {
        if nodeCount > nodeCapacity {
            sizings.deallocate()
            shares.deallocate()
            nodeCapacity = max(nodeCount, nodeCapacity * 2)
            sizings = .allocate(capacity: nodeCapacity)
            sizings.initialize(repeating: Self.blank, count: nodeCapacity)
            shares = .allocate(capacity: nodeCapacity)
        }
        stamp += 1
    }
}
