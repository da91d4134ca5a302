import Foundation

@testable import LayoutEngine

/// Converts one test of Taffy's Chrome-generated suite (`tests/xml/flex` of
/// DioxusLabs/taffy, read from `../shared/conformance/taffy-flex` at test time, never
/// copied here) into a layoutd request and the frames Chrome recorded.
///
/// The XML: `<test name use-rounding>`, `<viewport width height>`, `<input>` holding one
/// tree of `<div>`/`<text>` elements whose attributes are CSS properties with CSS
/// values, and `<expectations>` holding the same tree of `<node x y width height>`,
/// relative to the parent (rounded as Taffy rounds when `use-rounding` is true).
struct TaffyTest {
    struct Element {
        var tag: String
        var attributes: [(String, String)]
        var text = ""
        var children: [Element] = []

        func attribute(_ name: String) -> String? { attributes.first { $0.0 == name }?.1 }
    }

    struct Frame {
        var x, y, width, height: Double
        var children: [Frame]
    }

    /// Why a test cannot be converted: a CSS feature the service does not have.
    struct Unsupported: Error, CustomStringConvertible {
        var description: String
    }

    var name: String
    var rounding: Bool
    var viewport: (width: Double?, height: Double?)
    var root: Element
    var expected: Frame

    // MARK: - Reading the XML (a small, strict reader for this suite's layout)

    init(xml: String) throws {
        var reader = Reader(text: Array(xml.unicodeScalars))
        let test = try reader.element()
        name = test.attribute("name") ?? "?"
        rounding = test.attribute("use-rounding") == "true"
        guard let viewportElement = test.children.first(where: { $0.tag == "viewport" }),
            let input = test.children.first(where: { $0.tag == "input" })?.children.first,
            let expectations = test.children.first(where: { $0.tag == "expectations" })?.children.first
        else { throw Unsupported(description: "malformed test") }
        func space(_ value: String?) throws -> Double? {
            guard let value, value != "max-content" else { return nil }
            guard value.hasSuffix("px"), let number = Double(value.dropLast(2)) else {
                throw Unsupported(description: "viewport \(value)")
            }
            return number
        }
        viewport = (try space(viewportElement.attribute("width")), try space(viewportElement.attribute("height")))
        root = input
        func frame(_ element: Element) -> Frame {
            func number(_ name: String) -> Double { Double(element.attribute(name) ?? "") ?? .nan }
            return Frame(
                x: number("x"), y: number("y"), width: number("width"), height: number("height"),
                children: element.children.map(frame))
        }
        expected = frame(expectations)
    }

    struct Reader {
        var text: [Unicode.Scalar]
        var position = 0

        mutating func skipSpace() {
            while position < text.count, text[position].properties.isWhitespace { position += 1 }
        }

        mutating func expect(_ scalar: Unicode.Scalar) throws {
            guard position < text.count, text[position] == scalar else {
                throw Unsupported(description: "XML: expected \(scalar) at \(position)")
            }
            position += 1
        }

        mutating func word() -> String {
            var result = ""
            while position < text.count, text[position].properties.isAlphabetic || text[position] == "-"
                || text[position] == "_" || ("0"..."9").contains(text[position])
            {
                result.unicodeScalars.append(text[position])
                position += 1
            }
            return result
        }

        mutating func element() throws -> Element {
            skipSpace()
            try expect("<")
            var element = Element(tag: word(), attributes: [])
            while true {
                skipSpace()
                guard position < text.count else { throw Unsupported(description: "XML: unterminated tag") }
                if text[position] == "/" {
                    position += 1
                    try expect(">")
                    return element
                }
                if text[position] == ">" {
                    position += 1
                    break
                }
                let name = word()
                try expect("=")
                try expect("\"")
                var value = ""
                while position < text.count, text[position] != "\"" {
                    value.unicodeScalars.append(text[position])
                    position += 1
                }
                try expect("\"")
                element.attributes.append((name, value))
            }
            // Content: child elements, or text.
            while true {
                var content = ""
                while position < text.count, text[position] != "<" {
                    content.unicodeScalars.append(text[position])
                    position += 1
                }
                element.text += content
                guard position + 1 < text.count else { throw Unsupported(description: "XML: unterminated element") }
                if text[position + 1] == "/" {
                    position += 2
                    _ = word()
                    try expect(">")
                    return element
                }
                element.children.append(try self.element())
            }
        }
    }

    // MARK: - The request

    /// The request as JSON text: the tree under bounds that give the viewport's sizes
    /// (`null`: a max-content proposal), with ids `root`, `root/0`, ...
    func request() throws -> String {
        // The service always lays its root out, and a root must be a container to take a style.
        if root.tag == "text" { throw Unsupported(description: "root text") }
        if root.attribute("display") == "none" { throw Unsupported(description: "root display none") }
        func number(_ value: Double?) -> String { value.map { String($0) } ?? "null" }
        let rootJSON = try node(root, id: "root")
        return #"{"bounds":{"width":\#(number(viewport.width)),"height":\#(number(viewport.height))},"alignment":"topLeading","environment":{"layoutDirection":"ltr"},"options":{"cache":"none"},"root":\#(rootJSON)}"#
    }

