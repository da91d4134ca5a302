/// One in-flow flex item while its container runs the algorithm, in the container's
/// logical axes: "main"/"cross", and "start" for the main-start/cross-start side (which
/// `FlexContainer` maps to physical sides). Sizes are border-box sizes.
struct FlexItem {
    // The fields are grouped by the steps that read them together, so that a pass over
    // a wide container's items (which do not fit the caches) touches few cache lines of
    // each: §9.7's passes read only the first 128 bytes (declared in the order of the
    // steps that fill them, they touched five of an item's six lines), the cross-axis
    // and placement steps mostly the next ones. (Packed so, an item is 352 bytes, not 376.)

    // §9.7, resolving the flexible lengths.
    var flexBaseSize = 0.0
    var innerFlexBasis = 0.0
    var hypotheticalMain = 0.0
    var hypotheticalOuterMain = 0.0
    var targetMain = 0.0
    var violation = 0.0
    var flexGrow: Double
    var flexShrink: Double
    var marginMainStart: Double
    var marginMainEnd: Double
    var paddingBorderMain: Double
    /// The used min main size (§4.5); NaN until needed: the content-based minimum
    /// costs a layout of the item, and most items never reach it.
    var resolvedMinMain = 0.0
    var maxSize: (main: Double?, cross: Double?)
    var frozen = false
    /// The main size comes through the ratio from the cross size, not from the style:
    /// it is no specified size suggestion (§4.5).
    var mainSizeIsTransferred = false

    // §9.4 to §9.6, the cross sizes, alignment and placement.
    var node: Int32
    /// The cross size is `auto` (not a percentage of an indefinite size: Chrome then
    /// sizes the item as auto but does not stretch it).
    var crossIsAuto: Bool
    var autoMainStart: Bool
    var autoMainEnd: Bool
    var autoCrossStart: Bool
    var autoCrossEnd: Bool
    var alignSelf: FlexAlign
    /// What `alignSelf` becomes when the item overflows its line: `start` if it is
    /// `safe` (CSS Box Alignment 3 §4.4), else the same.
    var alignSelfIfOverflowing: FlexAlign
    var hypotheticalCross = 0.0
    var hypotheticalOuterCross = 0.0
    var targetCross = 0.0
    var marginCrossStart: Double
    var marginCrossEnd: Double
    var paddingBorderCross: Double
    /// Margin-box start from the content-box main start / from the line's cross start.
    var offsetMain = 0.0
    var offsetCross = 0.0
    /// Distance from the item's outer (margin-box) top to its first baseline.
    var baseline = 0.0
    /// The physical top margin (for baselines, which are measured from the top).
    var marginTop: Double

    // The style as resolved, for the base sizes and the content-based minimum.
    var size: (main: Double?, cross: Double?)
    var minSize: (main: Double?, cross: Double?)
    /// `flex-basis` resolved (box-sizing included); nil for auto or an indefinite percentage.
    var flexBasisStyle: Double?
    var aspectRatio: Double?
    /// A percentage basis of an indefinite container: Chromium sizes it as `content`
    /// (not from the main size property; flex_basis_percent_column_indefinite).
    var flexBasisIsContent: Bool
    var isScrollContainer: Bool
    /// The ratio applies to the content box (`box-sizing: content-box`, CSS Sizing 4 §5.1).
    var ratioIsContentBox = false
    /// The max cross size that bounds the item stretched to its line (§9.4 step 11): its
    /// own, without one its ratio transfers from the max main size.
    var stretchMaxCross: Double?
    /// The cross size and cross space the item's content was sized with (for the
    /// content-based minimum, asked later).
    var sizingCross: Double?
    var sizingCrossSpace = AvailableSpace.maxContent

