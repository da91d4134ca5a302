/// One node kind's layout: the three questions SwiftUI's `Layout` protocol asks a container
/// (`sizeThatFits`, `placeSubviews`, `explicitAlignment`). Each kind answers them in its own
/// file, about its content only: `LayoutComputer` wraps the node's modifiers around it.
///
/// To add a kind: a `NodeKind` case, a type conforming here, and its line in
/// `LayoutComputer.ask` — the one switch over kinds, which the compiler keeps exhaustive.
protocol NodeLayout {
    /// The content's size for `proposal`.
    func sizeThatFits(_ proposal: ProposedSize, node: Int, in computer: inout LayoutComputer) -> Size
    /// Records the content's frame, its top-left at `origin`, and places its children.
    func placeSubviews(_ proposal: ProposedSize, node: Int, at origin: Point, in computer: inout LayoutComputer)
    /// The content's own value for `guide` (a baseline, say), nil when the default applies.
    func explicitAlignment(
        _ guide: AlignmentGuide, _ proposal: ProposedSize, node: Int, in computer: inout LayoutComputer
    ) -> Double?
}

extension NodeLayout {
    /// A leaf's frame is its size; it has no children to place.
    func placeSubviews(_ proposal: ProposedSize, node: Int, at origin: Point, in computer: inout LayoutComputer) {
        computer.frames[node] = Rect(origin: origin, size: computer.level0Size(node, proposal))
    }

    func explicitAlignment(
        _ guide: AlignmentGuide, _ proposal: ProposedSize, node: Int, in computer: inout LayoutComputer
    ) -> Double? { nil }
}

/// A question put to whatever layout a node's kind has.
protocol LayoutQuestion {
    associatedtype Answer
    func ask<Layout: NodeLayout>(_ layout: Layout, node: Int, in computer: inout LayoutComputer) -> Answer
}

struct SizeQuestion: LayoutQuestion {
    let proposal: ProposedSize
    func ask<Layout: NodeLayout>(_ layout: Layout, node: Int, in computer: inout LayoutComputer) -> Size {
        layout.sizeThatFits(proposal, node: node, in: &computer)
    }
}

struct PlaceQuestion: LayoutQuestion {
    let proposal: ProposedSize
    let origin: Point
    func ask<Layout: NodeLayout>(_ layout: Layout, node: Int, in computer: inout LayoutComputer) {
        layout.placeSubviews(proposal, node: node, at: origin, in: &computer)
    }
}

struct GuideQuestion: LayoutQuestion {
    let guide: AlignmentGuide
    let proposal: ProposedSize
    func ask<Layout: NodeLayout>(_ layout: Layout, node: Int, in computer: inout LayoutComputer) -> Double? {
        layout.explicitAlignment(guide, proposal, node: node, in: &computer)
    }
}

extension LayoutComputer {
    /// The one switch over node kinds: each kind to its layout.
    @inline(__always)
    mutating func ask<Question: LayoutQuestion>(_ question: Question, node: Int) -> Question.Answer {
        switch tree.nodes[node].kind {
        case .view(let size): return question.ask(RigidLayout(size: size), node: node, in: &self)
        case .rect(let ideal): return question.ask(ShapeLayout(ideal: ideal), node: node, in: &self)
        case .image(let size, let resizable):
            return resizable
                ? question.ask(ShapeLayout(ideal: size), node: node, in: &self)
                : question.ask(RigidLayout(size: size), node: node, in: &self)
        case .text(let text): return question.ask(TextLeafLayout(text: Int(text)), node: node, in: &self)
        case .spacer(let minLength): return question.ask(SpacerLayout(minLength: minLength), node: node, in: &self)
        case .divider(let thickness): return question.ask(DividerLayout(thickness: thickness), node: node, in: &self)
        case .stack(let axis, let alignment, let spacing):
            return question.ask(StackLayout(axis: axis, alignment: alignment, spacing: spacing), node: node, in: &self)
        case .lazyStack(let axis, let alignment, let spacing):
            return question.ask(LazyStackLayout(axis: axis, alignment: alignment, spacing: spacing), node: node, in: &self)
        case .lazyGrid(let grid): return question.ask(LazyGridLayout(grid: tree.lazyGrids[Int(grid)]), node: node, in: &self)
        case .viewThatFits(let axes): return question.ask(ViewThatFitsLayout(axes: axes), node: node, in: &self)
        case .zstack(let alignment): return question.ask(ZStackLayout(alignment: alignment), node: node, in: &self)
        case .scroll(let axes): return question.ask(ScrollLayout(axes: axes), node: node, in: &self)
        case .geometry: return question.ask(GeometryReaderLayout(), node: node, in: &self)
        case .grid(let grid): return question.ask(GridLayout(grid: tree.grids[Int(grid)]), node: node, in: &self)
        case .form(let form): return question.ask(FormLayout(form: tree.forms[Int(form)]), node: node, in: &self)
        case .flex: return question.ask(FlexBoxLayout(), node: node, in: &self)
        case .gridRow, .section, .transparent: return question.ask(MemberLayout(), node: node, in: &self)
        }
    }
}
