/// Applies a `patch` (API.md §5) to a session's last request: the edits are made to the
/// JSON of the tree, so the patched tree is decoded, validated and named exactly as if it
/// had been sent whole. Ops apply in order; each sees the tree the previous one left.
///
/// Ops are applied in runs (PatchBatch): a run takes every op the tree it starts with
/// answers as the sequence would, edits the document once and decodes it once. A patch of
/// independent edits is one run, whatever its length; an op that names a node an earlier
/// op of the run made, moved or changed starts a new run.
enum PatchApplier {
    /// The request to lay out: the patch request's own fields (bounds, options, ...) with
    /// the session's tree, patched. `session` is the session's stored request and
    /// `sessionTree` the tree decoded from it (its nodes name their tape entries in it).
    /// Errors point into the patch request.
    static func apply(
        _ request: JSONTape, patch: Int, session: [UInt8], sessionTree: NodeTree, limits: DecodeLimits
    ) throws(DecodeFailure) -> (body: [UInt8], request: LayoutRequest) {
        try request.requireArray(patch, "patch")
        // Each run writes and re-reads the whole tree, and each op costs one more read:
        // all of it counts as layout work, within the budget the patched tree's layout
        // would get, so a patch that keeps starting runs is a 413 after bounded work.
        let budget = limits.layoutWorkBudget(nodes: sessionTree.nodeCount)
        var work = 0
        var ops: [Int] = []
        var cursor = patch + 1
        while cursor < Int(request.entries[patch].end) {
            ops.append(cursor)
            cursor = request.next(after: cursor)
        }
        // The document the next run edits and its tree: first the session's own.
        var document = session
        var tree = sessionTree
        var next = 0
        /// After a run of several ops left an invalid tree: its ops again, one per run, so
        /// the error names the op that broke the tree.
        var singleUntil = 0
        while true {
            work += tree.nodeCount
            guard work <= budget else { throw patchTooLarge(patch, ops: ops.count, budget: budget) }
            let tape: JSONTape
            do {
                tape = try JSONTapeParser.parse(document, maxNesting: .max)
            } catch {
                throw .invalid(patch, "the patched request could not be read")
            }
            guard let root = tape.member("root", of: 0) else { throw .invalid(patch, "the session has no tree") }
            var batch = PatchBatch(tape: tape, tree: tree)
            let first = next
            while next < ops.count, next == first || next >= singleUntil {
                guard try add(ops[next], request, to: &batch) else { break }
                next += 1
                work += 1
            }
            guard work <= budget else { throw patchTooLarge(patch, ops: ops.count, budget: budget) }
            let body = wholeRequest(request, root: batch.render(root))
            do {
                let decoded = try decode(
                    body, limits: limits, op: next == 0 ? patch : ops[next - 1],
                    step: next == 0 ? "the session's tree" : "op \(next - 1)")
                if next == ops.count { return (body, decoded) }
                document = body
                tree = decoded.tree
            } catch {
                guard next - first > 1 else { throw error }
                // Again from the run's tree, one op at a time.
                singleUntil = next
                next = first
            }
        }
    }

    /// Node reads of a patch applied in `runs` runs with `ops` ops in all, on a tree of
    /// `nodes` nodes: the tree once per run, and one per op.
    static func work(runs: Int, nodes: Int, ops: Int) -> Int { runs * nodes + ops }

    private static func patchTooLarge(_ patch: Int, ops: Int, budget: Int) -> DecodeFailure {
        .tooLarge(
            patch,
            "applying these \(ops) ops costs more than \(budget) node reads (each run of ops that build on each other re-reads the session's tree); send fewer ops or the whole tree")
    }

