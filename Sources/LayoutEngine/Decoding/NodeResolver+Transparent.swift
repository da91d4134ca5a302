/// Transparent nodes: group, divided, foreach, and sections outside or nested in a form.
/// Each is a node of its own (its frame is the union of its members') whose children
/// join the enclosing container, carrying the transparent node's modifiers.
extension NodeResolver {
    /// The context a transparent node passes to its children: its own modifiers go
    /// outside each child's own and inside those of enclosing transparent nodes.
    private func passingOn(_ own: [PendingModifier], _ context: Context) -> Context {
        var inner = context
        inner.inherited = own + context.inherited
        return inner
    }

    mutating func resolveGroup(
        _ index: Int32, _ fields: NodeFields, _ own: [PendingModifier], _ context: Context, _ depth: Int,
        _ output: inout [Int32]
    ) throws(DecodeFailure) {
        let before = output.count
        try resolveChildren(of: index, fields, context: passingOn(own, context), depth: depth, into: &output)
        try validateUnusedModifiers(of: index, own, spliced: output.count - before, depth)
    }

    /// A divider between consecutive children (`<id>/divider/<k>`), with the same
    /// inherited modifiers as the children.
    mutating func resolveDivided(
        _ index: Int32, _ fields: NodeFields, _ own: [PendingModifier], _ context: Context, _ depth: Int,
        _ output: inout [Int32]
    ) throws(DecodeFailure) {
        let thickness = fields.has(.thickness) ? try tape.readNonNegative(fields[.thickness], "thickness") : 1
        let inner = passingOn(own, context)
        var members: [Int32] = []
        try resolveChildren(of: index, fields, context: inner, depth: depth, into: &members)
        for (position, member) in members.enumerated() {
            if position > 0 {
                let divider = try appendMadeNode(
                    .divider(thickness: thickness), parent: index, suffix: "divider/\(position - 1)",
                    source: Int(tree.nodes[Int(index)].source), stack: context.stack)
                try emitModifiers(for: divider, own: [], inherited: inner.inherited, depth: depth)
                output.append(divider)
            }
            output.append(member)
        }
        try validateUnusedModifiers(of: index, own, spliced: members.count, depth)
    }

    /// One copy of `content` per datum, named `<foreach id>/<datum>`; explicit ids
    /// inside a copy are named `<copy id>/<id>` (the scope nests with foreaches).
    mutating func resolveForEach(
        _ index: Int32, _ object: Int, _ fields: NodeFields, _ own: [PendingModifier], _ context: Context,
        _ depth: Int, _ output: inout [Int32]
    ) throws(DecodeFailure) {
        guard fields.has(.data) else { throw .invalid(object, "a foreach needs \"data\"") }
        guard fields.has(.content) else { throw .invalid(object, "a foreach needs \"content\"") }
        let data = fields[.data], content = fields[.content]
        try tape.requireArray(data, "data")
        let inner = passingOn(own, context)
        let before = output.count
        try tape.forEachElement(of: data) { _, datum throws(DecodeFailure) in
            let kind = tape.entries[datum].kind
            guard kind == .string || kind == .number else {
                throw .invalid(datum, "foreach data must be strings or numbers, not \(tape.kindName(datum))")
            }
            let outerScope = idScope
            // The copy is the next node made; everything inside it is scoped under it.
            idScope = Int32(tree.nodes.count)
            replaying += 1
            defer {
                idScope = outerScope
                replaying -= 1
            }
            try resolveNode(content, parent: index, idRule: .datum(datum), context: inner, depth: depth + 1, into: &output)
        }
        if tape.entries[data].count == 0 {
            // Still validate the content, once, without laying it out.
            let start = tree.nodes.count
            let outerScope = idScope
            idScope = Int32(start)
            defer { idScope = outerScope }
            var unused: [Int32] = []
            try resolveNode(
                content, parent: index, idRule: .named(parent: index, suffix: "content"), context: inner,
                depth: depth + 1, into: &unused)
            hideNodes(from: start)
        }
        try validateUnusedModifiers(of: index, own, spliced: output.count - before, depth)
    }

