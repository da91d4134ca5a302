/// §4.1 "Absolutely-Positioned Flex Children": out of flow, sized and positioned in the
/// container's padding box (every node is `position: relative`, so the parent is always
/// the containing block, as in Yoga and Taffy). An axis without insets takes the static
/// position: where the child would sit as the container's sole flex item.
extension LayoutComputer {
    mutating func layOutAbsoluteChildren(
        _ node: Int, _ style: FlexStyle, _ container: borrowing FlexContainer, size: Size, at origin: Point
    ) {
        for child in layoutChildren(of: node) {
            let childStyle = flexStyle(of: Int(child))
            guard childStyle.position == .absolute, childStyle.display != .none, tree.nodes[Int(child)].hasFrame else {
                continue
            }
            layOutAbsoluteChild(Int(child), childStyle, container, containerStyle: style, size: size, at: origin)
        }
    }

    private mutating func layOutAbsoluteChild(
        _ child: Int, _ style: FlexStyle, _ container: borrowing FlexContainer, containerStyle: FlexStyle, size: Size,
        at origin: Point
    ) {
        let border = container.border
        let areaWidth = max(size.width - border.horizontal, 0)
        let areaHeight = max(size.height - border.vertical, 0)
        let box = flexBox(style, percentBase: areaWidth)
        let paddingBorder = box.paddingBorder
        let sizes = FlexSizes(style, parentWidth: areaWidth, parentHeight: areaHeight, paddingBorder: paddingBorder)
        // The min and max sizes the style gives, without those a ratio transfers from the
        // other axis: they, not the transferred ones, bound a height its content floors
        // (CSS Sizing 4 §5.2).
        let ownLimits =
            style.aspectRatio == nil
            ? sizes
            : FlexSizes(
                style, parentWidth: areaWidth, parentHeight: areaHeight, paddingBorder: paddingBorder, transferLimits: false)
        // Whether its content is a minimum of an auto height a ratio gives (the automatic
        // minimum, CSS Sizing 4 §5.2).
        let contentFloorsHeight = style.minHeight.isAuto && style.overflow == .visible && tree.nodes[child].childCount > 0
        let (left, right, top, bottom) = flexInsets(
            edges: style.edges, direction: style.direction, width: areaWidth, height: areaHeight)
        var margin = box.margin
        // Between two insets, the inset-modified containing block: one of negative size is
        // empty, at its start edge in the containing block's direction (CSS Position 3
        // §4.1; Chromium: `left: 31px; right: 13px; margin: -11px` in a 19px box is 22
        // wide at 31, `top: 70px; bottom: 60px` in a 100px box aligns at 70).
        let insetWidth = left.flatMap { left in right.map { max(areaWidth - left - $0, 0) } }
        let insetHeight = top.flatMap { top in bottom.map { max(areaHeight - top - $0, 0) } }
        // The space an auto size shrinks to fit in: between the insets, or from the static
        // position where both are auto (`absoluteStaticSpace`).
        let staticSpace = absoluteStaticSpace(
            style, container, containerStyle: containerStyle, areaWidth: areaWidth, areaHeight: areaHeight,
            autoWidth: left == nil && right == nil, autoHeight: top == nil && bottom == nil)
        // With one inset `auto` it counts as zero, and the space is never negative (the
        // margins come off what is left: Chromium makes an auto-width box with `right:
        // 54px; margin-right: -6px` in an empty containing block 6 wide, not 0).
        let spaceWidth = staticSpace.width ?? max(areaWidth - (left ?? 0) - (right ?? 0), 0)
        let spaceHeight = staticSpace.height ?? max(areaHeight - (top ?? 0) - (bottom ?? 0), 0)
        // A box is never smaller than its padding and border.
        var width = sizes.width.map { max($0, paddingBorder.horizontal) }
        var height = sizes.height.map { max($0, paddingBorder.vertical) }
        // Both insets and an auto size: stretch between them. With an aspect ratio only
        // the width stretches and the ratio gives the height (Chromium,
        // absolute_aspect_ratio_aspect_ratio_overrides_height_of_full_inset). Unless an
        // explicit `align-self: stretch` stretches the height: then the ratio gives the
        // width (Chromium: `left: -17px; right: 0; top: 14px; bottom: 46px; aspect-ratio: 1`
        // in an empty box is 0 wide, not 17).
        let heightIsGiven = style.height.resolve(areaHeight) != nil
        let ratioFollowsHeight = style.aspectRatio != nil && style.alignSelf == .stretch && insetHeight != nil && !heightIsGiven
        if width == nil, let insetWidth, !ratioFollowsHeight {
            width = max(clamp(insetWidth - margin.horizontal, sizes.minWidth, sizes.maxWidth), paddingBorder.horizontal)
        }
        // Between a top and a bottom inset, `align-self` places the box in the
        // inset-modified containing block (CSS Box Alignment 3 §6.1, for absolutely
        // positioned boxes): `auto`, `normal` and `stretch` fill it, the others fit the
        // content (Chromium: `align-self: self-end; top: 17px; bottom: 47px` is 0 tall
        // at the bottom).
        // (`stretch` with a definite height aligns as `start`: Chromium moves a box too
        // tall for its insets back inside the containing block.)
        let blockAlignment =
            insetHeight == nil ? nil
            : style.alignSelf == .stretch && heightIsGiven ? .flexStart : Self.insetBlockAlignment(style.alignSelf)
        // A ratio box with a given width stretches only under an explicit `stretch`; under
        // `normal` the ratio gives its height (Chromium: `top: 20px; bottom: 30px; width:
        // 38px; aspect-ratio: 1` is 38 tall, 150 with `align-self: stretch`).
        let stretchesPastRatio = style.alignSelf == .stretch
        var heightIsStretched = false
        // The ratio gave the height from the width (content may grow it below): the
        // content's percentages resolve against what the ratio gave (Chromium: `height: 65%`
        // in a 1px wide `aspect-ratio: 16 / 9` box is 0.36 tall, though a border makes the
        // box 1.36 tall).
        var ratioGaveHeight = false
        if !heightIsGiven, let insetHeight, blockAlignment == nil, style.aspectRatio == nil || width == nil || stretchesPastRatio {
            // (Its own min and max heights clamp it, not those its ratio transfers from the
            // width: Chromium keeps `align-self: stretch; top: 51px; bottom: 4%; min-width:
            // 6px; aspect-ratio: 16 / 9` in an empty box 6 by 0.)
            height = max(clamp(insetHeight - margin.vertical, ownLimits.minHeight, ownLimits.maxHeight), paddingBorder.vertical)
            heightIsStretched = true
        }
        if let ratio = style.aspectRatio, insetHeight != nil, insetWidth == nil || stretchesPastRatio, blockAlignment == nil,
            let given = width,
            style.width.resolve(areaWidth) != nil, style.minWidth.isAuto, style.overflow == .visible
        {
            // Between a top and a bottom inset a ratio box's given width is at least its
            // min-content width (its automatic minimum, CSS Sizing 4 §5.2), and the ratio
            // gives the height from that (Chromium: `top: 20px; bottom: 30px; width: 38px;
            // aspect-ratio: 1` around `HHHHH` is 50 by 50, and 38 by 38 with only `top`,
            // with `align-self: start`, or with both `left` and `right` too unless it
            // stretches, fuzz_12718_3).
            // (Not what the ratio makes of the padding and border alone, as below: Chromium
            // keeps a `width: 3px; padding: 62%; aspect-ratio: 2` box 620 wide.)
            let fromPadding = style.boxSizing == .contentBox ? paddingBorder.horizontal : paddingBorder.vertical * ratio
            // A ratio item its row stretches takes its width from the height the insets
            // leave (Chromium: `top: 65%; bottom: 2px; width: 114px; aspect-ratio: 2` with
            // 53.3 between its insets, around an `aspect-ratio: 2` item and an 83px one,
            // is 189.6 wide).
            let minContent = ratioBoxMinContentWidth(
                child, paddingBorder, beyond: fromPadding, rowHeight: (insetHeight ?? 0) - margin.vertical,
                areaWidth: areaWidth, areaHeight: areaHeight)
            let floored = max(given, min(minContent, sizes.maxWidth ?? .infinity))
            if floored > given {
                width = floored
                if !heightIsStretched, !heightIsGiven { height = Self.transferredHeight(ratio, style, sizes, paddingBorder, width: floored) }
            }
        }
        if let ratio = style.aspectRatio {
            // The ratio is the content box's under `box-sizing: content-box` (CSS Sizing 4
            // §5, `widthThroughRatio`), and the box is never shorter than its padding and
            // border; a height held there widens an auto width through the ratio (Chromium:
            // `padding: 12px; aspect-ratio: 16 / 9` squeezed to 24 wide by its insets is 42.7
            // by 24).
            // A height the ratio gives a given width is left to the content measurement
            // below too, which keeps the box at least as tall as its content (CSS Sizing 4
            // §5.2; Chromium: `width: 35px; aspect-ratio: 16 / 9` around a 105px child is
            // 105 tall).
            if width == nil, height == nil, case .text = tree.nodes[child].kind {
                // A text's ratio gives its height from its fit-content width, however tall
                // its lines then are (in flow they widen it, `computeMeasuredItem`; Chromium:
                // an absolute `aspect-ratio: 16 / 9` around `H` is 10 by 5.6, around five
                // words in a 50px box 50 by 28.1). A max height limits the width through it.
                // (The margins come off the space, and the min and max widths bound the box
                // in what is left: Chromium makes a `margin: 2%; max-width: 73px;
                // aspect-ratio: 2` text in a 99px box 73 wide, not 73 less its margins,
                // fuzz_12667_2.)
                let outer = clamp(spaceWidth - margin.horizontal, sizes.minWidth, sizes.maxWidth)
                let content = textFitContentWidth(child, available: max(outer - paddingBorder.horizontal, 0))
                let widest = min(
                    sizes.maxWidth ?? .infinity,
                    sizes.maxHeight.map { Self.widthThroughRatio(ratio, style, paddingBorder, height: $0) } ?? .infinity)
                width = max(clamp(content + paddingBorder.horizontal, sizes.minWidth, widest), paddingBorder.horizontal)
            }
            if sizes.width != nil, !heightIsGiven, contentFloorsHeight, !heightIsStretched {
                height = nil
            } else if let known = width, height == nil {
                let transferred = Self.transferredHeight(ratio, style, sizes, paddingBorder, width: known)
                height = transferred
                ratioGaveHeight = true
                if sizes.width == nil {
                    let fromHeight = Self.widthThroughRatio(ratio, style, paddingBorder, height: transferred)
                    width = max(known, min(fromHeight, sizes.maxWidth ?? .infinity))
                }
            }
            // A width the ratio gives a definite height (between two insets too: the ratio,
            // not the insets, gives it) is left to the content measurement below, which
            // keeps the box at least as wide as its content (CSS Sizing 4 §5.2, automatic
            // minimum; Chromium: `height: 50px; aspect-ratio: 1` around a 65px child is 65
            // wide, and so is `left: 42px; right: 49px; height: 19px; aspect-ratio: 1` around
            // a 118px child 118).
            if sizes.height != nil, style.width.resolve(areaWidth) == nil { width = nil }
            // With both sizes given, the width is still at least the content's min-content
            // width (the automatic minimum, CSS Sizing 4 §5.2; Chromium: `width: 30px;
            // height: 20px; aspect-ratio: 2` around `HHHHH` is 50 wide).
            if let given = width, sizes.width != nil, style.width.resolve(areaWidth) != nil,
                heightIsGiven, style.minWidth.isAuto, style.overflow == .visible
            {
                // (Not what the ratio makes of the padding and border alone: Chromium keeps a
                // `padding: 100%` box square.)
                let fromPadding = style.boxSizing == .contentBox ? paddingBorder.horizontal : throughRatio(paddingBorder.vertical * ratio)
                let minContent = ratioBoxMinContentWidth(
                    child, paddingBorder, beyond: fromPadding, rowHeight: height ?? paddingBorder.vertical,
                    areaWidth: areaWidth, areaHeight: areaHeight)
                width = max(given, min(minContent, sizes.maxWidth ?? .infinity))
            }
        }
        if style.aspectRatio != nil, !heightIsGiven, let known = width, let transferred = height, contentFloorsHeight,
            !heightIsStretched
        {
            // A height the ratio gives is at least the content's (CSS Sizing 4 §5.2,
            // automatic minimum; Chromium: `width: 51px; aspect-ratio: 16 / 9` around a
            // 71px child is 71 tall), up to its own maximum, not one the ratio transfers
            // from a maximum width (Chromium: `left: 20px; right: 52px; max-width: 37px;
            // aspect-ratio: 2` around a 30px tall child is 30 tall, not 18.5, fuzz_12669_2).
            height = contentFlooredHeight(
                transferred, child, width: known, ownMaxHeight: ownLimits.maxHeight, areaWidth: areaWidth,
                areaHeight: areaHeight)
        }
        // A height found from the content is not definite for the content's percentages
        // (CSS 2 §10.5: Chromium lays out `height: 44%` in an auto-height absolute box as auto).
        let heightIsFromContent = height == nil
        if width == nil || height == nil {
            // Shrink-to-fit in the space the insets leave; min and max sizes limit the box
            // in it, not its margins (CSS 2 §10.3.7; Chromium: `min-width: 112px;
            // margin-left: -14px` in a 50px box wraps `HH HHH HHHHH` at 112, not 126).
            let availableWidth = clamp(spaceWidth - margin.horizontal, sizes.minWidth, sizes.maxWidth) + margin.horizontal
            let availableHeight = clamp(spaceHeight - margin.vertical, sizes.minHeight, sizes.maxHeight) + margin.vertical
            let measured = computeFlexChild(
                child,
                FlexInputs(
                    knownWidth: width, knownHeight: height, parentWidth: areaWidth, parentHeight: areaHeight,
                    availableWidth: .definite(availableWidth), availableHeight: .definite(availableHeight),
                    sizing: .contentSize),
                .computeSize
            ).size
            // (Where the insets stretch the height and the ratio gives it from the width
            // found here, a max height transferred through the ratio limits the space the
            // content fits in, not the width: Chromium makes `top: 2px; bottom: 38px;
            // max-height: 10px; aspect-ratio: 2` around a 52px child 52 by 10, and around
            // `HHHHH HH` 50 by 10; without the insets 20 by 10.)
            let maxWidth =
                heightIsStretched && !ratioFollowsHeight && style.aspectRatio != nil ? ownLimits.maxWidth : sizes.maxWidth
            width = width ?? max(clamp(measured.width, sizes.minWidth, maxWidth), paddingBorder.horizontal)
            if heightIsStretched, !ratioFollowsHeight, let ratio = style.aspectRatio, let found = width {
                // The stretched height only gave the width through the ratio: the width is
                // found first, and the auto height is what the ratio makes of it (CSS Sizing 4
                // §5.1), so content that widens it makes it taller too (Chromium: `top: 50px;
                // bottom: 47px; aspect-ratio: 1` around `HHHH HHH H` is 40 by 40, not 40 by 3;
                // `top: 0; bottom: 0; aspect-ratio: 1` around a 130px child in 100px is 130
                // by 130). Not under an explicit `align-self: stretch`, whose height is the
                // insets' (Chromium: `top: 50px; bottom: 47px; aspect-ratio: 0.5` around
                // `HH HHH HHH H` is 30 by 3, and 30 by 0 where the insets leave no room,
                // fuzz_12669_4).
                let transferred = Self.transferredHeight(ratio, style, sizes, paddingBorder, width: found)
                height = transferred
                // (So a wrapping column breaks its lines there, however tall its content
                // makes it: Chromium puts items 62 and 0 tall in two lines of such a 0 by 62
                // box, `top: 1%; bottom: 25px; aspect-ratio: 1`.)
                ratioGaveHeight = true
                if contentFloorsHeight {
                    // Not shorter than its content (the automatic minimum, CSS Sizing 4 §5.2;
                    // Chromium: a 130px tall child makes such a 100 by 100 box 130 tall), up to
                    // its own maximum, not one the ratio transfers from a maximum width
                    // (Chromium: `max-width: 26%; aspect-ratio: 0.5` around a 21px child is 21
                    // tall, not 11.9).
                    height = contentFlooredHeight(
                        transferred, child, width: found, ownMaxHeight: ownLimits.maxHeight, areaWidth: areaWidth,
                        areaHeight: areaHeight)
                }
            }
            if height == nil {
                // Again at the final width, for content that wraps.
                let again = absoluteContentHeight(child, width: width, areaWidth: areaWidth, areaHeight: areaHeight)
                // A maximum the ratio transfers from the maximum width limits the width,
                // not the content's height (the automatic minimum, CSS Sizing 4 §5.2;
                // Chromium: `max-width: 25px; aspect-ratio: 1` around a 70px tall child is
                // 0 by 70).
                height = max(clamp(again, ownLimits.minHeight, ownLimits.maxHeight), paddingBorder.vertical)
            }
        }
        let finalSize = Size(width: width ?? 0, height: height ?? 0)

        // Auto margins share what the insets leave (CSS 2 §10.3.7, §10.6.4).
        if let insetWidth {
            let free = insetWidth - finalSize.width - margin.horizontal
            if box.marginAutoLeft && box.marginAutoRight {
                if free >= 0 {
                    (margin.left, margin.right) = (free / 2, free / 2)
                } else if container.isRightToLeft {
                    // (The containing block's direction decides, CSS 2 §10.3.7.)
                    margin.left = free
                } else {
                    margin.right = free
                }
            } else if box.marginAutoLeft {
                margin.left = free
            } else if box.marginAutoRight {
                margin.right = free
            }
        }
        if let insetHeight {
            // (Both auto: centred even when the box overflows, as Chromium does in the
            // block axis: `top: 20px; bottom: 20px; height: 90px` in 100px is at 5.)
            let free = insetHeight - finalSize.height - margin.vertical
            if box.marginAutoTop && box.marginAutoBottom {
                (margin.top, margin.bottom) = (free / 2, free / 2)
            } else if box.marginAutoTop {
                margin.top = free
            } else if box.marginAutoBottom {
                margin.bottom = free
            }
        }

        let staticPosition = absoluteStaticPosition(
            style, box, margin, container, containerStyle: containerStyle, childSize: finalSize)
        var x = staticPosition.x, y = staticPosition.y
        // Over-constrained: the end inset is ignored (right in ltr, left in rtl), in the
        // containing block's direction, not the box's own (CSS 2 §10.3.7; Chromium: an
        // ltr box with `left: -14px; right: 28px` in an rtl container keeps its right).
        if let left, !(container.isRightToLeft && right != nil) {
            x = border.left + left + margin.left
        } else if let right {
            x = border.left + areaWidth - right - margin.right - finalSize.width
        }
        // (A box stretched by an explicit `stretch` that overflows aligns as `start`, with
        // the default overflow alignment below: Chromium puts `align-self: stretch; top:
        // 54px; bottom: 36px; margin-top: 71%` in an empty 500px wide box at 355. Under
        // `auto` or `normal` it stays at its top inset, 409.)
        let overflowAlignment = blockAlignment ?? (heightIsStretched && style.alignSelf == .stretch ? .flexStart : nil)
        if let top, let insetHeight, let blockAlignment = overflowAlignment, !box.marginAutoTop, !box.marginAutoBottom {
            let outer = finalSize.height + margin.vertical
            let free = insetHeight - outer
            var start = top + (blockAlignment == .center ? free / 2 : blockAlignment == .flexEnd ? free : 0)
            if free < 0 {
                // Overflowing it: `safe` keeps the start, `unsafe` the alignment; without
                // either the box stays inside the containing block, grown to take in the
                // inset-modified one, where it can, its start edge first (§4.4's default;
                // Chromium: `top: 95px; bottom: -20px; height: 30px; align-self: end` in
                // 100px is at 90). A scroll container's scrollable area takes in the box
                // instead: there the default is `unsafe` (Chromium: `top: 19px; bottom:
                // 22px; align-self: flex-start` in an empty `overflow: hidden` box is at 19),
                // which grows away from its scroll origin only: the box passes neither that
                // nor the inset-modified one's edge there (Chromium: `top: 10px; bottom: 23px;
                // align-self: end` in a 20px one is at 0, not -14). The origin is the bottom
                // where the lines or items flow upwards (Chromium: at -8 in a `wrap-reverse`
                // row or a `column-reverse`; `top: 9px; bottom: 4px; align-self: start` is
                // at -4 there).
                if style.alignSelfSafe {
                    start = top
                } else if !style.alignSelfUnsafe, containerStyle.overflow == .visible {
                    start = max(min(start, max(areaHeight, top + insetHeight) - outer), min(top, 0))
                } else if !style.alignSelfUnsafe {
                    let direction = containerStyle.flexDirection
                    let flowsUp = direction.isRow ? containerStyle.flexWrap == .wrapReverse : direction == .columnReverse
                    start = flowsUp ? min(start, max(areaHeight, top + insetHeight) - outer) : max(start, min(top, 0))
                }
            }
            y = border.top + start + margin.top
        } else if let top {
            y = border.top + top + margin.top
        } else if let bottom {
            y = border.top + areaHeight - bottom - margin.bottom - finalSize.height
        }
        let childOrigin = Point(x: origin.x + x, y: origin.y + y)
        // (A height its ratio gives it from its width is definite for the content's
        // percentages, CSS Sizing 4 §5.2: Chromium makes `height: 40%` in an absolute
        // `aspect-ratio: 1` box 64 wide 25.6 tall.)
        let heightIsTransferred = (heightIsFromContent || ratioGaveHeight) && style.aspectRatio != nil
        var finalInputs = FlexInputs(
            knownWidth: finalSize.width, knownHeight: finalSize.height, parentWidth: areaWidth,
            parentHeight: areaHeight, availableWidth: .definite(areaWidth), availableHeight: .definite(areaHeight),
            sizing: .inherentSize, heightIsIndefinite: heightIsFromContent && !heightIsTransferred)
        finalInputs.heightIsTransferred = heightIsTransferred
        let output = computeFlexChild(child, finalInputs, .performLayout(childOrigin))
        setItemFrame(child, Rect(origin: childOrigin, size: output.size))
    }

