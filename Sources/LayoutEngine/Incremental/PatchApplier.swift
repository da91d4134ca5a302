/// Applies a `patch` (API.md §5) to a session's last request: the edits are spliced into
/// the JSON of the tree, so the patched tree is decoded, validated and named exactly as if
/// it had been sent whole. Ops apply in order; each sees the tree the previous one left.
enum PatchApplier {
    /// The request to lay out: the patch request's own fields (bounds, options, ...) with
    /// the session's tree, patched. Errors point into the patch request.
    static func apply(
        _ request: JSONTape, patch: Int, session: [UInt8], limits: DecodeLimits
    ) throws(DecodeFailure) -> (body: [UInt8], request: LayoutRequest) {
        try request.requireArray(patch, "patch")
        var body = try startingBody(request, session: session)
        var decoded = try decode(body, limits: limits, op: patch, step: "the session's tree")
        // Each op re-reads the whole tree: its nodes count as layout work, within the
        // budget the patched tree's layout would get, so a patch flood is a 413 after
        // bounded work instead of a worker held for seconds.
        let budget = limits.layoutWorkBudget(nodes: decoded.tree.nodeCount)
        var work = decoded.tree.nodeCount
        var op = patch + 1
        var position = 0
        while op < Int(request.entries[patch].end) {
            work += decoded.tree.nodeCount
            guard work <= budget else { throw patchTooLarge(patch, ops: Int(request.entries[patch].count), budget: budget) }
            body = try applyOp(op, request, to: body, tree: decoded.tree, limits: limits)
            decoded = try decode(body, limits: limits, op: op, step: "op \(position)")
            op = request.next(after: op)
            position += 1
        }
        return (body, decoded)
    }

    /// How many node reads a patch of `ops` ops costs on a tree of `nodes` nodes
    /// (growing by `growth` nodes per op): the tree once, then once per op.
    static func work(ops: Int, nodes: Int, growth: Int = 0) -> Int {
        (0..<ops).reduce(nodes) { $0 + nodes + $1 * growth }
    }

    private static func patchTooLarge(_ patch: Int, ops: Int, budget: Int) -> DecodeFailure {
        .tooLarge(
            patch,
            "applying these \(ops) ops costs more than \(budget) node reads (each op re-reads the session's tree); send fewer ops or the whole tree")
    }

