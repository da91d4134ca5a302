/// The CSS box of one node as the flex algorithm sees it: margins, padding, border and
/// insets resolved to points on the physical sides of the *internal* (left-to-right
/// computed, possibly mirrored) layout, and its min/max/preferred sizes.
struct FlexSides: Sendable {
    var left = 0.0
    var right = 0.0
    var top = 0.0
    var bottom = 0.0

    @inline(__always) var horizontal: Double { left + right }
    @inline(__always) var vertical: Double { top + bottom }

    static func + (lhs: FlexSides, rhs: FlexSides) -> FlexSides {
        FlexSides(left: lhs.left + rhs.left, right: lhs.right + rhs.right, top: lhs.top + rhs.top, bottom: lhs.bottom + rhs.bottom)
    }
}

struct FlexBox: Sendable {
    var margin = FlexSides()
    var marginAutoLeft = false
    var marginAutoRight = false
    var marginAutoTop = false
    var marginAutoBottom = false
    var padding = FlexSides()
    var border = FlexSides()
    /// Computed right-to-left in the internal layout (see `internalIsRightToLeft`).
    var isRightToLeft = false

    var paddingBorder: FlexSides { padding + border }
}

extension LayoutComputer {
    @inline(__always)
    func flexStyle(of node: Int) -> FlexStyle {
        guard let index = tree.flexStyleIndex(of: node) else { return .initial }
        return tree.flexStyles[Int(index)]
    }

    /// Whether a node is computed right-to-left. The engine lays out left-to-right and
    /// mirrors the whole layout for an rtl request, so a node whose direction equals the
    /// request's is computed ltr (the mirror makes it rtl), and one whose direction
    /// differs is computed rtl (the mirror makes it ltr).
    @inline(__always)
    func internalIsRightToLeft(_ style: FlexStyle) -> Bool {
        Self.internalIsRightToLeft(style.direction, requestIsRightToLeft: flex.requestIsRightToLeft)
    }

    @inline(__always)
    static func internalIsRightToLeft(_ direction: FlexTextDirection, requestIsRightToLeft: Bool) -> Bool {
        switch direction {
        case .inherit: return false
        case .ltr: return requestIsRightToLeft
        case .rtl: return !requestIsRightToLeft
        }
    }

    /// The node's box with percentages of `percentBase` (the containing block's width:
    /// CSS resolves percentage margins and padding on every side against it) and insets
    /// against the containing block's width and height.
    @inline(__always)
    func flexBox(_ style: FlexStyle, percentBase: Double?) -> FlexBox {
        Self.flexBox(style, percentBase: percentBase, edgeSets: tree.flexEdges, requestIsRightToLeft: flex.requestIsRightToLeft)
    }

    /// The same, for callers that must not call a method of the computer: from a
    /// mutating method that call copies the whole computer first (it was not inlined
    /// into the recursive `flexLayout`).
    /// (Inlined, reading only the two fields it needs: handed the whole style, the call
    /// copied it first, once per item per run; and most nodes have no edges at all.)
    @inline(__always)
    static func flexBox(_ style: FlexStyle, percentBase: Double?, edgeSets: [FlexEdgeSet], requestIsRightToLeft: Bool)
        -> FlexBox
    {
        let isRightToLeft = internalIsRightToLeft(style.direction, requestIsRightToLeft: requestIsRightToLeft)
        guard style.edges >= 0 else { return FlexBox(isRightToLeft: isRightToLeft) }
        return flexBox(
            edges: style.edges, isRightToLeft: isRightToLeft, percentBase: percentBase, edgeSets: edgeSets,
            requestIsRightToLeft: requestIsRightToLeft)
    }

    private static func flexBox(
        edges: Int32, isRightToLeft: Bool, percentBase: Double?, edgeSets: [FlexEdgeSet], requestIsRightToLeft: Bool
    ) -> FlexBox {
        var box = FlexBox()
        box.isRightToLeft = isRightToLeft
        let set = edgeSets[Int(edges)]
        let margin = physical(set.margin, rightToLeft: box.isRightToLeft, requestIsRightToLeft: requestIsRightToLeft)
        box.margin = FlexSides(
            left: margin.left.resolve(percentBase) ?? 0, right: margin.right.resolve(percentBase) ?? 0,
            top: margin.top.resolve(percentBase) ?? 0, bottom: margin.bottom.resolve(percentBase) ?? 0)
        box.marginAutoLeft = margin.left.isAuto
        box.marginAutoRight = margin.right.isAuto
        box.marginAutoTop = margin.top.isAuto
        box.marginAutoBottom = margin.bottom.isAuto
        box.padding = resolved(
            physical(set.padding, rightToLeft: box.isRightToLeft, requestIsRightToLeft: requestIsRightToLeft), percentBase)
        box.border = resolved(
            physical(set.border, rightToLeft: box.isRightToLeft, requestIsRightToLeft: requestIsRightToLeft), percentBase)
        return box
    }

