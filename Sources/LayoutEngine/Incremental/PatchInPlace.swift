/// Applies a patch to a session's decoded tree itself, without writing or decoding the
/// session's document: each op rewrites one node in the arena (a leaf with its contents,
/// or a container's own fields with its children kept), only the op's node object is
/// decoded, and subtree hashes are recomputed from the node up to the root
/// (`StructuralHasher.rehash`). The arena keeps its shape, so the relayout starts from
/// the previous layout in place.
///
/// It takes the patches whose result it can vouch for and answers nil for every other one,
/// which PatchApplier then applies as before (writing the document and decoding it), so
/// every error, 413 and 422 comes from that one path. Nil for: an op other than a
/// `replace` or `set` of a leaf (its background and overlay contents kept in shape) or a
/// `set` of a container's own field; a node under a group, divided, foreach, section or
/// form, or whose parent is a flex; a node whose id or subtree shape would change;
/// anything the decoder refuses; anything that could cross a decode limit or the work
/// budget of the patched request.
enum PatchInPlace {
    /// What an op leaves at its node: a whole object (a leaf and its contents), or one
    /// member of a container set, with the container's object without `children` before
    /// and after.
    enum Edit {
        case object([UInt8], replaces: Bool)
        case member(name: String, value: [UInt8]?, before: [UInt8], after: [UInt8])
    }

    struct Outcome {
        var request: LayoutRequest
        var hashes: [TreeHash]
        var document: SessionDocument
    }

    static func apply(
        _ request: JSONTape, patch: Int, session: SessionState, limits: DecodeLimits
    ) -> Outcome? {
        var tree = session.request.tree
        guard var hashes = session.record?.hashes, hashes.count == tree.nodeCount,
            request.entries[patch].kind == .array
        else { return nil }
        let ops = Int(request.entries[patch].count)
        guard var head = headFields(request, limits: limits) else { return nil }
        let document = session.document
        guard let tape = document.tape ?? (try? JSONTapeParser.parse(document.body, maxNesting: .max)),
            let root = tape.member("root", of: 0)
        else { return nil }
        var overlay = document.overlay
        var members = document.members
        var rootBytes = document.rootBytes > 0 ? document.rootBytes : tape.rawBytes(of: root).count
        // Counted over the whole tree once per session, then kept up to date per edit.
        var totals = document.totals ?? TreeTotals(tree)
        var replaced = Set<Int>()
        var edited = Set<Int>()
        var editedContainers = Set<Int>()
        // PatchApplier's runs: an op naming a node inside what an earlier op of the run
        // changed (a replaced node, or below a node a set edited) starts the next one.
        var runs = 1
        var frozen: [Range<Int>] = []
        var cursor = patch + 1
        while cursor < Int(request.entries[patch].end) {
            guard let (node, edit) = op(cursor, request, tree: tree, tape: tape, overlay: overlay, members: members)
            else { return nil }
            cursor = request.next(after: cursor)
            // A node an earlier op replaced is PatchApplier's next run.
            guard !replaced.contains(node) else { return nil }
            if frozen.contains(where: { $0.contains(node) }) {
                runs += 1
                frozen.removeAll()
            }
            let end = Int(tree.nodes[node].subtreeEnd)
            let source = tree.nodes[node].source
            switch edit {
            case .object(let object, let replaces):
                if replaces { replaced.insert(node) }
                frozen.append(replaces ? node..<end : node + 1..<end)
                totals.remove(node..<end, of: tree)
                guard let written = rewrite(node, with: object, in: &tree, limits: limits) else { return nil }
                totals.add(node..<end, of: tree)
                rootBytes += written.count - (overlay[source]?.count ?? tape.rawBytes(of: Int(source)).count)
                // Objects rewritten inside its contents are now part of its own.
                for inner in node + 1..<end {
                    overlay[tree.nodes[inner].source] = nil
                    members[tree.nodes[inner].source] = nil
                }
                overlay[source] = written
                edited.insert(node)
            case .member(let name, let value, let before, let after):
                frozen.append(node + 1..<end)
                totals.remove(node..<node + 1, of: tree)
                guard rewriteOwnFields(node, with: after, in: &tree, limits: limits) else { return nil }
                totals.add(node..<node + 1, of: tree)
                var list = members[source] ?? []
                if let existing = list.firstIndex(where: { $0.name == name }) {
                    list[existing].value = value
                } else {
                    list.append(SessionDocument.SetMember(name: name, value: value))
                }
                members[source] = list
                // At most one comma more or less than the objects without children differ by.
                rootBytes += after.count - before.count - 1
                editedContainers.insert(node)
            }
        }
        // Past the work budget, PatchApplier's answer is a 413.
        guard PatchApplier.work(runs: runs, nodes: tree.nodeCount, ops: ops) <= limits.layoutWorkBudget(nodes: tree.nodeCount),
            withinLimits(tree, totals: totals, documentBytes: rootBytes, limits: limits)
        else { return nil }
        for node in edited {
            // Its contents first (they follow it in the arena), then it and its ancestors.
            for inner in stride(from: Int(tree.nodes[node].subtreeEnd) - 1, to: node, by: -1) {
                StructuralHasher.rehash(node: inner, in: tree, hashes: &hashes)
            }
            StructuralHasher.rehash(from: node, in: tree, hashes: &hashes)
        }
        // Containers' own fields: their members' hashes stand.
        for node in editedContainers { StructuralHasher.rehash(from: node, in: tree, hashes: &hashes) }
        // Rigidity and reach combine children's (NodeTraits): again up each edited path.
        tree.recombineTraits(upFrom: edited.union(editedContainers))
        head.tree = tree
        return Outcome(
            request: head, hashes: hashes,
            document: SessionDocument(
                body: document.body, tape: tape, overlay: overlay, members: members, rootBytes: rootBytes, totals: totals))
    }

