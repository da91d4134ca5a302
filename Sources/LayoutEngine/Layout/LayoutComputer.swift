/// Lays out a tree: SwiftUI's two questions asked of every node — what size for this
/// proposal (`size`), and where do your children go (`place`). A node's modifiers wrap its
/// content one level each, innermost first: level 0 is the content, level `modifierCount`
/// the node as its parent sees it.
struct LayoutComputer {
    let tree: NodeTree
    var memo: PerLayoutSizeMemo
    /// Memo of content sizes (level 0) of nodes with modifiers, so that placing through a
    /// modifier chain does not re-measure the content.
    var contentMemo: PerLayoutSizeMemo
    /// Each stack's latest sizing, so that placing it with that proposal does not size it again.
    let stackSizings: StackSizings
    /// Absolute frames (left-to-right, unrounded), valid where `placed`; in a relayout in
    /// place, with the nodes written logged (FrameBuffer.swift).
    var frames: FrameBuffer
    var placed: PlacedFlags
    /// Content sizes of scroll views and forms, by node.
    var scrollContent: [(node: Int32, size: Size)] = []
    /// Sizes computed (not answered from the memo), for the profiler.
    var measured = 0
    /// Sizes answered by the shared measurement cache.
    var reused = 0
    var sharedMisses = 0
    /// Structural hashes, when a shared cache or a previous layout is used.
    let hashes: [TreeHash]
    let shared: SharedMeasurementCache?
    let previous: LayoutRecord?
    /// Per node: the proposal and origin it was placed with (for the next layout and the
    /// profile); empty, and not written, when neither will read them. In a relayout of
    /// the same shape, the previous record's own buffers, taken over (`journal`).
    var placements: [NodePlacement]
    let recordsPlacement: Bool
    /// Where the previous layout's proposals and origins are read from, and what this
    /// layout overwrote of them (PlacementJournal.swift). One reference: debug builds
    /// keep copies of the computer in the frames of the flex recursion.
    let journal: PlacementJournal
    /// Nodes whose frames were copied from the previous layout.
    var copied = 0
    /// The frames, placed flags, proposals and origins started as the previous layout's
    /// (same node count): a subtree reused at its own index needs no copying.
    let previousInPlace: Bool
    /// Content measurements and flex runs so far, and how many are allowed; once past
    /// the budget every size answers zero at once and the layout is refused.
    var work = 0
    var workBudget = Int.max
    var exhausted = false

    /// Counts one unit of layout work; false once the budget is spent.
    @inline(__always)
    mutating func spendWork() -> Bool {
        work += 1
        if work > workBudget { exhausted = true }
        return !exhausted
    }
    /// Scratch stacks of the loops over modifier chains: the backgrounds and overlays met
    /// while placing (ModifierLayout.swift), the offsets of the levels a guide passes
    /// (AlignmentGuides.swift).
    var layerStack: [Layer]
    typealias Layer = (level: Int32, proposal: ProposedSize, origin: Point, size: Size?)
    var guideOffsets: [Double] = []
    /// Flex layout's memo and direction (Flex/FlexScratch.swift).
    var flex: FlexScratch
    /// The stacks' working columns, a stack of buffers over the pooled scratch's memory,
    /// as flex runs have (FlexScratch.swift): a temporary allocation of more than 1 KiB
    /// (a stack of 13 children or more) went to malloc and free on every call on Linux.
    var stackColumns: FlexBufferStack<Double>
    /// The tree's child list (`layoutChildren(of:)`), read in place: valid only inside the
    /// driver's `withUnsafeBufferPointer`, where the computer lives (LayoutDriver.swift).
    let childList: UnsafeBufferPointer<Int32>
    /// Per-node measurement records, only for `"options": {"profile": true}`.
    var profiler: LayoutProfiler?
    /// Per text (`tree.texts`): its runs and metrics from the text measurer, and its line
    /// style, made when the text is first measured (TextLayout.swift).
    let shapedTexts: LazyShapedTexts

