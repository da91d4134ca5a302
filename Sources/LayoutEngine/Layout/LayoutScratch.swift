import Synchronization

/// The buffers one layout works in besides its results (the two size memos, the flex
/// memo, the stacks' latest sizings and the shaped texts), kept between layouts so that
/// a warm layout neither allocates them nor touches fresh pages. A layout takes one from
/// `LayoutScratchPool` and owns it alone until it gives it back.
final class LayoutScratch: @unchecked Sendable {
    let memo = MemoBuffers()
    let contentMemo = MemoBuffers()
    let flexMemo = FlexMemoBuffers()
    let stackSizings = StackSizingBuffers()
    let texts = TextScratch()
    /// The stacks' working columns (`StackScratch`), taken as flex runs take theirs.
    let stackColumns = FlexChunks<Double>()
    /// A fresh layout's frames and placed flags (`ScratchColumn`).
    let frames = ScratchColumn<Rect>(blank: Rect(x: 0, y: 0, width: 0, height: 0))
    let placed = ScratchColumn<Bool>(blank: false)
    /// An empty table of a relayout's overwritten placements (PlacementJournal.swift),
    /// taken by a layout and given back emptied.
    private var overwrittenPlacements = OverwrittenPlacements()
    /// The same for its runs of saved placements (`SavedPlacementRanges`): grown by
    /// doubling, made afresh they were four allocations and copies per moved subtree.
    private var savedPlacementRanges = SavedPlacementRanges()

    /// The stack of backgrounds and overlays met while placing (`LayoutComputer.layerStack`),
    /// empty, its memory kept: grown from empty it was three allocations per layout of the
    /// generated trees.
    private var layerStack: [LayoutComputer.Layer] = []

    /// Each kept buffer, moved out (`movedOut`) for one layout.
    func takeLayerStack() -> [LayoutComputer.Layer] { movedOut(&layerStack, leaving: []) }
    func takeOverwrittenPlacements() -> OverwrittenPlacements {
        movedOut(&overwrittenPlacements, leaving: OverwrittenPlacements())
    }
    func takeSavedPlacementRanges() -> SavedPlacementRanges {
        movedOut(&savedPlacementRanges, leaving: SavedPlacementRanges())
    }

    /// Each kept (empty) for the next layout.
    func keep(layerStack stack: [LayoutComputer.Layer]) { layerStack = stack }
    func keep(overwrittenPlacements table: OverwrittenPlacements) { overwrittenPlacements = table }
    func keep(savedPlacementRanges runs: SavedPlacementRanges) { savedPlacementRanges = runs }

    /// Bytes held, for the pool's bound.
    var footprint: Int {
        memo.footprint + contentMemo.footprint + flexMemo.footprint + stackSizings.footprint + texts.footprint
            + stackColumns.footprint
            + frames.footprint + placed.footprint + overwrittenPlacements.footprint
            + savedPlacementRanges.footprint + layerStack.capacity * MemoryLayout<LayoutComputer.Layer>.stride
    }
}

/// A few scratches shared by the threads that lay out (one per worker in use). Bounded in
/// number and in size, as `TapeScratchPool` is: up to `maxKept` of at most `maxKeptBytes`
/// each, plus one larger one of at most `maxLargeBytes` for big trees. Without that one,
/// every layout of about 100k nodes (memos of some 20 MB) took its memo buffers fresh
/// from the kernel, page by page, and grew them by doubling on the way (some 10,000 page
/// faults per layout); anything larger still is freed after use, so one huge request does not
/// pin its memory for the process's life. (Scratches are sized by use: the size memos hold
/// what the largest layout they served stored, the flex memo likewise, so a 100,000-node
/// flex tree's scratch, mostly its flex memo, fits the large bound too.)
enum LayoutScratchPool {
    static let maxKept = 8
    static let maxKeptBytes = 16 << 20
    static let maxLargeBytes = 48 << 20
    /// The large scratch may also hold this much per node of the tree it served: a deep
    /// 100,000-node flex tree's memo slots (doubled as they grew) came to some 84 MB, past
    /// `maxLargeBytes`, and every such layout took its scratch fresh from the kernel again
    /// (16,000 page faults). Bounded still, by the largest tree a request may send.
    static let maxLargeBytesPerNode = 1 << 10
    /// Trees from this size on take the large scratch first (they outgrow a small one).
    static let largeTreeNodes = 50_000

    private struct Kept {
        var small: [LayoutScratch] = []
        var large: LayoutScratch?
    }

    private static let idle = Mutex(Kept())

    static func take(nodeCount: Int = 0) -> LayoutScratch {
        idle.withLock { kept -> LayoutScratch? in
            if nodeCount >= largeTreeNodes, let scratch = kept.large {
                kept.large = nil
                return scratch
            }
            return kept.small.popLast()
        } ?? LayoutScratch()
    }

    /// Keeps `scratch`, used for a tree of `nodeCount` nodes, unless it is over the bounds.
    static func give(_ scratch: LayoutScratch, nodeCount: Int = 0) {
        let bytes = scratch.footprint
        guard bytes <= max(maxLargeBytes, nodeCount * maxLargeBytesPerNode) else { return }
        idle.withLock { kept in
            if bytes <= maxKeptBytes {
                if kept.small.count < maxKept { kept.small.append(scratch) }
            } else if kept.large == nil {
                kept.large = scratch
            }
        }
    }
}
