/// What an SVG wireframe shows besides the frames.
public struct SVGOptions: Sendable {
    /// Lines at the alignment guide of every stack.
    public var alignmentGuides = false
    /// The font family text is drawn in (Ahem's squares are what the engine measured; a
    /// browser without Ahem falls back to a monospace font).
    public var fontFamily = "Ahem, monospace"

    public init(alignmentGuides: Bool = false) {
        self.alignmentGuides = alignmentGuides
    }
}
