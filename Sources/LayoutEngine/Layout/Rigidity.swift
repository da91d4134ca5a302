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
    /// Per node, `Reach` bits: along which axes the node (with its modifiers) is as large
    /// as any infinite proposal there, whatever it is proposed across.
    let reach: [UInt8]

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
        var reachColumn: [UInt8] = []
        var priorityColumn: [Double] = []
        var guidesColumn: [Bool] = []
        let contentColumn = [Bool](unsafeUninitializedCapacity: count) { content, contentCount in
            wholeColumn = [Bool](unsafeUninitializedCapacity: count) { whole, wholeCount in
                reachColumn = [UInt8](unsafeUninitializedCapacity: count) { reach, reachCount in
                    priorityColumn = [Double](unsafeUninitializedCapacity: count) { priorities, priorityCount in
                        guidesColumn = [Bool](unsafeUninitializedCapacity: count) { explicitGuides, guidesCount in
                            Self.withArena(tree) { arena in
                                // Children come after their parent in the arena: backwards, a
                                // node's children are done before it.
                                for index in stride(from: count - 1, through: 0, by: -1) {
                                    var own = LayoutComputer.OwnFields()
                                    (content[index], whole[index], reach[index]) = Self.rigidity(
                                        of: index, in: arena, whole: UnsafeBufferPointer(whole),
                                        reach: UnsafeBufferPointer(reach), own: &own)
                                    (priorities[index], explicitGuides[index]) = own.fields(
                                        spacer: arena.nodes[index].traits.isSpacer)
                                    if arena.nodes[index].traits.isTransparent {
                                        transparent.append(Int32(truncatingIfNeeded: index))
                                    }
                                }
                            }
                            guidesCount = count
                        }
                        priorityCount = count
                    }
                    reachCount = count
                }
                wholeCount = count
            }
            contentCount = count
        }
        content = contentColumn
        whole = wholeColumn
        reach = reachColumn
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
        var reach = previous.reach
        // Children after their parents in the arena: the list backwards.
        for node in changed.reversed() {
            let index = Int(node)
            // Written only where different: a write would copy the shared arrays whole.
            let (rigidContent, rigidWhole, nodeReach) = whole.withUnsafeBufferPointer { whole in
                reach.withUnsafeBufferPointer { reach in
                    Self.withArena(tree) { Self.rigidity(of: index, in: $0, whole: whole, reach: reach) }
                }
            }
            if content[index] != rigidContent { content[index] = rigidContent }
            if whole[index] != rigidWhole { whole[index] = rigidWhole }
            if reach[index] != nodeReach { reach[index] = nodeReach }
        }
        self.content = content
        self.whole = whole
        self.reach = reach
    }

    /// Node `index`'s content and whole rigidity and its reach, given its children's
    /// (`whole`, `reach`).
    @inline(__always)
    private static func rigidity(
        of index: Int, in arena: Arena, whole: UnsafeBufferPointer<Bool>, reach: UnsafeBufferPointer<UInt8>
    ) -> (content: Bool, whole: Bool, reach: UInt8) {
        var own = LayoutComputer.OwnFields()
        return rigidity(of: index, in: arena, whole: whole, reach: reach, own: &own)
    }

    /// As above, noting the node's own layout fields in `own`. What its kind and
    /// modifiers decide was worked out by the decoder (`Node.traits`); here it is combined
    /// with the children's answers, and the modifiers are read only for a layoutPriority
    /// or an alignmentGuide.
    @inline(__always)
    private static func rigidity(
        of index: Int, in arena: Arena, whole: UnsafeBufferPointer<Bool>, reach childReach: UnsafeBufferPointer<UInt8>,
        own: inout LayoutComputer.OwnFields
    ) -> (content: Bool, whole: Bool, reach: UInt8) {
        let traits = arena.nodes[index].traits
        var rigidContent = traits.rigidContent
        var contentReach = traits.contentReach
        if traits.combinesChildren {
            // One read of each child for both: a stack or zstack is rigid if every child
            // is; a stack is tame if every child is, and reaches where any child does (a
            // stack proposed infinity along its axis offers every child infinity there and
            // adds their lengths; across, it offers infinity and is infinite when a child
            // is). A zstack sizes by its highest-priority children only: no reach claimed.
            let childStart = Int(arena.nodes[index].childStart)
            let childEnd = childStart + Int(arena.nodes[index].childCount)
            var allWhole = true
            var tame = Reach.tameBit, axes: UInt8 = 0
            for child in childStart..<childEnd {
                let node = Int(arena.childList[child])
                allWhole = allWhole && whole[node]
                tame &= childReach[node]
                axes |= childReach[node]
            }
            rigidContent = allWhole
            if traits.isStack { contentReach = Reach(bits: tame | (axes & 3)) }
        }
        if traits.hasOwnFields {
            let modifierStart = Int(arena.nodes[index].modifierStart)
            let modifierEnd = modifierStart + Int(arena.nodes[index].modifierCount)
            for modifier in modifierStart..<modifierEnd {
                switch arena.modifiers[modifier] {
                case .layoutPriority(let value): own.note(priority: value)
                case .alignmentGuide: own.noteExplicitGuide()
                default: break
                }
            }
        }
        return (rigidContent, traits.wholeRigid(content: rigidContent), traits.reach(content: contentReach).bits)
    }
}

/// Where a node is as large as an infinite proposal: along an axis, proposed infinity
/// there (and anything across), its size there is infinity. A stack's flexibility probe
/// then knows its largest answer (`lengthRange` in StackLayout.swift) without asking:
/// asking laid out the child's whole subtree once more, a third of a layout of
/// generated screens. Claimed only of what is known never to come out as NaN ("tame"):
/// shapes, leaves, stacks of tame nodes, and paddings and frames in points around them
/// (what modifiers do to it: `NodeTraits`).
struct Reach {
    /// Bit 0: horizontal; bit 1: vertical; bit 2: tame. An axis bit without the tame bit
    /// means nothing.
    private(set) var bits: UInt8

    init(bits: UInt8 = 0) { self.bits = bits }

    init(tame: Bool) { bits = tame ? Self.tameBit : 0 }

    /// A shape: as large as proposed on both axes.
    static let shape = Reach(bits: tameBit | 3)

    /// As large as proposed along `axis`; both when nil.
    init(along axis: Axis?) {
        switch axis {
        case .horizontal?: bits = Self.tameBit | 1
        case .vertical?: bits = Self.tameBit | 2
        case nil: bits = Self.tameBit | 3
        }
    }

    static let tameBit: UInt8 = 4

    /// Whether the node is as large as an infinite proposal along `axis`.
    @inline(__always)
    func reaches(along axis: Axis) -> Bool {
        let wanted = Self.tameBit | (axis == .horizontal ? 1 : 2)
        return bits & wanted == wanted
    }
}

extension Length {
    var isPoints: Bool {
        if case .points = self { return true }
        return false
    }

    var isFinitePoints: Bool {
        if case .points(let value) = self { return value.isFinite }
        return false
    }
}
