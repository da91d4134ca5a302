/// openapi.yaml `HorizontalAlignment`.
public enum HorizontalAlignment: String, Sendable, CaseIterable {
    case leading, center, trailing
}

/// openapi.yaml `VerticalAlignment`.
public enum VerticalAlignment: String, Sendable, CaseIterable {
    case top, center, bottom, firstTextBaseline, lastTextBaseline
}

/// openapi.yaml `TwoAxisAlignment`.
public enum Alignment: String, Sendable, CaseIterable {
    case topLeading, top, topTrailing, leading, center, trailing, bottomLeading, bottom, bottomTrailing
}

/// The guides `alignmentGuide` can override (either axis).
public enum AlignmentGuide: String, Sendable, CaseIterable {
    case leading, center, trailing, top, bottom, firstTextBaseline, lastTextBaseline
}

public enum Axis: String, Sendable, CaseIterable {
    case horizontal, vertical
}

extension RawRepresentable where RawValue == String {
    var json: JSONValue { .string(rawValue) }
}

extension Axis {
    /// SwiftUI's `Axis.Set`, for `ViewThatFits(in:)` and `gridCellUnsizedAxes(_:)`.
    public struct Set: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        public static let horizontal = Set(rawValue: 1)
        public static let vertical = Set(rawValue: 2)

        /// The wire's `horizontal`, `vertical` or `both`; nil for the empty set.
        var json: JSONValue? {
            switch (contains(.horizontal), contains(.vertical)) {
            case (true, true): "both"
            case (true, false): "horizontal"
            case (false, true): "vertical"
            case (false, false): nil
            }
        }
    }
}

/// SwiftUI's `UnitPoint`, for `gridCellAnchor(_:)`: (0, 0) is top leading, (1, 1) bottom
/// trailing. The named points are sent by name.
public struct UnitPoint: Sendable, Hashable {
    public var x: Double
    public var y: Double
    let name: Alignment?

    public init(x: Double, y: Double) {
        self.init(x: x, y: y, name: nil)
    }

    private init(x: Double, y: Double, name: Alignment?) {
        self.x = x
        self.y = y
        self.name = name
    }

    public static let zero = UnitPoint(x: 0, y: 0)
    public static let topLeading = UnitPoint(x: 0, y: 0, name: .topLeading)
    public static let top = UnitPoint(x: 0.5, y: 0, name: .top)
    public static let topTrailing = UnitPoint(x: 1, y: 0, name: .topTrailing)
    public static let leading = UnitPoint(x: 0, y: 0.5, name: .leading)
    public static let center = UnitPoint(x: 0.5, y: 0.5, name: .center)
    public static let trailing = UnitPoint(x: 1, y: 0.5, name: .trailing)
    public static let bottomLeading = UnitPoint(x: 0, y: 1, name: .bottomLeading)
    public static let bottom = UnitPoint(x: 0.5, y: 1, name: .bottom)
    public static let bottomTrailing = UnitPoint(x: 1, y: 1, name: .bottomTrailing)

    var json: JSONValue { name?.json ?? ["x": .number(x), "y": .number(y)] }

    // A point is its coordinates, named or not.
    public static func == (lhs: UnitPoint, rhs: UnitPoint) -> Bool { lhs.x == rhs.x && lhs.y == rhs.y }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(x)
        hasher.combine(y)
    }
}

/// SwiftUI's `TextAlignment`: how the lines of a multi-line text align within its frame.
public enum TextAlignment: String, Sendable, CaseIterable {
    case leading, center, trailing
}