    init(
        tree: NodeTree, childList: UnsafeBufferPointer<Int32>, hashes: [TreeHash] = [],
        shared: SharedMeasurementCache? = nil, previous: LayoutRecord? = nil,
        measurer: any TextMeasurer = AhemMeasurer(), scratch: LayoutScratch, recordsPlacement: Bool = true
    ) {
        self.tree = tree
        self.childList = childList
        layerStack = scratch.takeLayerStack()
        shapedTexts = LazyShapedTexts(tree.texts, measurer: measurer, scratch: scratch.texts)
        self.hashes = hashes
        self.shared = hashes.isEmpty ? nil : shared
        // A relayout of a tree with the previous one's shape starts from the previous
        // frames: a subtree reused in place then costs nothing (see `copyFromPrevious`),
        // and takes the previous proposals and origins over; else it reads them whole.
        // Without them (another request on the session holds them) nothing is reused.
        var previous = hashes.isEmpty ? nil : previous
        var takenOver: PlacementRecord.Buffers?
        var whole: PlacementRecord.Buffers?
        if let record = previous {
            if recordsPlacement && record.nodeCount == tree.nodes.count {
                takenOver = record.placement.take()
            } else {
                whole = record.placement.read()
            }
            if takenOver == nil && whole == nil { previous = nil }
        }
        self.previous = previous
        journal = PlacementJournal(
            takenOver: takenOver != nil, previous: whole, overwritten: scratch.takeOverwrittenPlacements(),
            savedRanges: scratch.takeSavedPlacementRanges())
        let previousInPlace = previous.map { $0.nodeCount == tree.nodes.count } ?? false
        self.recordsPlacement = recordsPlacement
        if let previous, previousInPlace {
            placements = takenOver?.placements ?? []
            // The spare buffer (the layout before's frames) brought up to date, else the
            // previous frames, copied on the first write.
            frames = FrameBuffer(takenOver?.spare?.takeSynced(to: previous.frames) ?? previous.frames, logged: true)
            // Below the root, the root's placement clears or restores every flag
            // (`clearPlaced`, `restorePlaced`) before any is read.
            let rootEnd = tree.nodes.isEmpty ? 0 : Int(tree.nodes[0].subtreeEnd)
            placed = PlacedFlags(previous.placed, in: scratch.placed, except: 1..<max(rootEnd, 1))
        } else {
            placements = recordsPlacement ? Array(repeating: .unplaced, count: tree.nodes.count) : []
            frames = FrameBuffer(fresh: tree.nodes.count, in: scratch.frames)
            placed = PlacedFlags(count: tree.nodes.count, in: scratch.placed)
        }
        self.previousInPlace = previousInPlace
        memo = PerLayoutSizeMemo(nodeCount: tree.nodes.count, buffers: scratch.memo)
        contentMemo = PerLayoutSizeMemo(nodeCount: tree.nodes.count, buffers: scratch.contentMemo)
        stackSizings = StackSizings(nodeCount: tree.nodes.count, buffers: scratch.stackSizings)
        flex = FlexScratch(memo: FlexMemo(buffers: scratch.flexMemo))
        stackColumns = FlexBufferStack(scratch.stackColumns)
        // A relayout in place: the subtrees whose hashes changed, for its log and the
        // next record's hash index. (What the tree alone decides of its layout, such as
        // priorities and guides, it reads from the nodes' traits: NodeTraits.swift.)
        if let previous = self.previous, previousInPlace {
            journal.changedSincePrevious = ChangedSubtrees.nodes(tree, hashes: hashes, previous: previous.hashes)
        }
    }

    // MARK: - Sizing

    /// The node's size for `proposal`, modifiers included.
    @inline(__always)
    mutating func size(_ node: Int, _ proposal: ProposedSize) -> Size {
        // A leaf without modifiers answers from its kind; first, as a rigid one answers
        // any proposal alike (nil when profiled).
        if tree.nodes[node].modifierCount == 0, tree.nodes[node].traits.answersFromKind,
            let size = kindSize(node, proposal)
        {
            return size
        }
        // A rigid node answers every proposal alike: ask it one question only.
        let proposal = tree.nodes[node].traits.isWholeRigid ? .unspecified : proposal
        if profiler != nil, let size = profiledSize(node, proposal) { return size }
        let key = PerLayoutSizeMemo.Key(proposal)
        if let size = memo.lookup(node, key) { return size }
        // Containers consult the shared cache; leaves are cheaper to measure than to look up.
        let shareable = shared != nil && tree.nodes[node].childCount > 0
        if shareable, let size = shared?.lookup(hashes[node], proposal) {
            reused += 1
            memo.store(node, key, size)
            return size
        }
        // Without modifiers the content is the whole node: this memo is its content memo too.
        let levels = Int(tree.nodes[node].modifierCount)
        let size = levels == 0 ? measureContent(node, proposal) : size(node, level: levels, proposal)
        memo.store(node, key, size)
        // Never share a size computed after the work budget ran out (it is zero).
        if shareable && !exhausted {
            sharedMisses += 1
            shared?.store(hashes[node], proposal, size)
        }
        return size
    }

