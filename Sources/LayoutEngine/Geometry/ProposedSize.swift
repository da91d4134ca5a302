/// What a parent offers a child. On each axis: a number, or `nil` for "unspecified"
/// (the child answers with its ideal size). 0 asks for the minimum, infinity for the maximum.
public struct ProposedSize: Hashable, Sendable {
    public var width: Double?
    public var height: Double?

    public init(width: Double?, height: Double?) {
        self.width = width
        self.height = height
    }

    public init(_ size: Size) {
        self.init(width: size.width, height: size.height)
    }

    public static let unspecified = ProposedSize(width: nil, height: nil)

    @inline(__always)
    func value(along axis: Axis) -> Double? { axis == .horizontal ? width : height }

    @inline(__always)
    init(major: Double?, minor: Double?, axis: Axis) {
        if axis == .horizontal { self.init(width: major, height: minor) } else { self.init(width: minor, height: major) }
    }

    /// An unspecified axis in a proposal packed as bits (memo keys, stored placements): a
    /// NaN with a payload of its own, which no arithmetic yields (a NaN keeps the payload
    /// of the NaN it came from, and this one never leaves those packings).
    static let unspecifiedBits: UInt64 = 0x7FF8_DEAD_0000_0001

    /// Unspecified axes replaced by `fallback` (SwiftUI's default of 10 points).
    func replacingUnspecified(with fallback: Double = 10) -> Size {
        Size(width: width ?? fallback, height: height ?? fallback)
    }
}
