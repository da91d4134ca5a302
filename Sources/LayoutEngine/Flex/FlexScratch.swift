/// Per-layout state of the flex algorithm, held by `LayoutComputer`.
struct FlexScratch {
    /// The request is right-to-left: the engine lays out left-to-right and mirrors the
    /// whole result, so flex subtrees are computed in the mirrored sense (see
    /// `LayoutComputer.internalIsRightToLeft`).
    var requestIsRightToLeft = false
    var memo: FlexMemo
    /// A row asks its items for their widths alone (`FlexRunMode.computeWidth`); off, for
    /// both sizes, so that `WidthQuestionTests` can compare the two.
    var rowsAskWidthsAlone = true
    /// A single line of a definite cross size does not ask its stretched items' content
    /// for their hypothetical cross sizes (`determineHypotheticalCrossSizes`); off, it
    /// does, so that `StretchedItemTests` can compare the two.
    var stretchedItemsSkipContent = true

    /// How a row container asks its items' sizes (a column needs both).
    @inline(__always)
    func itemSizeMode(isRow: Bool) -> FlexRunMode { isRow && rowsAskWidthsAlone ? .computeWidth : .computeSize }
    /// The item and line buffers of the runs in progress. Runs nest as the recursion
    /// does, so each takes its buffers from the top of a stack and gives them back when
    /// it returns: no run allocates, but for very wide containers (see
    /// `FlexBufferStack`). (A temporary allocation of more than 1 KiB, three items, went
    /// to the heap on every run: the runtime does not vouch for the stack's room on Linux.)
    var items: FlexBufferStack<FlexItem>
    var lines: FlexBufferStack<FlexLine>

    init(memo: FlexMemo) {
        self.memo = memo
        items = FlexBufferStack(memo.runBuffers.items)
        lines = FlexBufferStack(memo.runBuffers.lines)
    }
}

/// The memory of the flex runs' item and line buffers, kept between layouts beside the
/// memo's.
final class FlexRunBuffers: @unchecked Sendable {
    let items = FlexChunks<FlexItem>()
    let lines = FlexChunks<FlexLine>()

    /// Bytes held, for the pool's bound.
    var footprint: Int { items.footprint + lines.footprint }
}

/// Chunks of memory for a `FlexBufferStack`; they never move (outer runs hold pointers
/// into them while inner runs take more).
final class FlexChunks<Element>: @unchecked Sendable {
    typealias Chunk = (start: UnsafeMutablePointer<Element>, capacity: Int)
    /// Room in the table: each chunk is at least twice the one before, so the table never
    /// fills (memory runs out long before).
    private static var tableCapacity: Int { 56 }
    /// The chunks (a table behind a `let`: reading it takes no exclusivity check, as a
    /// stored array did on every return to an outer run's chunk).
    let table: UnsafeMutablePointer<Chunk>
    private(set) var count = 1

    init() {
        table = .allocate(capacity: Self.tableCapacity)
        let capacity = max(4096 / MemoryLayout<Element>.stride, 8)
        table.initialize(to: (.allocate(capacity: capacity), capacity))
    }

    deinit {
        for index in 0..<count { table[index].start.deallocate() }
        table.deinitialize(count: count)
        table.deallocate()
    }

    var footprint: Int { (0..<count).reduce(0) { $0 + table[$1].capacity } * MemoryLayout<Element>.stride }

    /// The first chunk after `index` with room for `needed`, added when none has: twice
    /// the size of the last, and of the request, so that the runs nested in the one that
    /// asked find room beside it (else each of its items' runs moved on to the next
    /// chunk and back).
    func chunk(after index: Int, forAtLeast needed: Int) -> Int {
        var next = index + 1
        while next < count, table[next].capacity < needed { next += 1 }
        if next == count, count < Self.tableCapacity {
            let capacity = max(needed * 2, table[count - 1].capacity * 2)
            (table + count).initialize(to: (.allocate(capacity: capacity), capacity))
            count += 1
        }
        return min(next, count - 1)
    }
}

/// A stack of uninitialized buffers over `FlexChunks`: a chunk too small for a request
/// is skipped (its rest stays unused until the stack returns below it). A request of
/// more than `largestKept` bytes (a container of some 180 items) has memory of its own,
/// freed when given back: kept, the buffers of one very wide container (10 MB for
/// 28,000 items) pushed the layout's scratch past the pool's bound, and every layout
/// then took all of its memory fresh from the kernel.
struct FlexBufferStack<Element> {
    /// Where a buffer was taken: giving it back returns the stack there.
    struct Mark {
        fileprivate let chunk: Int
        fileprivate let used: Int
        fileprivate let own: UnsafeMutablePointer<Element>?
    }

