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

/// A rigid view (`view`, a fixed-size `image`): always its intrinsic size.
struct RigidLayout: NodeLayout {
    let size: Size

    func sizeThatFits(_ proposal: ProposedSize, node: Int, in computer: inout LayoutComputer) -> Size { size }
}

/// A shape or color (`rect`, a resizable `image`): the proposal; its ideal size where unspecified.
struct ShapeLayout: NodeLayout {
    let ideal: Size

    func sizeThatFits(_ proposal: ProposedSize, node: Int, in computer: inout LayoutComputer) -> Size {
        LayoutComputer.fill(proposal, ideal: ideal)
    }
}

struct SpacerLayout: NodeLayout {
    let minLength: Double

    func sizeThatFits(_ proposal: ProposedSize, node: Int, in computer: inout LayoutComputer) -> Size {
        computer.spacerSize(minLength, context: computer.tree.nodes[node].stackContext, proposal)
    }
}

struct DividerLayout: NodeLayout {
    let thickness: Double

    func sizeThatFits(_ proposal: ProposedSize, node: Int, in computer: inout LayoutComputer) -> Size {
        computer.dividerSize(thickness, context: computer.tree.nodes[node].stackContext, proposal)
    }
}

/// Text (TextLayout.swift): wrapped lines; it knows its first and last baselines.
struct TextLeafLayout: NodeLayout {
    let text: Int

    func sizeThatFits(_ proposal: ProposedSize, node: Int, in computer: inout LayoutComputer) -> Size {
        computer.textSize(text, proposal)
    }

    func explicitAlignment(
        _ guide: AlignmentGuide, _ proposal: ProposedSize, node: Int, in computer: inout LayoutComputer
    ) -> Double? {
        guard case .vertical(let vertical) = guide, vertical.isBaseline else { return nil }
        let lines = computer.textLines(text, proposal)
        return vertical == .firstTextBaseline ? lines.firstBaseline : lines.lastBaseline
    }
}

/// Gridrows, form sections and transparent nodes: laid out by their container as part
/// of it, never on their own (asked alone they are empty).
struct MemberLayout: NodeLayout {
    func sizeThatFits(_ proposal: ProposedSize, node: Int, in computer: inout LayoutComputer) -> Size { .zero }
}