    mutating func size(_ node: Int, level: Int, _ proposal: ProposedSize) -> Size {
        if level == 0 {
            // Without modifiers the content's answers live in `memo` (see `size(_:_:)`).
            if tree.nodes[node].modifierCount == 0 { return size(node, proposal) }
            // A kind's answer first: a rigid one answers any proposal alike.
            if tree.nodes[node].traits.answersFromKind, let size = kindSize(node, proposal) { return size }
            let proposal = tree.nodes[node].traits.isContentRigid ? .unspecified : proposal
            let key = PerLayoutSizeMemo.Key(proposal)
            if let size = contentMemo.lookup(node, key) { return size }
            let size = measureContent(node, proposal)
            contentMemo.store(node, key, size)
            return size
        }
        return modifierSize(node, level: level, proposal)
    }

    /// A rigid view's, a shape's, a spacer's or a divider's content size, from its kind:
    /// one read of the node, where the memo costs a lookup and a store in tables that
    /// outgrow the caches on large trees (these are half the nodes of a typical screen).
    /// Not counted as measured nor as work; `lengthRange` (StackLayout.swift) probes
    /// flexibility through it too. Nil for every other kind, and in profiled layouts (they
    /// record every question).
    @inline(__always)
    func kindSize(_ node: Int, _ proposal: ProposedSize) -> Size? {
        guard profiler == nil else { return nil }
        switch tree.nodes[node].kind {
        case .view(let size), .image(let size, resizable: false): return size
        case .rect(let ideal), .image(let ideal, resizable: true): return Self.fill(proposal, ideal: ideal)
        case .spacer(let minLength): return spacerSize(minLength, context: tree.nodes[node].stackContext, proposal)
        case .divider(let thickness): return dividerSize(thickness, context: tree.nodes[node].stackContext, proposal)
        default: return nil
        }
    }

    /// The content's size, computed (one unit of work).
    @inline(__always)
    private mutating func measureContent(_ node: Int, _ proposal: ProposedSize) -> Size {
        guard spendWork() else { return .zero }
        measured += 1
        return contentSize(node, proposal)
    }

    /// The content's size, from its kind's layout (NodeLayout.swift).
    private mutating func contentSize(_ node: Int, _ proposal: ProposedSize) -> Size {
        ask(SizeQuestion(proposal: proposal), node: node)
    }

    /// A shape's answer: the proposal, or the ideal size where unspecified.
    @inline(__always)
    static func fill(_ proposal: ProposedSize, ideal: Size) -> Size {
        Size(width: proposal.width ?? ideal.width, height: proposal.height ?? ideal.height)
    }

    // MARK: - Placement

    /// Places the node (and its subtree) for `proposal` with its top-left at `origin`;
    /// `size`, when given, is its size for `proposal` (its parent has it at hand).
    @inline(__always)
    mutating func place(_ node: Int, _ proposal: ProposedSize, at origin: Point, size knownSize: Size? = nil) {
        if recordsPlacement { recordPlacement(node, proposal, origin) }
        if previous != nil, copyFromPrevious(node, proposal, at: origin) { return }
        let levels = Int(tree.nodes[node].modifierCount)
        if levels > 0 {
            placeModifier(node, level: levels, proposal, at: origin, size: knownSize)
        } else if let knownSize, profiler == nil, tree.nodes[node].traits.isLeaf {
            // A background's shape, say.
            placeLeafContent(node, at: origin, size: knownSize)
        } else {
            place(node, level: 0, proposal, at: origin)
        }
    }

    /// A leaf's content placed with its size at hand: its frame is that size, as
    /// `place(_:level:_:at:)` would make it after asking for it.
    @inline(__always)
    mutating func placeLeafContent(_ node: Int, at origin: Point, size: Size) {
        if previousInPlace { clearPlaced(below: node) }
        placed[node] = true
        frames[node] = Rect(origin: origin, size: size)
    }

    /// A leaf without modifiers whose frame is its size (no placement of its own).
    @inline(__always)
    func isPlainLeaf(_ node: Int) -> Bool {
        tree.nodes[node].modifierCount == 0 && tree.nodes[node].traits.isLeaf
    }

    /// Places a plain leaf (`isPlainLeaf`) whose size for `proposal` is known, as
    /// `place` would in a layout without a previous one: no second question for its size.
    @inline(__always)
    mutating func placeLeaf(_ node: Int, _ proposal: ProposedSize, at origin: Point, size: Size) {
        if recordsPlacement { recordPlacement(node, proposal, origin) }
        placed[node] = true
        frames[node] = Rect(origin: origin, size: size)
    }