    /// `transferred`, a height a ratio gave the box from `width`, raised to its content's
    /// height at that width, up to `ownMaxHeight` (its own, not one the ratio transfers).
    private mutating func contentFlooredHeight(
        _ transferred: Double, _ child: Int, width: Double, ownMaxHeight: Double?, areaWidth: Double, areaHeight: Double
    ) -> Double {
        let content = absoluteContentHeight(child, width: width, areaWidth: areaWidth, areaHeight: areaHeight)
        return max(transferred, min(content, ownMaxHeight ?? .infinity))
    }

    /// The height an absolute box's content takes at a given width (nil: its own), in the
    /// containing block.
    private mutating func absoluteContentHeight(_ child: Int, width: Double?, areaWidth: Double, areaHeight: Double) -> Double {
        computeFlexChild(
            child,
            FlexInputs(
                knownWidth: width, knownHeight: nil, parentWidth: areaWidth, parentHeight: areaHeight,
                availableWidth: .definite(areaWidth), availableHeight: .definite(areaHeight), sizing: .contentSize),
            .computeSize
        ).size.height
    }

    /// `align-self` on the block axis of an absolutely positioned box (never flex-relative:
    /// the box is no flex item), or nil where it stretches.
    private static func insetBlockAlignment(_ alignSelf: FlexItemAlignment) -> FlexAlign? {
        switch alignSelf {
        case .auto, .normal, .stretch: return nil
        case .flexStart, .start, .selfStart, .firstBaseline: return .flexStart
        case .flexEnd, .end, .selfEnd, .lastBaseline: return .flexEnd
        case .center, .anchorCenter: return .center
        }
    }

