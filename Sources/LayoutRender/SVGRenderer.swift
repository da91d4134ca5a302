import LayoutEngine

/// Draws a layout as an SVG wireframe: every framed node as an outlined box styled by its
/// category, its id and frame in a `<title>` (shown on hover), text drawn in its font,
/// scroll content extents, the bounds and safe area, and with a session the diff.
public enum SVGRenderer {
    public static func render(_ layout: LayoutInspection, options: SVGOptions = SVGOptions()) -> String {
        let tree = layout.request.tree
        let result = layout.result
        let canvas = canvasSize(layout)
        let n = NumberFormat.short
        var svg = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        svg += #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(n(canvas.width))" height="\#(n(canvas.height))" "#
        svg += #"viewBox="0 0 \#(n(canvas.width)) \#(n(canvas.height))" class="layoutd-wireframe">"# + "\n"
        svg += "<style>" + SVGStyleSheet.css + "</style>\n"
        svg += #"<rect class="bounds" x="0" y="0" width="\#(n(canvas.width))" height="\#(n(canvas.height))"/>"# + "\n"
        svg += safeArea(
            layout.request.environment.safeAreaInsets, canvas: canvas,
            rightToLeft: layout.request.environment.layoutDirection == .rightToLeft)

        let roles = tree.madeRoles()
        let scrollContent = result.scrollContentSizes()
        var guides = ""
        for index in drawingOrder(tree, roles: roles) where index < result.hasFrame.count && result.hasFrame[index] {
            let node = tree.describe(index, roles: roles)
            guard node.hasFrame else { continue }
            let frame = result.frames[index]
            svg += drawNode(
                node, frame: frame, changes: layout.changes, options: options,
                rightToLeft: layout.request.environment.layoutDirection == .rightToLeft)
            if let content = scrollContent[index], node.kind == "scroll" {
                svg += #"<rect class="scroll-content" x="\#(n(frame.x))" y="\#(n(frame.y))" "#
                svg += #"width="\#(n(content.width))" height="\#(n(content.height))"><title>"#
                svg += MarkupEscaping.xml("\(node.id) content \(n(content.width))×\(n(content.height))")
                svg += "</title></rect>\n"
            }
            if options.alignmentGuides, let guide = node.stackGuide {
                guides += guideLine(guide, frame: frame, rightToLeft: layout.request.environment.layoutDirection == .rightToLeft)
            }
        }
        svg += guides
        svg += "</svg>\n"
        return svg
    }

    /// Painter's order: a node's backgrounds, the node, then its other children and
    /// overlays (as SwiftUI draws them), depth first without recursion.
    static func drawingOrder(_ tree: NodeTree, roles: [MadeRole?]) -> [Int] {
        guard tree.nodeCount > 0 else { return [] }
        let children = tree.hierarchyChildren()
        var order: [Int] = []
        order.reserveCapacity(tree.nodeCount)
        // An entry either draws a node alone (`alone`) or expands it into its parts.
        var stack: [(node: Int, alone: Bool)] = [(0, false)]
        while let (index, alone) = stack.popLast() {
            if alone {
                order.append(index)
                continue
            }
            let kids = children[index]
            let rest = kids.filter { roles[$0] != .background }
            for child in rest.reversed() { stack.append((child, false)) }
            stack.append((index, true))
            for child in kids.reversed() where roles[child] == .background { stack.append((child, false)) }
        }
        return order
    }

    /// The bounds, or the root's extent on an axis the bounds leave unspecified.
    static func canvasSize(_ layout: LayoutInspection) -> Size {
        let insets = layout.request.environment.safeAreaInsets
        var maxX = 0.0, maxY = 0.0
        for index in layout.result.frames.indices where layout.result.hasFrame[index] {
            let frame = layout.result.frames[index]
            maxX = max(maxX, frame.x + frame.width)
            maxY = max(maxY, frame.y + frame.height)
        }
        let width = layout.request.bounds.width ?? max(maxX + insets.trailing, layout.result.size.width)
        let height = layout.request.bounds.height ?? max(maxY + insets.bottom, layout.result.size.height)
        return Size(width: max(width, 1), height: max(height, 1))
    }

    /// The insets as bands at the canvas edges; right-to-left, leading is on the right
    /// (the engine mirrors the whole layout, insets included).
    private static func safeArea(_ insets: EdgeInsets, canvas: Size, rightToLeft: Bool) -> String {
        let n = NumberFormat.short
        let left = rightToLeft ? insets.trailing : insets.leading
        let right = rightToLeft ? insets.leading : insets.trailing
        let bands: [(String, Double, Double, Double, Double)] = [
            ("top", 0, 0, canvas.width, insets.top),
            ("bottom", 0, canvas.height - insets.bottom, canvas.width, insets.bottom),
            (rightToLeft ? "trailing" : "leading", 0, insets.top, left, canvas.height - insets.top - insets.bottom),
            (rightToLeft ? "leading" : "trailing", canvas.width - right, insets.top, right,
             canvas.height - insets.top - insets.bottom),
        ]
        var svg = ""
        for (edge, x, y, width, height) in bands where width > 0 && height > 0 {
            svg += #"<rect class="safe-area" x="\#(n(x))" y="\#(n(y))" width="\#(n(width))" height="\#(n(height))">"#
            svg += "<title>safe area \(edge) \(n(edge == "top" || edge == "bottom" ? height : width))</title></rect>\n"
        }
        return svg
    }

