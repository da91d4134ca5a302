/// The members of a node, leaving out those not given (their wire defaults apply).
func members(_ pairs: (String, JSONValue?)...) -> [String: JSONValue] {
    var object: [String: JSONValue] = [:]
    for (key, value) in pairs { object[key] = value }
    return object
}

func sizeJSON(_ width: Double, _ height: Double) -> JSONValue {
    ["width": .number(width), "height": .number(height)]
}

/// `text`: measured text that wraps at break opportunities.
public struct Text: PrimitiveView {
    public var node: Node
    /// The font given by `font(_:)`, and what the text's own modifiers (`bold()`,
    /// `kerning(_:)`, ...) set on top of it, whichever order they are chained in (as in
    /// SwiftUI, where `Text.bold()` survives a later `.font(...)`).
    private var base: Font?
    private var own = Font()

    public init(_ text: String) {
        node = Node(type: "text", members: ["text": .string(text)])
    }

    public func font(_ font: Font) -> Text { with { $0.base = font } }

    public func fontWeight(_ weight: Font.Weight) -> Text { with { $0.own.weight = weight } }
    public func bold() -> Text { fontWeight(.bold) }
    public func italic(_ isActive: Bool = true) -> Text { with { $0.own.italic = isActive } }
    /// Extra space between lines.
    public func lineSpacing(_ spacing: Double) -> Text { with { $0.own.lineSpacing = spacing } }
    /// Points added after every character (wire `kerning`; the same as `tracking`).
    public func kerning(_ kerning: Double) -> Text { with { $0.own.kerning = kerning; $0.own.letterSpacing = nil } }
    /// Points added after every character (wire `letterSpacing`).
    public func tracking(_ tracking: Double) -> Text { with { $0.own.letterSpacing = tracking; $0.own.kerning = nil } }

    /// The maximum number of lines; nil = unlimited.
    public func lineLimit(_ limit: Int?) -> Text {
        var copy = self
        copy.node.set("lineLimit", limit.map { .number(Double($0)) })
        return copy
    }

    /// Where each line sits within the text's frame (wire `multilineTextAlignment`).
    public func multilineTextAlignment(_ alignment: TextAlignment) -> Text {
        var copy = self
        copy.node.set("multilineTextAlignment", .string(alignment.rawValue))
        return copy
    }

    /// Which part of a text cut by `lineLimit` the ellipsis replaces (wire `truncationMode`).
    public func truncationMode(_ mode: TruncationMode) -> Text {
        var copy = self
        copy.node.set("truncationMode", .string(mode.rawValue))
        return copy
    }

    /// SwiftUI's `Text.TruncationMode`.
    public enum TruncationMode: String, Sendable, CaseIterable {
        case head, tail, middle
    }

    private func with(_ change: (inout Text) -> Void) -> Text {
        var copy = self
        change(&copy)
        let font = (copy.base ?? Font()).overridden(by: copy.own)
        copy.node.set("font", font == Font() ? nil : font.json)
        return copy
    }
}

/// `spacer`: flexible space along the enclosing stack's axis.
public struct Spacer: PrimitiveView {
    public var node: Node
    public init(minLength: Double? = nil) {
        node = Node(type: "spacer", members: members(("minLength", minLength.map(JSONValue.number))))
    }
}

/// `divider`: `thickness` on the stack's axis, spanning its cross axis.
public struct Divider: PrimitiveView {
    public var node: Node
    public init(thickness: Double? = nil) {
        node = Node(type: "divider", members: members(("thickness", thickness.map(JSONValue.number))))
    }
}

/// `rect`: a shape; takes any proposed size, its ideal size when unspecified (10×10).
public struct Rectangle: PrimitiveView {
    public var node: Node
    public init() { node = Node(type: "rect") }
    /// A rectangle with an ideal size.
    public init(idealWidth: Double, idealHeight: Double) {
        node = Node(type: "rect", members: ["size": sizeJSON(idealWidth, idealHeight)])
    }
}

/// SwiftUI's `Color` lays out like a rectangle (`rect`); the colour itself is not sent.
public struct Color: PrimitiveView {
    public var node: Node
    public let name: String

    public init(_ name: String) {
        self.name = name
        node = Node(type: "rect")
    }

    public static let clear = Color("clear"), black = Color("black"), white = Color("white"), gray = Color("gray")
    public static let red = Color("red"), green = Color("green"), blue = Color("blue"), accentColor = Color("accent")
}

/// `image`: rigid at `size`, or like `rect` with that ideal size once `resizable()`.
public struct Image: PrimitiveView {
    public var node: Node

    public init(width: Double, height: Double) {
        node = Node(type: "image", members: ["size": sizeJSON(width, height)])
    }

    /// A square image, `Image(size: 40)`.
    public init(size: Double) { self.init(width: size, height: size) }

    public func resizable(_ resizable: Bool = true) -> Image {
        var copy = self
        copy.node.set("resizable", .bool(resizable))
        return copy
    }
}

/// `view`: a rigid leaf with an intrinsic size (a label, a platform view).
public struct IntrinsicView: PrimitiveView {
    public var node: Node
    public init(width: Double, height: Double) {
        node = Node(type: "view", members: ["size": sizeJSON(width, height)])
    }
}
