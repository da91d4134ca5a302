/// A SwiftUI-side length (openapi.yaml `Length`): points, `.infinity`, or a percentage of
/// the proposal on that axis. Number literals are points: `.frame(width: 100)`.
public enum Length: Sendable, Hashable, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    case points(Double)
    case percent(Double)
    case infinity

    public init(integerLiteral value: Int) { self = .points(Double(value)) }
    public init(floatLiteral value: Double) { self = .points(value) }

    var json: JSONValue {
        switch self {
        case .points(let value): value.isInfinite && value > 0 ? "infinity" : .number(value)
        case .percent(let value): .string(percentText(value))
        case .infinity: "infinity"
        }
    }
}

/// `"N%"` with N in Swift's shortest form, integers without a fraction (`50%`, `12.5%`).
func percentText(_ value: Double) -> String {
    var writer = JSONTextWriter()
    writer.write(.number(value))
    return String(decoding: writer.bytes, as: UTF8.self) + "%"
}

/// Insets by edge for `padding` (openapi.yaml `PaddingEdges`); an edge not given is 0.
public struct EdgeInsets: Sendable, Hashable {
    public var top: Length?
    public var leading: Length?
    public var bottom: Length?
    public var trailing: Length?

    public init(top: Length? = nil, leading: Length? = nil, bottom: Length? = nil, trailing: Length? = nil) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    var json: JSONValue {
        var object: [String: JSONValue] = [:]
        object["top"] = top?.json
        object["leading"] = leading?.json
        object["bottom"] = bottom?.json
        object["trailing"] = trailing?.json
        return .object(object)
    }
}

/// SwiftUI's `Edge.Set` for `padding(_:_:)`.
public struct Edges: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let top = Edges(rawValue: 1)
    public static let leading = Edges(rawValue: 2)
    public static let bottom = Edges(rawValue: 4)
    public static let trailing = Edges(rawValue: 8)
    public static let horizontal: Edges = [.leading, .trailing]
    public static let vertical: Edges = [.top, .bottom]
    public static let all: Edges = [.horizontal, .vertical]
}