    /// A section: a card of its form at the form's top level; flattened into the
    /// enclosing section when nested (its header and footer dropped); outside a form,
    /// transparent with header, rows and footer in order.
    mutating func resolveSection(
        _ index: Int32, _ fields: NodeFields, _ own: [PendingModifier], _ context: Context, _ depth: Int,
        _ output: inout [Int32]
    ) throws(DecodeFailure) {
        var rowsContext = passingOn(own, context)
        switch context.section {
        case .formTopLevel:
            tree.nodes[Int(index)].kind = .section
            let header = try resolvePart(.header, of: index, fields, context: Context(), depth)
            let footer = try resolvePart(.footer, of: index, fields, context: Context(), depth)
            sectionParts[index] = (header, footer)
            rowsContext.section = .inSection
            var rows: [Int32] = []
            try resolveChildren(of: index, fields, context: rowsContext, depth: depth, into: &rows)
            setChildren(of: index, rows)
            output.append(index)
        case .inSection:
            let start = tree.nodes.count
            _ = try resolvePart(.header, of: index, fields, context: Context(), depth)
            _ = try resolvePart(.footer, of: index, fields, context: Context(), depth)
            hideNodes(from: start)
            let before = output.count
            try resolveChildren(of: index, fields, context: rowsContext, depth: depth, into: &output)
            try validateUnusedModifiers(of: index, own, spliced: output.count - before, depth)
        case .none:
            let before = output.count
            let header = try resolvePart(.header, of: index, fields, context: rowsContext, depth)
            if header >= 0 { output.append(header) }
            try resolveChildren(of: index, fields, context: rowsContext, depth: depth, into: &output)
            let footer = try resolvePart(.footer, of: index, fields, context: rowsContext, depth)
            if footer >= 0 { output.append(footer) }
            try validateUnusedModifiers(of: index, own, spliced: output.count - before, depth)
        }
    }

    /// A section's header or footer (`<id>/header`, `<id>/footer`): one view, or -1.
    private mutating func resolvePart(
        _ field: Field, of index: Int32, _ fields: NodeFields, context: Context, _ depth: Int
    ) throws(DecodeFailure) -> Int32 {
        guard fields.has(field) else { return -1 }
        let name = field == .header ? "header" : "footer"
        var nodes: [Int32] = []
        try resolveNode(
            fields[field], parent: index, idRule: .named(parent: index, suffix: name), context: context,
            depth: depth + 1, into: &nodes)
        guard nodes.count == 1 else { throw .invalid(fields[field], "a section's \(name) must be a single view") }
        return nodes[0]
    }

    /// A transparent node that spliced no child still has its modifiers validated, with
    /// any background content checked and hidden.
    private mutating func validateUnusedModifiers(
        of index: Int32, _ own: [PendingModifier], spliced: Int, _ depth: Int
    ) throws(DecodeFailure) {
        guard spliced == 0, own.contains(where: { $0.content >= 0 }) else { return }
        let start = tree.nodes.count
        try emitModifiers(for: index, own: own, inherited: [], depth: depth)
        hideNodes(from: start)
        tree.nodes[Int(index)].modifierCount = 0
    }

    /// A node the service makes (a divider or a form separator), named `<parent>/<suffix>`.
    mutating func appendMadeNode(
        _ kind: NodeKind, parent: Int32, suffix: String, source: Int, stack: StackContext
    ) throws(DecodeFailure) -> Int32 {
        guard tree.nodes.count < limits.maxNodes else {
            throw .tooLarge(source, "the tree has more than \(limits.maxNodes) nodes")
        }
        let index = Int32(tree.nodes.count)
        let idStart = Int32(tree.idBytes.count)
        try appendParentId(parent, object: source)
        tree.idBytes.append(contentsOf: suffix.utf8)
        tree.nodes.append(
            Node(
                kind: kind, parent: parent, subtreeEnd: index + 1, childStart: 0, childCount: 0, modifierStart: 0,
                modifierCount: 0, stackContext: stack, hasFrame: true, idStart: idStart,
                idLength: Int32(tree.idBytes.count) - idStart, source: Int32(source)))
        try registerId(of: index)
        return index
    }
}
