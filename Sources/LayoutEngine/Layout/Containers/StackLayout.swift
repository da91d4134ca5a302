/// HStack and VStack, as SWIFTUI-RULES.md describes SwiftUI's algorithm: children are
/// offered space in order of layout priority, then of flexibility (least flexible
/// first), each taking an equal share of what is left; then placed in declaration order.
struct StackPlan {
    var size: Size
    /// What each child was proposed along the stack axis while the stack was sized (its
    /// share, not the size it chose): SwiftUI proposes the same again when placing
    /// (SWIFTUI-RULES.md stack rule 7). Nil: unspecified.
    var majorProposals: [Double?]
    var majorOffsets: [Double]
    var minorOffsets: [Double]
    /// Where the children's minor-axis guides meet, from the stack's minor start.
    var line: Double = 0
    /// The minor size proposed to children when placed: the stack's own when the stack
    /// was offered none. (After sizing alone: the stack's own minor proposal.)
    var minorProposal: Double?

    func placementProposal(_ position: Int, axis: Axis) -> ProposedSize {
        ProposedSize(major: majorProposals[position], minor: minorProposal, axis: axis)
    }
}

extension LayoutComputer {
    /// The stack's size for `proposal`; with `forPlacement`, also where each child goes.
    mutating func stackPlan(
        _ children: UnsafeBufferPointer<Int32>, axis: Axis, alignment: Alignment, spacing: Double?, _ proposal: ProposedSize,
        forPlacement: Bool = false
    ) -> StackPlan {
        let count = children.count
        guard count > 0 else {
            return StackPlan(size: .zero, majorProposals: [], majorOffsets: [], minorOffsets: [], minorProposal: nil)
        }
        // One scratch block per call, from the pooled columns: no heap traffic while sizing.
        let (raw, mark) = stackColumns.take(count * StackScratch.columns)
        defer { stackColumns.giveBack(mark) }
        let scratch = StackScratch(raw, count: count)
        return stackPlan(children, axis: axis, alignment: alignment, spacing: spacing, proposal, scratch, forPlacement)
    }

    /// The stack `node`'s size for `proposal`: sizing alone, without the placement plan's
    /// arrays; remembered with its children's answers (`stackSizings`) for its placement.
    mutating func stackSize(
        _ node: Int, _ children: UnsafeBufferPointer<Int32>, axis: Axis, alignment: Alignment, spacing: Double?,
        _ proposal: ProposedSize
    ) -> Size {
        let count = children.count
        guard count > 0 else { return .zero }
        let (raw, mark) = stackColumns.take(count * StackScratch.columns)
        defer { stackColumns.giveBack(mark) }
        let scratch = StackScratch(raw, count: count)
        let sizing = stackSizing(children, axis: axis, alignment: alignment, spacing: spacing, proposal, scratch)
        // A profiled layout sizes again when placing, as SwiftUI does.
        if profiler == nil {
            stackSizings.remember(node, proposal, size: sizing.size, line: sizing.line, children: children, scratch)
        }
        return sizing.size
    }

    /// The gaps before each child into `scratch.gaps`; returns their sum. (Mutating though
    /// it writes nothing of the computer: called from mutating code, a non-mutating method
    /// took a copy of the whole computer, some 740 bytes, per stack.)
    @discardableResult
    private mutating func fillGaps(_ children: UnsafeBufferPointer<Int32>, spacing: Double?, _ scratch: StackScratch) -> Double {
        let first = children.startIndex
        var totalSpacing = 0.0
        scratch.gaps[0] = 0
        // The stack's own spacing: every gap alike, no child read (summed gap by gap, as
        // below, so the total is the same to the last bit).
        if let spacing {
            for position in 1..<children.count {
                scratch.gaps[position] = spacing
                totalSpacing += spacing
            }
            return totalSpacing
        }
        // Default spacing between neighbours: 8, or 0 next to a spacer (each child's
        // kind read once, not once per neighbour).
        var previousIsSpacer = tree.nodes[Int(children[first])].kind.isSpacer
        for position in 1..<children.count {
            let isSpacer = tree.nodes[Int(children[first + position])].kind.isSpacer
            let gap: Double = previousIsSpacer || isSpacer ? 0 : 8
            previousIsSpacer = isSpacer
            scratch.gaps[position] = gap
            totalSpacing += gap
        }
        return totalSpacing
    }

