/// `aspectRatio(_:contentMode:)`.
extension LayoutComputer {
    /// The largest (fit) or smallest (fill) size of the ratio within or around the
    /// proposal; with one axis unspecified, the other decides; with both, nil passes
    /// through. Without a ratio, the child's ideal size gives it.
    mutating func aspectRatioProposal(
        _ node: Int, level: Int, ratio: Double?, fill: Bool, _ proposal: ProposedSize
    ) -> ProposedSize {
        let aspect: Double
        if let ratio {
            aspect = ratio
        } else {
            let ideal = size(node, level: level - 1, .unspecified)
            guard ideal.width > 0, ideal.height > 0 else { return proposal }
            aspect = ideal.width / ideal.height
        }
        switch (proposal.width, proposal.height) {
        case (nil, nil):
            return proposal
        case (let width?, nil):
            return ProposedSize(width: width, height: width / aspect)
        case (nil, let height?):
            return ProposedSize(width: height * aspect, height: height)
        case (let width?, let height?):
            let widthFromHeight = height * aspect
            let chosen = fill ? max(width, widthFromHeight) : min(width, widthFromHeight)
            if chosen.isInfinite { return ProposedSize(width: width, height: height) }
            return ProposedSize(width: chosen, height: chosen / aspect)
        }
    }
}