    private static var largestKept: Int { 64 << 10 }

    private let chunks: FlexChunks<Element>
    private var chunk = 0
    private var used = 0
    private var start: UnsafeMutablePointer<Element>
    private var capacity: Int

    init(_ chunks: FlexChunks<Element>) {
        self.chunks = chunks
        (start, capacity) = chunks.table[0]
    }

    /// Room for `count` elements, uninitialized, until `giveBack(mark)`.
    @inline(__always)
    mutating func take(_ count: Int) -> (buffer: UnsafeMutableBufferPointer<Element>, mark: Mark) {
        if count * MemoryLayout<Element>.stride > Self.largestKept {
            let own = UnsafeMutablePointer<Element>.allocate(capacity: count)
            return (UnsafeMutableBufferPointer(start: own, count: count), Mark(chunk: chunk, used: used, own: own))
        }
        let mark = Mark(chunk: chunk, used: used, own: nil)
        if used + count > capacity {
            chunk = chunks.chunk(after: chunk, forAtLeast: count)
            used = 0
            (start, capacity) = chunks.table[chunk]
        }
        let buffer = UnsafeMutableBufferPointer(start: start + used, count: count)
        used += count
        return (buffer, mark)
    }

    /// Gives back the buffer taken at `mark` and every one taken after it.
    @inline(__always)
    mutating func giveBack(_ mark: Mark) {
        if let own = mark.own { own.deallocate() }
        if mark.chunk != chunk { (start, capacity) = chunks.table[mark.chunk] }
        (chunk, used) = (mark.chunk, mark.used)
    }
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
    /// min-content constraint on either axis; neither, otherwise; and the width alone
    /// (`FlexRunMode.computeWidth`, asked with the width unknown), of a known height or not.
    static let kinds = 7
    static let slotsPerKind = 4
    static let keyWidth = 8
    /// Words per slot: its key, then its answer (width, height), side by side so that a
    /// hit reads one place, not a key array and an answer array far apart.
    static let slotWidth = keyWidth + 2

    /// One kind of question of one node: its first slot (allocated on first use, so a
    /// layout pays only for the kinds its nodes are asked), or -1; how many of its slots
    /// hold answers; the one to overwrite next; and 16 bits of each slot's key hash. (One
    /// record, not three arrays: a lookup reads one cache line for it. Most lookups miss,
    /// and the hashes let a miss skip the slots' keys, a cache line each.)
    struct Group {
        var first: Int32 = -1
        var filled: UInt8 = 0
        var next: UInt8 = 0
        var tags: (UInt16, UInt16, UInt16, UInt16) = (0, 0, 0, 0)

        @inline(__always)
        func tag(_ index: Int) -> UInt16 {
            switch index {
            case 0: return tags.0
            case 1: return tags.1
            case 2: return tags.2
            default: return tags.3
            }
        }

        @inline(__always)
        mutating func setTag(_ index: Int, _ tag: UInt16) {
            switch index {
            case 0: tags.0 = tag
            case 1: tags.1 = tag
            case 2: tags.2 = tag
            default: tags.3 = tag
            }
        }
    }

    private let buffers: FlexMemoBuffers
    /// The runs' item and line buffers, pooled with the memo's (see `FlexScratch`).
    var runBuffers: FlexRunBuffers { buffers.runs }
    /// Per node: its owner number (its groups are `owner * kinds ..< owner * kinds + kinds`), or -1.
    private var base: UnsafeMutablePointer<Int32>
    /// Per node: whether its subtree is blind to intrinsic constraints
    /// (`isConstraintBlind`): 0 not yet known, 1 blind, 2 not.
    private var blindness: UnsafeMutablePointer<UInt8>
    private var groups: UnsafeMutablePointer<Group>
    /// Per slot: `slotWidth` words.
    private var slots: UnsafeMutablePointer<Double>
    private var slotCapacity = 0
    private var slotsUsed = 0
    private(set) var isPrepared = false

    init(buffers: FlexMemoBuffers) {
        self.buffers = buffers
        (base, groups, blindness) = (buffers.base, buffers.groups, buffers.blindness)
        (slots, slotCapacity) = (buffers.slots, buffers.slotCapacity)
    }

    /// Numbers the tree's flex containers with children; called before the first question.
    mutating func prepare(_ tree: NodeTree) {
        isPrepared = true
        buffers.prepareNodes(tree.nodes.count)
        (base, blindness) = (buffers.base, buffers.blindness)
        blindness.update(repeating: 0, count: tree.nodes.count)
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
        groups = buffers.groups
        (slots, slotCapacity) = (buffers.slots, buffers.slotCapacity)
        slotsUsed = 0
    }

