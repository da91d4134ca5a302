/// What of a question the answer of a container's run can depend on, beyond
/// `computeFlexContainer`'s own rules: the memo keys a question without the rest, so
/// that questions differing only there share one answer (and one run).
extension FlexStyle {
    /// Whether a content-size question (`FlexSizingMode.contentSize`) of a container
    /// with this style has the same answer as the inherent-size one (an item's flex base
    /// size and its max-content contribution then cost one run, not two). The mode only
    /// decides whether `FlexSizes` reads the node's own sizes, and here none of them
    /// counts: no min or max size resolves, and a preferred size that resolves is
    /// overridden by the size the asker knows. Not with an aspect ratio, which transfers
    /// sizes and limits between the axes.
    @inline(__always)
    func sizingModeIsMoot(_ inputs: FlexInputs) -> Bool {
        aspectRatio == nil
            && minWidth.resolve(inputs.parentWidth) == nil && maxWidth.resolve(inputs.parentWidth) == nil
            && minHeight.resolve(inputs.parentHeight) == nil && maxHeight.resolve(inputs.parentHeight) == nil
            && (inputs.knownWidth != nil || width.resolve(inputs.parentWidth) == nil)
            && (inputs.knownHeight != nil || height.resolve(inputs.parentHeight) == nil)
    }

    /// Forgets the containing block's sizes that no length of the node's own resolves
    /// against: its run reads the width only for its own width, min and max width and
    /// its margins, padding and border, and the height only for its own height, min and
    /// max height. (Its items' percentages resolve against its own content box; its flex
    /// basis and insets are resolved by its parent. A ratio transfers sizes between the
    /// axes: then both stay.) A content-size question reads none of the node's own sizes
    /// (`FlexSizes`), so its width only for the edges: an item whose percentage width its
    /// parent's found width resolves asks for its min-content size again, with the same
    /// answer (one run per such item of Taffy's `wide` tree).
    @inline(__always)
    func forgetUnusedParentSizes(_ key: inout FlexInputs) {
        guard aspectRatio == nil else { return }
        if height.unit != .percent, minHeight.unit != .percent, maxHeight.unit != .percent { key.parentHeight = nil }
        if edges < 0, key.sizing == .contentSize || (width.unit != .percent && minWidth.unit != .percent && maxWidth.unit != .percent) {
            key.parentWidth = nil
        }
    }
}
