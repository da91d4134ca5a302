/// Alignment guides: a view's explicit value for a guide (set by `alignmentGuide`, or a
/// text baseline, carried up through modifiers and containers), else the guide's default.
extension LayoutComputer {
    /// Inlined with its fast path: most nodes have no explicit value for most guides, and
    /// the call to `explicitGuide` cost more than the check.
    @inline(__always)
    mutating func guideValue(_ node: Int, level: Int, _ proposal: ProposedSize, _ guide: AlignmentGuide, size: Size)
        -> Double
    {
        if mayHaveExplicitGuide(node, guide), let explicit = explicitGuide(node, level: level, proposal, guide) {
            return explicit
        }
        switch guide {
        case .horizontal(let alignment): return alignment.defaultValue(width: size.width)
        case .vertical(let alignment): return alignment.defaultValue(height: size.height)
        }
    }

    /// Fast path: only baselines and explicit `alignmentGuide`s ever have explicit values.
    @inline(__always)
    private func mayHaveExplicitGuide(_ node: Int, _ guide: AlignmentGuide) -> Bool {
        guide.isBaseline || tree.nodes[node].traits.hasAlignmentGuide
    }

    /// The value of `guide` at `level` of the node's chain, if anything sets it: down the
    /// chain (a loop, as `modifierSize` is) to an `alignmentGuide` for it or to the
    /// content, then the offsets of the levels passed added back, innermost first.
    mutating func explicitGuide(_ node: Int, level: Int, _ proposal: ProposedSize, _ guide: AlignmentGuide) -> Double? {
        guard mayHaveExplicitGuide(node, guide) else { return nil }
        let base = guideOffsets.count
        defer { guideOffsets.removeSubrange(base...) }
        var level = level
        var current = proposal
        var value: Double?
        chain: while true {
            if level == 0 {
                value = contentGuide(node, current, guide)
                break chain
            }
            switch modifier(node, level: level) {
            case .alignmentGuide(let own, let explicit) where own == guide:
                value = explicit
                break chain
            case .offset:
                // An offset moves the rendering, not the layout.
                break
            default:
                let (childProposal, offset, _) = childPlacement(node, level: level, current)
                current = childProposal
                switch guide {
                case .horizontal: guideOffsets.append(offset.x)
                case .vertical: guideOffsets.append(offset.y)
                }
            }
            level -= 1
        }
        guard var result = value else { return nil }
        for index in stride(from: guideOffsets.count - 1, through: base, by: -1) { result += guideOffsets[index] }
        return result
    }

    /// The content's own value, from its kind's layout (text knows its baselines, stacks
    /// carry their children's).
    private mutating func contentGuide(_ node: Int, _ proposal: ProposedSize, _ guide: AlignmentGuide) -> Double? {
        ask(GuideQuestion(guide: guide, proposal: proposal), node: node)
    }
}