    private func node(_ element: Element, id: String) throws -> String {
        let style = try Self.style(element)
        let styleJSON = style.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",")
        if element.tag == "text" {
            // Whitespace collapses as in CSS; U+200B is a break opportunity that stays.
            let text = element.text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).joined(separator: " ")
            guard !element.attributes.contains(where: { $0.0.hasPrefix("padding") || $0.0.hasPrefix("border") }) else {
                throw Unsupported(description: "text with padding or border")
            }
            return #"{"type":"text","id":"\#(id)","text":"\#(text)","font":{"family":"Ahem","size":10},"style":{\#(styleJSON)}}"#
        }
        let children = try element.children.enumerated().map { try node($0.element, id: "\(id)/\($0.offset)") }
        return #"{"type":"flex","id":"\#(id)","style":{\#(styleJSON)},"children":[\#(children.joined(separator: ","))]}"#
    }

    /// CSS property → (request name, how its value converts).
    private enum Kind { case keyword, number, length, ratio }
    private static let properties: [String: (String, Kind)] = [
        "display": ("display", .keyword), "position": ("position", .keyword), "direction": ("direction", .keyword),
        "box-sizing": ("boxSizing", .keyword), "flex-direction": ("flexDirection", .keyword),
        "flex-wrap": ("flexWrap", .keyword), "justify-content": ("justifyContent", .keyword),
        "align-items": ("alignItems", .keyword), "align-self": ("alignSelf", .keyword),
        "align-content": ("alignContent", .keyword), "flex-grow": ("flexGrow", .number),
        "flex-shrink": ("flexShrink", .number), "flex-basis": ("flexBasis", .length), "width": ("width", .length),
        "height": ("height", .length), "min-width": ("minWidth", .length), "min-height": ("minHeight", .length),
        "max-width": ("maxWidth", .length), "max-height": ("maxHeight", .length), "aspect-ratio": ("aspectRatio", .ratio),
        "gap": ("gap", .length), "row-gap": ("rowGap", .length), "column-gap": ("columnGap", .length),
        "margin-top": ("marginTop", .length), "margin-bottom": ("marginBottom", .length),
        "margin-left": ("marginLeft", .length), "margin-right": ("marginRight", .length),
        "padding-top": ("paddingTop", .length), "padding-bottom": ("paddingBottom", .length),
        "padding-left": ("paddingLeft", .length), "padding-right": ("paddingRight", .length),
        "border-top": ("borderTopWidth", .length), "border-bottom": ("borderBottomWidth", .length),
        "border-left": ("borderLeftWidth", .length), "border-right": ("borderRightWidth", .length),
        "top": ("top", .length), "bottom": ("bottom", .length), "left": ("left", .length), "right": ("right", .length),
    ]

    static func style(_ element: Element) throws -> [(String, String)] {
        var style: [(String, String)] = []
        var overflow: [String] = []
        for (property, value) in element.attributes {
            if property == "overflow-x" || property == "overflow-y" {
                overflow.append(value)
                continue
            }
            guard let (name, kind) = properties[property] else { throw Unsupported(description: "\(property)=\(value)") }
            switch kind {
            case .keyword:
                if property == "display", value != "flex", value != "none" { throw Unsupported(description: "display \(value)") }
                if property == "flex-wrap", value.contains("balance") { throw Unsupported(description: "flex-wrap \(value)") }
                style.append((name, "\"\(value)\""))
            case .number:
                guard Double(value) != nil else { throw Unsupported(description: "\(property) \(value)") }
                style.append((name, value))
            case .ratio:
                let parts = value.split(separator: "/").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
                guard let first = parts.first else { throw Unsupported(description: "aspect-ratio \(value)") }
                style.append((name, String(parts.count == 2 ? first / parts[1] : first)))
            case .length:
                if value == "auto" {
                    style.append((name, "\"auto\""))
                } else if value.hasSuffix("px"), let number = Double(value.dropLast(2)) {
                    // The contract bounds numbers to ±1e9 (openapi.yaml). A few tests write
                    // "no limit" as 3.68935e19px (2^65 / 1000); at these trees' sizes 1e9
                    // limits exactly as little.
                    style.append((name, String(min(max(number, -1e9), 1e9))))
                } else if value.hasSuffix("%"), Double(value.dropLast()) != nil {
                    style.append((name, "\"\(value)\""))
                } else {
                    throw Unsupported(description: "\(property) \(value)")
                }
            }
        }
        if !overflow.isEmpty {
            // One `overflow` for both axes; Chrome reserves no scrollbar space here only
            // when `scrollbar-width` is absent (the suite's Chrome has overlay scrollbars).
            guard overflow.count == 2, overflow[0] == overflow[1] else {
                throw Unsupported(description: "overflow-x/overflow-y differ")
            }
            style.append(("overflow", "\"\(overflow[0])\""))
        }
        return style
    }
}
