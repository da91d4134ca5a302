/// Walks the tape once, top down, validating every node and building the arena:
/// expands `foreach`, splices transparent nodes into their parent's children with their
/// modifiers appended to each child's, flattens nested sections, names every node
/// (API.md §4) and rejects duplicate ids.
struct NodeResolver {
    enum SectionLevel { case none, formTopLevel, inSection }

    /// What a node inherits from where it sits.
    struct Context {
        var stack: StackContext = .none
        /// Modifiers of enclosing transparent nodes, innermost first: a range of
        /// `inheritedModifiers` (an array here was retained and released per node).
        var inherited = InheritedModifiers.none
        var section: SectionLevel = .none
        var inGrid = false
        /// The parent is a `flex`: the node is a flex item and may have a `style`.
        var inFlex = false
    }

    /// How a node is named when its JSON has no `id`.
    enum IdRule {
        case root
        /// `<parent id>/<index>`
        case child(parent: Int32, index: Int)
        /// `<parent id>/<suffix>`, the ordinal appended from 2 on (`background2`). No String
        /// here: the rule stays a plain value (with one it was copied and released through
        /// outlined code for every node).
        case named(parent: Int32, suffix: IdSuffix, ordinal: Int32)
        /// A foreach copy: the datum at this tape index, whatever the content says.
        case datum(Int)
    }

    /// The fixed names of derived ids.
    enum IdSuffix {
        case background, overlay, content, header, footer

        var text: StaticString {
            switch self {
            case .background: "background"
            case .overlay: "overlay"
            case .content: "content"
            case .header: "header"
            case .footer: "footer"
            }
        }
    }

    let tape: JSONTape
    let limits: DecodeLimits
    var tree = NodeTree()
    /// The arena's growing lists (but modifiers), moved into `tree` once the root is
    /// resolved (`finish`).
    var nodes: ScratchBuffer<Node>
    var idBytes: ScratchBuffer<UInt8>
    var childList: ScratchBuffer<Int32>
    var ids: IdIndex
    var budget: ExpansionBudget
    /// Header and footer of each top-level section, until its form builds the cards.
    var sectionParts: [Int32: (header: Int32, footer: Int32)] = [:]
    /// The foreach copy being resolved (-1: none): explicit ids inside it are scoped
    /// under the copy's id, as SwiftUI scopes identity inside a ForEach.
    var idScope: Int32 = -1
    /// Nodes `0..<registeredIds` are in `ids`; later ones wait for `flushIds`.
    var registeredIds = 0
    /// Above 0 while resolving a JSON node that may be resolved again (a foreach's
    /// content, a background or overlay): only texts made then are shared by object.
    var replaying = 0
    /// The own modifiers of the nodes being resolved, innermost node on top: a node's
    /// are `OwnModifiers`, a range of this stack, until the node is done.
    var pending: ScratchBuffer<PendingModifier>
    /// The modifiers transparent nodes pass on to their members (`Context.inherited`), the
    /// innermost transparent node's on top: each takes its range on entry and drops it
    /// when its members are done.
    var inheritedModifiers: ScratchBuffer<PendingModifier>
    /// The laid-out nodes each node being resolved yields (itself, or a transparent
    /// node's members), the innermost node's on top: a container takes its children's
    /// from its start mark when they are done.
    var yielded: ScratchBuffer<Int32>
    /// `limits.fonts.defaultFamily`, read once (each read copied the limits and called
    /// through the measurer's existential, for every text).
    let defaultFontFamily: String
    /// `limits.maxNodes` and `limits.maxDepth`, read once (checked for every node).
    let maxNodes: Int
    let maxDepth: Int
    /// `Field.slotByKeyNumber` and `NodeType.tableWithFields`, read once per request (each
    /// read of a static costs a call that checks it is initialised, once per node).
    let fieldSlots: UnsafePointer<UInt8>
    let nodeTypes: ByteKeyTable<(NodeType, UInt32)>
    /// `AlignmentNames.twoAxisTable`, read once per request for frames' alignments.
    let alignmentNames: ByteKeyTable<Alignment>
    /// The tape's entries, read through a pointer in `gatherFields` (taken from the entry
    /// buffer each call, the buffer was retained and released per node). Valid while the
    /// resolver lives: it holds the tape, and nothing writes to a finished tape's entries.
    private let entryBase: UnsafePointer<JSONTape.Entry>
    private let entryCount: Int
    /// The key numbers of `padding`, `frame`, `background` and `overlay`, for `commonModifier`.
    let paddingKey: UInt8
    let frameKey: UInt8
    let backgroundKey: UInt8
    let overlayKey: UInt8

