/// What a layout reads of each node's own fields, in one backward pass over the arena:
/// its layout priority and whether an alignmentGuide can change its guides (per node),
/// and the transparent nodes. Rigidity and reach come with the nodes (`NodeTraits`,
/// worked out by the decoder); a node's modifiers are read here only when its traits say
/// it has a layoutPriority or an alignmentGuide.
enum OwnLayoutFields {
    /// Fills `priorities` and `explicitGuides` (one entry per node) and `transparent`
    /// (descending). The columns are made uninitialized: the pass writes every entry.
    static func fill(
        tree: NodeTree, priorities: inout [Double], explicitGuides: inout [Bool], transparent: inout [Int32]
    ) {
        let count = tree.nodes.count
        var guidesColumn: [Bool] = []
        let priorityColumn = [Double](unsafeUninitializedCapacity: count) { priorities, priorityCount in
            guidesColumn = [Bool](unsafeUninitializedCapacity: count) { explicitGuides, guidesCount in
                tree.nodes.withUnsafeBufferPointer { nodes in
                    tree.modifiers.withUnsafeBufferPointer { modifiers in
                        for index in stride(from: count - 1, through: 0, by: -1) {
                            (priorities[index], explicitGuides[index]) = Self.of(nodes[index], in: modifiers)
                            if nodes[index].traits.isTransparent {
                                transparent.append(Int32(truncatingIfNeeded: index))
                            }
                        }
                    }
                }
                guidesCount = count
            }
            priorityCount = count
        }
        priorities = priorityColumn
        explicitGuides = guidesColumn
    }

    /// One node's priority and whether an `alignmentGuide` can change its guides (`node`'s
    /// modifiers are a range of `modifiers`, read only when its traits say it has either).
    @inline(__always)
    static func of(_ node: Node, in modifiers: UnsafeBufferPointer<Modifier>) -> (
        priority: Double, explicitGuides: Bool
    ) {
        var own = LayoutComputer.OwnFields()
        if node.traits.hasOwnFields {
            let start = Int(node.modifierStart)
            for modifier in start..<start + Int(node.modifierCount) { own.note(modifiers[modifier]) }
        }
        return own.fields(spacer: node.traits.isSpacer)
    }
}
