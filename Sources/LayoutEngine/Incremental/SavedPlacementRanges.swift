/// Runs of previous placements a relayout saved before overwriting them range by range (a
/// subtree reused, but moved: `recordCopiedPlacements`). Saving a run
/// copies its placements in one pass. One by one, each went into the hash table of
/// `OverwrittenPlacements`, and past that table's bound the relayout copied all of the
/// previous placements (320 KB on 10,000 nodes: half of a relayout that moves 1,160 nodes).
///
/// A run holds the previous layout's values: nodes already overwritten in this layout
/// get their first values, from an earlier run or the table. A node may fall in several
/// runs; the first saved holds its previous value, so lookups go in the order saved.
struct SavedPlacementRanges {
    /// Each run's nodes and where its values start in `values`, in the order saved.
    private var runs: [(nodes: Range<Int>, start: Int)] = []
    private var values: [NodePlacement] = []
    /// Whether each run starts at or after the end of the one before (siblings placed in
    /// order, the usual case): then no runs overlap and a lookup searches by halves.
    private var ascending = true

    var isEmpty: Bool { runs.isEmpty }

    /// Placements saved so far (for the journal's bound).
    var count: Int { values.count }

    /// Bytes held (kept between layouts in a `LayoutScratch`, emptied).
    var footprint: Int {
        runs.capacity * MemoryLayout<(nodes: Range<Int>, start: Int)>.stride
            + values.capacity * MemoryLayout<NodePlacement>.stride
    }

    /// The previous placement of `node`, if a run holds it.
    @inline(__always)
    func placement(of node: Int) -> NodePlacement? {
        guard ascending, runs.count > 4 else {
            for run in runs where run.nodes.contains(node) { return values[run.start + node - run.nodes.lowerBound] }
            return nil
        }
        // The last run starting at or before `node`.
        var low = 0, high = runs.count
        while low < high {
            let middle = (low + high) / 2
            if runs[middle].nodes.lowerBound <= node { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return nil }
        let run = runs[low - 1]
        guard run.nodes.contains(node) else { return nil }
        return values[run.start + node - run.nodes.lowerBound]
    }

    /// Whether the run `nodes` may be saved with at most `bound` placements in all. Out of
    /// order, a run is checked against every earlier one (when saved and when looked up),
    /// so only a few such runs are kept.
    func canSave(_ nodes: Range<Int>, bound: Int) -> Bool {
        guard values.count + nodes.count <= bound else { return false }
        return (ascending && !overlapsLast(nodes)) || runs.count < Self.outOfOrderRuns
    }

    /// How many runs a relayout that places subtrees out of order keeps.
    static let outOfOrderRuns = 32

    private func overlapsLast(_ nodes: Range<Int>) -> Bool {
        runs.last.map { nodes.lowerBound < $0.nodes.upperBound } ?? false
    }

    /// Saves the run `nodes` of `current` (the placements about to be overwritten), with
    /// the first values of those already overwritten in this layout: an earlier run's,
    /// else `overwritten`'s.
    mutating func save(_ nodes: Range<Int>, current: [NodePlacement], overwritten: OverwrittenPlacements) {
        if values.capacity == 0 { values.reserveCapacity(max(nodes.count, 1024)) }
        let start = values.count
        // In order, a run can only overlap the one before; out of order, any.
        let overlapsEarlier = !ascending || overlapsLast(nodes)
        values.append(contentsOf: current[nodes])
        values.withUnsafeMutableBufferPointer { values in
            // The table's few entries (a moved subtree's ancestors, say) read in one pass
            // over its slots, rather than a probe per node of the run.
            if overwritten.count * 4 < nodes.count {
                overwritten.forEach { node, saved in
                    if nodes.contains(Int(node)) { values[start + Int(node) - nodes.lowerBound] = saved }
                }
            } else if !overwritten.isEmpty {
                for node in nodes {
                    if let saved = overwritten[Int32(truncatingIfNeeded: node)] { values[start + node - nodes.lowerBound] = saved }
                }
            }
            guard overlapsEarlier else { return }
            // Earliest last: where earlier runs overlap, the first saved holds the value.
            for run in runs.reversed() {
                for node in run.nodes.clamped(to: nodes) {
                    values[start + node - nodes.lowerBound] = values[run.start + node - run.nodes.lowerBound]
                }
            }
        }
        if overlapsEarlier { ascending = false }
        runs.append((nodes, start))
    }

    /// The values of the run saved last, in node order.
    func withLastRun<Result>(_ body: (UnsafeBufferPointer<NodePlacement>) -> Result) -> Result {
        let start = runs.last?.start ?? values.count
        return values.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start...])) }
    }

    /// Every saved node and placement; where runs overlap, the value a lookup gives comes
    /// last (later runs first), so writing them in turn leaves the previous values.
    func forEach(_ body: (Int, NodePlacement) -> Void) {
        for run in runs.reversed() {
            for node in run.nodes { body(node, values[run.start + node - run.nodes.lowerBound]) }
        }
    }

    mutating func removeAll() {
        runs.removeAll(keepingCapacity: true)
        values.removeAll(keepingCapacity: true)
        ascending = true
    }
}
