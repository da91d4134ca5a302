/// Sizing, placement and alignment guides through one level of a node's modifier chain.
extension LayoutComputer {
    @inline(__always)
    func modifier(_ node: Int, level: Int) -> Modifier {
        tree.modifiers[Int(tree.nodes[node].modifierStart) + level - 1]
    }

    /// The node's size at `level` of its chain. Down the chain to the first level that
    /// answers on its own (the content, `position`, a frame fixed on both axes), each
    /// level passing its child the proposal it makes; then back up, each level turning
    /// its child's size into its own. A loop over the chain, not a call per level: the
    /// chain's length comes from the request (issue 8). The levels passed on the way down
    /// wait in a block on the stack (large chains: on the heap), not in an array of the
    /// computer's: its appends cost a uniqueness check each.
    mutating func modifierSize(_ node: Int, level: Int, _ proposal: ProposedSize) -> Size {
        // One level (most chains): its step down and back up, without the block of levels
        // passed (setting it up cost more than the step).
        if level == 1 {
            // Padding and frames (most one-level chains) in one read of the
            // modifier, the padding resolved once: `stepDown` and `stepUp` each read it.
            switch modifier(node, level: 1) {
            case .padding(let spec):
                let insets = spec.resolve(against: proposal)
                let child = size(node, level: 0, Self.inset(proposal, by: insets))
                return Size(width: child.width + insets.horizontal, height: child.height + insets.vertical)
            case .flexibleFrame(let spec):
                // The child's size first: a non-mutating call whose argument mutates the
                // computer would take a copy of the whole computer.
                let child = size(node, level: 0, flexibleFrameChildProposal(spec, proposal))
                return flexibleFrameSize(spec, proposal, child: child)
            case .frame(let width, let height, _):
                // `stepDown` and `stepUp` of a frame, in one read of it.
                let fixedWidth = width?.resolve(against: proposal.width)
                let fixedHeight = height?.resolve(against: proposal.height)
                if let fixedWidth, let fixedHeight { return Size(width: fixedWidth, height: fixedHeight) }
                let child = size(
                    node, level: 0,
                    ProposedSize(width: fixedWidth ?? proposal.width, height: fixedHeight ?? proposal.height))
                return Size(width: fixedWidth ?? child.width, height: fixedHeight ?? child.height)
            default:
                break
            }
            switch stepDown(node, level: 1, proposal) {
            case .answered(let size): return size
            case .through(let childProposal): return size(node, level: 0, childProposal)
            case .passed(let childProposal): return stepUp(node, level: 1, proposal, child: size(node, level: 0, childProposal))
            }
        }
        return withUnsafeTemporaryAllocation(of: (level: Int32, proposal: ProposedSize).self, capacity: max(level, 0)) {
            modifierSize(node, level: level, proposal, passed: $0)
        }
    }

    /// What one level of a chain does on the way down in `modifierSize`.
    enum ChainStep {
        /// The level's size, without asking its child (`position`, a frame fixed on both axes).
        case answered(Size)
        /// The child's proposal; the level turns the child's size into its own (`stepUp`).
        case passed(ProposedSize)
        /// The child's proposal; the level's size is the child's.
        case through(ProposedSize)
    }

    @inline(__always)
    private mutating func stepDown(_ node: Int, level: Int, _ current: ProposedSize) -> ChainStep {
        switch modifier(node, level: level) {
        case .padding(let spec):
            return .passed(Self.inset(current, by: spec.resolve(against: current)))
        case .frame(let width, let height, _):
            let fixedWidth = width?.resolve(against: current.width)
            let fixedHeight = height?.resolve(against: current.height)
            if let fixedWidth, let fixedHeight { return .answered(Size(width: fixedWidth, height: fixedHeight)) }
            return .passed(ProposedSize(width: fixedWidth ?? current.width, height: fixedHeight ?? current.height))
        case .flexibleFrame(let spec):
            return .passed(flexibleFrameChildProposal(spec, current))
        case .position:
            return .answered(current.replacingUnspecified())
        case .aspectRatio(let ratio, let fill):
            return .through(aspectRatioProposal(node, level: level, ratio: ratio, fill: fill, current))
        case .fixedSize(let horizontal, let vertical):
            return .through(Self.fixing(current, horizontal: horizontal, vertical: vertical))
        case .offset, .layoutPriority, .ignoresSafeArea, .alignmentGuide, .background, .overlay, .gridCell:
            return .through(current)
        }
    }

    /// A level that passed its child `stepDown`'s proposal: its size from the child's.
    /// (Mutating though it writes nothing: called from mutating code, a non-mutating
    /// method took a copy of the whole computer per call.)
    @inline(__always)
    private mutating func stepUp(_ node: Int, level: Int, _ proposal: ProposedSize, child size: Size) -> Size {
        switch modifier(node, level: level) {
        case .padding(let spec):
            let insets = spec.resolve(against: proposal)
            return Size(width: size.width + insets.horizontal, height: size.height + insets.vertical)
        case .frame(let width, let height, _):
            return Size(
                width: width?.resolve(against: proposal.width) ?? size.width,
                height: height?.resolve(against: proposal.height) ?? size.height)
        case .flexibleFrame(let spec):
            return flexibleFrameSize(spec, proposal, child: size)
        default:
            return size
        }
    }

