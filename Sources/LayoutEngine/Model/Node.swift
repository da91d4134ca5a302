/// One node of the arena. Plain data: children, modifiers and ids are ranges into the
/// tree's shared arrays, so the layout loop does no reference counting.
struct Node: Sendable {
    var kind: NodeKind
    /// The node whose JSON holds this one (or which made it); -1 for the root. Frames of
    /// transparent nodes are unions over the nodes that name them here.
    var parent: Int32
    /// One past the last arena index created for this node's subtree.
    var subtreeEnd: Int32
    /// Layout children (transparent nodes already spliced in), a range of `childList`.
    var childStart: Int32
    var childCount: Int32
    /// Effective modifiers (own, then those of enclosing transparent nodes), innermost
    /// first: a range of `modifiers`.
    var modifierStart: Int32
    var modifierCount: Int32
    /// The stack this node is laid out in, for spacers and dividers.
    var stackContext: StackContext
    /// False for nodes that are validated but never laid out (the header and footer of a
    /// flattened section).
    var hasFrame: Bool
    /// The id's UTF-8 bytes, a range of `idBytes`.
    var idStart: Int32
    var idLength: Int32
    /// The tape entry that locates this node in the request, for error pointers.
    var source: Int32
    /// What its kind and modifiers decide of its layout (NodeTraits.swift): set by the
    /// decoder whenever either is set. (In the padding after `source`: a node stays 64 bytes.)
    var traits: NodeTraits = .placeholder
}

/// Form metrics (API.md §3.5); iOS inset-grouped list defaults.
public struct FormStyle: Hashable, Sendable {
    public var horizontalMargin: Double = 20
    public var rowInsets = EdgeInsets(top: 11, leading: 20, bottom: 11, trailing: 20)
    public var minRowHeight: Double = 44
    public var separatorThickness: Double = 0.5
    public var sectionSpacing: Double = 35
    public var headerSpacing: Double = 6
}

/// One card of a form: a top-level section, or a run of standalone rows.
struct FormCard: Sendable {
    /// The section node, or -1 for an implicit card of standalone rows.
    var section: Int32
    var header: Int32
    var footer: Int32
    /// Rows: a range of `childList`.
    var rowStart: Int32
    var rowCount: Int32
    /// Separators between rows (rowCount - 1 of them): a range of `childList`.
    var separatorStart: Int32
}

struct FormData: Sendable {
    var style: FormStyle
    var cardStart: Int32
    var cardCount: Int32
}

struct GridData: Sendable {
    var alignment: Alignment
    var horizontalSpacing: Double
    var verticalSpacing: Double
}

/// A lazy grid: its items split the cross axis into tracks (Layout/Containers/LazyGridLayout.swift).
struct LazyGridData: Sendable {
    /// `.vertical` for a LazyVGrid (columns across, rows growing down).
    var axis: Axis
    var items: [GridItemSpec]
    var alignment: Alignment
    /// Between consecutive lines (rows of a vgrid, columns of an hgrid).
    var spacing: Double
}

/// SwiftUI's `GridItem`: how one entry of `columns`/`rows` sizes its track(s).
struct GridItemSpec: Hashable, Sendable {
    enum Sizing: Hashable, Sendable {
        case fixed(Double)
        case flexible(minimum: Double, maximum: Double)
        case adaptive(minimum: Double, maximum: Double)
    }

    var sizing: Sizing
    /// After this item's track(s), and between an adaptive item's tracks (8 by default).
    var spacing: Double
}

/// A text leaf as the request gives it; measured during layout by the TextMeasurer.
struct TextData: Sendable {
    var content: String
    var font: TextFont
    var lineLimit: Int?
    var alignment: MultilineTextAlignment = .leading
    var truncation: TruncationMode = .tail
    /// In a `flex` container: CSS line metrics (rounded, as Chromium); else SwiftUI's.
    var css: Bool
}
