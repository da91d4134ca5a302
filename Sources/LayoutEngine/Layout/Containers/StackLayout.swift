/// HStack and VStack, as SWIFTUI-RULES.md describes SwiftUI's algorithm: children are
/// offered space in order of layout priority, then of flexibility (least flexible
/// first), each taking an equal share of what is left; then placed in declaration order.
struct StackPlan {
    var size: Size
    /// Each child's size along the stack axis (what it is proposed when placed).
    var majorSizes: [Double]
    var majorOffsets: [Double]
    var minorOffsets: [Double]
    /// The minor size proposed to children when placed: the stack's own when the stack
    /// was offered none. (After sizing alone: the stack's own minor proposal.)
    var minorProposal: Double?

    func placementProposal(_ position: Int, axis: Axis) -> ProposedSize {
        ProposedSize(major: majorSizes[position], minor: minorProposal, axis: axis)
    }
}

extension LayoutComputer {
    /// Default spacing between neighbours: 8, or 0 next to a spacer.
    @inline(__always)
    private func gap(_ previous: Int32, _ next: Int32, spacing: Double?) -> Double {
        if let spacing { return spacing }
        return tree.nodes[Int(previous)].kind.isSpacer || tree.nodes[Int(next)].kind.isSpacer ? 0 : 8
    }

    /// The stack's size for `proposal`; with `forPlacement`, also where each child goes.
    mutating func stackPlan(
        _ children: ArraySlice<Int32>, axis: Axis, alignment: Alignment, spacing: Double?, _ proposal: ProposedSize,
        forPlacement: Bool = false
    ) -> StackPlan {
        let count = children.count
        guard count > 0 else {
            return StackPlan(size: .zero, majorSizes: [], majorOffsets: [], minorOffsets: [], minorProposal: nil)
        }
        let first = children.startIndex
        var totalSpacing = 0.0
        var gaps = [Double](repeating: 0, count: count)
        for position in 1..<count {
            gaps[position] = gap(children[first + position - 1], children[first + position], spacing: spacing)
            totalSpacing += gaps[position]
        }
        let minor = proposal.value(along: axis.other)
        // What each child was proposed and answered while sizing.
        var proposals = [Double?](repeating: nil, count: count)
        var sizes = [Size](repeating: .zero, count: count)
        if let proposedMajor = proposal.value(along: axis) {
            distribute(children, axis: axis, minor: minor, available: proposedMajor - totalSpacing, &proposals, &sizes)
        } else {
            for position in 0..<count {
                sizes[position] = size(Int(children[first + position]), ProposedSize(major: nil, minor: minor, axis: axis))
            }
        }

        // The minor extent after alignment, from the answers above.
        let minorGuide = Self.guide(on: axis.other, alignment)
        var lowest = Double.infinity, highest = -Double.infinity
        var majorOffsets = [Double](repeating: 0, count: forPlacement ? count : 0)
        var cursor = 0.0
        for position in 0..<count {
            let child = Int(children[first + position])
            cursor += gaps[position]
            if forPlacement { majorOffsets[position] = cursor }
            cursor += sizes[position].value(along: axis)
            let childProposal = ProposedSize(major: proposals[position], minor: minor, axis: axis)
            let value = guideValue(
                child, level: Int(tree.nodes[child].modifierCount), childProposal, minorGuide, size: sizes[position])
            lowest = min(lowest, -value)
            highest = max(highest, sizes[position].value(along: axis.other) - value)
        }
        let minorExtent = highest - lowest
        let stackSize = Size(major: cursor, minor: minorExtent, axis: axis)
        let majors = sizes.map { $0.value(along: axis) }
        guard forPlacement else {
            return StackPlan(size: stackSize, majorSizes: majors, majorOffsets: [], minorOffsets: [], minorProposal: minor)
        }

        // Children are placed with their own major size proposed and the stack's minor
        // proposal (its own minor size when it had none); placement sizes may differ from
        // the sizing pass, so each placed child's guide is aligned with the line found above.
        let minorProposal = minor ?? minorExtent
        var minorOffsets = [Double](repeating: 0, count: count)
        let line = -lowest
        for position in 0..<count {
            let child = Int(children[first + position])
            let childProposal = ProposedSize(major: majors[position], minor: minorProposal, axis: axis)
            let childSize = size(child, childProposal)
            let value = guideValue(
                child, level: Int(tree.nodes[child].modifierCount), childProposal, minorGuide, size: childSize)
            minorOffsets[position] = line - value
        }
        return StackPlan(
            size: stackSize, majorSizes: majors, majorOffsets: majorOffsets, minorOffsets: minorOffsets,
            minorProposal: minorProposal)
    }

