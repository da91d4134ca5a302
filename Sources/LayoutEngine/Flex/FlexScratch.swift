/// Per-layout state of the flex algorithm, held by `LayoutComputer`.
struct FlexScratch: Sendable {
    /// The request is right-to-left: the engine lays out left-to-right and mirrors the
    /// whole result, so flex subtrees are computed in the mirrored sense (see
    /// `LayoutComputer.internalIsRightToLeft`).
    var requestIsRightToLeft = false
    var memo = FlexMemo()
}

/// Memo of container sizes by input (Taffy's and Yoga's per-node layout cache), so that
/// nested flex containers, each asking its items several questions, cost polynomial
/// time in depth, not exponential. Each container has a few slots for each kind of
/// question (which sizes are known; min-content or other space), as Taffy's cache has,
/// so that the questions of one flex run (base size, min-content size, hypothetical
/// cross size) do not evict each other. Only containers with children get slots: a
/// childless box is cheaper to compute than to look up.
struct FlexMemo: Sendable {
    /// Kinds: both sizes known; only the width; only the height; neither, under a
    /// min-content constraint on either axis; neither, otherwise.
    private static let kinds = 5
    private static let slotsPerKind = 4
    private static let keyWidth = 8
    /// Per node: its first slot, or -1.
    private var base: [Int32] = []
    private var keys: [Double] = []
    private var sizes: [Size] = []
    /// Per node and kind: the first slot of its group (allocated on first use, so a
    /// layout pays only for the kinds its nodes are asked), or -1; how many of the
    /// group's slots hold answers, and the one to overwrite next.
    private var group: [Int32] = []
    private var filled: [UInt8] = []
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
        group = Array(repeating: -1, count: Int(count) * Self.kinds)
        keys = []
        sizes = []
        filled = Array(repeating: 0, count: Int(count) * Self.kinds)
        next = Array(repeating: 0, count: Int(count) * Self.kinds)
    }

    @inline(__always)
    private static func encode(_ value: Double?) -> Double { value ?? -.greatestFiniteMagnitude }

    @inline(__always)
    private static func kind(_ inputs: FlexInputs) -> Int {
        switch (inputs.knownWidth != nil, inputs.knownHeight != nil) {
        case (true, true): return 0
        case (true, false): return 1
        case (false, true): return 2
        case (false, false):
            return inputs.availableWidth.isMinContent || inputs.availableHeight.isMinContent ? 3 : 4
        }
    }

    @inline(__always)
    private static func key(_ inputs: FlexInputs) -> (Double, Double, Double, Double, Double, Double, Double, Double) {
        (
            encode(inputs.knownWidth), encode(inputs.knownHeight), inputs.availableWidth.raw,
            inputs.availableHeight.raw, encode(inputs.parentWidth), encode(inputs.parentHeight),
            Double(inputs.sizing.rawValue), inputs.heightIsIndefinite ? 1 : 0
        )
    }

    func lookup(_ node: Int, _ inputs: FlexInputs) -> Size? {
        let owner = Int(base[node])
        guard owner >= 0 else { return nil }
        let turn = owner * Self.kinds + Self.kind(inputs)
        let used = Int(filled[turn])
        guard used > 0 else { return nil }
        let key = Self.key(inputs)
        let first = Int(group[turn])
        for slot in first..<first + used {
            let at = slot * Self.keyWidth
            if keys[at] == key.0 && keys[at + 1] == key.1 && keys[at + 2] == key.2 && keys[at + 3] == key.3
                && keys[at + 4] == key.4 && keys[at + 5] == key.5 && keys[at + 6] == key.6 && keys[at + 7] == key.7
            {
                return sizes[slot]
            }
        }
        return nil
    }

    mutating func store(_ node: Int, _ inputs: FlexInputs, _ size: Size) {
        let owner = Int(base[node])
        guard owner >= 0 else { return }
        let turn = owner * Self.kinds + Self.kind(inputs)
        if group[turn] < 0 {
            group[turn] = Int32(truncatingIfNeeded: sizes.count)
            keys.append(contentsOf: repeatElement(0, count: Self.slotsPerKind * Self.keyWidth))
            sizes.append(contentsOf: repeatElement(.zero, count: Self.slotsPerKind))
        }
        let slot = Int(group[turn]) + Int(next[turn])
        next[turn] = (next[turn] + 1) % UInt8(Self.slotsPerKind)
        filled[turn] = max(filled[turn], next[turn] == 0 ? UInt8(Self.slotsPerKind) : next[turn])
        let key = Self.key(inputs)
        let at = slot * Self.keyWidth
        (keys[at], keys[at + 1], keys[at + 2], keys[at + 3]) = (key.0, key.1, key.2, key.3)
        (keys[at + 4], keys[at + 5], keys[at + 6], keys[at + 7]) = (key.4, key.5, key.6, key.7)
        sizes[slot] = size
    }
}
