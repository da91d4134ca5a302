/// The nodes a relayout wrote frames for, in order, repeats allowed: single nodes, and
/// whole ranges (a moved subtree shifted in one pass) as one entry each. The next relayout
/// of the session brings its spare frame buffer up to date from it (`SpareFrames`),
/// copying a range in one move; logged node by node, a subtree of 1,160 nodes was 1,160
/// appends here and 1,160 single copies there.
struct WrittenNodes: Sendable {
    /// A node (≥ 0), or a range as its negated length followed by its first node.
    private var entries: [Int32] = []
    /// Nodes logged, repeats counted.
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    init() {
        // A one-leaf relayout writes a few dozen frames: grown from empty, the log was
        // reallocated five or six times.
        entries.reserveCapacity(64)
    }

    @inline(__always)
    mutating func append(_ node: Int) {
        entries.append(Int32(truncatingIfNeeded: node))
        count += 1
    }

    mutating func append(range: Range<Int>) {
        guard !range.isEmpty else { return }
        if range.count == 1 { return append(range.lowerBound) }
        entries.append(-Int32(truncatingIfNeeded: range.count))
        entries.append(Int32(truncatingIfNeeded: range.lowerBound))
        count += range.count
    }

    /// Each entry as a range (a single node as a range of one), in order.
    func forEachRange(_ body: (Range<Int>) -> Void) {
        var index = 0
        while index < entries.count {
            let entry = Int(entries[index])
            if entry >= 0 {
                body(entry..<entry + 1)
                index += 1
            } else if index + 1 < entries.count {
                let start = Int(entries[index + 1])
                body(start..<start - entry)
                index += 2
            } else {
                return
            }
        }
    }

    /// Every node logged, in order.
    var nodes: [Int32] {
        var nodes: [Int32] = []
        nodes.reserveCapacity(count)
        forEachRange { range in for node in range { nodes.append(Int32(truncatingIfNeeded: node)) } }
        return nodes
    }
}
