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
}
