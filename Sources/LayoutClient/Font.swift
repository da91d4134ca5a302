/// The `font` of a `text` node (openapi.yaml `Font`). A property here is a wire member of
/// the same name: adding one (e.g. `weight`) is one line.
public struct Font: Sendable, Hashable, Encodable {
    public var family: String?
    public var size: Double?
    public var lineHeight: Double?

    public init(family: String? = nil, size: Double? = nil, lineHeight: Double? = nil) {
        self.family = family
        self.size = size
        self.lineHeight = lineHeight
    }

    /// The service's default family (Ahem unless configured) at `size`.
    public static func system(size: Double) -> Font { Font(size: size) }

    // SwiftUI's text styles at their default (Large) Dynamic Type sizes, from Apple's Human
    // Interface Guidelines, Typography, "iOS, iPadOS Dynamic Type sizes". Only the size is
    // sent: the weights (headline is semibold) wait for the contract's `weight`.
    public static let largeTitle = Font(size: 34)
    public static let title = Font(size: 28)
    public static let title2 = Font(size: 22)
    public static let title3 = Font(size: 20)
    public static let headline = Font(size: 17)
    public static let body = Font(size: 17)
    public static let callout = Font(size: 16)
    public static let subheadline = Font(size: 15)
    public static let footnote = Font(size: 13)
    public static let caption = Font(size: 12)
    public static let caption2 = Font(size: 11)

    /// A named family the service knows (`422` otherwise).
    public static func custom(_ family: String, size: Double) -> Font { Font(family: family, size: size) }

    public func lineHeight(_ lineHeight: Double) -> Font {
        var font = self
        font.lineHeight = lineHeight
        return font
    }

    var json: JSONValue { .encoding(self) }
}
