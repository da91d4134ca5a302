/// Per-layout state of the flex algorithm, held by `LayoutComputer`.
struct FlexScratch {
    /// The request is right-to-left: the engine lays out left-to-right and mirrors the
    /// whole result, so flex subtrees are computed in the mirrored sense (see
    /// `LayoutComputer.internalIsRightToLeft`).
    var requestIsRightToLeft = false
    var memo: FlexMemo
}

/// Memo of container sizes by input (Taffy's and Yoga's per-node layout cache), so that
/// nested flex containers, each asking its items several questions, cost polynomial
/// time in depth, not exponential. Each container has a few slots for each kind of
/// question (which sizes are known; min-content or other space), as Taffy's cache has,
/// so that the questions of one flex run (base size, min-content size, hypothetical
/// cross size) do not evict each other. Only containers with children get slots: a
/// childless box is cheaper to compute than to look up. Its memory is the layout's pooled
/// `FlexMemoBuffers`, so a warm layout allocates nothing here.
struct FlexMemo {
    /// Kinds: both sizes known; only the width; only the height; neither, under a
    /// min-content constraint on either axis; neither, otherwise.
    static let kinds = 5
    static let slotsPerKind = 4
    static let keyWidth = 8

    private let buffers: FlexMemoBuffers
    /// Per node: its owner number (its groups are `owner * kinds ..< owner * kinds + kinds`), or -1.
    private var base: UnsafeMutablePointer<Int32>
    /// Per group: its first slot (allocated on first use, so a layout pays only for the
    /// kinds its nodes are asked), or -1; how many of its slots hold answers; the one to
    /// overwrite next.
    private var group: UnsafeMutablePointer<Int32>
    private var filled: UnsafeMutablePointer<UInt8>
    private var next: UnsafeMutablePointer<UInt8>
    /// Per slot: its key (`keyWidth` words) and its answer.
    private var keys: UnsafeMutablePointer<Double>
    private var sizes: UnsafeMutablePointer<Size>
    private var slotCapacity = 0
    private var slotsUsed = 0
    private(set) var isPrepared = false

    init(buffers: FlexMemoBuffers) {
        self.buffers = buffers
        (base, group, filled, next) = (buffers.base, buffers.group, buffers.filled, buffers.next)
        (keys, sizes, slotCapacity) = (buffers.keys, buffers.sizes, buffers.slotCapacity)
    }

    /// Numbers the tree's flex containers with children; called before the first question.
    mutating func prepare(_ tree: NodeTree) {
        isPrepared = true
        buffers.prepareNodes(tree.nodes.count)
        base = buffers.base
        var owners: Int32 = 0
        for index in tree.nodes.indices {
            guard case .flex = tree.nodes[index].kind, tree.nodes[index].childCount > 0 else {
                base[index] = -1
                continue
            }
            base[index] = owners
            owners += 1
        }
        buffers.prepareGroups(Int(owners) * Self.kinds)
        (group, filled, next) = (buffers.group, buffers.filled, buffers.next)
        (keys, sizes, slotCapacity) = (buffers.keys, buffers.sizes, buffers.slotCapacity)
        slotsUsed = 0
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
        guard isPrepared else { return nil }
        let owner = Int(base[node])
        guard owner >= 0 else { return nil }
        let turn = owner * Self.kinds + Self.kind(inputs)
        let used = Int(filled[turn])
        guard used > 0 else { return nil }
        let key = Self.key(inputs)
        let first = Int(group[turn])
        for slot in first..<first + used {
            let at = keys + slot * Self.keyWidth
            if at[0] == key.0 && at[1] == key.1 && at[2] == key.2 && at[3] == key.3
                && at[4] == key.4 && at[5] == key.5 && at[6] == key.6 && at[7] == key.7
            {
                return sizes[slot]
            }
        }
        return nil
    }