    init(tape: JSONTape, limits: DecodeLimits) {
        self.tape = tape
        self.limits = limits
        defaultFontFamily = limits.fonts.defaultFamily
        maxNodes = limits.maxNodes
        maxDepth = limits.maxDepth
        fieldSlots = Field.slotByKeyNumber.slots
        entryBase = UnsafePointer(tape.entries.storage.pointer)
        entryCount = tape.entries.count
        nodeTypes = NodeType.tableWithFields
        alignmentNames = AlignmentNames.twoAxisTable
        paddingKey = Self.keyNumber("padding")
        frameKey = Self.keyNumber("frame")
        backgroundKey = Self.keyNumber("background")
        overlayKey = Self.keyNumber("overlay")
        // A node takes about 8 to 16 tape entries (its object, type, id, modifiers and
        // their values); a low estimate only costs a regrowth, a high one cache misses in
        // an oversized id table.
        let estimate = tape.entries.count / 10 + 16
        ids = IdIndex(expectedCount: estimate)
        budget = ExpansionBudget(bodyBytes: tape.bytes.count, expectedNodes: estimate, limits: limits)
        nodes = ScratchBuffer(capacity: estimate)
        childList = ScratchBuffer(capacity: estimate)
        // Modifiers stay an array: a modifier is some 100 bytes, and copying the list out
        // at the end cost more than the checks each append makes.
        tree.modifiers.reserveCapacity(estimate)
        idBytes = ScratchBuffer(capacity: estimate * 8)
        pending = ScratchBuffer(capacity: 64)
        inheritedModifiers = ScratchBuffer(capacity: 16)
        yielded = ScratchBuffer(capacity: 256)
        // Texts are about one node in five in typical screens; growing the list copied
        // every text (and retained its strings) a dozen times.
        tree.texts.reserveCapacity(estimate / 4)
    }

    /// A key's number, or one that no key has if it is not numbered (0, an unnumbered
    /// key's, would match every other key).
    private static func keyNumber(_ name: String) -> UInt8 {
        let number = InternedKeys.number(of: name)
        return number == 0 ? .max : number
    }

    /// Resolves the root node; the root must be one laid-out view. Called once: it frees
    /// the resolver's buffers.
    mutating func resolveRoot(_ index: Int) throws(DecodeFailure) {
        defer { finish() }
        do {
            try resolveNode(index, parent: -1, idRule: .root, context: Context(), depth: 1)
        } catch {
            try flushIds()
            throw error
        }
        try flushIds()
        guard yielded.count == 1, yielded[0] == 0 else {
            throw .invalid(index, "the root must be a single view, not a group, divided, foreach or section")
        }
    }

    /// Moves the arena's lists into `tree` and frees the buffers.
    private mutating func finish() {
        tree.nodes = nodes.array()
        tree.idBytes = idBytes.array()
        tree.childList = childList.array()
        nodes.free()
        idBytes.free()
        childList.free()
        pending.free()
        inheritedModifiers.free()
        yielded.free()
        budget.free()
    }

    // MARK: - One node