    /// The stack's size for `proposal`, the children's answers left in `scratch`; `line`
    /// is where their minor-axis guides meet (from the stack's minor start).
    private mutating func stackSizing(
        _ children: UnsafeBufferPointer<Int32>, axis: Axis, alignment: Alignment, spacing: Double?, _ proposal: ProposedSize,
        _ scratch: StackScratch
    ) -> (size: Size, line: Double, minor: Double?) {
        let count = children.count
        let first = children.startIndex
        let totalSpacing = fillGaps(children, spacing: spacing, scratch)
        let minor = proposal.value(along: axis.other)
        if let proposedMajor = proposal.value(along: axis) {
            distribute(children, axis: axis, minor: minor, available: proposedMajor - totalSpacing, scratch)
        } else {
            for position in 0..<count {
                let answer = size(Int(children[first + position]), ProposedSize(major: nil, minor: minor, axis: axis))
                scratch.setAnswer(position, proposal: nil, answer, axis: axis)
            }
        }

        // The minor extent after alignment, from the answers above.
        let minorGuide = Self.guide(on: axis.other, alignment)
        var lowest = Double.infinity, highest = -Double.infinity
        var cursor = 0.0
        var infinite = false
        for position in 0..<count {
            let child = Int(children[first + position])
            cursor += scratch.gaps[position] + scratch.majors[position]
            let answerMinor = scratch.minors[position]
            if answerMinor == .infinity { infinite = true }
            let value: Double
            if tree.nodes[child].traits.hasAlignmentGuide || minorGuide.isBaseline {
                let childProposal = ProposedSize(major: scratch.proposal(position), minor: minor, axis: axis)
                value = guideValue(
                    child, level: Int(tree.nodes[child].modifierCount), childProposal, minorGuide,
                    size: Size(major: scratch.majors[position], minor: answerMinor, axis: axis))
            } else {
                value = minorGuide.defaultValue(answerMinor)
            }
            lowest = min(lowest, -value)
            highest = max(highest, answerMinor - value)
        }
        // A child infinite across the stack (a shape proposed infinity there, as a
        // flexibility probe proposes) makes the stack so: aligned by its centre or trailing
        // edge, the extent above came out as ∞ − ∞, not a number, and a stack of shapes
        // then ranked as no more flexible than a text beside it.
        let extent = infinite ? .infinity : highest - lowest
        return (Size(major: cursor, minor: extent, axis: axis), -lowest, minor)
    }

    /// Where each child goes, after `stackSizing`: its major offset, major proposal (in
    /// `scratch.proposals` already) and minor offset, written to `majorOffsets` and
    /// `minorOffsets`; returns the minor proposal the children are placed with.
    ///
    /// Children are placed with the major proposal they were sized with (their share, not
    /// the size they chose: a child sized relative to its proposal would otherwise shrink
    /// again) and the stack's minor proposal (its own minor size when it had none). The
    /// slots along the axis are the sizes the children chose. Placement sizes may differ
    /// from the sizing pass on the minor axis, so each placed child's guide is aligned
    /// with the line found while sizing.
    @inline(__always)
    private mutating func stackOffsets(
        _ children: UnsafeBufferPointer<Int32>, axis: Axis, alignment: Alignment, _ sizing: (size: Size, line: Double, minor: Double?),
        _ scratch: StackScratch, majorOffsets: UnsafeMutableBufferPointer<Double>,
        minorOffsets: UnsafeMutableBufferPointer<Double>
    ) -> Double {
        let first = children.startIndex
        let minorGuide = Self.guide(on: axis.other, alignment)
        let minorProposal = sizing.minor ?? sizing.size.value(along: axis.other)
        var cursor = 0.0
        for position in 0..<children.count {
            let child = Int(children[first + position])
            cursor += scratch.gaps[position]
            majorOffsets[position] = cursor
            cursor += scratch.majors[position]
            let childProposal = ProposedSize(major: scratch.proposal(position), minor: minorProposal, axis: axis)
            // Proposed as when sized (the stack had a minor proposal): the answer is at hand.
            // (A profiled layout asks again, as SwiftUI does.)
            let childSize =
                sizing.minor != nil && profiler == nil
                ? Size(major: scratch.majors[position], minor: scratch.minors[position], axis: axis)
                : size(child, childProposal)
            let value = guideValue(
                child, level: Int(tree.nodes[child].modifierCount), childProposal, minorGuide, size: childSize)
            minorOffsets[position] = sizing.line - value
        }
        return minorProposal
    }

