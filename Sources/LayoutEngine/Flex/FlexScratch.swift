/// Per-layout state of the flex algorithm, held by `LayoutComputer`.
struct FlexScratch: Sendable {
    /// The request is right-to-left: the engine lays out left-to-right and mirrors the
    /// whole result, so flex subtrees are computed in the mirrored sense (see
    /// `LayoutComputer.internalIsRightToLeft`).
    var requestIsRightToLeft = false
    var memo = FlexMemo()
}

/// Memo of container sizes by input (Taffy's per-node cache), so that nested flex
/// containers, each asking its items several questions, do not cost exponentially in
/// depth. Only containers with children get slots: a childless box is cheaper to
/// compute than to look up.
struct FlexMemo: Sendable {
    private static let slots = 4
    private static let keyWidth = 7
    /// Per node: its first slot, or -1.
    private var base: [Int32] = []
    private var keys: [Double] = []
    private var sizes: [Size] = []
    private var next: [UInt8] = []
    private(set) var isPrepared = false

    mutating func prepare(_ tree: NodeTree) {
        isPrepared = true
        base = Array(repeating: -1, count: tree.nodes.count)
        var count: Int32 = 0
        for index in tree.nodes.indices {
            guard case .flex = tree.nodes[index].kind, tree.nodes[index].childCount > 0 else { continue }
            base[index] = count
            count += 1
        }
        keys = Array(repeating: .nan, count: Int(count) * Self.slots * Self.keyWidth)
        sizes = Array(repeating: .zero, count: Int(count) * Self.slots)
        next = Array(repeating: 0, count: Int(count))
    }

    @inline(__always)
    private static func encode(_ value: Double?) -> Double { value ?? -.greatestFiniteMagnitude }

    @inline(__always)
    private static func key(_ inputs: FlexInputs) -> (Double, Double, Double, Double, Double, Double, Double) {
        (
            encode(inputs.knownWidth), encode(inputs.knownHeight), inputs.availableWidth.raw,
            inputs.availableHeight.raw, encode(inputs.parentWidth), encode(inputs.parentHeight),
            Double(inputs.sizing.rawValue) + (inputs.heightIsIndefinite ? 2 : 0)
        )
    }

    func lookup(_ node: Int, _ inputs: FlexInputs) -> Size? {
        let owner = Int(base[node])
        guard owner >= 0 else { return nil }
        let key = Self.key(inputs)
        for slot in owner * Self.slots..<(owner + 1) * Self.slots {
            let at = slot * Self.keyWidth
            if keys[at] == key.0 && keys[at + 1] == key.1 && keys[at + 2] == key.2 && keys[at + 3] == key.3
                && keys[at + 4] == key.4 && keys[at + 5] == key.5 && keys[at + 6] == key.6
            {
                return sizes[slot]
            }
        }
        return nil
    }

    mutating func store(_ node: Int, _ inputs: FlexInputs, _ size: Size) {
        let owner = Int(base[node])
        guard owner >= 0 else { return }
        let slot = owner * Self.slots + Int(next[owner])
        next[owner] = (next[owner] + 1) % UInt8(Self.slots)
        let key = Self.key(inputs)
        let at = slot * Self.keyWidth
        (keys[at], keys[at + 1], keys[at + 2], keys[at + 3]) = (key.0, key.1, key.2, key.3)
        (keys[at + 4], keys[at + 5], keys[at + 6]) = (key.4, key.5, key.6)
        sizes[slot] = size
    }
}