    mutating func resolveNode(
        _ object: Int, parent: Int32, idRule: IdRule, context: Context, depth: Int
    ) throws(DecodeFailure) {
        let (fields, type) = try readNode(object, depth: depth)
        let (index, own) = try enterNode(object, fields, parent: parent, idRule: idRule, context: context)
        let ownStart = own.start
        defer { pending.truncate(to: ownStart) }
        if type == .flex || (context.inFlex && type != .form) { try attachFlexStyle(index, fields) }

        // One call per kind: see NodeResolver+Kinds.swift for why.
        switch type {
        case .view, .rect, .image, .text, .spacer, .divider:
            try finishLeaf(index, try leafKind(type, object, fields, context), own, context, depth)
        case .vstack, .hstack: try resolveStack(type, index, fields, own, context, depth)
        case .lazyvstack, .lazyhstack: try resolveLazyStack(type, index, fields, own, context, depth)
        case .lazyvgrid, .lazyhgrid: try resolveLazyGrid(type, index, object, fields, own, context, depth)
        case .viewthatfits: try resolveViewThatFits(index, fields, own, context, depth)
        case .zstack: try resolveZStack(index, fields, own, context, depth)
        case .scroll: try resolveScroll(index, fields, own, context, depth)
        case .geometry: try resolveGeometry(index, fields, own, context, depth)
        case .grid: try resolveGrid(index, fields, own, context, depth)
        // Outside a grid a row behaves like a group, as SwiftUI's GridRow does.
        case .gridrow where !context.inGrid: try resolveGroup(index, fields, own, context, depth)
        case .gridrow: try resolveGridRow(index, fields, own, context, depth)
        case .form: try resolveForm(index, fields, own, context, depth)
        case .section: try resolveSection(index, fields, own, context, depth)
        case .group: try resolveGroup(index, fields, own, context, depth)
        case .divided: try resolveDivided(index, fields, own, context, depth)
        case .foreach: try resolveForEach(index, object, fields, own, context, depth)
        case .flex: try resolveFlex(index, fields, own, context, depth)
        }
        if fields.has(.style), type != .form, type != .flex, !context.inFlex { throw Self.styleOutsideFlex(fields) }
        nodes[Int(index)].subtreeEnd = Int32(nodes.count)
        // Transparent kinds and sections never emit modifiers (or drop them afterwards).
        // Every transparent node passes here: the one place the tree learns it has one.
        switch type {
        case .group, .divided, .foreach, .section, .gridrow:
            let traits = NodeTraits(of: nodes[Int(index)], in: tree.modifiers)
            nodes[Int(index)].traits = traits
            if traits.isTransparent { tree.hasTransparentNodes = true }
        default:
            break
        }
    }

    // The two steps before a node's kind is resolved, apart from `resolveNode` so that a
    // debug build keeps their temporaries out of the recursive frame. Each small enough
    // for the optimizer to honour `@inline(__always)`.

    /// The node's fields and type, checked.
    @inline(__always)
    private func readNode(_ object: Int, depth: Int) throws(DecodeFailure) -> (NodeFields, NodeType) {
        guard depth <= maxDepth else {
            throw .tooLarge(object, "the tree is deeper than \(maxDepth) levels")
        }
        try tape.requireObject(object, "a node")
        let fields = try gatherFields(object)
        return (fields, try nodeType(object, fields))
    }

    /// Makes the node and decodes its own modifiers onto `pending` (the caller drops them).
    @inline(__always)
    private mutating func enterNode(
        _ object: Int, _ fields: NodeFields, parent: Int32, idRule: IdRule, context: Context
    ) throws(DecodeFailure) -> (Int32, OwnModifiers) {
        let index = try appendNode(object: object, fields: fields, parent: parent, idRule: idRule, context: context)
        // Counted from the tape before anything is decoded.
        let ownCount = fields.has(.modifiers) ? Int(tape.entries[fields[.modifiers]].count) : 0
        try budget.enter(index, parent: parent, modifiers: ownCount + context.inherited.count, object: object)
        let ownStart = pending.count
        if fields.has(.modifiers) { try decodeModifiers(fields[.modifiers]) }
        return (index, OwnModifiers(start: ownStart, count: pending.count - ownStart))
    }

    @inline(never)
    private static func styleOutsideFlex(_ fields: NodeFields) -> DecodeFailure {
        .invalid(fields[.style] - 1, "\"style\" is for flex items, and this node's parent is not a flex")
    }

