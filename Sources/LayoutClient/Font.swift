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

    /// A named family the service knows (`422` otherwise).
    public static func custom(_ family: String, size: Double) -> Font { Font(family: family, size: size) }

    public func lineHeight(_ lineHeight: Double) -> Font {
        var font = self
        font.lineHeight = lineHeight
        return font
    }

    var json: JSONValue { .encoding(self) }
}