    @inline(__always)
    private static func encode(_ value: Double?) -> Double { value ?? -.greatestFiniteMagnitude }

    /// Whether the node answers a question under a min-content constraint as it does
    /// under a max-content one (on either axis), so that both can share an answer. So is
    /// a subtree of flex boxes without modifiers, wrapping, aspect ratios, min or max
    /// sizes, absolute positioning or scrolling: in it a constraint only chooses which
    /// constraint the boxes below are asked under (their base sizes, contributions and
    /// minimums), down to childless boxes, whose sizes ignore it. Each of those features
    /// (and a text's or SwiftUI view's content) reads the constraint itself: a wrapping
    /// box puts each item on its own line under min-content, a min or max size turns an
    /// item's cross space definite under one constraint only. (Found for the subtree the
    /// first time it is asked, bottom-up, then kept for the layout.)
    mutating func isConstraintBlind(_ node: Int, _ tree: NodeTree) -> Bool {
        let known = blindness[node]
        if known != 0 { return known == 1 }
        let blindness = self.blindness
        // A subtree is a range of nodes: blind if every node of it is blind on its own.
        // Bottom-up over the range, with the first node not blind on its own after each.
        tree.nodes.withUnsafeBufferPointer { nodes in
            tree.flexStyles.withUnsafeBufferPointer { styles in
                let end = Int(nodes[node].subtreeEnd)
                var firstSighted = end
                var index = end - 1
                while index >= node {
                    let own = blindness[index] == 1 || Self.isConstraintBlind(nodes[index], styles)
                    if blindness[index] == 0 {
                        blindness[index] = own && firstSighted >= Int(nodes[index].subtreeEnd) ? 1 : 2
                    }
                    if !own { firstSighted = index }
                    index -= 1
                }
            }
        }
        return blindness[node] == 1
    }

    /// Whether the node alone is blind to intrinsic constraints (`isConstraintBlind`).
    @inline(__always)
    private static func isConstraintBlind(_ node: Node, _ styles: UnsafeBufferPointer<FlexStyle>) -> Bool {
        guard case .flex(let styleIndex) = node.kind, node.modifierCount == 0 else { return false }
        guard styleIndex >= 0 else { return true }  // the initial style
        let style = styles.baseAddress.unsafelyUnwrapped + Int(styleIndex)
        @inline(__always) func unbounded(_ length: FlexLength) -> Bool { length.unit == .auto || length.unit == .unset }
        return style.pointee.flexWrap == .nowrap && style.pointee.aspectRatio == nil
            && style.pointee.position != .absolute && style.pointee.overflow == .visible
            && unbounded(style.pointee.minWidth) && unbounded(style.pointee.maxWidth)
            && unbounded(style.pointee.minHeight) && unbounded(style.pointee.maxHeight)
    }

