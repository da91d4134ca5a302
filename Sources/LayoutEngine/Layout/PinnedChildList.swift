/// A copy of the tree's child list in memory the layout's scratch keeps between layouts:
/// stacks read their children through raw buffers of it. An `ArraySlice` of the tree's
/// own array retained and released that array at every stack sizing and placement (some
/// 800 pairs of atomic operations per 1,000-node layout).
final class PinnedChildList: @unchecked Sendable {
    private var start: UnsafeMutablePointer<Int32>
    private var capacity: Int

    init() {
        capacity = 256
        start = .allocate(capacity: capacity)
    }

    deinit { start.deallocate() }

    /// Bytes held, for the pool's bound.
    var footprint: Int { capacity * MemoryLayout<Int32>.stride }

    /// `list` copied in; valid until the next call (one layout).
    func pin(_ list: [Int32]) -> UnsafeBufferPointer<Int32> {
        if list.count > capacity {
            start.deallocate()
            capacity = max(list.count, capacity * 2)
            start = .allocate(capacity: capacity)
        }
        list.withUnsafeBufferPointer { source in
            if let base = source.baseAddress { start.initialize(from: base, count: source.count) }
        }
        return UnsafeBufferPointer(start: start, count: list.count)
    }
}

extension LayoutComputer {
    /// The node's layout children, read in place (see `PinnedChildList`).
    @inline(__always)
    func stackChildren(of node: Int) -> UnsafeBufferPointer<Int32> {
        let record = tree.nodes[node]
        return UnsafeBufferPointer(rebasing: childList[Int(record.childStart)..<Int(record.childStart + record.childCount)])
    }
}
