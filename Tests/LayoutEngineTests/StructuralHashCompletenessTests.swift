import Testing

@testable import LayoutEngine

/// Every field of every node kind, modifier and style reaches the structural hash: each
/// case changes one field of a node and expects the root's hash to change. A field left
/// out of `StructuralHasher` would let the shared measurement cache and the layout cache
/// answer a changed tree with the old frames. (Flex style fields have their own test that
/// walks `FlexStyle.Field`: FlexStyleSchemaTests.)
struct StructuralHashCompletenessTests {
    /// One field changed: the node before and after, as JSON.
    struct Variation: CustomTestStringConvertible, Sendable {
        var name: String
        var base: String
        var changed: String
        var testDescription: String { name }
    }

    /// Ahem under two names, so that a text's family can change with Ahem's metrics.
    struct TwoFamilies: TextMeasurer {
        let ahem = AhemMeasurer()
        var defaultFamily: String { ahem.defaultFamily }
        func family(named name: String) -> String? { name == "Ahem" || name == "Other" ? name : nil }
        var families: [FontFamilyInfo] { ahem.families }
        func shape(_ content: String, font: TextFont) -> ShapedText { ahem.shape(content, font: font) }
    }

    static func hash(_ node: String) throws -> TreeHash {
        let json = #"{"bounds":{"width":300,"height":300},"root":"# + node + "}"
        let request = try RequestDecoder.decode(Array(json.utf8), fonts: TwoFamilies())
        return StructuralHasher.hashes(of: request.tree)[0]
    }

    /// `base` and `changed` are `node` with `{}` replaced by the two values.
    static func vary(_ name: String, _ node: String, _ base: String, _ changed: String) -> Variation {
        Variation(
            name: name, base: node.replacingOccurrences(of: "{}", with: base),
            changed: node.replacingOccurrences(of: "{}", with: changed))
    }

    static let leaf = #"{"type":"view","id":"c","size":{"width":10,"height":10}}"#
    static let children = "[" + leaf + "]"

