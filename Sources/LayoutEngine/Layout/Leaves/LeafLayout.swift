/// Spacers and dividers: their shape depends on the stack they sit in.
extension LayoutComputer {
    /// Along the stack axis: the proposal, but at least `minLength` (unspecified →
    /// `minLength`); across it: 0. Outside a stack: that rule on both axes.
    func spacerSize(_ minLength: Double, context: StackContext, _ proposal: ProposedSize) -> Size {
        func grow(_ proposed: Double?) -> Double { max(proposed ?? -.infinity, minLength) }
        switch context.axis {
        case .horizontal?: return Size(width: grow(proposal.width), height: 0)
        case .vertical?: return Size(width: 0, height: grow(proposal.height))
        case nil: return Size(width: grow(proposal.width), height: grow(proposal.height))
        }
    }

    /// `thickness` along the stack axis, the proposal across (0 when unspecified). Outside
    /// a stack a divider is horizontal, as in a VStack.
    func dividerSize(_ thickness: Double, context: StackContext, _ proposal: ProposedSize) -> Size {
        if context == .horizontal {
            return Size(width: thickness, height: proposal.height ?? 0)
        }
        return Size(width: proposal.width ?? 0, height: thickness)
    }
}
