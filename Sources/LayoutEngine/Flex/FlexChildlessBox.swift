/// A flex box without children and without an aspect ratio, the most common node of a
/// flex tree: its size is its own where given (or fixed by min ≥ max), else its padding
/// and border, clamped by its min/max sizes; exactly what `flexLayout` finds for it, in
/// any run mode. Computed here without the memo's key, the memo call and a copy of its
/// whole style into `flexLayout`: it is asked two or three questions per layout, and
/// the answer costs less than the question did.
extension LayoutComputer {
    /// Whether `computeFlexContainer` answers for the node through `childlessFlexBox`.
    @inline(__always)
    func isChildlessFlexBox(_ node: Int, style styleIndex: Int32) -> Bool {
        tree.nodes[node].childCount == 0 && (styleIndex < 0 || tree.flexStyles[Int(styleIndex)].aspectRatio == nil)
    }

    @inline(__always)
    mutating func childlessFlexBox(style styleIndex: Int32, _ inputs: FlexInputs) -> FlexOutput {
        measured += 1  // a computed size, as `flexLayout` counts it
        if styleIndex < 0 || tree.flexStyles[Int(styleIndex)].isPlainItem {
            // No edges or limits: its own size where given, else an empty box, 0.
            let sizes =
                styleIndex < 0
                ? FlexSizes(plain: .initial, parentWidth: nil, parentHeight: nil)
                : FlexSizes(
                    plain: tree.flexStyles[Int(styleIndex)], parentWidth: inputs.parentWidth,
                    parentHeight: inputs.parentHeight, inherent: inputs.sizing == .inherentSize)
            return FlexOutput(
                size: Size(width: inputs.knownWidth ?? sizes.width ?? 0, height: inputs.knownHeight ?? sizes.height ?? 0),
                firstBaseline: nil)
        }
        let size =
            styleIndex >= 0
            ? Self.childlessFlexBoxSize(
                tree.flexStyles[Int(styleIndex)], inputs, edgeSets: tree.flexEdges,
                requestIsRightToLeft: flex.requestIsRightToLeft)
            : Self.childlessFlexBoxSize(
                FlexStyle.initial, inputs, edgeSets: tree.flexEdges, requestIsRightToLeft: flex.requestIsRightToLeft)
        return FlexOutput(size: size, firstBaseline: nil)
    }

    /// (Static, reading the style where it is: see `flexBox`.)
    @inline(__always)
    private static func childlessFlexBoxSize(
        _ style: FlexStyle, _ inputs: FlexInputs, edgeSets: [FlexEdgeSet], requestIsRightToLeft: Bool
    ) -> Size {
        let paddingBorder = flexBox(
            style, percentBase: inputs.parentWidth, edgeSets: edgeSets, requestIsRightToLeft: requestIsRightToLeft
        ).paddingBorder
        let sizes = FlexSizes(
            style, parentWidth: inputs.parentWidth, parentHeight: inputs.parentHeight, paddingBorder: paddingBorder,
            inherent: inputs.sizing == .inherentSize)
        // (As in `flexLayout`: min ≥ max fixes the size; a size is never below the padding
        // and border; an empty content box is clamped by min/max.)
        let fixedWidth = sizes.minWidth.flatMap { minimum in sizes.maxWidth.flatMap { $0 <= minimum ? minimum : nil } }
        let fixedHeight = sizes.minHeight.flatMap { minimum in sizes.maxHeight.flatMap { $0 <= minimum ? minimum : nil } }
        let width =
            inputs.knownWidth ?? (fixedWidth ?? sizes.width).map { max($0, paddingBorder.horizontal) }
            ?? max(clamp(max(paddingBorder.horizontal, 0), sizes.minWidth, sizes.maxWidth), paddingBorder.horizontal)
        let height =
            inputs.knownHeight ?? (fixedHeight ?? sizes.height).map { max($0, paddingBorder.vertical) }
            ?? max(clamp(max(paddingBorder.vertical, 0), sizes.minHeight, sizes.maxHeight), paddingBorder.vertical)
        return Size(width: width, height: height)
    }
}
