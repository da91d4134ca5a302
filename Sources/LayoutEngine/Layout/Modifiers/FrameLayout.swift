/// `frame(width:height:)` and `frame(min…ideal…max…)`.
extension LayoutComputer {
    /// The child is proposed the proposal clamped to [min, max], an unspecified proposal
    /// replaced by the ideal size.
    func flexibleFrameChildProposal(_ spec: FlexibleFrameSpec, _ proposal: ProposedSize) -> ProposedSize {
        func axis(_ proposed: Double?, _ bounds: (minimum: Double?, ideal: Double?, maximum: Double?)) -> Double? {
            guard var value = proposed else { return bounds.ideal }
            if let minimum = bounds.minimum { value = max(value, minimum) }
            if let maximum = bounds.maximum { value = min(value, maximum) }
            return value
        }
        return ProposedSize(
            width: axis(proposal.width, spec.widthBounds(against: proposal.width)),
            height: axis(proposal.height, spec.heightBounds(against: proposal.height)))
    }

    /// The frame takes the child's size clamped against the proposal and each given bound:
    /// with both bounds that is the clamped proposal, with one it is the child pushed
    /// towards the proposal up to that bound, with none the child's own size.
    /// (A given axis of `frame(width:height:)` is exactly that size, a missing one the
    /// child's: see `modifierSize`.)
    func flexibleFrameSize(_ spec: FlexibleFrameSpec, _ proposal: ProposedSize, child: Size) -> Size {
        func axis(
            _ childValue: Double, _ proposed: Double?, _ bounds: (minimum: Double?, ideal: Double?, maximum: Double?)
        ) -> Double {
            let target = proposed ?? bounds.ideal
            var result = childValue
            if let minimum = bounds.minimum {
                result = max(minimum, target.map { min(result, $0) } ?? result)
            }
            if let maximum = bounds.maximum {
                result = min(maximum, target.map { max(result, $0) } ?? result)
            }
            return result
        }
        return Size(
            width: axis(child.width, proposal.width, spec.widthBounds(against: proposal.width)),
            height: axis(child.height, proposal.height, spec.heightBounds(against: proposal.height)))
    }
}