    /// (In the order `generateFlexItems` has always passed them; the results of the
    /// steps start at zero.)
    init(
        node: Int32, size: (main: Double?, cross: Double?), minSize: (main: Double?, cross: Double?),
        maxSize: (main: Double?, cross: Double?), crossIsAuto: Bool,
        marginMainStart: Double, marginMainEnd: Double, marginCrossStart: Double, marginCrossEnd: Double,
        autoMainStart: Bool, autoMainEnd: Bool, autoCrossStart: Bool, autoCrossEnd: Bool,
        paddingBorderMain: Double, paddingBorderCross: Double, marginTop: Double,
        alignSelf: FlexAlign, alignSelfIfOverflowing: FlexAlign, flexGrow: Double, flexShrink: Double,
        flexBasisStyle: Double?, flexBasisIsContent: Bool, aspectRatio: Double?, isScrollContainer: Bool,
        ratioIsContentBox: Bool, mainSizeIsTransferred: Bool, stretchMaxCross: Double?
    ) {
        self.node = node
        self.size = size
        self.minSize = minSize
        self.maxSize = maxSize
        self.crossIsAuto = crossIsAuto
        self.marginMainStart = marginMainStart
        self.marginMainEnd = marginMainEnd
        self.marginCrossStart = marginCrossStart
        self.marginCrossEnd = marginCrossEnd
        self.autoMainStart = autoMainStart
        self.autoMainEnd = autoMainEnd
        self.autoCrossStart = autoCrossStart
        self.autoCrossEnd = autoCrossEnd
        self.paddingBorderMain = paddingBorderMain
        self.paddingBorderCross = paddingBorderCross
        self.marginTop = marginTop
        self.alignSelf = alignSelf
        self.alignSelfIfOverflowing = alignSelfIfOverflowing
        self.flexGrow = flexGrow
        self.flexShrink = flexShrink
        self.flexBasisStyle = flexBasisStyle
        self.flexBasisIsContent = flexBasisIsContent
        self.aspectRatio = aspectRatio
        self.isScrollContainer = isScrollContainer
        self.ratioIsContentBox = ratioIsContentBox
        self.mainSizeIsTransferred = mainSizeIsTransferred
        self.stretchMaxCross = stretchMaxCross
    }

    /// An item of a plain style (`FlexStyle.isPlainItem`): what `generateFlexItems`
    /// makes of any style, with its edges, limits and ratio at their initial values (no
    /// margins, padding, border, min or max sizes; nothing through a ratio).
    /// (`basisBase`: what a percentage flex basis resolves against, nil for content.)
    @inline(__always)
    init(
        plain node: Int32, _ style: UnsafePointer<FlexStyle>, isRow: Bool, basisBase: Double?, parentWidth: Double?,
        parentHeight: Double?, alignSelf: FlexAlign, alignSelfIfOverflowing: FlexAlign
    ) {
        let sizes = FlexSizes(plain: style.pointee, parentWidth: parentWidth, parentHeight: parentHeight)
        let (width, height) = (sizes.width, sizes.height)
        self.init(
            node: node, size: isRow ? (width, height) : (height, width), minSize: (nil, nil), maxSize: (nil, nil),
            crossIsAuto: (isRow ? style.pointee.height : style.pointee.width).isAuto,
            marginMainStart: 0, marginMainEnd: 0, marginCrossStart: 0, marginCrossEnd: 0,
            autoMainStart: false, autoMainEnd: false, autoCrossStart: false, autoCrossEnd: false,
            paddingBorderMain: 0, paddingBorderCross: 0, marginTop: 0,
            alignSelf: alignSelf, alignSelfIfOverflowing: alignSelfIfOverflowing,
            flexGrow: style.pointee.flexGrow, flexShrink: style.pointee.flexShrink,
            flexBasisStyle: style.pointee.flexBasis.resolve(basisBase).map { $0 + 0 },  // (-0 as 0, as there)
            flexBasisIsContent: !isRow && style.pointee.flexBasis.unit == .percent && basisBase == nil,
            aspectRatio: nil, isScrollContainer: style.pointee.overflow != .visible,
            ratioIsContentBox: style.pointee.boxSizing == .contentBox, mainSizeIsTransferred: false, stretchMaxCross: nil)
    }

    /// A cross size transferred through the ratio `ratio` to the main axis, between the
    /// boxes `box-sizing` names (CSS Sizing 4 §5.1: a content-box ratio leaves out the
    /// padding and border).
    @inline(__always)
    func mainThroughRatio(_ cross: Double, _ ratio: Double, isRow: Bool) -> Double {
        let (crossExtra, mainExtra) = ratioIsContentBox ? (paddingBorderCross, paddingBorderMain) : (0, 0)
        return throughRatio((isRow ? (cross - crossExtra) * ratio : (cross - crossExtra) / ratio) + mainExtra)
    }

    /// The flex basis is a definite length: its own, or the main size property it
    /// defers to (`auto`), not content.
    @inline(__always)
    var basisIsDefinite: Bool { flexBasisStyle != nil || (size.main != nil && !flexBasisIsContent) }

    /// A main size transferred through the ratio to the cross axis (the inverse of
    /// `mainThroughRatio`).
    @inline(__always)
    func crossThroughRatio(_ main: Double, _ ratio: Double, isRow: Bool) -> Double {
        let (crossExtra, mainExtra) = ratioIsContentBox ? (paddingBorderCross, paddingBorderMain) : (0, 0)
        return throughRatio((isRow ? (main - mainExtra) / ratio : (main - mainExtra) * ratio) + crossExtra)
    }

