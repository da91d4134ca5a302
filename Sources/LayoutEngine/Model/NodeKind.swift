/// What a node is, with the fields its layout needs.
enum NodeKind: Sendable {
    /// A rigid leaf of intrinsic size.
    case view(Size)
    /// A shape or color: takes the proposal; `ideal` for an unspecified axis.
    case rect(ideal: Size)
    case image(size: Size, resizable: Bool)
    /// Index into `NodeTree.texts`.
    case text(Int32)
    case spacer(minLength: Double)
    case divider(thickness: Double)
    case stack(axis: Axis, alignment: Alignment, spacing: Double?)
    /// LazyVStack / LazyHStack (Layout/Containers/LazyStackLayout.swift).
    case lazyStack(axis: Axis, alignment: Alignment, spacing: Double?)
    /// LazyVGrid / LazyHGrid: index into `NodeTree.lazyGrids`.
    case lazyGrid(Int32)
    /// ViewThatFits, constrained on these axes.
    case viewThatFits(ScrollAxes)
    case zstack(Alignment)
    case scroll(ScrollAxes)
    case geometry
    /// Index into `NodeTree.grids`.
    case grid(Int32)
    case gridRow(VerticalAlignment?)
    /// Index into `NodeTree.forms`.
    case form(Int32)
    /// A top-level section of a form (laid out by the form).
    case section
    /// A CSS flex container (Flex/); its style is `NodeTree.flexStyles[index]`.
    case flex(Int32)
    /// Group, divided, foreach copy source, flattened section: its frame is the union
    /// of its members' frames; it is never laid out itself.
    case transparent

    var isSpacer: Bool {
        if case .spacer = self { return true }
        return false
    }
}

/// One axis or both: a scroll view's scrolling axes, a ViewThatFits's constrained axes.
public enum ScrollAxes: UInt8, Sendable {
    case vertical, horizontal, both

    /// The axis along which a scroll view stacks its children.
    var stackAxis: Axis { self == .horizontal ? .horizontal : .vertical }
    var scrollsHorizontally: Bool { self != .vertical }
    var scrollsVertically: Bool { self != .horizontal }
}

/// The stack a leaf sits in, which decides how spacers and dividers behave.
enum StackContext: UInt8, Sendable {
    case none, horizontal, vertical

    init(_ axis: Axis) { self = axis == .horizontal ? .horizontal : .vertical }

    var axis: Axis? {
        switch self {
        case .none: return nil
        case .horizontal: return .horizontal
        case .vertical: return .vertical
        }
    }
}
