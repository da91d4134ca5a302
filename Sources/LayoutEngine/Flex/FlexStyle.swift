/// The flex properties of API.md §3.2 as plain data: React Native names, CSS values and
/// CSS defaults (`boxSizing` defaults to border-box). One per flex container and per
/// styled flex item, kept in `NodeTree.flexStyles` so the hot `Node` struct stays small.
struct FlexStyle: Sendable {
    // Declared in this order for memory, not for meaning: Swift places a field right
    // after the previous one's size, so the one-byte fields fill the seven bytes after
    // each length's unit, and the style is 176 bytes instead of 200. What every run of
    // a container reads of each item comes first (offsets 0–137), the container's own
    // properties last: item generation, reading thousands of styles that do not fit
    // the caches, touches three cache lines of each instead of four.
    var flexGrow = 0.0
    var flexShrink = 1.0
    var flexBasis = FlexLength.auto
    var display: FlexDisplay = .flex
    var position: FlexPosition = .relative
    /// `inherit` already resolved through flex-styled ancestors; still `inherit` when none
    /// sets it, which then means the request's `layoutDirection`.
    var direction: FlexTextDirection = .inherit
    /// The alignment keywords as written; `FlexAlignmentKeywords.swift` says what each
    /// means for a given container. `…Safe`: the `safe` prefix (`unsafe` and none behave
    /// alike in Chromium's flex layout).
    var alignSelf: FlexItemAlignment = .auto
    var alignSelfSafe = false
    /// `unsafe` written out: only an absolutely positioned box between two insets tells
    /// it from no prefix (which there keeps the box inside its containing block).
    var alignSelfUnsafe = false
    var overflow: FlexOverflow = .visible
    var width = FlexLength.auto
    var boxSizing: FlexBoxSizing = .borderBox
    /// Some length of the node itself is a percentage: its size depends on its
    /// containing block (so the memo must key on it).
    var hasPercentages = false
    /// Width, height, min or max is given: a content-size question differs from an
    /// inherent-size one.
    var hasSizes = false
    /// As an item it needs only its width, height, flex factors and basis: no edges,
    /// min or max size, ratio, `align-self` or direction of its own (most nodes), so
    /// that item generation reads neither the rest of the style nor its edge set
    /// (`qualifiesAsPlainItem`; `Field.isPlainItemNeutral` says which fields may be set).
    var isPlainItem = true
    /// Index into `NodeTree.flexEdges`; -1 when every margin, padding and border is 0
    /// and every inset auto (most nodes), so that they cost no memory.
    var edges: Int32 = -1
    var height = FlexLength.auto
    var flexDirection: FlexDirection = .row
    var flexWrap: FlexWrap = .nowrap
    var minWidth = FlexLength.auto
    var minHeight = FlexLength.auto
    /// `auto` here means CSS `none`.
    var maxWidth = FlexLength.auto
    var maxHeight = FlexLength.auto
    /// Width / height; nil when not set.
    var aspectRatio: Double?
    var justifyContent: FlexContentAlignment = .normal
    var justifyContentSafe = false
    var alignItems: FlexItemAlignment = .normal
    var alignItemsSafe = false
    var alignContent: FlexContentAlignment = .normal
    var alignContentSafe = false
    var rowGap = FlexLength.zero
    var columnGap = FlexLength.zero

    static let initial = FlexStyle()
}

/// A CSS length: points, a percentage (stored as a fraction), `auto`, or not given.
struct FlexLength: Sendable, Equatable {
    enum Unit: UInt8, Sendable { case unset, auto, points, percent }
    var value: Double
    var unit: Unit

    static let auto = FlexLength(value: 0, unit: .auto)
    static let zero = FlexLength(value: 0, unit: .points)
    static let unset = FlexLength(value: 0, unit: .unset)
    static func points(_ value: Double) -> FlexLength { FlexLength(value: value, unit: .points) }
    static func percent(_ value: Double) -> FlexLength { FlexLength(value: value / 100, unit: .percent) }

    @inline(__always) var isAuto: Bool { unit == .auto }
    @inline(__always) var isSet: Bool { unit != .unset }