    /// The node object's fields. A key the parser numbered maps to its field with one
    /// load from `fieldSlots`; only other keys take the byte table. Inlined: called out of
    /// line, its 132-byte result was copied out through a `memcpy` call per node. (It was
    /// out of line to keep `resolveNode`'s frame small: a debug build, which does not
    /// inline it, keeps that frame as it was; a release frame grows by about 100 bytes.)
    @inline(__always)
    private func gatherFields(_ object: Int) throws(DecodeFailure) -> NodeFields {
        var fields = NodeFields()
        let end = Int(tape.entries[object].end)
        // Every index up to an object's end is an entry the parser wrote: checked once
        // here rather than at each of the loop's reads.
        precondition(end <= entryCount, "object ends past the tape")
        let entries = entryBase
        let slots = fieldSlots
        var key = object + 1
        while key + 1 < end {
            let value = key + 1
            // A key number is a byte, within the table's 256 entries.
            var slot = Int(slots[Int(entries[key].key)])
            if slot == Int(Field.noSlot) {
                guard let field = Field.table.lookup(tape, key) else {
                    throw .invalid(key, "unknown field '\(tape.string(at: key))'")
                }
                slot = field.rawValue
            }
            fields.set(slot: slot, to: value)
            let valueEntry = entries[value]
            key = valueEntry.kind == .object || valueEntry.kind == .array ? Int(valueEntry.end) : value + 1
        }
        return fields
    }

    /// The node's type, checked against its fields. Inlined for a known type with allowed
    /// fields; anything else takes `checkedNodeType`, which names the problem.
    @inline(__always)
    private func nodeType(_ object: Int, _ fields: NodeFields) throws(DecodeFailure) -> NodeType {
        if fields.has(.type), tape.entries[fields[.type]].kind == .string,
            let (type, allowedBits) = nodeTypes.lookup(tape, fields[.type]), fields.present & ~allowedBits == 0
        {
            return type
        }
        return try checkedNodeType(object, fields)
    }

    @inline(never)
    private func checkedNodeType(_ object: Int, _ fields: NodeFields) throws(DecodeFailure) -> NodeType {
        guard fields.has(.type) else { throw .invalid(object, "a node needs a \"type\"") }
        guard tape.entries[fields[.type]].kind == .string else {
            throw .invalid(fields[.type], "type must be a string, not \(tape.kindName(fields[.type]))")
        }
        guard let (type, allowedBits) = nodeTypes.lookup(tape, fields[.type]) else {
            throw .invalid(
                fields[.type], "unknown node type '\(tape.string(at: fields[.type]))'; expected one of \(NodeType.list)")
        }
        if fields.present & ~allowedBits == 0 { return type }
        let allowed = type.allowedFields
        for field in Field.allCases where fields.has(field) && !allowed.contains(field) {
            // The key sits just before its value on the tape.
            throw .invalid(
                fields[field] - 1, "unknown field '\(Field.name(field))' for a node of type '\(type.rawValue)'")
        }
        return type
    }

    /// Adds the node with its id (checked for duplicates); kind and ranges come later.
    private mutating func appendNode(
        object: Int, fields: NodeFields, parent: Int32, idRule: IdRule, context: Context
    ) throws(DecodeFailure) -> Int32 {
        guard nodes.count < maxNodes else {
            throw .tooLarge(object, "the tree has more than \(maxNodes) nodes")
        }
        let index = Int32(truncatingIfNeeded: nodes.count)
        var source = Int32(truncatingIfNeeded: object)
        let idStart = Int32(truncatingIfNeeded: idBytes.count)
        switch idRule {
        case .datum(let datum):
            if fields.has(.id) {
                throw .invalid(fields[.id], "a foreach content takes its id from the datum; remove its \"id\"")
            }
            source = Int32(truncatingIfNeeded: datum)
            // `<foreach id>/<datum>`: the foreach is the copy's parent.
            try appendParentId(parent, object: object)
            appendDatumId(datum)
        case _ where fields.has(.id):
            let idValue = fields[.id]
            let idEntry = tape.entries[idValue]
            guard idEntry.kind == .string else {
                throw .invalid(idValue, "id must be a string, not \(tape.kindName(idValue))")
            }
            guard idEntry.end > idEntry.start else {
                throw .invalid(idValue, "id must not be empty")
            }
            // Inside a foreach copy: `<copy id>/<id>`.
            if idScope >= 0 { try appendParentId(idScope, object: object) }
            appendIdString(idValue, idEntry)
        case .root:
            for byte in "root".utf8 { idBytes.append(byte) }
        case .child(let parentIndex, let position):
            try appendParentId(parentIndex, object: object)
            appendDecimal(position)
        case .named(let parentIndex, let suffix, let ordinal):
            try appendParentId(parentIndex, object: object)
            suffix.text.withUTF8Buffer { idBytes.append(contentsOf: $0) }
            if ordinal != 1 { appendDecimal(Int(ordinal)) }
        }
        // Ids read from the body are as long as the body; derived ones were checked above.
        try budget.checkIdBytes(idBytes.count, adding: 0, object: object)
        nodes.append(
            Node(
                kind: .transparent, parent: parent, subtreeEnd: index + 1, childStart: 0, childCount: 0,
                modifierStart: 0, modifierCount: 0, stackContext: context.stack, hasFrame: true,
                idStart: idStart, idLength: Int32(truncatingIfNeeded: idBytes.count) - idStart, source: source))
        try registerId(of: index)
        return index
    }