    static let nodeFields: [Variation] = [
        vary("view.size.width", #"{"type":"view","size":{"width":{},"height":5}}"#, "10", "11"),
        vary("view.size.height", #"{"type":"view","size":{"width":5,"height":{}}}"#, "10", "11"),
        vary("rect.size.width", #"{"type":"rect","size":{"width":{},"height":5}}"#, "10", "11"),
        vary("rect.size.height", #"{"type":"rect","size":{"width":5,"height":{}}}"#, "10", "11"),
        vary("image.size.width", #"{"type":"image","size":{"width":{},"height":5}}"#, "10", "11"),
        vary("image.size.height", #"{"type":"image","size":{"width":5,"height":{}}}"#, "10", "11"),
        vary("image.resizable", #"{"type":"image","size":{"width":5,"height":5},"resizable":{}}"#, "false", "true"),
        vary("text.text", #"{"type":"text","text":{}}"#, #""ab""#, #""ac""#),
        vary("text.font.family", #"{"type":"text","text":"a","font":{"family":{}}}"#, #""Ahem""#, #""Other""#),
        vary("text.font.size", #"{"type":"text","text":"a","font":{"size":{}}}"#, "10", "11"),
        vary("text.font.weight", #"{"type":"text","text":"a","font":{"weight":{}}}"#, "400", "700"),
        vary("text.font.italic", #"{"type":"text","text":"a","font":{"italic":{}}}"#, "false", "true"),
        vary("text.font.lineHeight", #"{"type":"text","text":"a","font":{"lineHeight":{}}}"#, "10", "11"),
        vary("text.font.lineSpacing", #"{"type":"text","text":"a","font":{"lineSpacing":{}}}"#, "0", "1"),
        vary("text.font.letterSpacing", #"{"type":"text","text":"a","font":{"letterSpacing":{}}}"#, "0", "1"),
        vary("text.font.fallback", #"{"type":"text","text":"a","font":{"fallback":{}}}"#, "false", "true"),
        vary("text.lineLimit", #"{"type":"text","text":"a","lineLimit":{}}"#, "1", "2"),
        vary(
            "text.multilineTextAlignment", #"{"type":"text","text":"a","multilineTextAlignment":{}}"#, #""leading""#,
            #""center""#),
        vary("text.truncationMode", #"{"type":"text","text":"a","truncationMode":{}}"#, #""tail""#, #""head""#),
        vary("spacer.minLength", #"{"type":"spacer","minLength":{}}"#, "0", "1"),
        vary("divider.thickness", #"{"type":"divider","thickness":{}}"#, "1", "2"),
        vary("stack.type", #"{"type":{},"children":\#(children)}"#, #""vstack""#, #""hstack""#),
        vary("vstack.alignment", #"{"type":"vstack","alignment":{},"children":\#(children)}"#, #""leading""#, #""trailing""#),
        vary("vstack.spacing", #"{"type":"vstack","spacing":{},"children":\#(children)}"#, "0", "1"),
        vary("lazystack.type", #"{"type":{},"children":\#(children)}"#, #""lazyvstack""#, #""lazyhstack""#),
        vary("lazyvstack.alignment", #"{"type":"lazyvstack","alignment":{},"children":\#(children)}"#, #""leading""#, #""center""#),
        vary("lazyvstack.spacing", #"{"type":"lazyvstack","spacing":{},"children":\#(children)}"#, "0", "1"),
        vary("zstack.alignment", #"{"type":"zstack","alignment":{},"children":\#(children)}"#, #""top""#, #""bottom""#),
        vary("scroll.axes", #"{"type":"scroll","axes":{},"children":\#(children)}"#, #""vertical""#, #""horizontal""#),
        vary("viewthatfits.axes", #"{"type":"viewthatfits","axes":{},"children":\#(children)}"#, #""vertical""#, #""both""#),
        vary("grid.alignment", #"{"type":"grid","alignment":{},"children":\#(children)}"#, #""leading""#, #""trailing""#),
        vary("grid.horizontalSpacing", #"{"type":"grid","horizontalSpacing":{},"children":\#(children)}"#, "0", "1"),
        vary("grid.verticalSpacing", #"{"type":"grid","verticalSpacing":{},"children":\#(children)}"#, "0", "1"),
        vary(
            "gridrow.alignment",
            #"{"type":"grid","children":[{"type":"gridrow","alignment":{},"children":\#(children)}]}"#, #""top""#,
            #""bottom""#),
        Variation(
            name: "lazygrid.type", base: #"{"type":"lazyvgrid","columns":[{"fixed":10}],"children":\#(children)}"#,
            changed: #"{"type":"lazyhgrid","rows":[{"fixed":10}],"children":\#(children)}"#),
        vary("lazyvgrid.alignment", #"{"type":"lazyvgrid","alignment":{},"columns":[{"fixed":10}],"children":\#(children)}"#, #""leading""#, #""trailing""#),
        vary("lazyvgrid.spacing", #"{"type":"lazyvgrid","spacing":{},"columns":[{"fixed":10}],"children":\#(children)}"#, "0", "1"),
        vary("lazyvgrid.columns.count", #"{"type":"lazyvgrid","columns":{},"children":\#(children)}"#, #"[{"fixed":10}]"#, #"[{"fixed":10},{"fixed":10}]"#),
        vary("GridItem.kind", #"{"type":"lazyvgrid","columns":[{}],"children":\#(children)}"#, #"{"flexible":{"minimum":10,"maximum":10}}"#, #"{"adaptive":{"minimum":10,"maximum":10}}"#),
        vary("GridItem.fixed", #"{"type":"lazyvgrid","columns":[{"fixed":{}}],"children":\#(children)}"#, "10", "11"),
        vary("GridItem.flexible.minimum", #"{"type":"lazyvgrid","columns":[{"flexible":{"minimum":{}}}],"children":\#(children)}"#, "10", "11"),
        vary("GridItem.flexible.maximum", #"{"type":"lazyvgrid","columns":[{"flexible":{"maximum":{}}}],"children":\#(children)}"#, "20", "21"),
        vary("GridItem.adaptive.minimum", #"{"type":"lazyvgrid","columns":[{"adaptive":{"minimum":{}}}],"children":\#(children)}"#, "10", "11"),
        vary("GridItem.adaptive.maximum", #"{"type":"lazyvgrid","columns":[{"adaptive":{"minimum":10,"maximum":{}}}],"children":\#(children)}"#, "20", "21"),
        vary("GridItem.spacing", #"{"type":"lazyvgrid","columns":[{"fixed":10,"spacing":{}}],"children":\#(children)}"#, "0", "1"),
        vary("form.style.horizontalMargin", #"{"type":"form","style":{"horizontalMargin":{}},"children":\#(children)}"#, "20", "21"),
        vary("form.style.rowInsets.top", #"{"type":"form","style":{"rowInsets":{"top":{}}},"children":\#(children)}"#, "11", "12"),
        vary("form.style.rowInsets.leading", #"{"type":"form","style":{"rowInsets":{"leading":{}}},"children":\#(children)}"#, "20", "21"),
        vary("form.style.rowInsets.bottom", #"{"type":"form","style":{"rowInsets":{"bottom":{}}},"children":\#(children)}"#, "11", "12"),
        vary("form.style.rowInsets.trailing", #"{"type":"form","style":{"rowInsets":{"trailing":{}}},"children":\#(children)}"#, "20", "21"),
        vary("form.style.minRowHeight", #"{"type":"form","style":{"minRowHeight":{}},"children":\#(children)}"#, "44", "45"),
        vary("form.style.separatorThickness", #"{"type":"form","style":{"separatorThickness":{}},"children":\#(children)}"#, "0.5", "1"),
        vary("form.style.sectionSpacing", #"{"type":"form","style":{"sectionSpacing":{}},"children":\#(children)}"#, "35", "36"),
        vary("form.style.headerSpacing", #"{"type":"form","style":{"headerSpacing":{}},"children":\#(children)}"#, "6", "7"),
        vary("flex.style", #"{"type":"flex","style":{"flexDirection":{}},"children":\#(children)}"#, #""row""#, #""column""#),
        vary("item.style", #"{"type":"flex","children":[{"type":"view","size":{"width":1,"height":1},"style":{"flexGrow":{}}}]}"#, "0", "1"),
        vary("id", #"{"type":"view","id":{},"size":{"width":1,"height":1}}"#, #""a""#, #""b""#),
        vary("children.order", #"{"type":"vstack","children":[{}]}"#, #"{"type":"rect"},{"type":"spacer"}"#, #"{"type":"spacer"},{"type":"rect"}"#),
        vary("children.count", #"{"type":"vstack","children":[{}]}"#, #"{"type":"rect"}"#, #"{"type":"rect"},{"type":"rect"}"#),
        vary("child.field", #"{"type":"vstack","children":[{"type":"view","size":{"width":{},"height":1}}]}"#, "1", "2"),
    ]

    /// A node with one modifier (or two, for order): `{}` stands for the modifier list.
    static let modified = #"{"type":"vstack","children":[{"type":"view","size":{"width":10,"height":10},"modifiers":[{}]}]}"#

    /// A modifier with one length field, at 1 and at 2.
    static func lengths(_ modifier: String, _ fields: [String]) -> [Variation] {
        fields.map { vary("\(modifier).\($0)", modified, #"{"\#(modifier)":{"\#($0)":1}}"#, #"{"\#(modifier)":{"\#($0)":2}}"#) }
    }

    /// `background` or `overlay`: its content's size, then its alignment.
    static func decoration(_ modifier: String) -> [Variation] {
        [
            vary(
                "\(modifier).content", modified, #"{"\#(modifier)":{"content":{"type":"rect","size":{"width":1,"height":1}}}}"#,
                #"{"\#(modifier)":{"content":{"type":"rect","size":{"width":2,"height":1}}}}"#),
            vary(
                "\(modifier).alignment", modified, #"{"\#(modifier)":{"content":{"type":"rect"},"alignment":"top"}}"#,
                #"{"\#(modifier)":{"content":{"type":"rect"},"alignment":"bottom"}}"#),
        ]
    }

    static let modifierFields: [Variation] =
        decoration("background") + decoration("overlay")
        + lengths("padding", ["top", "leading", "bottom", "trailing"])
        + lengths("frame", ["width", "height", "minWidth", "idealWidth", "maxWidth", "minHeight", "idealHeight", "maxHeight"])
        + lengths("offset", ["x", "y"]) + lengths("position", ["x", "y"]) + [
        vary("padding.percent", modified, #"{"padding":{"top":1}}"#, #"{"padding":{"top":"1%"}}"#),
        vary("padding.edge", modified, #"{"padding":{"top":1}}"#, #"{"padding":{"bottom":1}}"#),
        vary("frame.alignment", modified, #"{"frame":{"width":1,"alignment":"leading"}}"#, #"{"frame":{"width":1,"alignment":"trailing"}}"#),
        vary("frame.flexible.alignment", modified, #"{"frame":{"maxWidth":1,"alignment":"top"}}"#, #"{"frame":{"maxWidth":1,"alignment":"bottom"}}"#),
        vary("frame.fixed→flexible", modified, #"{"frame":{"width":1}}"#, #"{"frame":{"minWidth":1,"maxWidth":1}}"#),
        vary("offset→position", modified, #"{"offset":{"x":1}}"#, #"{"position":{"x":1}}"#),
        vary("aspectRatio.ratio", modified, #"{"aspectRatio":{"ratio":1}}"#, #"{"aspectRatio":{"ratio":2}}"#),
        vary("aspectRatio.contentMode", modified, #"{"aspectRatio":{"contentMode":"fit"}}"#, #"{"aspectRatio":{"contentMode":"fill"}}"#),
        vary("fixedSize.horizontal", modified, #"{"fixedSize":{"horizontal":true}}"#, #"{"fixedSize":{"horizontal":false,"vertical":true}}"#),
        vary("fixedSize.vertical", modified, #"{"fixedSize":{"horizontal":true}}"#, #"{"fixedSize":true}"#),
        vary("layoutPriority", modified, #"{"layoutPriority":1}"#, #"{"layoutPriority":2}"#),
        vary("background→overlay", modified, #"{"background":{"content":{"type":"rect"}}}"#, #"{"overlay":{"content":{"type":"rect"}}}"#),
        vary("ignoresSafeArea.edges", modified, #"{"ignoresSafeArea":{"edges":["top"]}}"#, #"{"ignoresSafeArea":{"edges":["bottom"]}}"#),
        vary("alignmentGuide.alignment", modified, #"{"alignmentGuide":{"alignment":"leading","value":1}}"#, #"{"alignmentGuide":{"alignment":"trailing","value":1}}"#),
        vary("alignmentGuide.value", modified, #"{"alignmentGuide":{"alignment":"leading","value":1}}"#, #"{"alignmentGuide":{"alignment":"leading","value":2}}"#),
        vary(
            "alignmentGuide.axis", modified, #"{"alignmentGuide":{"alignment":"center","axis":"horizontal","value":1}}"#,
            #"{"alignmentGuide":{"alignment":"center","axis":"vertical","value":1}}"#),
        vary("gridCellColumns", modified, #"{"gridCellColumns":1}"#, #"{"gridCellColumns":2}"#),
        vary("gridColumnAlignment", modified, #"{"gridColumnAlignment":"leading"}"#, #"{"gridColumnAlignment":"trailing"}"#),
        vary("gridCellAnchor.x", modified, #"{"gridCellAnchor":{"x":0.25,"y":0.5}}"#, #"{"gridCellAnchor":{"x":0.75,"y":0.5}}"#),
        vary("gridCellAnchor.y", modified, #"{"gridCellAnchor":{"x":0.5,"y":0.25}}"#, #"{"gridCellAnchor":{"x":0.5,"y":0.75}}"#),
        vary("gridCellUnsizedAxes", modified, #"{"gridCellUnsizedAxes":"horizontal"}"#, #"{"gridCellUnsizedAxes":"vertical"}"#),
        vary("modifiers.order", modified, #"{"padding":1},{"frame":{"width":5}}"#, #"{"frame":{"width":5}},{"padding":1}"#),
        vary("modifiers.count", modified, #"{"padding":1}"#, #"{"padding":1},{"padding":1}"#),
    ]

    @Test(arguments: nodeFields)
    func changingANodeFieldChangesTheHash(_ variation: Variation) throws {
        #expect(try Self.hash(variation.base) != Self.hash(variation.changed))
    }

    @Test(arguments: modifierFields)
    func changingAModifierFieldChangesTheHash(_ variation: Variation) throws {
        #expect(try Self.hash(variation.base) != Self.hash(variation.changed))
    }

    /// The same node written twice (other key order and spacing) hashes alike: the hash
    /// reads the decoded tree, so the cases above differ only by their changed field.
    @Test func theSameNodeHashesAlike() throws {
        #expect(
            try Self.hash(#"{"type":"view","size":{"width":1,"height":2},"modifiers":[{"padding":3}]}"#)
                == Self.hash(#"{ "modifiers":[{"padding":3}], "size":{"height":2,"width":1}, "type":"view" }"#))
    }

    /// No two tags share a word, counting the values a tag adds (an axis, a flag).
    @Test func tagsDoNotOverlap() {
        var taken: Set<UInt64> = []
        for tag in StructuralHasher.Tag.allCases {
            for word in tag.rawValue..<tag.rawValue + tag.width {
                #expect(taken.insert(word).inserted, "\(tag) overlaps at \(word)")
            }
        }
    }

    /// Every container kind with the same children hashes apart from every other.
    @Test func everyContainerKindHashesApart() throws {
        let children = Self.children
        let kinds = [
            #""vstack""#, #""hstack""#, #""zstack""#, #""lazyvstack""#, #""lazyhstack""#, #""geometry""#, #""grid""#,
            #""form""#, #""flex""#, #""group""#,
        ].map { #"{"type":\#($0),"children":\#(children)}"# }
            + ["vertical", "horizontal", "both"].flatMap { axes in
                [#"{"type":"scroll","axes":"\#(axes)","children":\#(children)}"#, #"{"type":"viewthatfits","axes":"\#(axes)","children":\#(children)}"#]
            }
            + [#"{"type":"lazyvgrid","columns":[{"fixed":10}],"children":\#(children)}"#, #"{"type":"lazyhgrid","rows":[{"fixed":10}],"children":\#(children)}"#]
        // Inside a stack, since a group cannot be the root.
        let hashes = try kinds.map { try Self.hash(#"{"type":"vstack","children":[\#($0)]}"#) }
        #expect(Set(hashes.map { $0.description }).count == kinds.count)
    }
}