    var marginMain: Double { marginMainStart + marginMainEnd }
    var marginCross: Double { marginCrossStart + marginCrossEnd }
    var outerTargetMain: Double { targetMain + marginMain }
    var outerTargetCross: Double { targetCross + marginCross }
}

/// One flex line: a range of the container's items.
struct FlexLine {
    var start: Int
    var end: Int
    var crossSize = 0.0
    /// Cross start of the line from the content-box cross start.
    var offsetCross = 0.0

    var count: Int { end - start }
}

/// Taffy's `AlgoConstants`: what a container knows of itself during the algorithm.
struct FlexContainer {
    var isRow: Bool
    var isWrap: Bool
    /// The main axis runs from the physical right (row) or bottom (column).
    var mainFlip: Bool
    /// The cross axis runs from the physical bottom (row) or right (column).
    var crossFlip: Bool
    var isRightToLeft: Bool
    /// `row-reverse` or `column-reverse` (a row's `mainFlip` also follows the direction).
    var isReverse: Bool { isRow ? mainFlip != isRightToLeft : mainFlip }
    /// For absolute children, whose containing block is the padding box.
    var border: FlexSides
    var paddingBorderMainStart: Double
    var paddingBorderMainEnd: Double
    var paddingBorderCrossStart: Double
    var paddingBorderCrossEnd: Double
    var minSize: (main: Double?, cross: Double?)
    var maxSize: (main: Double?, cross: Double?)
    var gapStyle: (main: FlexLength, cross: FlexLength)
    var gap: (main: Double, cross: Double)
    var alignContent: FlexAlignContent
    var justifyContent: FlexJustify
    /// What they become with negative free space: `start` when `safe` (§4.4), else the same.
    var alignContentIfOverflowing: FlexAlignContent
    var justifyContentIfOverflowing: FlexJustify
    /// Border box given by the caller or the style (Taffy's `node_outer_size`).
    var outer: (main: Double?, cross: Double?)
    /// Content box, where definite (Taffy's `node_inner_size`).
    var inner: (main: Double?, cross: Double?)
    /// Final border and content boxes.
    var containerMain = 0.0
    var containerCross = 0.0
    var innerContainerMain = 0.0
    var innerContainerCross = 0.0

    var paddingBorderMain: Double { paddingBorderMainStart + paddingBorderMainEnd }
    var paddingBorderCross: Double { paddingBorderCrossStart + paddingBorderCrossEnd }
    /// The container's height is definite (given before its items are laid out, not
    /// found from them): only then do its items' percentage heights resolve.
    var heightIsDefinite = true
    /// Some item aligns by a baseline (`align-self: baseline` or `last baseline`): else
    /// the steps that look for such items skip their passes over the items.
    var hasBaselineItems = true
    /// The inner cross size a ratio box's size transferred through its ratio gives its
    /// stretched items while its content minimum is found (CSS Sizing 4 §5.2): definite,
    /// so they count as that size, not as their content (Chromium: a `aspect-ratio: 2`
    /// row 24 wide is 12 tall around a stretched item whose content is 24 tall).
    var stretchedCross: Double?
    /// The lines' cross sizes leave out the items that stretch to them (a ratio box's
    /// content minimum in the axis the ratio sizes, CSS Sizing 4 §5.2, as Chromium finds it).
    var stretchedItemsFollowLine = false
    /// The inner height a wrapping column of indefinite height breaks its lines at while
    /// its ratio box's content minimum is found: the height the ratio gives it (Chromium
    /// lays the content out in that height, CSS Sizing 4 §5.2); or, while only its content
    /// size is asked, its max height (§9.3 step 5).
    var ratioLineLength: Double?
    /// §9.8 item 1: a stretched item's cross size is definite only in a single-line
    /// container of definite cross size (a row's height found from its content is not;
    /// a wrapping container's lines are sized after its items).
    var stretchIsDefinite: Bool { !isWrap && (isRow ? (heightIsDefinite ? inner.cross : nil) : inner.cross) != nil }
    /// §9.4 step 8: the cross size of a single line of a container of definite cross
    /// size, its inner cross size; nil where the line's items size it.
    var definiteLineCross: Double? {
        guard !isWrap, let cross = outer.cross else { return nil }
        return max(clamp(cross, minSize.cross, maxSize.cross) - paddingBorderCross, 0)
    }
    /// A ratio box's inner height transferred from its width, below the one its content
    /// grew it to: the items' percentages resolve against it (CSS Sizing 4 §5.2: the
    /// automatic minimum does not change the definite preferred size; Chromium: a
    /// `height: 14%` item of a 100px wide `aspect-ratio: 2` box is 7 tall however tall
    /// the box's content makes it).
    var ratioPercentHeight: Double?
    /// The content box as the items' percentages see it.
    var innerWidth: Double? { isRow ? inner.main : inner.cross }
    var innerHeight: Double? { ratioPercentHeight ?? (heightIsDefinite ? (isRow ? inner.cross : inner.main) : nil) }

