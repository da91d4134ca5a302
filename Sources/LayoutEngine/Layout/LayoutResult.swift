/// The frames of one layout: absolute (relative to the bounds' top-left), after
/// right-to-left mirroring and pixel rounding.
public struct LayoutResult: Sendable {
    /// The root's size.
    public var size: Size
    /// Per node; meaningful where `hasFrame`.
    public var frames: [Rect]
    public var hasFrame: [Bool]
    /// Content sizes of scroll views and forms.
    public var scrollContent: [(node: Int32, size: Size)]
    /// Nodes whose content size was computed (not answered from the memo).
    public var measured: Int
    /// Sizes answered by the shared measurement cache, and frames copied from the
    /// session's previous layout.
    public var reused: Int = 0
    /// The layout ran out of its work budget; its frames are meaningless.
    public var exhausted = false
    /// Per-node measurements, when the request asked for a profile.
    public var profile: LayoutProfile?
    /// What a relayout in place wrote, for the session's diff (nil after a fresh layout,
    /// or when the frames were mirrored or rounded after layout).
    var relayoutLog: RelayoutLog?
    /// How many nodes have frames in the response (placed, and framed by kind), once a
    /// diff has counted them: the next diff of the session starts from it.
    var framedCount: Int?
}

/// An in-place relayout's account of what may differ from the layout it started from:
/// every other node has the same frame (its buffer started as the previous one) and the
/// same subtree hash. Placed flags are compared whole (`LayoutDiff`).
struct RelayoutLog: Sendable {
    /// The nodes whose frames it wrote.
    var written: WrittenNodes
    /// The nodes whose subtree hashes differ from the previous layout's, ascending.
    var changedHashes: [Int32]
}