    private mutating func modifierSize(
        _ node: Int, level: Int, _ proposal: ProposedSize,
        passed: UnsafeMutableBufferPointer<(level: Int32, proposal: ProposedSize)>
    ) -> Size {
        var passedCount = 0
        var level = level
        var current = proposal
        var answer: Size?
        chain: while level > 0 {
            switch stepDown(node, level: level, current) {
            case .answered(let size):
                answer = size
                break chain
            case .passed(let childProposal):
                passed[passedCount] = (Int32(level), current)
                passedCount += 1
                current = childProposal
            case .through(let childProposal):
                current = childProposal
            }
            level -= 1
        }
        var size = answer ?? self.size(node, level: 0, current)
        while passedCount > 0 {
            passedCount -= 1
            let (entryLevel, entryProposal) = passed[passedCount]
            size = stepUp(node, level: Int(entryLevel), entryProposal, child: size)
        }
        return size
    }

    /// Places the node's content at `level` of its chain: down the chain, each level
    /// moving the origin and changing the proposal as it places its child; then the
    /// backgrounds and overlays met on the way, innermost first, once what they are laid
    /// behind or over is placed. A loop over the chain, as `modifierSize` is. `size`, when
    /// given, is the size at `level` for `proposal`: a frame there need not work it out.
    mutating func placeModifier(
        _ node: Int, level: Int, _ proposal: ProposedSize, at origin: Point, size levelSize: Size? = nil
    ) {
        let base = layerStack.count
        var level = level
        var current = proposal
        var origin = origin
        // Never known in a profiled layout: it asks every size again, as SwiftUI does.
        var known = profiler == nil ? levelSize : nil
        while level > 0 {
            switch modifier(node, level: level) {
            case .padding(let spec):
                let insets = spec.resolve(against: current)
                origin = Point(x: origin.x + insets.leading, y: origin.y + insets.top)
                current = Self.inset(current, by: insets)
                known = nil
            case .offset(let x, let y):
                origin = origin + Point(x: x.resolve(against: current.width) ?? 0, y: y.resolve(against: current.height) ?? 0)
            case .background, .overlay:
                // What it is laid behind or over is this level's size, when at hand.
                layerStack.append((Int32(level), current, origin, known))
            case .fixedSize(let horizontal, let vertical):
                current = Self.fixing(current, horizontal: horizontal, vertical: vertical)
                known = nil
            case .aspectRatio(let ratio, let fill):
                current = aspectRatioProposal(node, level: level, ratio: ratio, fill: fill, current)
                known = nil
            case .frame, .flexibleFrame, .position:
                let (childProposal, offset, childSize) = childPlacement(node, level: level, current, size: known)
                current = childProposal
                origin = origin + offset
                known = profiler == nil ? childSize : nil
            case .layoutPriority, .ignoresSafeArea, .alignmentGuide, .gridCell:
                break
            }
            // `known` is now the next level's size for `current`: the size a frame aligned
            // its child by, or this level's own through a modifier that passes its
            // proposal and size on (offset, background, ...); else unknown.
            level -= 1
        }
        if let known, tree.nodes[node].traits.isLeaf {
            // Asked again, it was a lookup per leaf under a frame.
            placeLeafContent(node, at: origin, size: known)
        } else {
            place(node, level: 0, current, at: origin)
        }
        while layerStack.count > base {
            let (layerLevel, layerProposal, layerOrigin, layerSize) = layerStack.removeLast()
            switch modifier(node, level: Int(layerLevel)) {
            case .background(let layer, let alignment), .overlay(let layer, let alignment):
                let size = layerSize ?? size(node, level: Int(layerLevel) - 1, layerProposal)
                placeAligned(Int(layer), ProposedSize(size), in: size, alignment: alignment, at: layerOrigin)
            default:
                break
            }
        }
    }