    private mutating func stackPlan(
        _ children: UnsafeBufferPointer<Int32>, axis: Axis, alignment: Alignment, spacing: Double?, _ proposal: ProposedSize,
        _ scratch: StackScratch, _ forPlacement: Bool
    ) -> StackPlan {
        let sizing = stackSizing(children, axis: axis, alignment: alignment, spacing: spacing, proposal, scratch)
        guard forPlacement else {
            return StackPlan(size: sizing.size, majorProposals: [], majorOffsets: [], minorOffsets: [], minorProposal: sizing.minor)
        }
        let count = children.count
        var majorOffsets = [Double](repeating: 0, count: count)
        var minorOffsets = [Double](repeating: 0, count: count)
        let minorProposal = majorOffsets.withUnsafeMutableBufferPointer { major in
            minorOffsets.withUnsafeMutableBufferPointer { minor in
                stackOffsets(
                    children, axis: axis, alignment: alignment, sizing, scratch, majorOffsets: major, minorOffsets: minor)
            }
        }
        return StackPlan(
            size: sizing.size, majorProposals: (0..<count).map { scratch.proposal($0) }, majorOffsets: majorOffsets,
            minorOffsets: minorOffsets, line: sizing.line, minorProposal: minorProposal)
    }

    /// Sizes the stack `node` for `proposal`, records its frame and places its children:
    /// one scratch block serves both, so placing allocates nothing on the heap. (Inlined
    /// into its one caller: called, it and `stackOffsets` cost some 30 instructions per
    /// node more.)
    @inline(__always)
    mutating func placeStack(
        _ node: Int, _ children: UnsafeBufferPointer<Int32>, axis: Axis, alignment: Alignment, spacing: Double?,
        _ proposal: ProposedSize, at origin: Point
    ) {
        let count = children.count
        guard count > 0 else {
            frames[node] = Rect(origin: origin, size: .zero)
            return
        }
        let (raw, mark) = stackColumns.take(count * (StackScratch.columns + 2))
        defer { stackColumns.giveBack(mark) }
        let scratch = StackScratch(raw, count: count)
        let majorOffsets = UnsafeMutableBufferPointer(rebasing: raw[StackScratch.columns * count..<(StackScratch.columns + 1) * count])
        let minorOffsets = UnsafeMutableBufferPointer(rebasing: raw[(StackScratch.columns + 1) * count..<(StackScratch.columns + 2) * count])
        let sizing: (size: Size, line: Double, minor: Double?)
        if profiler == nil, let known = stackSizings.recall(node, proposal, children: children, scratch) {
            // Sized last with this proposal: its children's shares and answers are at
            // hand; only the gaps are worked out again.
            fillGaps(children, spacing: spacing, scratch)
            sizing = (known.size, known.line, proposal.value(along: axis.other))
        } else if profiler == nil, tree.nodes[node].traits.isContentRigid,
            let known = rigidStackShares(node, children, axis: axis, alignment: alignment, spacing: spacing, proposal, scratch)
        {
            sizing = (known.size, known.line, proposal.value(along: axis.other))
        } else {
            sizing = stackSizing(children, axis: axis, alignment: alignment, spacing: spacing, proposal, scratch)
        }
        frames[node] = Rect(origin: origin, size: sizing.size)
        let minorProposal = stackOffsets(
            children, axis: axis, alignment: alignment, sizing, scratch, majorOffsets: majorOffsets,
            minorOffsets: minorOffsets)
        let first = children.startIndex
        // Proposed as when sized, a plain leaf's frame is its answer then (not in a
        // relayout, which may copy frames, nor a profiled one, which asks again).
        let answersKnown = sizing.minor != nil && profiler == nil && previous == nil
        for position in 0..<count {
            let offset = Point(
                x: axis == .horizontal ? majorOffsets[position] : minorOffsets[position],
                y: axis == .horizontal ? minorOffsets[position] : majorOffsets[position])
            let child = Int(children[first + position])
            let childProposal = ProposedSize(major: scratch.proposal(position), minor: minorProposal, axis: axis)
            guard answersKnown else {
                place(child, childProposal, at: origin + offset)
                continue
            }
            let size = Size(major: scratch.majors[position], minor: scratch.minors[position], axis: axis)
            if isPlainLeaf(child) {
                placeLeaf(child, childProposal, at: origin + offset, size: size)
            } else {
                place(child, childProposal, at: origin + offset, size: size)
            }
        }
    }

