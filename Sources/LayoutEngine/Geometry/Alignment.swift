/// A horizontal alignment guide.
public enum HorizontalAlignment: UInt8, Sendable {
    case leading, center, trailing

    /// Where the guide sits in a box of `width` when no view defines it explicitly.
    @inline(__always)
    func defaultValue(width: Double) -> Double {
        switch self {
        case .leading: return 0
        case .center: return width / 2
        case .trailing: return width
        }
    }
}

/// A vertical alignment guide. Text baselines fall back to the bottom edge for views
/// without text, as in SwiftUI.
public enum VerticalAlignment: UInt8, Sendable {
    case top, center, bottom, firstTextBaseline, lastTextBaseline

    @inline(__always)
    func defaultValue(height: Double) -> Double {
        switch self {
        case .top: return 0
        case .center: return height / 2
        case .bottom, .firstTextBaseline, .lastTextBaseline: return height
        }
    }

    var isBaseline: Bool { self == .firstTextBaseline || self == .lastTextBaseline }
}

/// A two-axis alignment.
public struct Alignment: Hashable, Sendable {
    public var horizontal: HorizontalAlignment
    public var vertical: VerticalAlignment

    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    public static let center = Alignment(horizontal: .center, vertical: .center)
    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
}

/// Either kind of guide, for alignment-guide lookups.
enum AlignmentGuide: Hashable, Sendable {
    case horizontal(HorizontalAlignment)
    case vertical(VerticalAlignment)
}
