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
    /// Before this layout overwrote them range by range (moved subtrees), the proposals
    /// and origins of those ranges; read before `overwritten`.
    @exclusivity(unchecked) var savedRanges: SavedPlacementRanges
    /// The previous layout's proposals and origins whole: read where they were not taken
    /// over (another node count), or made once `overwritten` grew large.
    @exclusivity(unchecked) var previous: PlacementRecord.Buffers?
    /// In place, the nodes whose subtree hash differs from the previous layout's,
    /// ascending (found once, then used by the relayout's log and the record's hash index).
    @exclusivity(unchecked) var changedSincePrevious: [Int32]?

    /// `overwritten`, `savedRanges`: empty, their memory for the journal to use.
    init(
        takenOver: Bool, previous: PlacementRecord.Buffers?, overwritten: OverwrittenPlacements,
        savedRanges: SavedPlacementRanges
    ) {
        self.takenOver = takenOver
        self.previous = previous
        self.overwritten = overwritten
        self.savedRanges = savedRanges
    }

    /// The table of overwritten placements, emptied, for the next layout to use; the
    /// journal is left with none.
    func takeEmptiedOverwritten() -> OverwrittenPlacements {
        overwritten.removeAll()
        return movedOut(&overwritten, leaving: OverwrittenPlacements())
    }

    /// The saved runs, emptied, for the next layout to use; the journal is left with none.
    func takeEmptiedSavedRanges() -> SavedPlacementRanges {
        savedRanges.removeAll()
        return movedOut(&savedRanges, leaving: SavedPlacementRanges())
    }
}

extension LayoutComputer {
    /// The proposal and origin node `old` was placed with in the previous layout.
    @inline(__always)
    func previousPlacement(_ old: Int) -> NodePlacement {
        if let whole = journal.previous { return whole.placements[old] }
        if !journal.savedRanges.isEmpty, let saved = journal.savedRanges.placement(of: old) { return saved }
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

    /// The placements of the `count` nodes from `node` set to the previous layout's of the
    /// nodes from `old`, shifted by `offset` (a subtree reused, moved: in place when `old`
    /// is `node`), as recording them one by one would: the range's previous placements
    /// are saved as one run (`SavedPlacementRanges`) while the journal's bound for runs
    /// allows; else they go into the table, or, past its bound, the previous placements
    /// are kept whole and the range is written in one pass.
    mutating func recordCopiedPlacements(from old: Int, to node: Int, count: Int, by offset: Point) {
        let range = node..<node + count
        let inBounds = range.lowerBound >= 0 && range.upperBound <= placements.count
        if inBounds, journal.takenOver, journal.previous == nil,
            journal.savedRanges.canSave(range, bound: savedRangesBound)
        {
            let journal = journal
            journal.savedRanges.save(range, current: placements, overwritten: journal.overwritten)
            guard old == node else {
                // Saved first: where the two ranges overlap, a node written below is read
                // back as previous from the run.
                for index in 0..<count { placements[node + index] = previousPlacement(old + index).shifted(by: offset) }
                return
            }
            // In place, the run just saved holds the previous placements in order: written
            // through pointers (the range is in bounds, and the run is as long).
            placements.withUnsafeMutableBufferPointer { placements in
                journal.savedRanges.withLastRun { saved in
                    guard let to = placements.baseAddress, let from = saved.baseAddress else { return }
                    let start = to + range.lowerBound
                    for index in 0..<min(count, saved.count) { start[index] = from[index].shifted(by: offset) }
                }
            }
            return
        }
        willOverwritePlacements(count)
        if inBounds, let whole = journal.previous, old >= 0, old + count <= whole.placements.count {
            placements.withUnsafeMutableBufferPointer { placements in
                whole.placements.withUnsafeBufferPointer { previous in
                    for index in 0..<count { placements[node + index] = previous[old + index].shifted(by: offset) }
                }
            }
            return
        }
        for index in 0..<count { recordPlacement(node + index, previousPlacement(old + index).shifted(by: offset)) }
    }

    /// How many overwritten placements the journal keeps one by one.
    private var overwrittenBound: Int { max(256, placements.count / 16) }

    /// How many placements the journal keeps in saved runs: a run is copied in one pass,
    /// so up to a quarter of the tree costs less than copying all of it.
    private var savedRangesBound: Int { max(256, placements.count / 4) }

    /// Before up to `count` placements are overwritten in a row (a subtree copied from the
    /// previous layout): when they would take the journal past its bound,
    /// the previous placements are kept whole at once, rather than after filling the
    /// table node by node. Either way the previous placements read back the same.
    private func willOverwritePlacements(_ count: Int) {
        guard journal.takenOver, journal.previous == nil, journal.overwritten.count + count > overwrittenBound else { return }
        keepPreviousPlacementsWhole()
    }

    /// The previous placements as a copy of their own, read from then on.
    private func keepPreviousPlacementsWhole() {
        journal.previous = previousBuffers(from: PlacementRecord.Buffers(placements: placements))
        journal.overwritten.removeAll()
        journal.savedRanges.removeAll()
    }

    /// `buffers` (this layout's placements) with the overwritten values put back.
    private func previousBuffers(from buffers: PlacementRecord.Buffers) -> PlacementRecord.Buffers {
        var previous = buffers
        journal.overwritten.forEach { node, saved in previous.placements[Int(node)] = saved }
        // After the table: a node overwritten one by one after its run was saved has its
        // previous value in the run.
        journal.savedRanges.forEach { node, saved in previous.placements[node] = saved }
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
