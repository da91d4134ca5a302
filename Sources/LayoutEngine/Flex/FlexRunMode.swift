/// How far a container goes: its size only; its size and first baseline; or the full
/// layout, writing every descendant's frame with the container's border box at `origin`.
enum FlexRunMode {
    case computeSize
    /// The width alone, all a row container asks of its items' sizes (their flex base
    /// sizes, minimums and contributions are widths): a row stops once its main size is
    /// known, and the height it answers is NaN.
    case computeWidth
    case computeBaseline
    case performLayout(Point)

    /// A size question, of both sizes or of the width alone.
    @inline(__always) var isComputeSize: Bool {
        switch self {
        case .computeSize, .computeWidth: return true
        case .computeBaseline, .performLayout: return false
        }
    }

    @inline(__always) var isWidthOnly: Bool {
        if case .computeWidth = self { return true }
        return false
    }
}

/// When a box whose width is found from its content lays its items out at that width,
/// so that their percentages resolve against it (see `layOutAtFoundWidth`).
enum FoundWidthLayout {
    /// Never (the box is being laid out at the width it found).
    case never
    /// When the box is laid out, or asked its size in definite space. A size question in
    /// indefinite space (an item's content size) takes the width alone: laying out again
    /// at it would cost a run per container.
    case forLayoutOrDefiniteSpace
    /// Always: a block-level box, whose size question its layout answers (the two must agree).
    case always
}