    /// A physical `FlexSides` as (main start, main end, cross start, cross end).
    @inline(__always)
    func logical(_ sides: FlexSides) -> (Double, Double, Double, Double) {
        let (left, right, top, bottom) = (sides.left, sides.right, sides.top, sides.bottom)
        if isRow {
            return mainFlip
                ? (right, left, crossFlip ? bottom : top, crossFlip ? top : bottom)
                : (left, right, crossFlip ? bottom : top, crossFlip ? top : bottom)
        }
        return mainFlip
            ? (bottom, top, crossFlip ? right : left, crossFlip ? left : right)
            : (top, bottom, crossFlip ? right : left, crossFlip ? left : right)
    }

    @inline(__always)
    func logical(left: Bool, right: Bool, top: Bool, bottom: Bool) -> (Bool, Bool, Bool, Bool) {
        if isRow {
            return (mainFlip ? right : left, mainFlip ? left : right, crossFlip ? bottom : top, crossFlip ? top : bottom)
        }
        return (mainFlip ? bottom : top, mainFlip ? top : bottom, crossFlip ? right : left, crossFlip ? left : right)
    }

    /// Inputs for an item from main/cross values.
    @inline(__always)
    /// `crossIsDefinite`: a known cross size is the item's own definite size or a
    /// stretched one (§9.8 items 1 and 4), not one found from its content. A known main
    /// size is definite in a row, and in a column of definite height (§9.8 item 3).
    func inputs(
        knownMain: Double?, knownCross: Double?, availableMain: AvailableSpace, availableCross: AvailableSpace,
        sizing: FlexSizingMode, crossIsDefinite: Bool = true, mainIsDefinite: Bool = false
    ) -> FlexInputs {
        isRow
            ? FlexInputs(
                knownWidth: knownMain, knownHeight: knownCross, parentWidth: innerWidth, parentHeight: innerHeight,
                availableWidth: availableMain, availableHeight: availableCross, sizing: sizing,
                heightIsIndefinite: knownCross != nil && !crossIsDefinite)
            : FlexInputs(
                knownWidth: knownCross, knownHeight: knownMain, parentWidth: innerWidth, parentHeight: innerHeight,
                availableWidth: availableCross, availableHeight: availableMain, sizing: sizing,
                heightIsIndefinite: knownMain != nil && !heightIsDefinite && !mainIsDefinite)
    }

    /// Whether an item's used cross size is definite for its content (§9.8): its own
    /// definite size, or stretched to its line.
    @inline(__always)
    func crossIsDefinite(_ item: FlexItem) -> Bool {
        item.size.cross != nil || (item.alignSelf == .stretch && item.crossIsAuto && !item.autoCrossStart && !item.autoCrossEnd)
            // A height transferred through the ratio from the definite width of a row item.
            || (isRow && item.aspectRatio != nil)
    }

    /// Whether a column item's flexed height is definite for its content although the
    /// column's is not: Chromium treats it so when the item's flex basis (or, for
    /// `auto`, its height) is definite (§9.8 leaves this to the UA; Chromium:
    /// `height: 118px` in a content-sized column resolves `height: 11%` inside), or
    /// transferred through its ratio from a definite width (Chromium: a stretched
    /// `aspect-ratio: 2` item 500 wide resolves `height: 30%` inside against 250, also
    /// under `flex: 0.5`, whose percentage basis is content, fuzz_10801_1; unstretched
    /// too, its width found from its content: a `self-end` one 50 wide resolves
    /// `height: 71%` inside against 25, fuzz_10807_1).
    @inline(__always)
    func mainIsDefinite(_ item: FlexItem) -> Bool {
        item.basisIsDefinite || (item.aspectRatio != nil && (crossIsDefinite(item) || !isRow))
    }

    @inline(__always) func main(_ size: Size) -> Double { isRow ? size.width : size.height }
    @inline(__always) func cross(_ size: Size) -> Double { isRow ? size.height : size.width }
}

/// Gaps between `count` neighbours.
@inline(__always)
func sumOfGaps(_ gap: Double, _ count: Int) -> Double { count > 1 ? gap * Double(count - 1) : 0 }