    /// Queues the node's id for the index, which takes ids in batches (`flushIds`).
    /// Node `index` is the last node made, so the queue is `registeredIds...index`.
    @inline(__always)
    mutating func registerId(of index: Int32) throws(DecodeFailure) {
        if Int(index) + 1 - registeredIds >= 64 { try flushIds() }
    }

    /// Adds the queued ids to the index in node order; a duplicate names both nodes'
    /// places. Every failure leaving `resolveRoot` flushes first, so a duplicate is still
    /// reported before any failure found after its node was made, as when each id was
    /// checked at once.
    mutating func flushIds() throws(DecodeFailure) {
        let first = registeredIds
        registeredIds = nodes.count
        let view = IdIndex.Ids(nodes: nodes.elements, bytes: UnsafeRawBufferPointer(idBytes.elements))
        if let (index, existing) = ids.insert(from: first, to: nodes.count, in: view) {
            var failure = DecodeFailure.invalid(Int(nodes[Int(index)].source), "duplicate id '\(idString(of: Int(index)))'")
            failure.otherLocation = Int(nodes[Int(existing)].source)
            throw failure
        }
    }

    /// `<parent id>/`, copied byte by byte (appending a slice of the same array would
    /// copy the whole buffer). Checked first, with room for a short suffix, so that long
    /// ids over many children are refused before they are copied.
    mutating func appendParentId(_ parent: Int32, object: Int) throws(DecodeFailure) {
        let node = nodes[Int(parent)]
        try budget.checkIdBytes(idBytes.count, adding: Int(node.idLength) + 32, object: object)
        let start = Int(node.idStart)
        idBytes.appendRange(start: start, length: Int(node.idLength))
        idBytes.append(UInt8(ascii: "/"))
    }

    private mutating func appendDecimal(_ value: Int) {
        if value >= 10 { appendDecimal(value / 10) }
        idBytes.append(UInt8(ascii: "0") + UInt8(value % 10))
    }

    /// A foreach datum as an id: strings as they are, numbers in shortest form.
    private mutating func appendDatumId(_ datum: Int) {
        if tape.entries[datum].kind == .string {
            appendIdString(datum, tape.entries[datum])
        } else {
            var writer = JSONWriter(capacity: 24)
            writer.number(tape.number(at: datum))
            for byte in writer.bytes { idBytes.append(byte) }
        }
    }

