/// A container's answer to a `FlexInputs` question: its border box and baselines.
struct FlexOutput: Sendable {
    /// Border box.
    var size: Size
    /// Distance of the first baseline from the border-box top (nil: none).
    var firstBaseline: Double?
    /// Distance of the last baseline from the border-box top (nil: none; only asked
    /// with `.computeBaseline`).
    var lastBaseline: Double? = nil
}