    /// The node's insets (nil where auto) against its containing block, on the
    /// physical sides of the internal layout. (Mutating though it changes nothing, and
    /// given the style's edges and direction, not the style: called per relatively
    /// positioned item from `placeFlexItems`, the non-mutating method copied the whole
    /// computer, 688 bytes, and the style, 177, some 3% of laying out a wide flex tree.)
    mutating func flexInsets(edges: Int32, direction: FlexTextDirection, width: Double?, height: Double?)
        -> (left: Double?, right: Double?, top: Double?, bottom: Double?)
    {
        guard edges >= 0 else { return (nil, nil, nil, nil) }
        let requestIsRightToLeft = flex.requestIsRightToLeft
        let inset = Self.physical(
            tree.flexEdges[Int(edges)].inset,
            rightToLeft: Self.internalIsRightToLeft(direction, requestIsRightToLeft: requestIsRightToLeft),
            requestIsRightToLeft: requestIsRightToLeft)
        return (inset.left.resolve(width), inset.right.resolve(width), inset.top.resolve(height), inset.bottom.resolve(height))
    }

    // (Static, as `physical`: a method call on the computer from a mutating one copied
    // the whole computer first.)
    private static func resolved(
        _ edges: (left: FlexLength, right: FlexLength, top: FlexLength, bottom: FlexLength), _ base: Double?
    ) -> FlexSides {
        FlexSides(
            left: edges.left.resolve(base) ?? 0, right: edges.right.resolve(base) ?? 0,
            top: edges.top.resolve(base) ?? 0, bottom: edges.bottom.resolve(base) ?? 0)
    }

    /// Physical sides of the internal layout: in an rtl request left and right trade
    /// places (the final mirror trades them back); start/end follow the node's direction.
    private static func physical(_ edges: FlexEdges, rightToLeft: Bool, requestIsRightToLeft: Bool)
        -> (left: FlexLength, right: FlexLength, top: FlexLength, bottom: FlexLength)
    {
        var left = requestIsRightToLeft ? edges.right : edges.left
        var right = requestIsRightToLeft ? edges.left : edges.right
        if edges.start.isSet {
            if rightToLeft { right = edges.start } else { left = edges.start }
        }
        if edges.end.isSet {
            if rightToLeft { left = edges.end } else { right = edges.end }
        }
        return (left, right, edges.top, edges.bottom)
    }
}

/// Min, max and preferred border-box sizes of a node, resolved (Taffy's
/// `maybe_resolve` + `maybe_apply_aspect_ratio` + box-sizing adjustment).
struct FlexSizes: Sendable {
    var minWidth: Double?
    var minHeight: Double?
    var maxWidth: Double?
    var maxHeight: Double?
    var width: Double?
    var height: Double?