    /// Points, or the percentage of `base`; nil for auto, unset, or a percentage of an
    /// indefinite base (which CSS then treats as auto).
    @inline(__always)
    func resolve(_ base: Double?) -> Double? {
        switch unit {
        case .points: return value
        case .percent: return base.map { layoutUnit($0 * value) }
        case .auto, .unset: return nil
        }
    }
}

/// The four physical sides plus the logical start and end (which win over left/right
/// when given, as in Yoga).
struct FlexEdges: Sendable {
    var top: FlexLength
    var bottom: FlexLength
    var left: FlexLength
    var right: FlexLength
    var start = FlexLength.unset
    var end = FlexLength.unset

    init(all: FlexLength) {
        (top, bottom, left, right) = (all, all, all, all)
    }
}

/// Margin, padding, border and inset of one node.
struct FlexEdgeSet: Sendable {
    var margin = FlexEdges(all: .zero)
    var padding = FlexEdges(all: .zero)
    var border = FlexEdges(all: .zero)
    var inset = FlexEdges(all: .auto)
}

enum FlexDisplay: UInt8, Sendable { case flex, none }
enum FlexPosition: UInt8, Sendable { case relative, absolute }
enum FlexTextDirection: UInt8, Sendable { case inherit, ltr, rtl }
enum FlexOverflow: UInt8, Sendable { case visible, hidden, scroll }
enum FlexBoxSizing: UInt8, Sendable { case borderBox, contentBox }
enum FlexWrap: UInt8, Sendable { case nowrap, wrap, wrapReverse }

enum FlexDirection: UInt8, Sendable {
    case row, rowReverse, column, columnReverse
    var isRow: Bool { self == .row || self == .rowReverse }
    var isReverse: Bool { self == .rowReverse || self == .columnReverse }
}

/// `justifyContent` and `alignContent` as written (CSS Box Alignment 3 §5.1, §8.1).
enum FlexContentAlignment: UInt8, Sendable, CaseIterable {
    case normal, flexStart, flexEnd, start, end, left, right, center
    case stretch, spaceBetween, spaceAround, spaceEvenly, firstBaseline, lastBaseline
}

/// `alignItems` and `alignSelf` as written (§6.1, §6.2); `auto` only for `alignSelf`.
enum FlexItemAlignment: UInt8, Sendable, CaseIterable {
    case auto, normal, stretch, flexStart, flexEnd, start, end, selfStart, selfEnd, center, anchorCenter
    case firstBaseline, lastBaseline
}

/// Main-axis alignment resolved for one container (flex-relative).
enum FlexJustify: UInt8, Sendable { case flexStart, flexEnd, center, spaceBetween, spaceAround, spaceEvenly }

/// Cross-axis alignment of one item resolved against its container (flex-relative).
enum FlexAlign: UInt8, Sendable { case flexStart, flexEnd, center, baseline, lastBaseline, stretch }

/// Line alignment resolved for one container (flex-relative).
enum FlexAlignContent: UInt8, Sendable {
    case flexStart, flexEnd, center, stretch, spaceBetween, spaceAround, spaceEvenly
}

/// A percentage resolved as Chromium stores lengths: in 1/64 px layout units, truncated
/// toward zero (`padding: 55%` of 29px is 15.9375, not 15.95); the small slack keeps
/// values that are exact in decimal (29% of 100) from dropping a unit.
@inline(__always)
func layoutUnit(_ value: Double) -> Double {
    let units = value * 64
    return (units >= 0 ? (units + 1e-6).rounded(.down) : (units - 1e-6).rounded(.up)) / 64
}

/// A size transferred through an aspect ratio, truncated to layout units as Chromium
/// does (`width: 100px; aspect-ratio: 3 / 7` is 233.328125 tall, `height: 100px` with
/// the same ratio 42.84375 wide): a ratio's error grows through percentages of it.
/// (Out of line: inlined, the rounding grew `FlexSizes.init` past what the compiler
/// inlines into `runFlexAlgorithm`, and every item's style was then copied into the
/// call, 5-10% more flex instructions on trees without a ratio.)
@inline(never)
func throughRatio(_ value: Double) -> Double { layoutUnit(value) }