    /// `{<the patch request's members but patch and baseline>, "root": <session root>}`.
    private static func startingBody(_ request: JSONTape, session: [UInt8]) throws(DecodeFailure) -> [UInt8] {
        let sessionTape: JSONTape
        do {
            sessionTape = try JSONTapeParser.parse(session, maxNesting: .max)
        } catch {
            throw .invalid(0, "the session's stored request could not be read")
        }
        guard let root = sessionTape.member("root", of: 0) else { throw .invalid(0, "the session has no tree") }
        var out: [UInt8] = [UInt8(ascii: "{")]
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
        out.append(contentsOf: sessionTape.rawBytes(of: root))
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

    private static func applyOp(
        _ op: Int, _ request: JSONTape, to body: [UInt8], tree: NodeTree, limits: DecodeLimits
    ) throws(DecodeFailure) -> [UInt8] {
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
        let tape: JSONTape
        do {
            tape = try JSONTapeParser.parse(body, maxNesting: limits.maxJSONNesting)
        } catch {
            throw .invalid(op, "the patched request could not be read")
        }
        func target(_ field: String) throws(DecodeFailure) -> Int {
            let value = fields[field] ?? op
            let id = try request.readString(value, field)
            guard let node = tree.index(ofID: id) else { throw .invalid(value, "there is no node with id '\(id)'") }
            let source = Int(tree.nodes[node].source)
            let madeByService: Bool
            if case .divider = tree.nodes[node].kind, let type = tape.member("type", of: source) {
                madeByService = !tape.stringEquals(type, "divider")
            } else {
                madeByService = false
            }
            guard tape.entries[source].kind == .object, !madeByService else {
                throw .invalid(value, "'\(id)' is made by the service (a foreach copy or a divider) and cannot be edited")
            }
            return source
        }
        switch name {
        case "replace":
            let node = try target("id")
            return splice(body, tape.byteStart(of: node)..<tape.byteEnd(of: node), with: request.rawBytes(of: fields["node"] ?? op))
        case "remove":
            let node = try target("id")
            guard let (array, position) = tape.container(of: node), tape.entries[array].kind == .array,
                let (holder, _) = tape.container(of: array), tape.entries[holder].kind == .object,
                tape.member("children", of: holder) == array
            else {
                throw .invalid(fields["id"] ?? op, "only an element of a node's children can be removed")
            }
            return removeElement(body, tape, array: array, position: position)
        case "insert":
            let parent = try target("parent")
            let index = try request.readInteger(fields["index"] ?? op, "index", in: 0...Int(Int32.max))
            let node = request.rawBytes(of: fields["node"] ?? op)
            guard let children = tape.member("children", of: parent) else {
                guard index == 0 else { throw .invalid(fields["index"] ?? op, "the parent has no children; index must be 0") }
                return addMember(body, tape, object: parent, key: "children", value: [UInt8(ascii: "[")] + node + [UInt8(ascii: "]")])
            }
            guard tape.entries[children].kind == .array else { throw .invalid(fields["parent"] ?? op, "the parent's children are not an array") }
            let count = Int(tape.entries[children].count)
            guard index <= count else {
                throw .invalid(fields["index"] ?? op, "index \(index) is past the end of the \(count) children")
            }
            return insertElement(body, tape, array: children, at: index, node)
        default:  // set
            let node = try target("id")
            let field = try request.readString(fields["field"] ?? op, "field")
            guard let known = Field.byName[field], known != .type, known != .id else {
                throw .invalid(
                    fields["field"] ?? op,
                    "'\(field)' cannot be set; a set op takes a node field other than type and id (replace the node instead)")
            }
            let value = fields["value"] ?? op
            if let existing = tape.member(field, of: node) {
                if request.entries[value].kind == .null {
                    return removeMember(body, tape, object: node, valueIndex: existing)
                }
                return splice(body, tape.byteStart(of: existing)..<tape.byteEnd(of: existing), with: request.rawBytes(of: value))
            }
            if request.entries[value].kind == .null { return body }
            var key: [UInt8] = []
            var writer = JSONWriter()
            writer.string(field)
            key = writer.bytes
            return addMember(body, tape, object: node, keyBytes: key, value: Array(request.rawBytes(of: value)))
        }
    }

    private static func splice<C: Collection<UInt8>>(_ body: [UInt8], _ range: Range<Int>, with bytes: C) -> [UInt8] {
        var out = Array(body[..<range.lowerBound])
        out.append(contentsOf: bytes)
        out.append(contentsOf: body[range.upperBound...])
        return out
    }

    private static func addMember(_ body: [UInt8], _ tape: JSONTape, object: Int, key: String, value: [UInt8]) -> [UInt8] {
        addMember(body, tape, object: object, keyBytes: Array("\"\(key)\"".utf8), value: value)
    }

    /// Adds `"key":value` just before the object's closing brace.
    private static func addMember(_ body: [UInt8], _ tape: JSONTape, object: Int, keyBytes: [UInt8], value: [UInt8]) -> [UInt8] {
        let close = tape.byteEnd(of: object) - 1
        let separator: [UInt8] = tape.entries[object].count > 0 ? [UInt8(ascii: ",")] : []
        return splice(body, close..<close, with: separator + keyBytes + [UInt8(ascii: ":")] + value)
    }

    /// Removes a member given its value's tape index, with the comma that joined it.
    private static func removeMember(_ body: [UInt8], _ tape: JSONTape, object: Int, valueIndex: Int) -> [UInt8] {
        let keyIndex = valueIndex - 1
        return removeRange(body, tape, container: object, first: keyIndex, last: valueIndex)
    }

    private static func removeElement(_ body: [UInt8], _ tape: JSONTape, array: Int, position: Int) -> [UInt8] {
        var cursor = array + 1
        for _ in 0..<position { cursor = tape.next(after: cursor) }
        return removeRange(body, tape, container: array, first: cursor, last: cursor)
    }

    /// Cuts the tape entries first...last (a member or element) and one adjoining comma.
    private static func removeRange(_ body: [UInt8], _ tape: JSONTape, container: Int, first: Int, last: Int) -> [UInt8] {
        var start = tape.byteStart(of: first)
        var end = tape.byteEnd(of: last)
        // Prefer the comma after; the last member takes the one before.
        var after = end
        while after < body.count, body[after] == 0x20 || body[after] == 0x0A || body[after] == 0x0D || body[after] == 0x09 {
            after += 1
        }
        if after < body.count, body[after] == UInt8(ascii: ",") {
            end = after + 1
        } else {
            var before = start - 1
            while before > tape.byteStart(of: container), body[before] != UInt8(ascii: ",") { before -= 1 }
            if body[before] == UInt8(ascii: ",") { start = before }
        }
        return splice(body, start..<end, with: [UInt8]())
    }

    private static func insertElement(_ body: [UInt8], _ tape: JSONTape, array: Int, at index: Int, _ node: ArraySlice<UInt8>) -> [UInt8] {
        let count = Int(tape.entries[array].count)
        if count == 0 {
            let open = tape.byteStart(of: array) + 1
            return splice(body, open..<open, with: node)
        }
        var cursor = array + 1
        for _ in 0..<min(index, count - 1) { cursor = tape.next(after: cursor) }
        if index < count {
            let at = tape.byteStart(of: cursor)
            return splice(body, at..<at, with: Array(node) + [UInt8(ascii: ",")])
        }
        let at = tape.byteEnd(of: cursor)
        return splice(body, at..<at, with: [UInt8(ascii: ",")] + Array(node))
    }
}