    /// The patch request's own fields (bounds, options, ...), decoded as the patched
    /// request's would be, around a placeholder tree.
    private static func headFields(_ request: JSONTape, limits: DecodeLimits) -> LayoutRequest? {
        var body: [UInt8] = [UInt8(ascii: "{")]
        var cursor = 1
        while cursor < Int(request.entries[0].end) {
            let value = cursor + 1
            if !request.stringEquals(cursor, "patch"), !request.stringEquals(cursor, "baseline") {
                body.append(contentsOf: request.rawBytes(of: cursor))
                body.append(UInt8(ascii: ":"))
                body.append(contentsOf: request.rawBytes(of: value))
                body.append(UInt8(ascii: ","))
            }
            cursor = request.next(after: value)
        }
        body.append(contentsOf: #""root":{"type":"view","size":{"width":0,"height":0}}}"#.utf8)
        return try? RequestDecoder.decode(body, limits: limits)
    }

    /// Op `op`'s target and what it leaves there; nil unless it is a `replace` or a `set`
    /// of a leaf, or a `set` of a container's own field, that this path can rewrite.
    private static func op(
        _ op: Int, _ request: JSONTape, tree: NodeTree, tape: JSONTape, overlay: [Int32: [UInt8]],
        members: [Int32: [SessionDocument.SetMember]]
    ) -> (node: Int, edit: Edit)? {
        guard request.entries[op].kind == .object else { return nil }
        var fields: [String: Int] = [:]
        var cursor = op + 1
        while cursor < Int(request.entries[op].end) {
            fields[request.string(at: cursor)] = cursor + 1
            cursor = request.next(after: cursor + 1)
        }
        guard let kind = fields["op"], request.entries[kind].kind == .string, let idValue = fields["id"],
            request.entries[idValue].kind == .string, let node = tree.index(ofID: request.string(at: idValue))
        else { return nil }
        let container = tree.nodes[node].childCount > 0
        guard isRewritable(node, container: container, tree: tree, tape: tape, overlay: overlay) else { return nil }
        let source = tree.nodes[node].source
        switch request.string(at: kind) {
        case "replace" where !container:
            guard fields.count == 3, let value = fields["node"], request.entries[value].kind == .object else { return nil }
            return (node, .object(Array(request.rawBytes(of: value)), replaces: true))
        case "set":
            guard fields.count == 4, let field = fields["field"], let value = fields["value"],
                request.entries[field].kind == .string, let known = Field.byName[request.string(at: field)],
                known != .type, known != .id, !container || known != .children
            else { return nil }
            let name = request.string(at: field)
            let bytes = request.entries[value].kind == .null ? nil : request.rawBytes(of: value)
            if container {
                // Its own fields as they stand, without its children (which stay as they are).
                var own = Array(tape.rawBytes(of: Int(source)))
                for member in members[source] ?? [] {
                    guard let edited = settingMember(member.name, to: member.value?[...], in: own[...]) else { return nil }
                    own = edited
                }
                guard let before = settingMember("children", to: nil, in: own[...]),
                    let after = settingMember(name, to: bytes, in: before[...])
                else { return nil }
                return (node, .member(name: name, value: bytes.map { Array($0) }, before: before, after: after))
            }
            let current = overlay[source].map { $0[...] } ?? tape.rawBytes(of: Int(source))
            guard let object = settingMember(name, to: bytes, in: current) else { return nil }
            return (node, .object(object, replaces: false))
        default:
            return nil
        }
    }

    /// A leaf with a frame, in its parent's JSON `children`, with no transparent node
    /// (group, divided, foreach, section) above it, under a container whose children
    /// decode alike wherever it sits: not a form, a section or a flex.
    /// A container qualifies too (for its own fields) when no modifier of its has a content.
    private static func isRewritable(
        _ node: Int, container: Bool, tree: NodeTree, tape: JSONTape, overlay: [Int32: [UInt8]]
    ) -> Bool {
        let record = tree.nodes[node]
        if container {
            for modifier in tree.modifiers[Int(record.modifierStart)..<Int(record.modifierStart + record.modifierCount)] {
                switch modifier {
                case .background, .overlay: return false
                default: break
                }
            }
        }
        guard record.hasFrame,
            Int(record.source) < tape.entries.count, tape.entries[Int(record.source)].kind == .object
        else { return false }
        if case .transparent = record.kind { return false }
        var ancestor = Int(record.parent)
        while ancestor >= 0 {
            // Inside a rewritten object, the tape no longer holds the node's JSON.
            guard overlay[tree.nodes[ancestor].source] == nil else { return false }
            switch tree.nodes[ancestor].kind {
            case .transparent, .form, .section: return false
            case .flex where ancestor == Int(record.parent): return false
            default: break
            }
            ancestor = Int(tree.nodes[ancestor].parent)
        }
        return record.parent < 0 || position(of: node, tree: tree) != nil
    }

    /// The node's position in its parent's JSON `children`: its place among the parent's
    /// layout children, when every one before it is the parent's own (nothing spliced in).
    static func position(of node: Int, tree: NodeTree) -> Int? {
        let parent = tree.nodes[node].parent
        for (position, child) in tree.children(of: Int(parent)).enumerated() {
            if Int(child) == node { return position }
            guard tree.nodes[Int(child)].parent == parent else { return nil }
        }
        return nil
    }

    /// The JSON object `object` with member `name` set to `value` (removed when nil), as
    /// PatchBatch writes it: in place if present, else last.
    private static func settingMember(_ name: String, to value: ArraySlice<UInt8>?, in object: ArraySlice<UInt8>) -> [UInt8]? {
        guard let tape = try? JSONTapeParser.parse(Array(object), maxNesting: .max), tape.entries.first?.kind == .object
        else { return nil }
        var out: [UInt8] = [UInt8(ascii: "{")]
        var first = true
        func member(_ key: some Collection<UInt8>, _ value: some Collection<UInt8>) {
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            out.append(contentsOf: key)
            out.append(UInt8(ascii: ":"))
            out.append(contentsOf: value)
        }
        var found = false
        var cursor = 1
        while cursor < Int(tape.entries[0].end) {
            let key = cursor, current = cursor + 1
            cursor = tape.next(after: current)
            if tape.stringEquals(key, name) {
                found = true
                if let value { member(tape.rawBytes(of: key), value) }
            } else {
                member(tape.rawBytes(of: key), tape.rawBytes(of: current))
            }
        }
        if !found, let value { member(Array("\"\(name)\"".utf8), value) }
        out.append(UInt8(ascii: "}"))
        return out
    }

    /// The patched request's limits that depend on the whole tree (modifiers and id bytes
    /// per body byte, text bytes: `totals`), against a body of at least `documentBytes`.
    /// Also false once the arrays hold more than as much again as the tree uses (entries
    /// left by rewritten nodes): the patch is then applied by decoding, which packs them.
    private static func withinLimits(_ tree: NodeTree, totals: TreeTotals, documentBytes: Int, limits: DecodeLimits) -> Bool {
        let slack = 64 + tree.nodeCount
        guard tree.modifiers.count <= 2 * totals.modifiers + slack, tree.texts.count <= 2 * totals.texts + slack,
            tree.grids.count + tree.lazyGrids.count <= 2 * slack
        else { return false }
        return totals.modifiers <= limits.modifierLimit(bodyBytes: documentBytes)
            && totals.idBytes <= limits.idByteLimit(bodyBytes: documentBytes) && totals.textBytes <= limits.maxTextBytes
    }
}

/// What the decode limits count over a whole tree (PatchInPlace.withinLimits): its
/// modifiers, id bytes, texts and the most bytes its texts' JSON strings can take.
/// A session keeps them, and each edit in place moves them by its nodes' share only.
struct TreeTotals: Sendable, Equatable {
    var modifiers = 0
    var idBytes = 0
    var textBytes = 0
    var texts = 0

    init(_ tree: NodeTree) {
        add(tree.nodes.indices, of: tree)
    }

    mutating func add(_ nodes: Range<Int>, of tree: NodeTree) { count(nodes, of: tree, sign: 1) }

    mutating func remove(_ nodes: Range<Int>, of tree: NodeTree) { count(nodes, of: tree, sign: -1) }

    private mutating func count(_ nodes: Range<Int>, of tree: NodeTree, sign: Int) {
        for index in nodes {
            let node = tree.nodes[index]
            modifiers += sign * Int(node.modifierCount)
            idBytes += sign * Int(node.idLength)
            // A text's JSON string is at most 6 bytes per byte of content (`\u0041`).
            if case .text(let text) = node.kind {
                textBytes += sign * 6 * tree.texts[Int(text)].content.utf8.count
                texts += sign
            }
        }
    }
}
