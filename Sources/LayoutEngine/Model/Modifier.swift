/// One view modifier. A node's modifiers are stored innermost first, as SwiftUI chains them.
enum Modifier: Sendable, Equatable {
    case padding(PaddingSpec)
    case frame(width: Length?, height: Length?, alignment: Alignment)
    case flexibleFrame(FlexibleFrameSpec)
    case offset(x: Length, y: Length)
    case position(x: Length, y: Length)
    case aspectRatio(ratio: Double?, fill: Bool)
    case fixedSize(horizontal: Bool, vertical: Bool)
    case layoutPriority(Double)
    /// `node` is the content's index in the arena.
    case background(node: Int32, alignment: Alignment)
    case overlay(node: Int32, alignment: Alignment)
    /// The node extends through the safe-area edges its frame touches (SafeAreaLayout.swift).
    case ignoresSafeArea(SafeAreaEdges)
    case alignmentGuide(AlignmentGuide, value: Double)
    /// `gridCellColumns`, `gridColumnAlignment`, `gridCellAnchor`, `gridCellUnsizedAxes`:
    /// read by a Grid around the node (GridLayout.swift); no effect on the node's own layout.
    case gridCell(GridCellSpec)
}

/// What one grid-cell modifier sets (nil: not this one); a node's several merge, the
/// outermost winning.
struct GridCellSpec: Hashable, Sendable {
    var columns: Int?
    var columnAlignment: HorizontalAlignment?
    /// A unit point: 0 leading/top, 1 trailing/bottom.
    var anchor: UnitPoint?
    var unsizedAxes: ScrollAxes?
}

struct UnitPoint: Hashable, Sendable {
    var x: Double
    var y: Double
}

/// Edges of the safe area, as SwiftUI's `Edge.Set`.
struct SafeAreaEdges: OptionSet, Hashable, Sendable {
    let rawValue: UInt8
    static let top = SafeAreaEdges(rawValue: 1)
    static let leading = SafeAreaEdges(rawValue: 2)
    static let bottom = SafeAreaEdges(rawValue: 4)
    static let trailing = SafeAreaEdges(rawValue: 8)
    static let all: SafeAreaEdges = [.top, .leading, .bottom, .trailing]
}