    /// Appends the string at tape entry `index`, unescaped, to the ids.
    @inline(__always)
    private mutating func appendIdString(_ index: Int, _ entry: JSONTape.Entry) {
        if entry.hasEscapes {
            appendUnescapedId(index)
            return
        }
        let start = Int(entry.start), end = Int(entry.end)
        tape.bytes.withUnsafeBufferPointer { bytes in
            // The parser's offsets lie within the body; checked once for the whole copy.
            precondition(start <= end && end <= bytes.count, "tape string out of range")
            idBytes.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end]))
        }
    }

    @inline(never)
    private mutating func appendUnescapedId(_ index: Int) {
        var unescaped: [UInt8] = []
        tape.appendUnescaped(index, to: &unescaped)
        unescaped.withUnsafeBufferPointer { idBytes.append(contentsOf: $0) }
    }

    /// The id of node `index`, for messages.
    func idString(of index: Int) -> String {
        let node = nodes[index]
        return String(decoding: idBytes.elements[Int(node.idStart)..<Int(node.idStart + node.idLength)], as: UTF8.self)
    }

    // MARK: - Finishing

    mutating func finishLeaf(
        _ index: Int32, _ kind: NodeKind, _ own: OwnModifiers, _ context: Context, _ depth: Int
    ) throws(DecodeFailure) {
        nodes[Int(index)].kind = kind
        try emitModifiers(for: index, own: own, inherited: context.inherited, depth: depth)
        yielded.append(index)
    }

    mutating func finishContainer(
        _ index: Int32, _ kind: NodeKind, _ fields: NodeFields, _ own: OwnModifiers, _ context: Context,
        childContext: Context, _ depth: Int
    ) throws(DecodeFailure) {
        nodes[Int(index)].kind = kind
        try emitModifiers(for: index, own: own, inherited: context.inherited, depth: depth)
        let mark = yielded.count
        try resolveChildren(of: index, fields, context: childContext, depth: depth)
        setChildren(of: index, yieldedFrom: mark)
        yielded.append(index)
    }

    /// Gives node `index` the nodes yielded since `mark` as its children, and drops them
    /// from `yielded`.
    mutating func setChildren(of index: Int32, yieldedFrom mark: Int) {
        let count = yielded.count - mark
        nodes[Int(index)].setChildren(start: Int32(childList.count), count: Int32(count))
        childList.append(contentsOf: UnsafeBufferPointer(rebasing: yielded.elements[mark..<mark + count]))
        yielded.truncate(to: mark)
        combineTraits(of: index)
    }

    mutating func setChildren(of index: Int32, _ children: [Int32]) {
        nodes[Int(index)].setChildren(start: Int32(childList.count), count: Int32(children.count))
        children.withUnsafeBufferPointer { childList.append(contentsOf: $0) }
        combineTraits(of: index)
    }

    /// A stack's or zstack's traits combined with its children's, now made (NodeTraits.swift).
    @inline(__always)
    private mutating func combineTraits(of index: Int32) {
        guard nodes[Int(index)].traits.combinesChildren else { return }
        nodes[Int(index)].traits = Self.combinedTraits(of: Int(index), nodes.elements, childList.elements)
    }

    /// Out of line and static: inlined into the resolver's recursion, it made the
    /// optimizer retain and release around every node.
    @inline(never)
    private static func combinedTraits(
        of index: Int, _ nodes: UnsafeBufferPointer<Node>, _ childList: UnsafeBufferPointer<Int32>
    ) -> NodeTraits {
        var traits = nodes[index].traits
        traits.combine(childrenOf: index, in: nodes, childList: childList)
        return traits
    }

    /// The nodes yielded since `mark`, dropped from `yielded`.
    mutating func takeYielded(from mark: Int) -> [Int32] {
        let taken = Array(yielded.elements[mark..<yielded.count])
        yielded.truncate(to: mark)
        return taken
    }

    /// Resolves the JSON `children` of node `index`, yielding their laid-out nodes.
    mutating func resolveChildren(
        of index: Int32, _ fields: NodeFields, context: Context, depth: Int
    ) throws(DecodeFailure) {
        guard fields.has(.children) else { return }
        let array = fields[.children]
        try tape.requireArray(array, "children")
        try tape.forEachElement(of: array) { position, element throws(DecodeFailure) in
            try resolveNode(
                element, parent: index, idRule: .child(parent: index, index: position), context: context,
                depth: depth + 1)
        }
    }

    /// Writes the node's effective modifiers (own, then inherited) as one contiguous range,
    /// resolving background and overlay contents as children of this node.
    mutating func emitModifiers(
        for index: Int32, own: OwnModifiers, inherited: InheritedModifiers, depth: Int
    ) throws(DecodeFailure) {
        // The node's traits (NodeTraits.swift) with its modifiers, as they are written:
        // every caller sets the kind first, and here, just after the decoder switched on
        // the kind, that switch again is predictable.
        // (A transparent node's traits are set again once it is resolved, and the tree is
        // told there that it has one: `resolveNode`.)
        var traits = NodeTraits(kind: nodes[Int(index)].kind, stackContext: nodes[Int(index)].stackContext)
        if own.count == 0 && inherited.count == 0 {
            traits.settle()
            nodes[Int(index)].traits = traits
            return
        }
        try budget.spendModifiers(
            own.count + inherited.count, object: Int(nodes[Int(index)].source))
        // Own then inherited, written straight into the arena; background and overlay
        // contents become nodes afterwards and are patched into their slots (building a
        // separate list per node cost two allocations and frees).
        let start = tree.modifiers.count
        nodes[Int(index)].setModifiers(
            start: Int32(truncatingIfNeeded: start), count: Int32(truncatingIfNeeded: own.count + inherited.count))
        var hasContent = false
        for position in own.start..<own.start + own.count {
            let modifier = pending[position]
            tree.modifiers.append(modifier.modifier)
            traits.note(modifier.modifier)
            if modifier.content >= 0 { hasContent = true }
        }
        for position in inherited.start..<inherited.start + inherited.count {
            let modifier = inheritedModifiers[position]
            tree.modifiers.append(modifier.modifier)
            traits.note(modifier.modifier)
            if modifier.content >= 0 { hasContent = true }
        }
        traits.settle()
        nodes[Int(index)].traits = traits
        guard hasContent else { return }
        var backgrounds = 0, overlays = 0
        for offset in 0..<own.count + inherited.count {
            // Read by position each time: resolving a content may push (then drop) ranges
            // above these, and may move the buffers.
            let modifier =
                offset < own.count
                ? pending[own.start + offset] : inheritedModifiers[inherited.start + offset - own.count]
            guard modifier.content >= 0 else { continue }
            switch modifier.modifier {
            case .background(_, let alignment):
                backgrounds += 1
                let node = try resolveContent(
                    modifier.content, of: index, name: .background, ordinal: backgrounds, depth)
                tree.modifiers[start + offset] = .background(node: node, alignment: alignment)
            case .overlay(_, let alignment):
                overlays += 1
                let node = try resolveContent(modifier.content, of: index, name: .overlay, ordinal: overlays, depth)
                tree.modifiers[start + offset] = .overlay(node: node, alignment: alignment)
            default:
                break
            }
        }
    }

    /// A background or overlay content: one view named `<id>/background` (the second
    /// `<id>/background2`, ...) unless it has its own id.
    private mutating func resolveContent(
        _ content: Int, of owner: Int32, name: IdSuffix, ordinal: Int, _ depth: Int
    ) throws(DecodeFailure) -> Int32 {
        let rule = IdRule.named(parent: owner, suffix: name, ordinal: Int32(truncatingIfNeeded: ordinal))
        replaying += 1
        defer { replaying -= 1 }
        let mark = yielded.count
        try resolveNode(content, parent: owner, idRule: rule, context: Context(), depth: depth + 1)
        guard yielded.count - mark == 1 else {
            throw .invalid(content, "a \(name.text) must be a single view; wrap several in a zstack")
        }
        let node = yielded[mark]
        yielded.truncate(to: mark)
        return node
    }

    /// Marks every node made since `start` as validated but not laid out.
    mutating func hideNodes(from start: Int) {
        for index in start..<nodes.count { nodes[index].hasFrame = false }
    }
}

