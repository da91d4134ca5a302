/// Alignment guides: a view's explicit value for a guide (set by `alignmentGuide`, or a
/// text baseline, carried up through modifiers and containers), else the guide's default.
extension LayoutComputer {
    mutating func guideValue(_ node: Int, level: Int, _ proposal: ProposedSize, _ guide: AlignmentGuide, size: Size)
        -> Double
    {
        if let explicit = explicitGuide(node, level: level, proposal, guide) { return explicit }
        switch guide {
        case .horizontal(let alignment): return alignment.defaultValue(width: size.width)
        case .vertical(let alignment): return alignment.defaultValue(height: size.height)
        }
    }

    /// Fast path: only baselines and explicit `alignmentGuide`s ever have explicit values.
    @inline(__always)
    private func mayHaveExplicitGuide(_ node: Int, _ guide: AlignmentGuide) -> Bool {
        guide.isBaseline || hasExplicitGuides[node]
    }

    mutating func explicitGuide(_ node: Int, level: Int, _ proposal: ProposedSize, _ guide: AlignmentGuide) -> Double? {
        guard mayHaveExplicitGuide(node, guide) else { return nil }
        if level == 0 { return contentGuide(node, proposal, guide) }
        switch modifier(node, level: level) {
        case .alignmentGuide(let own, let value) where own == guide:
            return value
        case .offset:
            // An offset moves the rendering, not the layout.
            return explicitGuide(node, level: level - 1, proposal, guide)
        default:
            let (childProposal, offset) = childPlacement(node, level: level, proposal)
            guard let value = explicitGuide(node, level: level - 1, childProposal, guide) else { return nil }
            switch guide {
            case .horizontal: return value + offset.x
            case .vertical: return value + offset.y
            }
        }
    }

    /// The content's own value, from its kind's layout (text knows its baselines, stacks
    /// carry their children's).
    private mutating func contentGuide(_ node: Int, _ proposal: ProposedSize, _ guide: AlignmentGuide) -> Double? {
        ask(GuideQuestion(guide: guide, proposal: proposal), node: node)
    }
}
