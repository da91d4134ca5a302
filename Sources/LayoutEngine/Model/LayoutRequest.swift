/// The environment a tree is laid out in (API.md §1).
public struct LayoutEnvironment: Hashable, Sendable {
    public enum Direction: UInt8, Sendable { case leftToRight, rightToLeft }

    public var layoutDirection: Direction = .leftToRight
    /// Frame edges are rounded to multiples of 1/displayScale; nil keeps exact frames.
    public var displayScale: Double?
    public var safeAreaInsets: EdgeInsets = .zero

    public init() {}
}

/// Per-request output and cache options (API.md §1).
public struct LayoutOptions: Hashable, Sendable {
    public enum Frames: UInt8, Sendable { case all, changed }
    public enum Coordinates: UInt8, Sendable { case absolute, parent }
    public enum CachePolicy: UInt8, Sendable { case use, refresh, none }

    public var frames: Frames = .all
    public var coordinates: Coordinates = .absolute
    public var cache: CachePolicy = .use
    /// Report per-node measurements (`LayoutProfile`); such a layout bypasses the layout cache.
    public var profile = false

    public init() {}
}

/// A decoded `POST /v1/layout` body.
public struct LayoutRequest: Sendable {
    public var bounds: ProposedSize
    public var alignment: Alignment = .center
    public var environment = LayoutEnvironment()
    public var options = LayoutOptions()
    public var session: String?
    public var tree: NodeTree
}
