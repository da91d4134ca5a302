/// The `font` of a `text` node (openapi.yaml `Font`). A property here is a wire member of
/// the same name; one left nil is not sent (its wire default applies).
public struct Font: Sendable, Hashable, Encodable {
    /// A family `GET /v1/fonts` lists, or `system`: the server's default font (DejaVu Sans
    /// under `layoutd serve` unless `--default-font` says otherwise; Ahem in a runtime
    /// configured with no fonts).
    public var family: String?
    public var size: Double?
    public var weight: Weight?
    public var italic: Bool?
    public var lineHeight: Double?
    /// Extra space between lines (SwiftUI's `lineSpacing`).
    public var lineSpacing: Double?
    /// Points added after every character (CSS `letter-spacing`, SwiftUI's `tracking`).
    public var letterSpacing: Double?
    /// The same as `letterSpacing`, under SwiftUI's `kerning` name.
    public var kerning: Double?
    /// An unknown `family` falls back to the default instead of a `422`.
    public var fallback: Bool?

    public init(
        family: String? = nil, size: Double? = nil, weight: Weight? = nil, italic: Bool? = nil, lineHeight: Double? = nil,
        lineSpacing: Double? = nil, letterSpacing: Double? = nil, kerning: Double? = nil, fallback: Bool? = nil
    ) {
        self.family = family
        self.size = size
        self.weight = weight
        self.italic = italic
        self.lineHeight = lineHeight
        self.lineSpacing = lineSpacing
        self.letterSpacing = letterSpacing
        self.kerning = kerning
        self.fallback = fallback
    }

    /// A CSS font weight, 1...1000 (the server answers `422` outside it), with SwiftUI's
    /// names for the hundreds.
    public struct Weight: Sendable, Hashable, Encodable {
        public var value: Int
        public init(_ value: Int) { self.value = value }

        public static let ultraLight = Weight(100), thin = Weight(200), light = Weight(300), regular = Weight(400)
        public static let medium = Weight(500), semibold = Weight(600), bold = Weight(700), heavy = Weight(800)
        public static let black = Weight(900)

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(value)
        }
    }

    /// SwiftUI's `.system(size:weight:)`: the server's default family.
    public static func system(size: Double, weight: Weight? = nil) -> Font {
        Font(family: "system", size: size, weight: weight)
    }

    // SwiftUI's text styles at their default (Large) Dynamic Type sizes and weights, from
    // Apple's Human Interface Guidelines, Typography, "iOS, iPadOS Dynamic Type sizes"
    // (headline is the one semibold style).
    public static let largeTitle = Font.system(size: 34)
    public static let title = Font.system(size: 28)
    public static let title2 = Font.system(size: 22)
    public static let title3 = Font.system(size: 20)
    public static let headline = Font.system(size: 17, weight: .semibold)
    public static let body = Font.system(size: 17)
    public static let callout = Font.system(size: 16)
    public static let subheadline = Font.system(size: 15)
    public static let footnote = Font.system(size: 13)
    public static let caption = Font.system(size: 12)
    public static let caption2 = Font.system(size: 11)

    /// A named family the service knows (`422` otherwise, unless `fallback(true)`).
    public static func custom(_ family: String, size: Double) -> Font { Font(family: family, size: size) }

    public func weight(_ weight: Weight) -> Font { with(\.weight, weight) }
    public func bold() -> Font { weight(.bold) }
    /// `italic()`; `italic(false)` asks for the upright face explicitly.
    public func italic(_ isActive: Bool = true) -> Font { with(\.italic, isActive) }
    public func lineHeight(_ lineHeight: Double) -> Font { with(\.lineHeight, lineHeight) }
    /// Falls back to the server's default family when `family` is unknown.
    public func fallback(_ fallback: Bool = true) -> Font { with(\.fallback, fallback) }

    private func with<Value>(_ property: WritableKeyPath<Font, Value?>, _ value: Value) -> Font {
        var font = self
        font[keyPath: property] = value
        return font
    }

    /// `self` with every property `other` sets taken from `other`.
    func overridden(by other: Font) -> Font {
        Font(
            family: other.family ?? family, size: other.size ?? size, weight: other.weight ?? weight,
            italic: other.italic ?? italic, lineHeight: other.lineHeight ?? lineHeight,
            lineSpacing: other.lineSpacing ?? lineSpacing,
            // One spacing under either name: the server reads both as letter spacing.
            letterSpacing: spacesLetters(other) ? other.letterSpacing : letterSpacing,
            kerning: spacesLetters(other) ? other.kerning : kerning, fallback: other.fallback ?? fallback)
    }

    private func spacesLetters(_ font: Font) -> Bool { font.letterSpacing != nil || font.kerning != nil }

    var json: JSONValue { .encoding(self) }
}
