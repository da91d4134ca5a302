/// Writing a decoded node over the arena (PatchInPlace): the node object is decoded on its
/// own, as the child of a container like its parent (or as the root), and must give the
/// node's subtree shape and ids back.
extension PatchInPlace {
    /// Decodes `object` as node `node` would be decoded where it sits, and writes it over
    /// the node's subtree (the node and its background and overlay contents); returns the
    /// object, or nil unless it decodes to a subtree of the same shape with the same ids.
    static func rewrite(_ node: Int, with object: [UInt8], in tree: inout NodeTree, limits: DecodeLimits) -> [UInt8]? {
        guard let (wrapped, first) = wrapped(object, node: node, tree: tree),
            let decoded = try? RequestDecoder.decode(wrapped, limits: limits)
        else { return nil }
        let made = decoded.tree
        let count = Int(tree.nodes[node].subtreeEnd) - node
        // Made node `first + offset` stands for node `node + offset`.
        guard let shift = Int32(exactly: node - first) else { return nil }
        guard made.nodeCount == count + first, made.flexStyles.isEmpty else { return nil }
        for offset in 0..<count {
            let old = tree.nodes[node + offset], fresh = made.nodes[first + offset]
            guard fresh.subtreeEnd + shift == old.subtreeEnd, fresh.childCount == old.childCount,
                fresh.hasFrame == old.hasFrame, offset == 0 || fresh.parent + shift == old.parent,
                made.id(of: first + offset) == tree.id(of: node + offset)
            else { return nil }
            for (child, oldChild) in zip(made.children(of: first + offset), tree.children(of: node + offset))
            where child + shift != oldChild {
                return nil
            }
            switch fresh.kind {
            case .transparent, .form, .flex, .section: return nil
            default: break
            }
        }
        for offset in 0..<count {
            var fresh = made.nodes[first + offset]
            var old = tree.nodes[node + offset]
            switch fresh.kind {
            case .text(let text):
                guard let index = Int32(exactly: tree.texts.count) else { return nil }
                tree.texts.append(made.texts[Int(text)])
                fresh.kind = .text(index)
            case .grid(let grid):
                guard let index = Int32(exactly: tree.grids.count) else { return nil }
                tree.grids.append(made.grids[Int(grid)])
                fresh.kind = .grid(index)
            case .lazyGrid(let grid):
                guard let index = Int32(exactly: tree.lazyGrids.count) else { return nil }
                tree.lazyGrids.append(made.lazyGrids[Int(grid)])
                fresh.kind = .lazyGrid(index)
            default: break
            }
            // Modifiers name their contents by arena index: moved to the tree's.
            let modifiers = made.modifiers[Int(fresh.modifierStart)..<Int(fresh.modifierStart + fresh.modifierCount)].map {
                modifier -> Modifier in
                switch modifier {
                case .background(let content, let alignment): .background(node: content + shift, alignment: alignment)
                case .overlay(let content, let alignment): .overlay(node: content + shift, alignment: alignment)
                default: modifier
                }
            }
            if modifiers.count <= Int(old.modifierCount) {
                // Written only where different: the array is shared with the session's
                // tree, and a write copies it whole (most edits keep the modifiers).
                let range = Int(old.modifierStart)..<Int(old.modifierStart) + modifiers.count
                if !tree.modifiers[range].elementsEqual(modifiers) { tree.modifiers.replaceSubrange(range, with: modifiers) }
            } else {
                guard let start = Int32(exactly: tree.modifiers.count) else { return nil }
                old.modifierStart = start
                tree.modifiers.append(contentsOf: modifiers)
            }
            old.modifierCount = fresh.modifierCount
            old.kind = fresh.kind
            old.stackContext = fresh.stackContext
            old.traits = fresh.traits
            if fresh.traits.isTransparent { tree.hasTransparentNodes = true }
            tree.nodes[node + offset] = old
            // Nesting plus modifier levels from the root (ExpansionBudget.enter).
            var depth = 0, levels = 0
            var ancestor = node + offset
            while ancestor >= 0 {
                depth += 1 + Int(tree.nodes[ancestor].modifierCount)
                levels += 1
                ancestor = Int(tree.nodes[ancestor].parent)
            }
            guard depth <= limits.maxLayoutDepth, levels <= limits.maxDepth else { return nil }
        }
        return object
    }