    /// A stack of children that answer every proposal alike, sized once (proposed nothing)
    /// and placed with `proposal`: its size, line and its children's answers are those of
    /// that sizing, left in `scratch`, and only their shares for `proposal` are worked out,
    /// as `distribute` would offer them. Nil where that takes more than the answers (the
    /// children ranked by priority, or aligned by guides that may depend on proposals): the
    /// stack is then sized again. Placing stacks of rigid views used to size each again.
    @inline(never)
    private mutating func rigidStackShares(
        _ node: Int, _ children: UnsafeBufferPointer<Int32>, axis: Axis, alignment: Alignment, spacing: Double?,
        _ proposal: ProposedSize, _ scratch: StackScratch
    ) -> (size: Size, line: Double)? {
        let minorGuide = Self.guide(on: axis.other, alignment)
        guard !minorGuide.isBaseline, let known = stackSizings.recall(node, .unspecified, children: children, scratch)
        else { return nil }
        for child in children where tree.nodes[Int(child)].traits.hasAlignmentGuide { return nil }
        let totalSpacing = fillGaps(children, spacing: spacing, scratch)
        // Unspecified along the axis, the shares are too (as recalled).
        guard let proposedMajor = proposal.value(along: axis) else { return known }
        let count = children.count
        let available = proposedMajor - totalSpacing
        if count == 1 || available <= 0 || available.isInfinite {
            let share = count == 1 ? max(available, 0) : (available <= 0 ? 0 : Double.infinity)
            for position in 0..<count { scratch.proposals[position] = share }
            return known
        }
        guard offeredInOrder(children, axis: axis) else { return nil }
        var remaining = available
        for position in 0..<count {
            scratch.proposals[position] = max(remaining / Double(count - position), 0)
            remaining -= scratch.majors[position]
        }
        return known
    }

    /// The guide a stack aligns its children by, on its minor axis.
    @inline(__always)
    static func guide(on axis: Axis, _ alignment: Alignment) -> AlignmentGuide {
        axis == .horizontal ? .horizontal(alignment.horizontal) : .vertical(alignment.vertical)
    }

    /// Steps 3–5 of the stack rules: what each child is proposed along the axis, and its answer.
    private mutating func distribute(
        _ children: UnsafeBufferPointer<Int32>, axis: Axis, minor: Double?, available: Double, _ scratch: StackScratch
    ) {
        let count = children.count
        let first = children.startIndex
        // With no space, every share is max(≤ 0, 0) = 0; with infinite space every share is
        // infinite. Either way the order cannot matter, so the flexibility probes are skipped
        // (they would otherwise multiply the proposals every level of nesting sees).
        if count == 1 || available <= 0 || available.isInfinite {
            let share = count == 1 ? max(available, 0) : (available <= 0 ? 0 : Double.infinity)
            for position in 0..<count {
                let answer = size(Int(children[first + position]), ProposedSize(major: share, minor: minor, axis: axis))
                scratch.setAnswer(position, proposal: share, answer, axis: axis)
            }
            return
        }
        if profiler == nil, offeredInOrder(children, axis: axis) {
            // Offered in declaration order, one group: the loop below without probes or sort.
            var remaining = available
            for position in 0..<count {
                let share = max(remaining / Double(count - position), 0)
                let answer = size(Int(children[first + position]), ProposedSize(major: share, minor: minor, axis: axis))
                scratch.setAnswer(position, proposal: share, answer, axis: axis)
                remaining -= answer.value(along: axis)
            }
            return
        }
        var samePriority = true
        let firstPriority = layoutPriority(Int(children[first]))
        for position in 0..<count {
            let child = Int(children[first + position])
            let priority = layoutPriority(child)
            scratch.priorities[position] = priority
            if priority != firstPriority { samePriority = false }
            let (smallest, largest) = lengthRange(child, axis: axis, minor: minor)
            scratch.minimums[position] = smallest
            scratch.flexibilities[position] = largest - smallest
            scratch.order[position] = Double(position)
        }
        // Highest priority first; then least flexible; between two infinitely flexible
        // children the larger minimum first. Stable: ties keep declaration order.
        scratch.sortOrder(count: count, byPriority: !samePriority)
        var remaining = available
        var groupStart = 0
        while groupStart < count {
            let priority = scratch.priorities[scratch.orderIndex(groupStart)]
            var groupEnd = groupStart
            while groupEnd < count, scratch.priorities[scratch.orderIndex(groupEnd)] == priority { groupEnd += 1 }
            var lowerMinimums = 0.0
            for index in groupEnd..<count { lowerMinimums += scratch.minimums[scratch.orderIndex(index)] }
            var groupAvailable = remaining - lowerMinimums
            var left = groupEnd - groupStart
            for index in groupStart..<groupEnd {
                let position = scratch.orderIndex(index)
                let share = max(groupAvailable / Double(left), 0)
                let answer = size(Int(children[first + position]), ProposedSize(major: share, minor: minor, axis: axis))
                scratch.setAnswer(position, proposal: share, answer, axis: axis)
                let taken = answer.value(along: axis)
                groupAvailable -= taken
                remaining -= taken
                left -= 1
            }
            groupStart = groupEnd
        }
    }

