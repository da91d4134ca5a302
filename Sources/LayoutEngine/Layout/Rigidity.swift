/// Nodes whose size does not depend on what they are proposed: rigid views, fixed images,
/// stacks and zstacks of such nodes, fixed padding and fixed frames around them. Such a
/// node answers every proposal alike, so the computer asks it once (as if proposed
/// nothing) and answers every later proposal from that: a stack probing its children's
/// flexibility (0, infinity, a share) then costs one measurement per rigid child, not
/// one per probe (issue 11: stacks of rigid views were measured 21.9 times per node).
struct Rigidity {
    /// Per node: its content's size (level 0) does not depend on the proposal.
    let content: [Bool]
    /// Per node: its size with its modifiers does not depend on the proposal.
    let whole: [Bool]

    /// Every node's rigidity, and in the same backward pass over the arena each node's own
    /// layout fields (`LayoutComputer.ownLayoutFields`) into `priorities` and
    /// `explicitGuides`, and the transparent nodes (descending) into `transparent`: one
    /// read of each node and its modifiers, where three passes read them. The four
    /// per-node columns are made uninitialized: the pass writes every node's entry (a
    /// node's children, read for its rigidity, come after it and are written first), so
    /// filling them with zeros first was a needless clear per layout.
    init(tree: NodeTree, priorities: inout [Double], explicitGuides: inout [Bool], transparent: inout [Int32]) {
        let count = tree.nodes.count
        var wholeColumn: [Bool] = []
        var priorityColumn: [Double] = []
        var guidesColumn: [Bool] = []
        let contentColumn = [Bool](unsafeUninitializedCapacity: count) { content, contentCount in
            wholeColumn = [Bool](unsafeUninitializedCapacity: count) { whole, wholeCount in
                priorityColumn = [Double](unsafeUninitializedCapacity: count) { priorities, priorityCount in
                    guidesColumn = [Bool](unsafeUninitializedCapacity: count) { explicitGuides, guidesCount in
                        Self.withArena(tree) { arena in
                            // Children come after their parent in the arena: backwards, a
                            // node's children are done before it.
                            for index in stride(from: count - 1, through: 0, by: -1) {
                                var own = LayoutComputer.OwnFields()
                                (content[index], whole[index]) = Self.rigidity(
                                    of: index, in: arena, whole: UnsafeBufferPointer(whole), own: &own)
                                (priorities[index], explicitGuides[index]) = own.fields(of: arena.nodes[index].kind)
                                if case .transparent = arena.nodes[index].kind {
                                    transparent.append(Int32(truncatingIfNeeded: index))
                                }
                            }
                        }
                        guidesCount = count
                    }
                    priorityCount = count
                }
                wholeCount = count
            }
            contentCount = count
        }
        content = contentColumn
        whole = wholeColumn
        priorities = priorityColumn
        explicitGuides = guidesColumn
    }

    /// The parts of the tree rigidity reads, as raw buffers.
    private struct Arena {
        let nodes: UnsafeBufferPointer<Node>
        let childList: UnsafeBufferPointer<Int32>
        let modifiers: UnsafeBufferPointer<Modifier>
    }

    private static func withArena<Result>(_ tree: NodeTree, _ body: (Arena) -> Result) -> Result {
        tree.nodes.withUnsafeBufferPointer { nodes in
            tree.childList.withUnsafeBufferPointer { childList in
                tree.modifiers.withUnsafeBufferPointer { modifiers in
                    body(Arena(nodes: nodes, childList: childList, modifiers: modifiers))
                }
            }
        }
    }

    /// The previous layout's answers for a tree of the same shape, recomputed where the
    /// subtree hash changed (`changed`, ascending): a node's rigidity depends only on its
    /// subtree, and a change anywhere in a subtree changes its root's hash.
    init(updating previous: Rigidity, tree: NodeTree, changed: [Int32]) {
        var content = previous.content
        var whole = previous.whole
        // Children after their parents in the arena: the list backwards.
        for node in changed.reversed() {
            let index = Int(node)
            // Written only where different: a write would copy the shared arrays whole.
            let (rigidContent, rigidWhole) = whole.withUnsafeBufferPointer { whole in
                Self.withArena(tree) { Self.rigidity(of: index, in: $0, whole: whole) }
            }
            if content[index] != rigidContent { content[index] = rigidContent }
            if whole[index] != rigidWhole { whole[index] = rigidWhole }
        }
        self.content = content
        self.whole = whole
    }

    /// Node `index`'s content and whole rigidity, given its children's (`whole`).
    @inline(__always)
    private static func rigidity(of index: Int, in arena: Arena, whole: UnsafeBufferPointer<Bool>) -> (
        content: Bool, whole: Bool
    ) {
        var own = LayoutComputer.OwnFields()
        return rigidity(of: index, in: arena, whole: whole, own: &own)
    }

    /// As above, noting each modifier's part in the node's own layout fields in `own`.
    /// The node's fields and its modifiers are read in place, each where it is used (a
    /// switch over a modifier copied out loaded its whole payload, for every modifier).
    @inline(__always)
    private static func rigidity(
        of index: Int, in arena: Arena, whole: UnsafeBufferPointer<Bool>, own: inout LayoutComputer.OwnFields
    ) -> (content: Bool, whole: Bool) {
        let rigidContent: Bool
        switch arena.nodes[index].kind {
        case .view: rigidContent = true
        case .image(_, let resizable): rigidContent = !resizable
        case .stack, .zstack:
            let childStart = Int(arena.nodes[index].childStart)
            let childEnd = childStart + Int(arena.nodes[index].childCount)
            var rigidChildren = true
            for child in childStart..<childEnd where !whole[Int(arena.childList[child])] {
                rigidChildren = false
                break
            }
            rigidContent = rigidChildren
        case .rect, .text, .spacer, .divider, .scroll, .geometry, .grid, .gridRow, .form, .section, .flex,
            .transparent, .lazyStack, .lazyGrid, .viewThatFits:
            rigidContent = false
        }
        var width = rigidContent, height = rigidContent
        let modifierStart = Int(arena.nodes[index].modifierStart)
        let modifierEnd = modifierStart + Int(arena.nodes[index].modifierCount)
        for modifier in modifierStart..<modifierEnd {
            switch arena.modifiers[modifier] {
            case .padding(let spec):
                // A percentage pads by a share of the proposal.
                if !spec.leading.isPoints || !spec.trailing.isPoints { width = false }
                if !spec.top.isPoints || !spec.bottom.isPoints { height = false }
            case .frame(let fixedWidth, let fixedHeight, _):
                if let fixedWidth { width = fixedWidth.isPoints }
                if let fixedHeight { height = fixedHeight.isPoints }
            case .flexibleFrame, .position, .aspectRatio:
                width = false
                height = false
            case .layoutPriority(let value):
                own.note(priority: value)
            case .alignmentGuide:
                own.noteExplicitGuide()
            case .fixedSize, .offset, .background, .overlay, .ignoresSafeArea, .gridCell:
                break
            }
        }
        return (rigidContent, width && height)
    }
}

extension Length {
    var isPoints: Bool {
        if case .points = self { return true }
        return false
    }
}
