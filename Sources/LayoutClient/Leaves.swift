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

    public init(_ text: String) {
        node = Node(type: "text", members: ["text": .string(text)])
    }

    public func font(_ font: Font) -> Text { with("font", font.json) }

    /// The maximum number of lines; nil = unlimited.
    public func lineLimit(_ limit: Int?) -> Text { with("lineLimit", limit.map { .number(Double($0)) }) }

    private func with(_ member: String, _ value: JSONValue?) -> Text {
        var copy = self
        copy.node.set(member, value)
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