    @inline(__always)
    private static func kind(_ inputs: FlexInputs, widthOnly: Bool) -> Int {
        if widthOnly { return inputs.knownHeight != nil ? 5 : 6 }
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

    /// 16 bits of a key's hash.
    @inline(__always)
    private static func tag(_ key: (Double, Double, Double, Double, Double, Double, Double, Double)) -> UInt16 {
        @inline(__always)
        func mix(_ hash: UInt64, _ word: Double) -> UInt64 {
            (hash ^ (hash >> 29) ^ word.bitPattern) &* 0x9E37_79B9_7F4A_7C15
        }
        var hash = mix(0, key.0)
        hash = mix(mix(mix(hash, key.1), key.2), key.3)
        hash = mix(mix(mix(mix(hash, key.4), key.5), key.6), key.7)
        return UInt16(truncatingIfNeeded: hash >> 48)
    }

    /// `widthOnly`: the answer of a width question (`FlexRunMode.computeWidth`), whose
    /// height is NaN.
    func lookup(_ node: Int, _ inputs: FlexInputs, widthOnly: Bool = false) -> Size? {
        guard isPrepared else { return nil }
        let owner = Int(base[node])
        guard owner >= 0 else { return nil }
        let group = groups[owner * Self.kinds + Self.kind(inputs, widthOnly: widthOnly)]
        let used = Int(group.filled)
        guard used > 0 else { return nil }
        let key = Self.key(inputs)
        let tag = Self.tag(key)
        let first = Int(group.first)
        for index in 0..<used where group.tag(index) == tag {
            let at = slots + (first + index) * Self.slotWidth
            if at[0] == key.0 && at[1] == key.1 && at[2] == key.2 && at[3] == key.3
                && at[4] == key.4 && at[5] == key.5 && at[6] == key.6 && at[7] == key.7
            {
                return Size(width: at[Self.keyWidth], height: at[Self.keyWidth + 1])
            }
        }
        return nil
    }

    mutating func store(_ node: Int, _ inputs: FlexInputs, _ size: Size, widthOnly: Bool = false) {
        guard isPrepared else { return }
        let owner = Int(base[node])
        guard owner >= 0 else { return }
        let group = groups + (owner * Self.kinds + Self.kind(inputs, widthOnly: widthOnly))
        if group.pointee.first < 0 {
            if slotsUsed + Self.slotsPerKind > slotCapacity {
                buffers.growSlots(atLeast: slotsUsed + Self.slotsPerKind, keeping: slotsUsed)
                (slots, slotCapacity) = (buffers.slots, buffers.slotCapacity)
            }
            group.pointee.first = Int32(truncatingIfNeeded: slotsUsed)
            slotsUsed += Self.slotsPerKind
        }
        let key = Self.key(inputs)
        group.pointee.setTag(Int(group.pointee.next), Self.tag(key))
        let slot = Int(group.pointee.first) + Int(group.pointee.next)
        group.pointee.next = (group.pointee.next + 1) % UInt8(Self.slotsPerKind)
        group.pointee.filled = max(
            group.pointee.filled, group.pointee.next == 0 ? UInt8(Self.slotsPerKind) : group.pointee.next)
        let at = slots + slot * Self.slotWidth
        (at[0], at[1], at[2], at[3]) = (key.0, key.1, key.2, key.3)
        (at[4], at[5], at[6], at[7]) = (key.4, key.5, key.6, key.7)
        (at[Self.keyWidth], at[Self.keyWidth + 1]) = (size.width, size.height)
    }
}

/// The memory of one `FlexMemo`, kept between layouts in a `LayoutScratch`: it grows to
/// the largest layout it served and is reused as it is (only the per-node and per-group
/// words are reset), so a warm layout neither allocates nor touches fresh pages. It also
/// holds the flex runs' item and line buffers, pooled with it for the same reason.
final class FlexMemoBuffers: @unchecked Sendable {
    let runs = FlexRunBuffers()
    private(set) var base: UnsafeMutablePointer<Int32>
    private(set) var blindness: UnsafeMutablePointer<UInt8>
    private(set) var nodeCapacity: Int
    private(set) var groups: UnsafeMutablePointer<FlexMemo.Group>
    private(set) var groupCapacity: Int
    private(set) var slots: UnsafeMutablePointer<Double>
    private(set) var slotCapacity: Int

    init() {
        nodeCapacity = 256
        base = .allocate(capacity: nodeCapacity)
        blindness = .allocate(capacity: nodeCapacity)
        groupCapacity = 256
        groups = .allocate(capacity: groupCapacity)
        slotCapacity = 256
        slots = .allocate(capacity: slotCapacity * FlexMemo.slotWidth)
    }

    deinit {
        base.deallocate()
        blindness.deallocate()
        groups.deallocate()
        slots.deallocate()
    }

    /// Bytes held, for the pool's bound.
    var footprint: Int {
        nodeCapacity * 5 + groupCapacity * MemoryLayout<FlexMemo.Group>.stride
            + slotCapacity * FlexMemo.slotWidth * MemoryLayout<Double>.stride + runs.footprint
    }

    /// Room for `nodeCount` nodes (their words are written by the memo).
    func prepareNodes(_ nodeCount: Int) {
        guard nodeCount > nodeCapacity else { return }
        base.deallocate()
        blindness.deallocate()
        nodeCapacity = max(nodeCount, nodeCapacity * 2)
        base = .allocate(capacity: nodeCapacity)
        blindness = .allocate(capacity: nodeCapacity)
    }

    /// Room for `groupCount` groups, none with slots yet.
    func prepareGroups(_ groupCount: Int) {
        if groupCount > groupCapacity {
            groups.deallocate()
            groupCapacity = max(groupCount, groupCapacity * 2)
            groups = .allocate(capacity: groupCapacity)
        }
        groups.initialize(repeating: FlexMemo.Group(), count: groupCount)
    }

    /// Slot buffers of at least `needed` slots holding the current ones' first `used`.
    func growSlots(atLeast needed: Int, keeping used: Int) {
        let capacity = max(needed, slotCapacity * 2)
        slots = slots.regrown(toCapacity: capacity * FlexMemo.slotWidth, keeping: used * FlexMemo.slotWidth)
        slotCapacity = capacity
    }
}
