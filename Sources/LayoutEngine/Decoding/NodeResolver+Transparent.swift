/// Transparent nodes: group, divided, foreach, and sections outside or nested in a form.
/// Each is a node of its own (its frame is the union of its members') whose children
/// join the enclosing container, carrying the transparent node's modifiers.
extension NodeResolver {
    /// The context a transparent node passes to its children: its own modifiers go
    /// outside each child's own and inside those of enclosing transparent nodes. Pushes a
    /// range onto `inheritedModifiers`: the caller drops it (`truncate`) when its members
    /// are done.
    private mutating func passingOn(_ own: OwnModifiers, _ context: Context) -> Context {
        var inner = context
        let start = inheritedModifiers.count
        inheritedModifiers.reserve(own.count + context.inherited.count)
        for position in own.start..<own.start + own.count { inheritedModifiers.append(pending[position]) }
        inheritedModifiers.appendRange(start: context.inherited.start, length: context.inherited.count)
        inner.inherited = InheritedModifiers(start: start, count: inheritedModifiers.count - start)
        return inner
    }

    mutating func resolveGroup(
        _ index: Int32, _ fields: NodeFields, _ own: OwnModifiers, _ context: Context, _ depth: Int
    ) throws(DecodeFailure) {
        let inheritedMark = inheritedModifiers.count
        defer { inheritedModifiers.truncate(to: inheritedMark) }
        let before = yielded.count
        try resolveChildren(of: index, fields, context: passingOn(own, context), depth: depth)
        try validateUnusedModifiers(of: index, own, spliced: yielded.count - before, depth)
    }

    /// A divider between consecutive children (`<id>/divider/<k>`), with the same
    /// inherited modifiers as the children.
    mutating func resolveDivided(
        _ index: Int32, _ fields: NodeFields, _ own: OwnModifiers, _ context: Context, _ depth: Int
    ) throws(DecodeFailure) {
        let inheritedMark = inheritedModifiers.count
        defer { inheritedModifiers.truncate(to: inheritedMark) }
        let thickness = fields.has(.thickness) ? try tape.readNonNegative(fields[.thickness], "thickness") : 1
        let inner = passingOn(own, context)
        let mark = yielded.count
        try resolveChildren(of: index, fields, context: inner, depth: depth)
        let members = takeYielded(from: mark)
        for (position, member) in members.enumerated() {
            if position > 0 {
                let divider = try appendMadeNode(
                    .divider(thickness: thickness), parent: index, suffix: "divider/\(position - 1)",
                    source: Int(nodes[Int(index)].source), stack: context.stack)
                try emitModifiers(for: divider, own: .none, inherited: inner.inherited, depth: depth)
                yielded.append(divider)
            }
            yielded.append(member)
        }
        try validateUnusedModifiers(of: index, own, spliced: members.count, depth)
    }

    /// One copy of `content` per datum, named `<foreach id>/<datum>`; explicit ids
    /// inside a copy are named `<copy id>/<id>` (the scope nests with foreaches).
    mutating func resolveForEach(
        _ index: Int32, _ object: Int, _ fields: NodeFields, _ own: OwnModifiers, _ context: Context,
        _ depth: Int
    ) throws(DecodeFailure) {
        let inheritedMark = inheritedModifiers.count
        defer { inheritedModifiers.truncate(to: inheritedMark) }
        guard fields.has(.data) else { throw .invalid(object, "a foreach needs \"data\"") }
        guard fields.has(.content) else { throw .invalid(object, "a foreach needs \"content\"") }
        let data = fields[.data], content = fields[.content]
        try tape.requireArray(data, "data")
        let inner = passingOn(own, context)
        let before = yielded.count
        try tape.forEachElement(of: data) { _, datum throws(DecodeFailure) in
            let kind = tape.entries[datum].kind
            guard kind == .string || kind == .number else {
                throw .invalid(datum, "foreach data must be strings or numbers, not \(tape.kindName(datum))")
            }
            let outerScope = idScope
            // The copy is the next node made; everything inside it is scoped under it.
            idScope = Int32(nodes.count)
            replaying += 1
            defer {
                idScope = outerScope
                replaying -= 1
            }
            try resolveNode(content, parent: index, idRule: .datum(datum), context: inner, depth: depth + 1)
        }
        if tape.entries[data].count == 0 {
            // Still validate the content, once, without laying it out.
            let start = nodes.count
            let outerScope = idScope
            idScope = Int32(start)
            defer { idScope = outerScope }
            let mark = yielded.count
            try resolveNode(
                content, parent: index, idRule: .named(parent: index, suffix: .content, ordinal: 1), context: inner,
                depth: depth + 1)
            yielded.truncate(to: mark)
            hideNodes(from: start)
        }
        try validateUnusedModifiers(of: index, own, spliced: yielded.count - before, depth)
    }