    /// Whether the children all answer every proposal alike, with a finite length along
    /// `axis`, at one priority: then each is exactly as flexible as the next (not at all),
    /// so the sort keeps declaration order, and probing them (which asks each its one
    /// answer) decides nothing (the stacks of rigid views of issue 11).
    private mutating func offeredInOrder(_ children: UnsafeBufferPointer<Int32>, axis: Axis) -> Bool {
        let firstPriority = layoutPriority(Int(children[children.startIndex]))
        for child in children {
            let index = Int(child)
            guard tree.nodes[index].traits.isWholeRigid, layoutPriority(index) == firstPriority,
                size(index, .unspecified).value(along: axis).isFinite
            else { return false }
        }
        return true
    }

    /// The child's length along `axis` when proposed 0 and infinity there (`minor`
    /// across): what ranks its flexibility. A rigid view, a shape, a spacer or a divider
    /// without modifiers answers from its kind alone (`kindSize`), so it is not asked (nor
    /// memoized); a rigid node is asked once. (With the profiler on, every probe is
    /// asked, as SwiftUI asks it.)
    @inline(__always)
    private mutating func lengthRange(_ child: Int, axis: Axis, minor: Double?) -> (Double, Double) {
        let smallestProposal = ProposedSize(major: 0, minor: minor, axis: axis)
        let largestProposal = ProposedSize(major: .infinity, minor: minor, axis: axis)
        if tree.nodes[child].modifierCount == 0, tree.nodes[child].traits.answersFromKind,
            let smallest = kindSize(child, smallestProposal),
            let largest = kindSize(child, largestProposal)
        {
            return (smallest.value(along: axis), largest.value(along: axis))
        }
        if profiler == nil, tree.nodes[child].traits.isWholeRigid {
            let length = size(child, .unspecified).value(along: axis)
            return (length, length)
        }
        let smallest = size(child, smallestProposal).value(along: axis)
        // A child as large as any infinite proposal (a shape, or a stack holding one)
        // answers infinity: known without laying its subtree out once more (NodeTraits.swift).
        if profiler == nil, tree.nodes[child].traits.reach.reaches(along: axis) { return (smallest, .infinity) }
        return (smallest, size(child, largestProposal).value(along: axis))
    }

    mutating func placeStack(_ children: UnsafeBufferPointer<Int32>, _ plan: StackPlan, axis: Axis, at origin: Point) {
        for (position, child) in children.enumerated() {
            let offset = Point(
                x: axis == .horizontal ? plan.majorOffsets[position] : plan.minorOffsets[position],
                y: axis == .horizontal ? plan.minorOffsets[position] : plan.majorOffsets[position])
            place(Int(child), plan.placementProposal(position, axis: axis), at: origin + offset)
        }
    }
}

/// Per-child working columns of one stack layout, carved from one temporary block.
struct StackScratch {
    /// One per buffer below.
    static let columns = 8

    /// The block's start and the children's count: each column is a run of `count`
    /// values in it, found by address when read (carving eight buffers up front cost
    /// more than a stack's reads of them, per stack sizing).
    private let base: UnsafeMutablePointer<Double>?
    private let count: Int

    var gaps: UnsafeMutableBufferPointer<Double> { column(0) }
    /// The major proposal each child got (NaN: unspecified).
    var proposals: UnsafeMutableBufferPointer<Double> { column(1) }
    var majors: UnsafeMutableBufferPointer<Double> { column(2) }
    var minors: UnsafeMutableBufferPointer<Double> { column(3) }
    var priorities: UnsafeMutableBufferPointer<Double> { column(4) }
    var minimums: UnsafeMutableBufferPointer<Double> { column(5) }
    var flexibilities: UnsafeMutableBufferPointer<Double> { column(6) }
    /// Child positions in offering order (stored as Doubles to share the block).
    var order: UnsafeMutableBufferPointer<Double> { column(7) }

