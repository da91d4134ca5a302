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
                            let traits = nodes[index].traits
                            var own = LayoutComputer.OwnFields()
                            if traits.hasOwnFields {
                                let start = Int(nodes[index].modifierStart)
                                for modifier in start..<start + Int(nodes[index].modifierCount) {
                                    own.note(modifiers[modifier])
                                }
                            }
                            (priorities[index], explicitGuides[index]) = own.fields(spacer: traits.isSpacer)
                            if traits.isTransparent { transparent.append(Int32(truncatingIfNeeded: index)) }
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
}