    mutating func store(_ node: Int, _ inputs: FlexInputs, _ size: Size) {
        guard isPrepared else { return }
        let owner = Int(base[node])
        guard owner >= 0 else { return }
        let turn = owner * Self.kinds + Self.kind(inputs)
        if group[turn] < 0 {
            if slotsUsed + Self.slotsPerKind > slotCapacity {
                buffers.growSlots(atLeast: slotsUsed + Self.slotsPerKind, keeping: slotsUsed)
                (keys, sizes, slotCapacity) = (buffers.keys, buffers.sizes, buffers.slotCapacity)
            }
            group[turn] = Int32(truncatingIfNeeded: slotsUsed)
            slotsUsed += Self.slotsPerKind
        }
        let slot = Int(group[turn]) + Int(next[turn])
        next[turn] = (next[turn] + 1) % UInt8(Self.slotsPerKind)
        filled[turn] = max(filled[turn], next[turn] == 0 ? UInt8(Self.slotsPerKind) : next[turn])
        let key = Self.key(inputs)
        let at = keys + slot * Self.keyWidth
        (at[0], at[1], at[2], at[3]) = (key.0, key.1, key.2, key.3)
        (at[4], at[5], at[6], at[7]) = (key.4, key.5, key.6, key.7)
        sizes[slot] = size
    }
}

/// The memory of one `FlexMemo`, kept between layouts in a `LayoutScratch`: it grows to
/// the largest layout it served and is reused as it is (only the per-node and per-group
/// words are reset), so a warm layout neither allocates nor touches fresh pages.
final class FlexMemoBuffers: @unchecked Sendable {
    private(set) var base: UnsafeMutablePointer<Int32>
    private(set) var nodeCapacity: Int
    private(set) var group: UnsafeMutablePointer<Int32>
    private(set) var filled: UnsafeMutablePointer<UInt8>
    private(set) var next: UnsafeMutablePointer<UInt8>
    private(set) var groupCapacity: Int
    private(set) var keys: UnsafeMutablePointer<Double>
    private(set) var sizes: UnsafeMutablePointer<Size>
    private(set) var slotCapacity: Int

    init() {
        nodeCapacity = 256
        base = .allocate(capacity: nodeCapacity)
        groupCapacity = 256
        group = .allocate(capacity: groupCapacity)
        filled = .allocate(capacity: groupCapacity)
        next = .allocate(capacity: groupCapacity)
        slotCapacity = 256
        keys = .allocate(capacity: slotCapacity * FlexMemo.keyWidth)
        sizes = .allocate(capacity: slotCapacity)
    }

    deinit {
        base.deallocate()
        group.deallocate()
        filled.deallocate()
        next.deallocate()
        keys.deallocate()
        sizes.deallocate()
    }

    /// Bytes held, for the pool's bound.
    var footprint: Int {
        nodeCapacity * 4 + groupCapacity * 6
            + slotCapacity * (FlexMemo.keyWidth * MemoryLayout<Double>.stride + MemoryLayout<Size>.stride)
    }

    /// Room for `nodeCount` nodes (their words are written by the memo).
    func prepareNodes(_ nodeCount: Int) {
        guard nodeCount > nodeCapacity else { return }
        base.deallocate()
        nodeCapacity = max(nodeCount, nodeCapacity * 2)
        base = .allocate(capacity: nodeCapacity)
    }

    /// Room for `groupCount` groups, none with slots yet.
    func prepareGroups(_ groupCount: Int) {
        if groupCount > groupCapacity {
            group.deallocate()
            filled.deallocate()
            next.deallocate()
            groupCapacity = max(groupCount, groupCapacity * 2)
            group = .allocate(capacity: groupCapacity)
            filled = .allocate(capacity: groupCapacity)
            next = .allocate(capacity: groupCapacity)
        }
        group.initialize(repeating: -1, count: groupCount)
        filled.initialize(repeating: 0, count: groupCount)
        next.initialize(repeating: 0, count: groupCount)
    }

    /// Slot buffers of at least `needed` slots holding the current ones' first `used`.
    func growSlots(atLeast needed: Int, keeping used: Int) {
        let capacity = max(needed, slotCapacity * 2)
        let grownKeys = UnsafeMutablePointer<Double>.allocate(capacity: capacity * FlexMemo.keyWidth)
        grownKeys.moveInitialize(from: keys, count: used * FlexMemo.keyWidth)
        keys.deallocate()
        keys = grownKeys
        let grownSizes = UnsafeMutablePointer<Size>.allocate(capacity: capacity)
        grownSizes.moveInitialize(from: sizes, count: used)
        sizes.deallocate()
        sizes = grownSizes
        slotCapacity = capacity
    }
}