    /// `raw` holds at least `columns × count` values (its callers allocate them so).
    init(_ raw: UnsafeMutableBufferPointer<Double>, count: Int) {
        precondition(count >= 0 && raw.count >= Self.columns * count, "stack scratch too small")
        base = raw.baseAddress  // nil only when empty (then so is every column)
        self.count = count
    }

    @inline(__always)
    private func column(_ index: Int) -> UnsafeMutableBufferPointer<Double> {
        UnsafeMutableBufferPointer(start: base.map { $0 + index * count }, count: count)
    }

    @inline(__always)
    func setAnswer(_ position: Int, proposal: Double?, _ answer: Size, axis: Axis) {
        proposals[position] = proposal ?? .nan
        majors[position] = answer.value(along: axis)
        minors[position] = answer.value(along: axis.other)
    }

    @inline(__always)
    func proposal(_ position: Int) -> Double? {
        let value = proposals[position]
        return value.isNaN ? nil : value
    }

    @inline(__always)
    func orderIndex(_ index: Int) -> Int { Int(order[index]) }

    /// Whether child `a` is offered space before child `b`.
    @inline(__always)
    private func precedes(_ a: Int, _ b: Int, byPriority: Bool) -> Bool {
        if byPriority, priorities[a] != priorities[b] { return priorities[a] > priorities[b] }
        if flexibilities[a] != flexibilities[b] { return flexibilities[a] < flexibilities[b] }
        if flexibilities[a].isInfinite, minimums[a] != minimums[b] { return minimums[a] > minimums[b] }
        return false
    }

    /// A stable insertion sort of `order`: stacks are short, and it allocates nothing.
    func sortOrder(count: Int, byPriority: Bool) {
        guard count > 1 else { return }
        for index in 1..<count {
            let moving = order[index]
            var slot = index
            while slot > 0, precedes(Int(moving), Int(order[slot - 1]), byPriority: byPriority) {
                order[slot] = order[slot - 1]
                slot -= 1
            }
            order[slot] = moving
        }
    }
}

extension AlignmentGuide {
    var isBaseline: Bool {
        if case .vertical(let vertical) = self { return vertical.isBaseline }
        return false
    }

    /// The guide's value in a box of `length` along its own axis, when nobody sets it.
    @inline(__always)
    func defaultValue(_ length: Double) -> Double {
        switch self {
        case .horizontal(let alignment): return alignment.defaultValue(width: length)
        case .vertical(let alignment): return alignment.defaultValue(height: length)
        }
    }
}

/// HStack and VStack (and the content of a scroll view) as a `NodeLayout`.
struct StackLayout: NodeLayout {
    let axis: Axis
    let alignment: Alignment
    let spacing: Double?

    func sizeThatFits(_ proposal: ProposedSize, node: Int, in computer: inout LayoutComputer) -> Size {
        computer.stackSize(
            node, computer.layoutChildren(of: node), axis: axis, alignment: alignment, spacing: spacing, proposal)
    }

    func placeSubviews(_ proposal: ProposedSize, node: Int, at origin: Point, in computer: inout LayoutComputer) {
        computer.placeStack(
            node, computer.layoutChildren(of: node), axis: axis, alignment: alignment, spacing: spacing, proposal,
            at: origin)
    }

    /// A stack carries its children's baselines: the first baseline is the topmost, the
    /// last the lowest, as SwiftUI combines them.
    func explicitAlignment(
        _ guide: AlignmentGuide, _ proposal: ProposedSize, node: Int, in computer: inout LayoutComputer
    ) -> Double? {
        guard case .vertical(let vertical) = guide, vertical.isBaseline else { return nil }
        let children = computer.layoutChildren(of: node)
        let plan = computer.stackPlan(
            children, axis: axis, alignment: alignment, spacing: spacing, proposal, forPlacement: true)
        var combined: Double?
        for (position, child) in children.enumerated() {
            let childProposal = plan.placementProposal(position, axis: axis)
            guard
                let value = computer.explicitGuide(
                    Int(child), level: Int(computer.tree.nodes[Int(child)].modifierCount), childProposal, guide)
            else { continue }
            let offsetY = axis == .vertical ? plan.majorOffsets[position] : plan.minorOffsets[position]
            let candidate = value + offsetY
            combined = combined.map { vertical == .firstTextBaseline ? min($0, candidate) : max($0, candidate) } ?? candidate
        }
        return combined
    }
}
