/// Taffy's sizing mode: `contentSize` ignores the node's own width/height (used when a
/// flex container asks for an item's content size, e.g. for its flex base size).
enum FlexSizingMode: UInt8, Sendable { case inherentSize, contentSize }

/// What a flex container asks of one of its items (or the block-level wrapper of the
/// root asks of the container): Taffy's `LayoutInput`.
struct FlexInputs: Sendable {
    /// Border-box sizes the caller has already decided.
    var knownWidth: Double?
    var knownHeight: Double?
    /// The containing block, for percentages (nil: indefinite).
    var parentWidth: Double?
    var parentHeight: Double?
    var availableWidth: AvailableSpace
    var availableHeight: AvailableSpace
    var sizing: FlexSizingMode
    /// `knownHeight` is a used height that is not definite (CSS Flexbox §9.8): an item's
    /// content-sized cross size, or its main size in a content-sized column. Percentage
    /// heights inside the node then behave as `auto`, as in Chromium. (Widths are always
    /// definite once known: Blink resolves inline sizes before laying out.)
    var heightIsIndefinite = false
    /// `knownHeight` is the height the node's own ratio gives its width (a row item's
    /// hypothetical cross size, not stretched to another): its content's percentages
    /// resolve against the height transferred from the width, not against the content
    /// that grew it (CSS Sizing 4 §5.2). (Not in the memo's key: a size question with
    /// both sizes known is answered before any percentage.)
    var heightIsTransferred = false
}