    /// Where the child would sit as the sole item: `justify-content` on the main axis,
    /// `align-self` on the cross axis, auto margins as zero.
    private func absoluteStaticPosition(
        _ style: FlexStyle, _ box: FlexBox, _ margin: FlexSides, _ container: borrowing FlexContainer, containerStyle: FlexStyle,
        childSize: Size
    ) -> Point {
        var sides = margin
        if box.marginAutoLeft { sides.left = 0 }
        if box.marginAutoRight { sides.right = 0 }
        if box.marginAutoTop { sides.top = 0 }
        if box.marginAutoBottom { sides.bottom = 0 }
        let (mainStart, mainEnd, crossStart, crossEnd) = container.logical(sides)
        let childMain = container.main(childSize), childCross = container.cross(childSize)
        let freeMain = container.innerContainerMain - childMain - mainStart - mainEnd
        let freeCross = container.innerContainerCross - childCross - crossStart - crossEnd
        let mainOffset: Double
        // `safe` does not apply to the static position (Chromium,
        // absolute_safe_justify_content_end_overflow).
        switch container.justifyContent {
        case .flexStart, .spaceBetween: mainOffset = 0
        case .flexEnd: mainOffset = freeMain
        case .center, .spaceAround, .spaceEvenly: mainOffset = freeMain / 2
        }
        var crossOffset: Double
        // Baselines do not apply: the box takes the cross axis's `start`, which
        // wrap-reverse puts at flex-end (Chromium, absolute_layout_align_self_baseline_wrap_reverse);
        // `safe` does (absolute_safe_align_self_end_overflow).
        let start: FlexAlign = containerStyle.flexWrap == .wrapReverse ? .flexEnd : .flexStart
        var (alignSelf, safe) = resolvedAlignSelf(
            style.alignSelf, safe: style.alignSelfSafe, direction: style.direction, in: itemAlignmentContext(containerStyle))
        // (A `safe` inherited from the container's `align-items` is dropped: Chromium puts
        // an `align-self: auto` box overflowing an `align-items: safe center` container
        // at the centre.)
        let keepsSafe = safe && style.alignSelf != .auto && freeCross < 0
        if alignSelf == .baseline { alignSelf = start }
        if alignSelf == .lastBaseline { alignSelf = start == .flexStart ? .flexEnd : .flexStart }
        switch alignSelf {
        case .flexStart, .stretch, .baseline: crossOffset = 0
        case .flexEnd, .lastBaseline: crossOffset = freeCross
        case .center: crossOffset = freeCross / 2
        }
        if keepsSafe {
            // `safe` keeps an overflowing box from passing the start of its alignment
            // container (the cross end under wrap-reverse), which for an absolute box is
            // the containing block's padding box, not the content box (Chromium: a 12px
            // `align-self: safe self-end` box in an empty container with `padding: 6px`
            // sits at its padding edge, y 0).
            let (_, _, borderCrossStart, borderCrossEnd) = container.logical(container.border)
            if start == .flexStart {
                crossOffset = max(crossOffset, min(borderCrossStart - container.paddingBorderCrossStart, 0))
            } else {
                crossOffset = min(crossOffset, freeCross + max(container.paddingBorderCrossEnd - borderCrossEnd, 0))
            }
        }
        let fromMainStart = container.paddingBorderMainStart + mainOffset + mainStart
        let fromCrossStart = container.paddingBorderCrossStart + crossOffset + crossStart
        let main = container.mainFlip ? container.containerMain - fromMainStart - childMain : fromMainStart
        let cross = container.crossFlip ? container.containerCross - fromCrossStart - childCross : fromCrossStart
        return container.isRow ? Point(x: main, y: cross) : Point(x: cross, y: main)
    }
}