    /// Decodes a container's object without its children (`object`) where it sits, and
    /// writes its own fields (kind and payload, modifiers) over the node, keeping its
    /// children; false unless it is a container of the same kind and children's context
    /// with the same id, no modifier contents and no more modifiers than before (so no
    /// node below gets deeper).
    static func rewriteOwnFields(_ node: Int, with object: [UInt8], in tree: inout NodeTree, limits: DecodeLimits)
        -> Bool
    {
        guard let (wrapped, first) = wrapped(object, node: node, tree: tree),
            let decoded = try? RequestDecoder.decode(wrapped, limits: limits)
        else { return false }
        let made = decoded.tree
        var old = tree.nodes[node]
        var fresh = made.nodes[first]
        guard made.nodeCount == first + 1, made.flexStyles.isEmpty, made.id(of: first) == tree.id(of: node),
            fresh.hasFrame == old.hasFrame, fresh.modifierCount <= old.modifierCount
        else { return false }
        switch (old.kind, fresh.kind) {
        case (.stack(let before, _, _), .stack(let after, _, _)), (.lazyStack(let before, _, _), .lazyStack(let after, _, _)):
            guard before == after else { return false }
        case (.scroll(let before), .scroll(let after)):
            guard before == after else { return false }
        case (.grid, .grid(let grid)):
            guard let index = Int32(exactly: tree.grids.count) else { return false }
            tree.grids.append(made.grids[Int(grid)])
            fresh.kind = .grid(index)
        case (.lazyGrid, .lazyGrid(let grid)):
            guard let index = Int32(exactly: tree.lazyGrids.count) else { return false }
            tree.lazyGrids.append(made.lazyGrids[Int(grid)])
            fresh.kind = .lazyGrid(index)
        case (.zstack, .zstack), (.geometry, .geometry), (.gridRow, .gridRow), (.viewThatFits, .viewThatFits):
            break
        default:
            return false
        }
        let modifiers = made.modifiers[Int(fresh.modifierStart)..<Int(fresh.modifierStart + fresh.modifierCount)]
        let range = Int(old.modifierStart)..<Int(old.modifierStart) + modifiers.count
        // Written only where different (a write copies the session's shared array whole).
        if !tree.modifiers[range].elementsEqual(modifiers) { tree.modifiers.replaceSubrange(range, with: modifiers) }
        old.modifierCount = fresh.modifierCount
        old.kind = fresh.kind
        old.traits = fresh.traits
        tree.nodes[node] = old
        return true
    }

    /// A request whose tree decodes `object` as node `node` would be decoded where it
    /// sits, and the index the object's node gets in it: the root as the root, any other
    /// node as the child of a container like its parent.
    private static func wrapped(_ object: [UInt8], node: Int, tree: NodeTree) -> ([UInt8], Int)? {
        let parent = Int(tree.nodes[node].parent)
        guard parent >= 0 else {
            return (Array(#"{"bounds":{"width":0,"height":0},"root":"#.utf8) + object + [UInt8(ascii: "}")], 0)
        }
        guard let position = position(of: node, tree: tree),
            let wrapped = wrapper(object, parent: parent, position: position, tree: tree)
        else { return nil }
        return (wrapped, 1)
    }

    /// `{"bounds":…,"root":{<a container like the parent>,"children":[<object>]}}`, the
    /// object given the id its position derives when it has none of its own.
    private static func wrapper(_ object: [UInt8], parent: Int, position: Int, tree: NodeTree) -> [UInt8]? {
        let type: String
        switch tree.nodes[parent].kind {
        case .stack(let axis, _, _), .lazyStack(let axis, _, _): type = axis == .horizontal ? "hstack" : "vstack"
        case .scroll(let axes): type = axes.stackAxis == .horizontal ? "hstack" : "vstack"
        case .grid: type = "grid"
        case .zstack, .geometry, .viewThatFits, .lazyGrid, .gridRow: type = "zstack"
        default: return nil
        }
        guard let tape = try? JSONTapeParser.parse(object, maxNesting: .max), tape.entries.first?.kind == .object else {
            return nil
        }
        let parentID = tree.id(of: parent)
        func quoted(_ string: String) -> [UInt8] {
            var writer = JSONWriter(capacity: string.utf8.count + 2)
            writer.string(string)
            return writer.bytes
        }
        var out: [UInt8] = []
        out.reserveCapacity(object.count + 2 * parentID.utf8.count + 96)
        out.append(contentsOf: #"{"bounds":{"width":0,"height":0},"root":{"type":""#.utf8)
        out.append(contentsOf: type.utf8)
        out.append(contentsOf: #"","id":"#.utf8)
        out.append(contentsOf: quoted(parentID))
        out.append(contentsOf: #","children":["#.utf8)
        if tape.member("id", of: 0) == nil {
            out.append(contentsOf: #"{"id":"#.utf8)
            out.append(contentsOf: quoted("\(parentID)/\(position)"))
            if tape.entries[0].count > 0 { out.append(UInt8(ascii: ",")) }
            out.append(contentsOf: object.dropFirst())
        } else {
            out.append(contentsOf: object)
        }
        out.append(contentsOf: "]}}".utf8)
        return out
    }
}