    /// `{<the patch request's members but patch and baseline>, "root": <root>}`.
    private static func wholeRequest(_ request: JSONTape, root: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [UInt8(ascii: "{")]
        out.reserveCapacity(root.count + 256)
        var cursor = 1
        while cursor < Int(request.entries[0].end) {
            let value = cursor + 1
            if !request.stringEquals(cursor, "patch"), !request.stringEquals(cursor, "baseline"),
                !request.stringEquals(cursor, "root")
            {
                out.append(contentsOf: request.rawBytes(of: cursor))
                out.append(UInt8(ascii: ":"))
                out.append(contentsOf: request.rawBytes(of: value))
                out.append(UInt8(ascii: ","))
            }
            cursor = request.next(after: value)
        }
        out.append(contentsOf: Array(#""root":"#.utf8))
        out.append(contentsOf: root)
        out.append(UInt8(ascii: "}"))
        return out
    }

    private static func decode(
        _ body: [UInt8], limits: DecodeLimits, op: Int, step: String
    ) throws(DecodeFailure) -> LayoutRequest {
        do {
            return try RequestDecoder.decode(body, limits: limits)
        } catch {
            let inner = error.errors.first.map { " at \($0.pointer) of the patched request: \($0.detail)" } ?? ": \(error.detail)"
            throw DecodeFailure(
                cause: DecodeFailure.Cause(error.kind), detail: "after \(step), the tree is invalid\(inner)",
                location: op)
        }
    }

    /// Adds op `op` to the run; false when the op must see the tree the run leaves (it
    /// names a node the run made, removed, moved or changed), so a new run takes it.
    private static func add(_ op: Int, _ request: JSONTape, to batch: inout PatchBatch) throws(DecodeFailure) -> Bool {
        try request.requireObject(op, "a patch op")
        var fields: [String: Int] = [:]
        try request.forEachMember(of: op) { key, value throws(DecodeFailure) in
            fields[request.string(at: key)] = value
        }
        guard let kind = fields["op"] else { throw .invalid(op, "a patch op needs \"op\"") }
        let name = try request.readString(kind, "op")
        let allowed: Set<String>
        switch name {
        case "replace": allowed = ["op", "id", "node"]
        case "insert": allowed = ["op", "parent", "index", "node"]
        case "remove": allowed = ["op", "id"]
        case "set": allowed = ["op", "id", "field", "value"]
        default: throw .invalid(kind, "unknown op '\(name)'; expected replace, insert, remove or set")
        }
        for (field, value) in fields where !allowed.contains(field) {
            throw .invalid(value - 1, "unknown field '\(field)' for a \(name) op")
        }
        for field in allowed where fields[field] == nil {
            throw .invalid(op, "a \(name) op needs \"\(field)\"")
        }
        let tape = batch.tape, tree = batch.tree
        let fresh = batch.count == 0
        /// The JSON object of the node `field` names; nil when only the run's result can say.
        func target(_ field: String) throws(DecodeFailure) -> (node: Int, source: Int)? {
            let value = fields[field] ?? op
            let id = try request.readString(value, field)
            guard let node = tree.index(ofID: id) else {
                if fresh { throw .invalid(value, "there is no node with id '\(id)'") }
                return nil  // perhaps made by an earlier op of the run
            }
            let source = Int(tree.nodes[node].source)
            if batch.isFrozen(source) { return nil }
            let madeByService: Bool
            if case .divider = tree.nodes[node].kind, let type = tape.member("type", of: source) {
                madeByService = !tape.stringEquals(type, "divider")
            } else {
                madeByService = false
            }
            guard tape.entries[source].kind == .object, !madeByService else {
                throw .invalid(value, "'\(id)' is made by the service (a foreach copy or a divider) and cannot be edited")
            }
            if let foreach = enclosingForEach(node, tree: tree, tape: tape) {
                throw .invalid(
                    value,
                    "'\(id)' is made by the service: it is in a copy of the foreach '\(tree.id(of: foreach))', and all copies share the foreach's content; edit the foreach itself (set its content or data, or replace it)"
                )
            }
            return (node, source)
        }
        switch name {
        case "replace":
            guard let (_, source) = try target("id") else { return false }
            batch.replace(source, with: request.rawBytes(of: fields["node"] ?? op))
        case "remove":
            guard let (node, source) = try target("id") else { return false }
            let parent = Int(tree.nodes[node].parent)
            let holder = parent >= 0 ? Int(tree.nodes[parent].source) : -1
            guard holder >= 0, tape.entries[holder].kind == .object, var list = batch.editedChildren(of: holder),
                let position = list.firstIndex(where: { if case .original(source) = $0 { true } else { false } })
            else {
                throw .invalid(fields["id"] ?? op, "only an element of a node's children can be removed")
            }
            list.remove(at: position)
            batch.setChildren(of: holder, list)
        case "insert":
            guard let (_, parent) = try target("parent") else { return false }
            // Inserting into children a `set` of this run replaced: only its result knows them.
            if batch.setsChildren(parent) { return false }
            let index = try request.readInteger(fields["index"] ?? op, "index", in: 0...Int(Int32.max))
            guard var list = batch.editedChildren(of: parent) else {
                throw .invalid(fields["parent"] ?? op, "the parent's children are not an array")
            }
            if list.isEmpty, index != 0, tape.member("children", of: parent) == nil {
                throw .invalid(fields["index"] ?? op, "the parent has no children; index must be 0")
            }
            guard index <= list.count else {
                throw .invalid(fields["index"] ?? op, "index \(index) is past the end of the \(list.count) children")
            }
            list.insert(.inserted(request.rawBytes(of: fields["node"] ?? op)), at: index)
            batch.setChildren(of: parent, list)
        default:  // set
            guard let (_, node) = try target("id") else { return false }
            let field = try request.readString(fields["field"] ?? op, "field")
            guard let known = Field.byName[field], known != .type, known != .id else {
                throw .invalid(
                    fields["field"] ?? op,
                    "'\(field)' cannot be set; a set op takes a node field other than type and id (replace the node instead)")
            }
            let value = fields["value"] ?? op
            batch.set(node, name: field, value: request.entries[value].kind == .null ? nil : request.rawBytes(of: value))
        }
        return true
    }

    /// The foreach whose copy holds `node` (the copy itself included), if any.
    private static func enclosingForEach(_ node: Int, tree: NodeTree, tape: JSONTape) -> Int? {
        var ancestor = Int(tree.nodes[node].parent)
        while ancestor >= 0 {
            let source = Int(tree.nodes[ancestor].source)
            if tape.entries[source].kind == .object, let type = tape.member("type", of: source),
                tape.stringEquals(type, "foreach")
            {
                return ancestor
            }
            ancestor = Int(tree.nodes[ancestor].parent)
        }
        return nil
    }
}