    /// A section: a card of its form at the form's top level; flattened into the
    /// enclosing section when nested (its header and footer dropped); outside a form,
    /// transparent with header, rows and footer in order.
    mutating func resolveSection(
        _ index: Int32, _ fields: NodeFields, _ own: OwnModifiers, _ context: Context, _ depth: Int
    ) throws(DecodeFailure) {
        let inheritedMark = inheritedModifiers.count
        defer { inheritedModifiers.truncate(to: inheritedMark) }
        var rowsContext = passingOn(own, context)
        switch context.section {
        case .formTopLevel:
            nodes[Int(index)].kind = .section
            let header = try resolvePart(.header, of: index, fields, context: Context(), depth)
            let footer = try resolvePart(.footer, of: index, fields, context: Context(), depth)
            sectionParts[index] = (header, footer)
            rowsContext.section = .inSection
            let mark = yielded.count
            try resolveChildren(of: index, fields, context: rowsContext, depth: depth)
            setChildren(of: index, yieldedFrom: mark)
            yielded.append(index)
        case .inSection:
            let start = nodes.count
            _ = try resolvePart(.header, of: index, fields, context: Context(), depth)
            _ = try resolvePart(.footer, of: index, fields, context: Context(), depth)
            hideNodes(from: start)
            let before = yielded.count
            try resolveChildren(of: index, fields, context: rowsContext, depth: depth)
            try validateUnusedModifiers(of: index, own, spliced: yielded.count - before, depth)
        case .none:
            let before = yielded.count
            let header = try resolvePart(.header, of: index, fields, context: rowsContext, depth)
            if header >= 0 { yielded.append(header) }
            try resolveChildren(of: index, fields, context: rowsContext, depth: depth)
            let footer = try resolvePart(.footer, of: index, fields, context: rowsContext, depth)
            if footer >= 0 { yielded.append(footer) }
            try validateUnusedModifiers(of: index, own, spliced: yielded.count - before, depth)
        }
    }

    /// A section's header or footer (`<id>/header`, `<id>/footer`): one view, or -1.
    private mutating func resolvePart(
        _ field: Field, of index: Int32, _ fields: NodeFields, context: Context, _ depth: Int
    ) throws(DecodeFailure) -> Int32 {
        guard fields.has(field) else { return -1 }
        let name = field == .header ? "header" : "footer"
        let mark = yielded.count
        let suffix: IdSuffix = field == .header ? .header : .footer
        try resolveNode(
            fields[field], parent: index, idRule: .named(parent: index, suffix: suffix, ordinal: 1), context: context,
            depth: depth + 1)
        guard yielded.count - mark == 1 else {
            throw .invalid(fields[field], "a section's \(name) must be a single view")
        }
        let node = yielded[mark]
        yielded.truncate(to: mark)
        return node
    }

    /// A transparent node that spliced no child still has its modifiers validated, with
    /// any background content checked and hidden.
    private mutating func validateUnusedModifiers(
        of index: Int32, _ own: OwnModifiers, spliced: Int, _ depth: Int
    ) throws(DecodeFailure) {
        guard spliced == 0, pending.elements[own.start..<own.start + own.count].contains(where: { $0.content >= 0 })
        else { return }
        let start = nodes.count
        try emitModifiers(for: index, own: own, inherited: .none, depth: depth)
        hideNodes(from: start)
        nodes[Int(index)].modifierCount = 0
    }

    /// A node the service makes (a divider or a form separator), named `<parent>/<suffix>`.
    mutating func appendMadeNode(
        _ kind: NodeKind, parent: Int32, suffix: String, source: Int, stack: StackContext
    ) throws(DecodeFailure) -> Int32 {
        guard nodes.count < maxNodes else {
            throw .tooLarge(source, "the tree has more than \(maxNodes) nodes")
        }
        let index = Int32(nodes.count)
        let idStart = Int32(idBytes.count)
        try appendParentId(parent, object: source)
        for byte in suffix.utf8 { idBytes.append(byte) }
        nodes.append(
            Node(
                kind: kind, parent: parent, subtreeEnd: index + 1, childStart: 0, childCount: 0, modifierStart: 0,
                modifierCount: 0, stackContext: stack, hasFrame: true, idStart: idStart,
                idLength: Int32(idBytes.count) - idStart, source: Int32(source),
                traits: NodeTraits(kind: kind, stackContext: stack, modifiers: UnsafeBufferPointer(start: nil, count: 0))))
        try registerId(of: index)
        return index
    }
}