/// A node's own modifiers: a range of `NodeResolver.pending`.
struct OwnModifiers {
    var start: Int
    var count: Int

    static let none = OwnModifiers(start: 0, count: 0)
}

/// The modifiers a node inherits from enclosing transparent nodes: a range of
/// `NodeResolver.inheritedModifiers`. Two 32-bit halves, so that a `Context` stays as
/// small as it was with an array (a debug build's frame holds many, and its deepest
/// trees come close to a thread's stack); the stack holds far fewer than 2^31 modifiers.
struct InheritedModifiers {
    private var first: Int32
    private var length: Int32

    init(start: Int, count: Int) {
        first = Int32(truncatingIfNeeded: start)
        length = Int32(truncatingIfNeeded: count)
    }

    var start: Int { Int(first) }
    var count: Int { Int(length) }

    static let none = InheritedModifiers(start: 0, count: 0)
}

extension Field {
    static func name(_ field: Field) -> String {
        byName.first { $0.value == field }?.key ?? "\(field)"
    }
}

extension Node {
    /// Both ends of a range in one write: each write to an element of the arena's node
    /// list checks that the list is not shared.
    @inline(__always)
    mutating func setChildren(start: Int32, count: Int32) {
        childStart = start
        childCount = count
    }

    @inline(__always)
    mutating func setModifiers(start: Int32, count: Int32) {
        modifierStart = start
        modifierCount = count
    }
}