    /// An unchanged subtree (same hash) placed with the same proposal as last time has the
    /// same frames, shifted: copy them.
    private mutating func copyFromPrevious(_ node: Int, _ proposal: ProposedSize, at origin: Point) -> Bool {
        guard let previous else { return false }
        // The same subtree at the same index (most of a relayout), else anywhere.
        let sameIndex = node < previous.hashes.count && previous.hashes[node] == hashes[node]
        guard let old = sameIndex ? node : previous.index.node(for: hashes[node]) else { return false }
        // Placed last time: a node the previous layout left out (a `viewthatfits` child not
        // shown) keeps the placement of an older layout, and its flags say unplaced.
        guard previous.isPlaced(old) else { return false }
        let before = previousPlacement(old)
        guard before.proposal == proposal else { return false }
        let length = Int(tree.nodes[node].subtreeEnd) - node
        // At its own index in a tree of the previous node count, the same hash is the same
        // subtree range (the hash covers every unit of the range at its offset,
        // StructuralHasher), and the range is in bounds: the previous tree's node, out of
        // cache by now (a miss at every subtree reused), is not read.
        guard (previousInPlace && old == node) || previous.subtreeEnd(old) - old == length else { return false }
        let dx = origin.x - before.origin.x, dy = origin.y - before.origin.y
        let hasScrollContent = !previous.scrollContent.isEmpty
        if previousInPlace, old == node {
            // In place. The placed flags were cleared by the parent's fresh placement
            // (`place(_:level:_:at:)`); unmoved, the frames, proposals and origins are the
            // previous ones already, moved, they are written range by range (the same
            // writes as the loop below).
            let range = node..<node + length
            restorePlaced(range, from: previous)
            if dx != 0 || dy != 0 {
                let offset = Point(x: dx, y: dy)
                frames.setShifted(range, from: previous.frames, by: offset)
                if recordsPlacement { recordCopiedPlacements(from: node, to: node, count: length, by: offset) }
            }
            if hasScrollContent { appendPreviousScrollContent(from: old, to: node, count: length, of: previous) }
            copied += length
            return true
        }
        if recordsPlacement { recordCopiedPlacements(from: old, to: node, count: length, by: Point(x: dx, y: dy)) }
        for offset in 0..<length {
            let from = old + offset, to = node + offset
            placed[to] = previous.placed[from]
            var frame = previous.frames[from]
            frame.origin = Point(x: frame.origin.x + dx, y: frame.origin.y + dy)
            frames[to] = frame
        }
        if hasScrollContent { appendPreviousScrollContent(from: old, to: node, count: length, of: previous) }
        copied += length
        return true
    }

    /// The scroll content sizes the previous layout had in the `count` nodes from `old`,
    /// for the same nodes from `node`, in node order.
    private mutating func appendPreviousScrollContent(from old: Int, to node: Int, count: Int, of previous: LayoutRecord) {
        for offset in 0..<count {
            if let content = previous.scrollContent[Int32(truncatingIfNeeded: old + offset)] {
                scrollContent.append((Int32(truncatingIfNeeded: node + offset), content))
            }
        }
    }

    mutating func place(_ node: Int, level: Int, _ proposal: ProposedSize, at origin: Point) {
        if level > 0 {
            placeModifier(node, level: level, proposal, at: origin)
            return
        }
        if previousInPlace { clearPlaced(below: node) }
        placed[node] = true
        ask(PlaceQuestion(proposal: proposal, origin: origin), node: node)
    }

    /// Before a node starting from the previous layout's flags places its content anew:
    /// its descendants count as unplaced until placed again (a container may now place
    /// fewer of them, as `viewthatfits` does).
    private mutating func clearPlaced(below node: Int) {
        let end = min(Int(tree.nodes[node].subtreeEnd), placed.count)
        guard end > node + 1 else { return }
        // One fill of the range: the root's clears the whole tree in every relayout.
        placed.withUnsafeMutableBufferPointer { flags in
            if let start = flags.baseAddress { (start + node + 1).update(repeating: false, count: end - node - 1) }
        }
    }

    /// The previous layout's placed flags for `range` (a subtree reused in place).
    private mutating func restorePlaced(_ range: Range<Int>, from previous: LayoutRecord) {
        // One copy of the range (a relayout restores most of the tree this way).
        placed.withUnsafeMutableBufferPointer { flags in
            previous.placed.withUnsafeBufferPointer { old in
                guard range.lowerBound >= 0, range.upperBound <= min(flags.count, old.count),
                    let to = flags.baseAddress, let from = old.baseAddress
                else { return }
                (to + range.lowerBound).update(from: from + range.lowerBound, count: range.count)
            }
        }
    }

    /// The content size, from the memo when the node has no modifiers (then the content
    /// is the whole node).
    @inline(__always)
    mutating func level0Size(_ node: Int, _ proposal: ProposedSize) -> Size {
        size(node, level: 0, proposal)
    }

    /// Records the frame of a node that its container positions itself (form separators).
    mutating func setFrame(_ node: Int, _ frame: Rect) {
        frames[node] = frame
        placed[node] = true
    }
}
