/// The layout driver: one request's tree sized and placed in its bounds, then finished
/// (safe area, transparent nodes, right-to-left mirroring, pixel rounding).
extension LayoutComputer {
    /// Lays out with the shared measurement cache and the session's previous layout; with
    /// `keepRecord`, also returns what the next layout of the session can reuse.
    static func layout(
        _ request: LayoutRequest, hashes: [TreeHash], shared: SharedMeasurementCache?, previous: LayoutRecord?,
        keepRecord: Bool = false, workBudget: Int = .max, profileClock: LayoutClock? = nil,
        measurer: any TextMeasurer = AhemMeasurer()
    ) -> (result: LayoutResult, record: LayoutRecord?) {
        // The stacks read the child list through a pointer valid inside this closure only:
        // the computer that holds it lives and dies inside it (copying the list into
        // scratch memory instead cost a one-leaf relayout of 10,000 nodes a quarter of
        // its instructions).
        request.tree.childList.withUnsafeBufferPointer { childList in
            layout(
                request, childList: childList, hashes: hashes, shared: shared, previous: previous,
                keepRecord: keepRecord, workBudget: workBudget, profileClock: profileClock, measurer: measurer)
        }
    }

    private static func layout(
        _ request: LayoutRequest, childList: UnsafeBufferPointer<Int32>, hashes: [TreeHash],
        shared: SharedMeasurementCache?, previous: LayoutRecord?, keepRecord: Bool, workBudget: Int,
        profileClock: LayoutClock?, measurer: any TextMeasurer
    ) -> (result: LayoutResult, record: LayoutRecord?) {
        // The memos' buffers come from the pool and go back to it when this layout ends.
        let scratch = LayoutScratchPool.take(nodeCount: request.tree.nodes.count)
        var computer = LayoutComputer(
            tree: request.tree, childList: childList, hashes: hashes, shared: shared, previous: previous,
            measurer: measurer, scratch: scratch,
            recordsPlacement: (keepRecord && !hashes.isEmpty) || profileClock != nil)
        let journal = computer.journal
        defer {
            // Read last (a refused layout puts the previous placements back from it).
            scratch.keep(overwrittenPlacements: journal.takeEmptiedOverwritten())
            scratch.keep(savedPlacementRanges: journal.takeEmptiedSavedRanges())
            // Emptied in place (uniquely referenced), then moved out.
            computer.layerStack.removeAll(keepingCapacity: true)
            scratch.keep(layerStack: movedOut(&computer.layerStack, leaving: []))
            LayoutScratchPool.give(scratch, nodeCount: request.tree.nodes.count)
        }
        computer.workBudget = workBudget
        let profileStart = profileClock?.nanoseconds() ?? 0
        if let profileClock { computer.profiler = LayoutProfiler(clock: profileClock, nodeCount: request.tree.nodes.count) }
        computer.flex.requestIsRightToLeft = request.environment.layoutDirection == .rightToLeft
        let environment = request.environment
        let root = 0
        let insets = environment.safeAreaInsets.removing(computer.ignoredSafeAreaEdges(root))
        let available = ProposedSize(
            width: request.bounds.width.map { max($0 - insets.horizontal, 0) },
            height: request.bounds.height.map { max($0 - insets.vertical, 0) })
        // The root sits in the bounds by `alignment`; on an unspecified axis at 0. (In
        // unspecified bounds its size is asked after it is placed: a flex root is then
        // laid out in one run, which answers the size question, not a size run first.)
        let sizeFirst = available.width != nil || available.height != nil
        var rootSize = sizeFirst ? computer.size(root, available) : .zero
        let x = available.width.map {
            request.alignment.horizontal.defaultValue(width: $0)
                - request.alignment.horizontal.defaultValue(width: rootSize.width)
        } ?? 0
        let y = available.height.map {
            request.alignment.vertical.defaultValue(height: $0)
                - request.alignment.vertical.defaultValue(height: rootSize.height)
        } ?? 0
        let rootOrigin = Point(x: insets.leading + x, y: insets.top + y)
        computer.place(root, available, at: rootOrigin)
        if !sizeFirst { rootSize = computer.size(root, available) }
        computer.extendThroughSafeArea(bounds: request.bounds, insets: insets)
        computer.frameTransparentNodes()
        let profile = profileClock.flatMap { computer.profileReport(layoutNanoseconds: $0.nanoseconds() &- profileStart) }
        var record: LayoutRecord?
        // A fresh layout's frames and flags live in scratch memory: each `.array` is a copy,
        // so the record's copies also serve the result when nothing below changes them.
        var recorded: (frames: [Rect], placed: [Bool])?
        if keepRecord && !hashes.isEmpty {
            var scroll: [Int32: Size] = [:]
            for (node, size) in computer.scrollContent { scroll[node] = size }
            let copies = (frames: computer.frames.array, placed: computer.placed.array)
            recorded = copies
            record = LayoutRecord(
                hashes: hashes, tree: request.tree, frames: copies.frames,
                placed: copies.placed, placements: computer.placements,
                scrollContent: scroll, previous: computer.previousInPlace ? previous : nil,
                changed: computer.journal.changedSincePrevious, spare: computer.spareForNextLayout())
        }
        let finishesFrames = environment.layoutDirection == .rightToLeft || environment.displayScale != nil
        if environment.layoutDirection == .rightToLeft {
            computer.mirror(width: request.bounds.width ?? rootSize.width + insets.horizontal)
        }
        if let scale = environment.displayScale { computer.round(scale: scale) }
        if computer.exhausted {
            // The session keeps its layout: the placements this one took over go back.
            record = nil
            if let restored = computer.restoredPreviousPlacements() { previous?.placement.putBack(restored) }
            var refused = LayoutResult(
                size: .zero, frames: [], hasFrame: [], scrollContent: [], measured: computer.measured)
            refused.exhausted = true
            return (refused, nil)
        }
        shared?.record(hits: computer.reused, misses: computer.sharedMisses)
        var result = LayoutResult(
            size: occupiedSize(rootSize, at: rootOrigin, scale: environment.displayScale),
            frames: finishesFrames ? computer.frames.array : recorded?.frames ?? computer.frames.array,
            hasFrame: recorded?.placed ?? computer.placed.array,
            scrollContent: computer.scrollContent, measured: computer.measured, reused: computer.reused + computer.copied)
        result.profile = profile
        if !finishesFrames, computer.previousInPlace, let written = computer.frames.written,
            let changed = computer.journal.changedSincePrevious
        {
            result.relayoutLog = RelayoutLog(written: written, changedHashes: changed)
        }
        return (result, record)
    }