    /// `clamped`: the preferred sizes clamped by min/max (a box's own size); a flex item's
    /// are not, since its flex base size comes from the unclamped size.
    @inline(__always)
    init(
        _ style: FlexStyle, parentWidth: Double?, parentHeight: Double?, paddingBorder: FlexSides, inherent: Bool = true,
        clamped: Bool = true, transferLimits: Bool = true
    ) {
        let adjustWidth = style.boxSizing == .contentBox ? paddingBorder.horizontal : 0
        let adjustHeight = style.boxSizing == .contentBox ? paddingBorder.vertical : 0
        // Every size, min and max alike, names a box at least as large as its padding and
        // border: a content box is never negative (CSS Box Sizing 3 §4.1, `border-box`).
        // So the floor comes before the clamping and the ratio (Chromium: `padding: 46%;
        // min-width: 19px; max-width: 15px` is 460 wide; `padding: 9px; max-width: 11px;
        // aspect-ratio: 0.5` is 18 by 36).
        @inline(__always)
        func pair(_ w: FlexLength, _ h: FlexLength) -> (Double?, Double?) {
            (
                w.resolve(parentWidth).map { max($0 + adjustWidth, paddingBorder.horizontal) },
                h.resolve(parentHeight).map { max($0 + adjustHeight, paddingBorder.vertical) }
            )
        }
        // Min and max sizes do not transfer through an aspect ratio when the other size
        // is definite (Chromium: aspect_ratio_with_max_height, aspect_ratio_with_min_width).
        // A content-size question (a flex base size, an automatic minimum) asks for the
        // content alone: the asker clamps by the min/max sizes itself.
        guard inherent else { return }
        (minWidth, minHeight) = pair(style.minWidth, style.minHeight)
        (maxWidth, maxHeight) = pair(style.maxWidth, style.maxHeight)
        do {
            var (w, h) = pair(style.width, style.height)
            if transferLimits, let ratio = style.aspectRatio, w == nil, h == nil {
                // Neither size is definite: the min and max sizes of each axis transfer
                // through the ratio to the other (CSS Sizing 4 §5.2; Chromium,
                // aspect_ratio_flex_row_fill_max_width).
                let toWidth = { (height: Double) in throughRatio((height - adjustHeight) * ratio + adjustWidth) }
                let toHeight = { (width: Double) in throughRatio((width - adjustWidth) / ratio + adjustHeight) }
                // A transferred limit yields to the axis's own opposite limit: a
                // transferred minimum is capped by the specified maximum and a
                // transferred maximum floored by the specified minimum (Chromium:
                // `min-height: 54px; max-width: 38px; aspect-ratio: 16 / 9` is 38 wide).
                let (givenMinWidth, givenMinHeight) = (minWidth, minHeight)
                let (givenMaxWidth, givenMaxHeight) = (maxWidth, maxHeight)
                if let minimum = givenMinHeight.map(toWidth) {
                    minWidth = max(minWidth ?? 0, min(minimum, givenMaxWidth ?? .infinity))
                }
                if let minimum = givenMinWidth.map(toHeight) {
                    minHeight = max(minHeight ?? 0, min(minimum, givenMaxHeight ?? .infinity))
                }
                if let maximum = givenMaxHeight.map(toWidth) {
                    maxWidth = min(maxWidth ?? .infinity, max(maximum, givenMinWidth ?? 0))
                }
                if let maximum = givenMaxWidth.map(toHeight) {
                    maxHeight = min(maxHeight ?? .infinity, max(maximum, givenMinHeight ?? 0))
                }
            }
            if clamped {
                w = w.map { clamp($0, minWidth, maxWidth) }
                h = h.map { clamp($0, minHeight, maxHeight) }
            }
            if let ratio = style.aspectRatio {
                // The ratio applies to the box named by box-sizing.
                // From the other size as used, that is clamped by its own min/max, and never
                // below its padding and border (Chromium: `padding: 18%; height: 12px;
                // aspect-ratio: 2` is 360 wide, fuzz_10105_2).
                if let known = w.map({ max(clamp($0, minWidth, maxWidth), paddingBorder.horizontal) }), h == nil {
                    h = clamp(throughRatio((known - adjustWidth) / ratio + adjustHeight), minHeight, maxHeight)
                } else if let known = h.map({ max(clamp($0, minHeight, maxHeight), paddingBorder.vertical) }), w == nil {
                    w = clamp(throughRatio((known - adjustHeight) * ratio + adjustWidth), minWidth, maxWidth)
                }
            }
            (width, height) = (w, h)
        }
    }
}

extension FlexSizes {
    /// The sizes of a plain style (`FlexStyle.isPlainItem`), what the general init gives
    /// it: its width and height (floored by its padding and border, none), no limits.
    @inline(__always)
    init(plain style: FlexStyle, parentWidth: Double?, parentHeight: Double?, inherent: Bool = true) {
        guard inherent else { return }
        width = style.width.resolve(parentWidth).map { max($0, 0) }
        height = style.height.resolve(parentHeight).map { max($0, 0) }
    }
}

/// CSS clamping: the minimum wins over the maximum.
@inline(__always)
func clamp(_ value: Double, _ minimum: Double?, _ maximum: Double?) -> Double {
    var result = value
    if let maximum, result > maximum { result = maximum }
    if let minimum, result < minimum { result = minimum }
    return result
}
