/// A relayout of a tree of the previous one's shape takes the previous record's proposal
/// and origin buffers over and writes its own placements into them: unchanged entries
/// (most of them) are not written at all, and the first value overwritten at each node is
/// kept, so the previous layout's placements stay readable. Copying the buffers whole
/// (then 480 KB on 10,000 nodes) cost a one-leaf relayout a third of its time.
final class PlacementJournal {
    /// The computer's `placements` are the previous layout's own buffer, read there
    /// except where `overwritten` holds a node.
    let takenOver: Bool
    /// Before this layout overwrote it, the proposal and origin of each such node.
    /// (This class's fields are read at every node placed or copied, and are only ever
    /// used by the one layout that owns the journal: no dynamic exclusivity checks, which
    /// cost about a tenth of a relayout that shifts a thousand nodes.)
    @exclusivity(unchecked) var overwritten = OverwrittenPlacements()
    /// The previous layout's proposals and origins whole: read where they were not taken
    /// over (another node count), or made once `overwritten` grew large.
    @exclusivity(unchecked) var previous: PlacementRecord.Buffers?
    /// In place, the nodes whose subtree hash differs from the previous layout's,
    /// ascending (found once, then used by rigidity and the record's hash index).
    @exclusivity(unchecked) var changedSincePrevious: [Int32]?

    /// `overwritten`: an empty table, whose memory the journal may use.
    init(takenOver: Bool, previous: PlacementRecord.Buffers?, overwritten: OverwrittenPlacements) {
        self.takenOver = takenOver
        self.previous = previous
        self.overwritten = overwritten
    }

    /// The table of overwritten placements, emptied, for the next layout to use; the
    /// journal is left with none.
    func takeEmptiedOverwritten() -> OverwrittenPlacements {
        var table = OverwrittenPlacements()
        swap(&table, &overwritten)
        table.removeAll()
        return table
    }
}

extension LayoutComputer {
    /// The proposal and origin node `old` was placed with in the previous layout.
    @inline(__always)
    func previousPlacement(_ old: Int) -> NodePlacement {
        if let whole = journal.previous { return whole.placements[old] }
        if let saved = journal.overwritten[Int32(truncatingIfNeeded: old)] {
            return saved
        }
        return placements[old]
    }

    /// Records the proposal and origin node `node` is placed with.
    @inline(__always)
    mutating func recordPlacement(_ node: Int, _ proposal: ProposedSize?, _ origin: Point) {
        recordPlacement(node, NodePlacement(proposal, origin))
    }

    @inline(__always)
    mutating func recordPlacement(_ node: Int, _ placement: NodePlacement) {
        if journal.takenOver && journal.previous == nil {
            let old = placements[node]
            // Compared as values (a NaN proposal differs from itself, as before).
            if old.proposal == placement.proposal && old.origin == placement.origin { return }
            journal.overwritten.saveFirst(Int32(truncatingIfNeeded: node), old)
            // Past a few hundred nodes (a big move), one copy is cheaper than the table.
            if journal.overwritten.count > overwrittenBound { keepPreviousPlacementsWhole() }
        }
        placements[node] = placement
    }

    /// The placements of `range` set to the previous layout's shifted by `offset` (a
    /// subtree copied in place, moved), as recording them one by one would: when they take
    /// the journal past its bound, the previous placements are kept whole and the range
    /// written in one pass.
    mutating func recordShiftedPlacements(_ range: Range<Int>, by offset: Point) {
        willOverwritePlacements(range.count)
        guard journal.takenOver, let whole = journal.previous,
            range.lowerBound >= 0,
            range.upperBound <= min(placements.count, whole.placements.count)
        else {
            for index in range { recordPlacement(index, previousPlacement(index).shifted(by: offset)) }
            return
        }
        placements.withUnsafeMutableBufferPointer { placements in
            whole.placements.withUnsafeBufferPointer { previous in
                for index in range { placements[index] = previous[index].shifted(by: offset) }
            }
        }
    }

    /// How many overwritten placements the journal keeps one by one.
    private var overwrittenBound: Int { max(256, placements.count / 16) }

    /// Before up to `count` placements are overwritten in a row (a subtree copied from the
    /// previous layout to another place): when they would take the journal past its bound,
    /// the previous placements are kept whole at once, rather than after filling the
    /// table node by node. Either way the previous placements read back the same.
    func willOverwritePlacements(_ count: Int) {
        guard journal.takenOver, journal.previous == nil, journal.overwritten.count + count > overwrittenBound else { return }
        keepPreviousPlacementsWhole()
    }

    /// The previous placements as a copy of their own, read from then on.
    private func keepPreviousPlacementsWhole() {
        journal.previous = previousBuffers(from: PlacementRecord.Buffers(placements: placements))
        journal.overwritten.removeAll()
    }

    /// `buffers` (this layout's placements) with the overwritten values put back.
    private func previousBuffers(from buffers: PlacementRecord.Buffers) -> PlacementRecord.Buffers {
        var previous = buffers
        journal.overwritten.forEach { node, saved in previous.placements[Int(node)] = saved }
        return previous
    }

    /// The previous layout's placements as they were, for its record when this layout is
    /// refused (nil unless they were taken over), with this layout's frames as their spare
    /// (they differ from the previous ones where this layout wrote). Takes this layout's
    /// placement buffers.
    mutating func restoredPreviousPlacements() -> PlacementRecord.Buffers? {
        guard journal.takenOver else { return nil }
        var restored: PlacementRecord.Buffers
        if let whole = journal.previous {
            restored = whole
        } else {
            let own = PlacementRecord.Buffers(placements: placements)
            placements = []
            restored = previousBuffers(from: own)
        }
        if previousInPlace, let written = frames.written,
            SpareFrames.worthKeeping(stale: written.count, nodes: frames.array.count)
        {
            restored.spare = SpareFrames(frames: frames.array, stale: written)
        }
        return restored
    }

    /// The previous layout's frames as the next layout's spare buffer: they differ from
    /// this layout's at the nodes it wrote (nil after a fresh layout, or past a quarter of
    /// the tree written, where copying the frames whole costs no more).
    func spareForNextLayout() -> SpareFrames? {
        guard previousInPlace, let previous, let written = frames.written,
            SpareFrames.worthKeeping(stale: written.count, nodes: frames.array.count)
        else { return nil }
        return SpareFrames(frames: previous.frames, stale: written)
    }
}