    /// The response's `size`: what the root occupies with all its modifiers (padding,
    /// frame, position...), which is what a host sizes its view to; the root's frame is
    /// its content's. With a display scale, its edges are snapped like a frame's. Negative
    /// padding can make the computed size negative: the root then occupies nothing.
    private static func occupiedSize(_ size: Size, at origin: Point, scale: Double?) -> Size {
        let occupied = Size(width: max(0, size.width), height: max(0, size.height))
        guard let scale else { return occupied }
        func snap(_ value: Double) -> Double { (value * scale).rounded() / scale }
        return Size(
            width: snap(origin.x + occupied.width) - snap(origin.x),
            height: snap(origin.y + occupied.height) - snap(origin.y))
    }

    /// A transparent node's frame is the union of its members'; one with none gets an
    /// empty frame at its parent's origin.
    mutating func frameTransparentNodes() {
        // Most trees have none (the decoder says so): then no pass over the nodes.
        guard tree.hasTransparentNodes else { return }
        let nodes = tree.nodes
        var unioned = [Bool](repeating: false, count: nodes.count)
        // Members come after their parent in the arena, so one backward pass suffices.
        for index in stride(from: nodes.count - 1, through: 1, by: -1) where placed[index] {
            let parent = Int(nodes[index].parent)
            guard parent >= 0, case .transparent = nodes[parent].kind, nodes[parent].hasFrame else { continue }
            frames[parent] = unioned[parent] ? frames[parent].union(frames[index]) : frames[index]
            unioned[parent] = true
            placed[parent] = true
        }
        for index in nodes.indices where !placed[index] && nodes[index].hasFrame {
            guard case .transparent = nodes[index].kind else { continue }
            let parent = Int(nodes[index].parent)
            let origin = parent >= 0 && placed[parent] ? frames[parent].origin : .zero
            frames[index] = Rect(origin: origin, size: .zero)
            placed[index] = true
        }
    }

    /// Right-to-left: the whole layout mirrored across the bounds.
    mutating func mirror(width: Double) {
        for index in frames.indices where placed[index] {
            frames[index].origin.x = width - frames[index].origin.x - frames[index].size.width
        }
    }

    /// Edges rounded to multiples of 1/scale, sizes derived from them (as browsers do).
    mutating func round(scale: Double) {
        func snap(_ value: Double) -> Double { (value * scale).rounded() / scale }
        for index in frames.indices where placed[index] {
            let frame = frames[index]
            let left = snap(frame.x), top = snap(frame.y)
            frames[index] = Rect(x: left, y: top, width: snap(frame.maxX) - left, height: snap(frame.maxY) - top)
        }
    }
}
