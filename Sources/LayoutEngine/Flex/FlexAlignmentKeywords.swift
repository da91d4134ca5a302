/// CSS Box Alignment 3 in a flex container: what each keyword of `justify-content`,
/// `align-content`, `align-items` and `align-self` means once the container's direction,
/// wrap and writing direction are known (the flex-relative values the §9 steps use).
/// Checked against Chromium by the `vocab_*` fixtures.
extension FlexContentAlignment {
    /// `justify-content` (§5.1 via Flexbox §8.2). `start`/`end` are the main axis's own
    /// start and end, which a reversed direction puts at flex-end and flex-start;
    /// `left`/`right` are physical on a row and behave as `start` on a column (§4.3);
    /// `normal` and `stretch` behave as flex-start. `leftIsMainStart`: whether the
    /// container's main start is the physical left.
    func justify(reverse: Bool, isRow: Bool, leftIsMainStart: Bool) -> FlexJustify {
        let start: FlexJustify = reverse ? .flexEnd : .flexStart
        let end: FlexJustify = reverse ? .flexStart : .flexEnd
        switch self {
        case .normal, .stretch, .flexStart, .firstBaseline: return .flexStart
        case .flexEnd, .lastBaseline: return .flexEnd
        case .start: return start
        case .end: return end
        case .left: return isRow ? (leftIsMainStart ? .flexStart : .flexEnd) : start
        case .right: return isRow ? (leftIsMainStart ? .flexEnd : .flexStart) : start
        case .center: return .center
        case .spaceBetween: return .spaceBetween
        case .spaceAround: return .spaceAround
        case .spaceEvenly: return .spaceEvenly
        }
    }

    /// `align-content` (§5.1 via Flexbox §8.4). `start`/`end` are the cross axis's own,
    /// which `wrap-reverse` puts at flex-end and flex-start; `normal` behaves as
    /// `stretch`. Baseline content alignment does not apply to a flex container: Chromium
    /// 156 lays out `first baseline` as flex-start and `last baseline` as `normal`
    /// (vocab_align_content_*baseline*).
    func alignContent(wrapReverse: Bool) -> FlexAlignContent {
        let start: FlexAlignContent = wrapReverse ? .flexEnd : .flexStart
        let end: FlexAlignContent = wrapReverse ? .flexStart : .flexEnd
        switch self {
        case .normal, .stretch: return .stretch
        case .flexStart: return .flexStart
        case .flexEnd: return .flexEnd
        case .firstBaseline: return .flexStart
        case .lastBaseline: return .stretch
        case .start, .left, .right: return start
        case .end: return end
        case .center: return .center
        case .spaceBetween: return .spaceBetween
        case .spaceAround: return .spaceAround
        case .spaceEvenly: return .spaceEvenly
        }
    }
}

extension LayoutComputer {
    /// Whether a content alignment becomes `start` with negative free space: a `safe`
    /// position (§4.4), and `space-around`/`space-evenly`, whose fallback is `safe
    /// center` (§5.1; Chromium: vocab_justify_overflow_space_around_row_reverse).
    /// `space-between` falls back to flex-start (`distribution`).
    @inline(__always)
    static func overflowFallsBackToStart(_ alignment: FlexContentAlignment, safe: Bool) -> Bool {
        safe || alignment == .spaceAround || alignment == .spaceEvenly
    }
}

extension FlexItemAlignment {
    /// `align-self` of one item (`auto`: the container's `align-items`) (§6.1 via
    /// Flexbox §8.3). `start`/`end` are the container's cross-axis start and end, which
    /// `wrap-reverse` puts at flex-end and flex-start; `self-start`/`self-end` are the
    /// item's own, which differ from the container's only on a column's cross axis (the
    /// inline axis) when the item's direction differs; `normal` behaves as `stretch`;
    /// `anchor-center` as `center` (the item has no anchor).
    func align(wrapReverse: Bool, isRow: Bool, itemDirectionDiffers: Bool) -> FlexAlign {
        let start: FlexAlign = wrapReverse ? .flexEnd : .flexStart
        let end: FlexAlign = wrapReverse ? .flexStart : .flexEnd
        let selfFlipped = !isRow && itemDirectionDiffers
        switch self {
        case .auto, .normal, .stretch: return .stretch
        case .flexStart: return .flexStart
        case .flexEnd: return .flexEnd
        case .start: return start
        case .end: return end
        case .selfStart: return selfFlipped ? end : start
        case .selfEnd: return selfFlipped ? start : end
        case .center, .anchorCenter: return .center
        case .firstBaseline: return .baseline
        case .lastBaseline: return .lastBaseline
        }
    }
}

extension LayoutComputer {
    /// Whether a node's writing direction is right-to-left (`inherit` is the request's).
    @inline(__always)
    func isRightToLeft(_ direction: FlexTextDirection) -> Bool {
        switch direction {
        case .inherit: return flex.requestIsRightToLeft
        case .ltr: return false
        case .rtl: return true
        }
    }

    /// What an item's `align-self` needs of its container, read once per container
    /// (the styles are too large to copy per item).
    @inline(__always)
    func itemAlignmentContext(_ container: FlexStyle) -> FlexItemAlignmentContext {
        FlexItemAlignmentContext(
            alignItems: container.alignItems, alignItemsSafe: container.alignItemsSafe,
            wrapReverse: container.flexWrap == .wrapReverse, isRow: container.flexDirection.isRow,
            isRightToLeft: isRightToLeft(container.direction))
    }

    /// The `align-self` of an item (its keyword, `safe` and direction) in a container,
    /// and whether it is `safe`.
    @inline(__always)
    func resolvedAlignSelf(
        _ alignSelf: FlexItemAlignment, safe alignSelfSafe: Bool, direction: FlexTextDirection,
        in container: FlexItemAlignmentContext
    ) -> (FlexAlign, safe: Bool) {
        let inherits = alignSelf == .auto
        let keyword = inherits ? container.alignItems : alignSelf
        let safe = inherits ? container.alignItemsSafe : alignSelfSafe
        let align = keyword.align(
            wrapReverse: container.wrapReverse, isRow: container.isRow,
            itemDirectionDiffers: isRightToLeft(direction) != container.isRightToLeft)
        return (align, safe)
    }
}

struct FlexItemAlignmentContext {
    var alignItems: FlexItemAlignment
    var alignItemsSafe: Bool
    var wrapReverse: Bool
    var isRow: Bool
    var isRightToLeft: Bool
}
