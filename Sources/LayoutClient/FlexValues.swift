/// A flex length (openapi.yaml `Dimension`, `LengthPercentage`, `LengthPercentageAuto`):
/// points (number literals), `"N%"`, or `"auto"`. The server checks which forms each
/// property takes (e.g. no negative width) and answers `422` with the pointer otherwise.
public enum FlexLength: Sendable, Hashable, Encodable, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    case points(Double)
    case percent(Double)
    case auto

    public init(integerLiteral value: Int) { self = .points(Double(value)) }
    public init(floatLiteral value: Double) { self = .points(value) }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .points(let value): try container.encode(value)
        case .percent(let value): try container.encode(percentText(value))
        case .auto: try container.encode("auto")
        }
    }
}

/// The `flex` shorthand with CSS semantics: a number n is grow n, shrink 1, basis 0;
/// `auto` is 1 1 auto; `none` is 0 0 auto.
public enum FlexShorthand: Sendable, Hashable, Encodable, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    case grow(Double)
    case auto
    case none

    public init(integerLiteral value: Int) { self = .grow(Double(value)) }
    public init(floatLiteral value: Double) { self = .grow(value) }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .grow(let value): try container.encode(value)
        case .auto: try container.encode("auto")
        case .none: try container.encode("none")
        }
    }
}

/// A CSS keyword value. Keywords are open structs rather than enums so that a keyword the
/// server learns (or a combination like `safe center`) is one line or a string literal.
public protocol CSSKeyword: RawRepresentable, Sendable, Hashable, Encodable, ExpressibleByStringLiteral
where RawValue == String {
    init(rawValue: String)
}

extension CSSKeyword {
    public init(stringLiteral value: String) { self.init(rawValue: value) }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// Box Alignment's overflow positions: `.safe(.center)` is `"safe center"`.
public protocol OverflowPositionKeyword: CSSKeyword {}

extension OverflowPositionKeyword {
    public static func safe(_ keyword: Self) -> Self { Self(rawValue: "safe " + keyword.rawValue) }
    public static func unsafe(_ keyword: Self) -> Self { Self(rawValue: "unsafe " + keyword.rawValue) }
}

public struct Display: CSSKeyword {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let flex: Self = "flex", none: Self = "none"
}

public struct PositionType: CSSKeyword {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let relative: Self = "relative", absolute: Self = "absolute"
}

public struct Direction: CSSKeyword {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let inherit: Self = "inherit", ltr: Self = "ltr", rtl: Self = "rtl"
}

public struct FlexDirection: CSSKeyword {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let row: Self = "row", rowReverse: Self = "row-reverse"
    public static let column: Self = "column", columnReverse: Self = "column-reverse"
}

public struct FlexWrap: CSSKeyword {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let nowrap: Self = "nowrap", wrap: Self = "wrap", wrapReverse: Self = "wrap-reverse"
}

public struct JustifyContent: OverflowPositionKeyword {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let flexStart: Self = "flex-start", flexEnd: Self = "flex-end", center: Self = "center"
    public static let start: Self = "start", end: Self = "end", left: Self = "left", right: Self = "right"
    public static let normal: Self = "normal", stretch: Self = "stretch"
    public static let spaceBetween: Self = "space-between", spaceAround: Self = "space-around"
    public static let spaceEvenly: Self = "space-evenly"
}

public struct AlignItems: OverflowPositionKeyword {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let flexStart: Self = "flex-start", flexEnd: Self = "flex-end", center: Self = "center"
    public static let start: Self = "start", end: Self = "end", selfStart: Self = "self-start", selfEnd: Self = "self-end"
    public static let baseline: Self = "baseline", firstBaseline: Self = "first baseline"
    public static let lastBaseline: Self = "last baseline", stretch: Self = "stretch", normal: Self = "normal"
}

public struct AlignSelf: OverflowPositionKeyword {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let auto: Self = "auto", flexStart: Self = "flex-start", flexEnd: Self = "flex-end"
    public static let center: Self = "center", start: Self = "start", end: Self = "end"
    public static let selfStart: Self = "self-start", selfEnd: Self = "self-end", baseline: Self = "baseline"
    public static let firstBaseline: Self = "first baseline", lastBaseline: Self = "last baseline"
    public static let stretch: Self = "stretch", normal: Self = "normal"
    /// Behaves as `center` on a flex item (it has no anchor).
    public static let anchorCenter: Self = "anchor-center"
}

public struct AlignContent: OverflowPositionKeyword {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let flexStart: Self = "flex-start", flexEnd: Self = "flex-end", center: Self = "center"
    public static let start: Self = "start", end: Self = "end", stretch: Self = "stretch", normal: Self = "normal"
    public static let spaceBetween: Self = "space-between", spaceAround: Self = "space-around"
    public static let spaceEvenly: Self = "space-evenly", baseline: Self = "baseline"
    public static let firstBaseline: Self = "first baseline", lastBaseline: Self = "last baseline"
}

public struct Overflow: CSSKeyword {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let visible: Self = "visible", hidden: Self = "hidden", scroll: Self = "scroll"
}

public struct BoxSizing: CSSKeyword {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let borderBox: Self = "border-box", contentBox: Self = "content-box"
}
