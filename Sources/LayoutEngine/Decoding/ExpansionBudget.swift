/// What one request's expansion has cost so far, checked against `DecodeLimits` as the
/// resolver builds the arena: the node limit alone does not bound modifiers copied to
/// each child of a group, ids derived from long parent ids, or texts copied by foreach.
struct ExpansionBudget {
    /// The size of the body being decoded (some limits grow with it).
    var bodyBytes: Int
    /// Modifiers written to the arena (inherited ones counted on every node holding them).
    var modifiers = 0
    /// Text bytes decoded, once per copy.
    var textBytes = 0
    /// Per node: nesting plus modifier levels from the root through the node's own chain
    /// (0 where not recorded: nodes the service makes, which have no children). Freed by
    /// `free()` when the resolver finishes.
    var layoutDepth: ScratchBuffer<Int32>
    /// Text nodes by their JSON object: the copies a foreach makes of one text share its
    /// split runs.
    var sharedTexts: [Int: Int32] = [:]

    /// The limits, read once (each read through `DecodeLimits` copied it, with its
    /// measurer, and recomputed the limits that grow with the body, node by node).
    let maxModifiersPerNode: Int
    let maxLayoutDepth: Int
    let modifierLimit: Int
    let idByteLimit: Int
    let maxTextBytes: Int

    init(bodyBytes: Int, expectedNodes: Int, limits: DecodeLimits) {
        self.bodyBytes = bodyBytes
        layoutDepth = ScratchBuffer(capacity: expectedNodes)
        maxModifiersPerNode = limits.maxModifiersPerNode
        maxLayoutDepth = limits.maxLayoutDepth
        modifierLimit = limits.modifierLimit(bodyBytes: bodyBytes)
        idByteLimit = limits.idByteLimit(bodyBytes: bodyBytes)
        maxTextBytes = limits.maxTextBytes
    }

    func free() { layoutDepth.free() }

    /// The text already made from the text object at tape index `object`, if any.
    func sharedText(_ object: Int) -> Int32? { sharedTexts[object] }

    /// Records the text made from the object at `object`, in a tape of `entries` entries
    /// (sized once from it, so that the table does not rehash text by text).
    mutating func shareText(_ object: Int, _ text: Int32, entries: Int) {
        if sharedTexts.isEmpty { sharedTexts.reserveCapacity(max(16, entries / 64)) }
        sharedTexts[object] = text
    }

    func layoutDepth(of node: Int32) -> Int {
        node >= 0 && Int(node) < layoutDepth.count ? Int(layoutDepth[Int(node)]) : 0
    }

    /// Records a node's place on the layout path and checks its modifier chain. Inlined
    /// (once per node), with the messages built out of line.
    @inline(__always)
    mutating func enter(_ node: Int32, parent: Int32, modifiers: Int, object: Int) throws(DecodeFailure) {
        guard modifiers <= maxModifiersPerNode else { throw modifiersPerNodeFailure(modifiers, object) }
        let depth = layoutDepth(of: parent) + 1 + modifiers
        guard depth <= maxLayoutDepth else { throw layoutDepthFailure(depth, object) }
        // Nodes are entered in arena order, so the list nearly always grows by this one.
        if layoutDepth.count == Int(node) {
            layoutDepth.append(Int32(truncatingIfNeeded: depth))
            return
        }
        record(depth, of: node)
    }

    @inline(never)
    private mutating func record(_ depth: Int, of node: Int32) {
        while layoutDepth.count <= Int(node) { layoutDepth.append(0) }
        layoutDepth[Int(node)] = Int32(truncatingIfNeeded: depth)
    }

    @inline(never)
    private func modifiersPerNodeFailure(_ modifiers: Int, _ object: Int) -> DecodeFailure {
        .tooLarge(
            object,
            "a node has \(modifiers) modifiers (its own and those of enclosing groups); the limit is \(maxModifiersPerNode)")
    }

    @inline(never)
    private func layoutDepthFailure(_ depth: Int, _ object: Int) -> DecodeFailure {
        .tooLarge(
            object, "nesting levels plus modifiers from the root reach \(depth) here; the limit is \(maxLayoutDepth)")
    }

    /// Counts modifiers written to the arena for one node. Inlined: a compare per node,
    /// with the message built out of line.
    @inline(__always)
    mutating func spendModifiers(_ count: Int, object: Int) throws(DecodeFailure) {
        modifiers += count
        guard modifiers <= modifierLimit else { throw modifierFailure(object) }
    }

    @inline(never)
    private func modifierFailure(_ object: Int) -> DecodeFailure {
        .tooLarge(
            object,
            "the tree has more than \(modifierLimit) modifiers after expansion (a group's modifiers count once per child)")
    }

    /// Counts a text's bytes (the raw JSON string's length, an upper bound of its content).
    mutating func spendText(_ bytes: Int, object: Int) throws(DecodeFailure) {
        textBytes += bytes
        guard textBytes <= maxTextBytes else {
            throw .tooLarge(
                object, "the tree has more than \(maxTextBytes) bytes of text (each foreach copy counts)")
        }
    }

    /// Checks that `adding` more id bytes keep the ids within their limit. Inlined, as
    /// `spendModifiers`.
    @inline(__always)
    func checkIdBytes(_ current: Int, adding: Int, object: Int) throws(DecodeFailure) {
        guard current + adding <= idByteLimit else { throw idBytesFailure(object) }
    }

    @inline(never)
    private func idBytesFailure(_ object: Int) -> DecodeFailure {
        .tooLarge(
            object,
            "the node ids total more than \(idByteLimit) bytes (a derived id repeats its parent's id); shorten the ids")
    }
}