    private static func drawNode(
        _ node: NodeDescription, frame: Rect, changes: FrameChanges?, options: SVGOptions, rightToLeft: Bool
    ) -> String {
        let n = NumberFormat.short
        var classes = ["node", node.category.rawValue]
        if node.kind != node.category.rawValue { classes.append(node.kind) }
        if let made = node.made { classes += ["made", made.rawValue] }
        if let changes {
            if changes.inserted.contains(node.index) { classes.append("inserted") }
            if changes.moved.contains(node.index) { classes.append("moved") }
            if changes.resized.contains(node.index) { classes.append("resized") }
        }
        var svg = #"<g class="\#(classes.joined(separator: " "))" data-id="\#(MarkupEscaping.xml(node.id))">"#
        var title = "\(node.id) — \(node.kind)"
        if let made = node.made { title += " (\(made.rawValue))" }
        title += " (\(n(frame.x)), \(n(frame.y)), \(n(frame.width))×\(n(frame.height)))"
        svg += "<title>" + MarkupEscaping.xml(title) + "</title>"
        svg += #"<rect x="\#(n(frame.x))" y="\#(n(frame.y))" width="\#(n(frame.width))" height="\#(n(frame.height))"/>"#
        if let text = node.text, let fontSize = node.fontSize, fontSize > 0 {
            svg += drawText(text, node: node, fontSize: fontSize, frame: frame, options: options, rightToLeft: rightToLeft)
        }
        return svg + "</g>\n"
    }

    /// One `<tspan>` per line, baselines where Ahem puts them: half the leading above the
    /// line box, then the ascent (0.8em); each line placed across the frame by the text's
    /// `multilineTextAlignment` (leading is the right edge in rtl), 1em per character.
    private static func drawText(
        _ text: String, node: NodeDescription, fontSize: Double, frame: Rect, options: SVGOptions, rightToLeft: Bool
    ) -> String {
        let n = NumberFormat.short
        let lineHeight = node.lineHeight ?? fontSize
        let lines = TextLines.lines(
            of: text, width: frame.width, fontSize: fontSize, lineLimit: node.lineLimit,
            truncation: node.truncationMode ?? .tail)
        var svg = #"<text font-family="\#(MarkupEscaping.xml(options.fontFamily))" font-size="\#(n(fontSize))">"#
        for (number, line) in lines.enumerated() {
            let baseline = frame.y + Double(number) * lineHeight + (lineHeight - fontSize) / 2 + 0.8 * fontSize
            let x = lineStart(
                width: Double(line.count) * fontSize, frame: frame,
                alignment: node.multilineTextAlignment ?? .leading, rightToLeft: rightToLeft)
            svg += #"<tspan x="\#(n(x))" y="\#(n(baseline))">"# + MarkupEscaping.xml(line) + "</tspan>"
        }
        return svg + "</text>"
    }

    /// Where a line `width` wide starts in `frame`: against the leading or trailing edge, or
    /// centred (a line wider than the frame overflows the same way).
    private static func lineStart(width: Double, frame: Rect, alignment: MultilineTextAlignment, rightToLeft: Bool)
        -> Double
    {
        switch alignment {
        case .center: frame.x + (frame.width - width) / 2
        case .leading: rightToLeft ? frame.x + frame.width - width : frame.x
        case .trailing: rightToLeft ? frame.x : frame.x + frame.width - width
        }
    }

    /// The line a stack aligns its children on: vertical in a vstack, horizontal in an
    /// hstack (baselines drawn at the bottom, where views without text put them).
    private static func guideLine(_ guide: StackGuide, frame: Rect, rightToLeft: Bool) -> String {
        let n = NumberFormat.short
        if guide.axis == .vertical {
            var x: Double
            switch guide.horizontal {
            case .leading: x = frame.x
            case .center: x = frame.x + frame.width / 2
            case .trailing: x = frame.x + frame.width
            }
            if rightToLeft && guide.horizontal != .center { x = 2 * frame.x + frame.width - x }
            return #"<line class="guide" x1="\#(n(x))" y1="\#(n(frame.y))" x2="\#(n(x))" y2="\#(n(frame.y + frame.height))"/>"#
                + "\n"
        }
        let y: Double
        switch guide.vertical {
        case .top: y = frame.y
        case .center: y = frame.y + frame.height / 2
        case .bottom, .firstTextBaseline, .lastTextBaseline: y = frame.y + frame.height
        }
        return #"<line class="guide" x1="\#(n(frame.x))" y1="\#(n(y))" x2="\#(n(frame.x + frame.width))" y2="\#(n(y))"/>"# + "\n"
    }
}
