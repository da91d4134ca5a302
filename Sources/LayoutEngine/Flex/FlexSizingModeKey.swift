extension FlexStyle {
    /// Whether a content-size question (`FlexSizingMode.contentSize`) of a container
    /// with this style has the same answer as the inherent-size one, so that the memo
    /// keeps one answer for both (an item's flex base size and its max-content
    /// contribution then cost one run, not two). The mode only decides whether
    /// `FlexSizes` reads the node's own sizes, and here none of them counts: no min or
    /// max size resolves, and a preferred size that resolves is overridden by the size
    /// the asker knows. Not with an aspect ratio, which transfers sizes and limits
    /// between the axes.
    @inline(__always)
    func sizingModeIsMoot(_ inputs: FlexInputs) -> Bool {
        aspectRatio == nil
            && minWidth.resolve(inputs.parentWidth) == nil && maxWidth.resolve(inputs.parentWidth) == nil
            && minHeight.resolve(inputs.parentHeight) == nil && maxHeight.resolve(inputs.parentHeight) == nil
            && (inputs.knownWidth != nil || width.resolve(inputs.parentWidth) == nil)
            && (inputs.knownHeight != nil || height.resolve(inputs.parentHeight) == nil)
    }
}
