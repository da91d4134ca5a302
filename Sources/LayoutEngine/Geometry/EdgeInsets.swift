/// Distances from the four edges. Leading and trailing are laid out as left and right;
/// right-to-left layouts are mirrored as a whole afterwards.
public struct EdgeInsets: Hashable, Sendable {
    public var top: Double
    public var leading: Double
    public var bottom: Double
    public var trailing: Double

    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    public static let zero = EdgeInsets()

    var horizontal: Double { leading + trailing }
    var vertical: Double { top + bottom }
}