    /// The guide a stack aligns its children by, on its minor axis.
    @inline(__always)
    static func guide(on axis: Axis, _ alignment: Alignment) -> AlignmentGuide {
        axis == .horizontal ? .horizontal(alignment.horizontal) : .vertical(alignment.vertical)
    }

    /// Steps 3–5 of the stack rules: what each child is proposed along the axis, and its answer.
    private mutating func distribute(
        _ children: ArraySlice<Int32>, axis: Axis, minor: Double?, available: Double, _ proposals: inout [Double?],
        _ sizes: inout [Size]
    ) {
        let count = children.count
        let first = children.startIndex
        // With no space, every share is max(≤ 0, 0) = 0; with infinite space every share is
        // infinite. Either way the order cannot matter, so the flexibility probes are skipped
        // (they would otherwise multiply the proposals every level of nesting sees).
        if count == 1 || available <= 0 || available.isInfinite {
            let share = count == 1 ? max(available, 0) : (available <= 0 ? 0 : Double.infinity)
            for position in 0..<count {
                proposals[position] = share
                sizes[position] = size(Int(children[first + position]), ProposedSize(major: share, minor: minor, axis: axis))
            }
            return
        }
        var priorities = [Double](repeating: 0, count: count)
        var minimums = [Double](repeating: 0, count: count)
        var flexibilities = [Double](repeating: 0, count: count)
        var samePriority = true
        for position in 0..<count {
            let child = Int(children[first + position])
            priorities[position] = layoutPriority(child)
            if priorities[position] != priorities[0] { samePriority = false }
            let smallest = size(child, ProposedSize(major: 0, minor: minor, axis: axis)).value(along: axis)
            let largest = size(child, ProposedSize(major: .infinity, minor: minor, axis: axis)).value(along: axis)
            minimums[position] = smallest
            flexibilities[position] = largest - smallest
        }
        // Highest priority first; then least flexible; between two infinitely flexible
        // children the larger minimum first. Stable: ties keep declaration order.
        let order = (0..<count).sorted { a, b in
            if !samePriority, priorities[a] != priorities[b] { return priorities[a] > priorities[b] }
            if flexibilities[a] != flexibilities[b] { return flexibilities[a] < flexibilities[b] }
            if flexibilities[a].isInfinite, minimums[a] != minimums[b] { return minimums[a] > minimums[b] }
            return a < b
        }
        var remaining = available
        var groupStart = 0
        while groupStart < count {
            let priority = priorities[order[groupStart]]
            var groupEnd = groupStart
            while groupEnd < count, priorities[order[groupEnd]] == priority { groupEnd += 1 }
            var lowerMinimums = 0.0
            for index in groupEnd..<count { lowerMinimums += minimums[order[index]] }
            var groupAvailable = remaining - lowerMinimums
            var left = groupEnd - groupStart
            for index in groupStart..<groupEnd {
                let position = order[index]
                let share = max(groupAvailable / Double(left), 0)
                let child = Int(children[first + position])
                let answer = size(child, ProposedSize(major: share, minor: minor, axis: axis))
                proposals[position] = share
                sizes[position] = answer
                let taken = answer.value(along: axis)
                groupAvailable -= taken
                remaining -= taken
                left -= 1
            }
            groupStart = groupEnd
        }
    }

    mutating func placeStack(_ children: ArraySlice<Int32>, _ plan: StackPlan, axis: Axis, at origin: Point) {
        for (position, child) in children.enumerated() {
            let offset = Point(
                x: axis == .horizontal ? plan.majorOffsets[position] : plan.minorOffsets[position],
                y: axis == .horizontal ? plan.minorOffsets[position] : plan.majorOffsets[position])
            place(Int(child), plan.placementProposal(position, axis: axis), at: origin + offset)
        }
    }
}