    /// For modifiers that position their child inside themselves: the child's proposal and
    /// its offset from this level's origin, and the child's size when it was worked out
    /// (to align it). `size`, when given, is this level's size for `proposal`.
    mutating func childPlacement(_ node: Int, level: Int, _ proposal: ProposedSize, size known: Size? = nil) -> (
        ProposedSize, Point, Size?
    ) {
        switch modifier(node, level: level) {
        case .padding(let spec):
            let insets = spec.resolve(against: proposal)
            return (Self.inset(proposal, by: insets), Point(x: insets.leading, y: insets.top), nil)
        case .frame(let width, let height, let alignment):
            let childProposal = ProposedSize(
                width: width?.resolve(against: proposal.width) ?? proposal.width,
                height: height?.resolve(against: proposal.height) ?? proposal.height)
            let size = known ?? modifierSize(node, level: level, proposal)
            let (offset, child) = alignedOffset(node, level: level - 1, childProposal, in: size, alignment: alignment)
            return (childProposal, offset, child)
        case .flexibleFrame(let spec):
            let childProposal = flexibleFrameChildProposal(spec, proposal)
            let size = known ?? modifierSize(node, level: level, proposal)
            let (offset, child) = alignedOffset(
                node, level: level - 1, childProposal, in: size, alignment: spec.alignment)
            return (childProposal, offset, child)
        case .position(let x, let y):
            let child = size(node, level: level - 1, proposal)
            let point = Point(x: x.resolve(against: proposal.width) ?? 0, y: y.resolve(against: proposal.height) ?? 0)
            return (proposal, Point(x: point.x - child.width / 2, y: point.y - child.height / 2), child)
        case .fixedSize(let horizontal, let vertical):
            return (Self.fixing(proposal, horizontal: horizontal, vertical: vertical), .zero, nil)
        case .aspectRatio(let ratio, let fill):
            return (aspectRatioProposal(node, level: level, ratio: ratio, fill: fill, proposal), .zero, nil)
        case .offset, .layoutPriority, .ignoresSafeArea, .alignmentGuide, .background, .overlay, .gridCell:
            return (proposal, .zero, known)
        }
    }

    /// Where a child of `level`'s content goes inside a box of `size` so that their
    /// alignment guides meet (SwiftUI aligns by guides, so explicit guides move children).
    mutating func alignedOffset(
        _ node: Int, level: Int, _ proposal: ProposedSize, in size: Size, alignment: Alignment
    ) -> (offset: Point, child: Size) {
        let child = self.size(node, level: level, proposal)
        let childX =
            guideValue(node, level: level, proposal, .horizontal(alignment.horizontal), size: child)
        let childY = guideValue(node, level: level, proposal, .vertical(alignment.vertical), size: child)
        let offset = Point(
            x: alignment.horizontal.defaultValue(width: size.width) - childX,
            y: alignment.vertical.defaultValue(height: size.height) - childY)
        return (offset, child)
    }

    /// Places a whole node aligned inside a box (backgrounds, overlays, grid cells).
    mutating func placeAligned(_ node: Int, _ proposal: ProposedSize, in size: Size, alignment: Alignment, at origin: Point) {
        let (offset, child) = alignedOffset(
            node, level: Int(tree.nodes[node].modifierCount), proposal, in: size, alignment: alignment)
        // Its size is at hand (a profiled layout asks again, as SwiftUI does).
        place(node, proposal, at: origin + offset, size: profiler == nil ? child : nil)
    }

    @inline(__always)
    static func inset(_ proposal: ProposedSize, by insets: EdgeInsets) -> ProposedSize {
        ProposedSize(
            width: proposal.width.map { max($0 - insets.horizontal, 0) },
            height: proposal.height.map { max($0 - insets.vertical, 0) })
    }

    @inline(__always)
    static func fixing(_ proposal: ProposedSize, horizontal: Bool, vertical: Bool) -> ProposedSize {
        ProposedSize(width: horizontal ? nil : proposal.width, height: vertical ? nil : proposal.height)
    }

    /// The node's layout priority: the outermost `layoutPriority` modifier; spacers sit
    /// below everything else unless given one. Its traits say whether it has one, so
    /// that most nodes' modifiers are not read. (Mutating though it writes nothing:
    /// called from mutating code, the non-mutating method copied the whole computer.)
    @inline(__always)
    mutating func layoutPriority(_ node: Int) -> Double {
        let traits = tree.nodes[node].traits
        guard traits.hasLayoutPriority else { return traits.isSpacer ? -.infinity : 0 }
        return writtenLayoutPriority(node)
    }

    /// The outermost `layoutPriority` among the node's modifiers (innermost first).
    @inline(never)
    private func writtenLayoutPriority(_ node: Int) -> Double {
        var priority = 0.0
        let start = Int(tree.nodes[node].modifierStart)
        for index in start..<start + Int(tree.nodes[node].modifierCount) {
            if case .layoutPriority(let value) = tree.modifiers[index] { priority = value }
        }
        return priority
    }

    /// The safe-area edges the node's chain ignores (its `ignoresSafeArea` modifiers'
    /// edges together).
    func ignoredSafeAreaEdges(_ node: Int) -> SafeAreaEdges {
        let record = tree.nodes[node]
        var edges: SafeAreaEdges = []
        for index in Int(record.modifierStart)..<Int(record.modifierStart + record.modifierCount) {
            if case .ignoresSafeArea(let ignored) = tree.modifiers[index] { edges.formUnion(ignored) }
        }
        return edges
    }
}
