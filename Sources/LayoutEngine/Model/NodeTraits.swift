/// What a node's kind and effective modifiers decide of its layout, worked out when the
/// decoder makes the node: whether its content is rigid or a stack's (decided by its
/// children), where it reaches, how its modifiers change both, and the flags its own
/// layout fields need; and, once its children are made, whether it is rigid and where it
/// reaches (`combine`). Each layout used to work these out in a pass of its own,
/// switching on every node's kind and every modifier, a sixth of a layout of generated
/// screens, most of it in branches the processor could not predict (the decoder has just
/// switched on the same kind), and read them from columns beside the nodes.
struct NodeTraits: Hashable, Sendable {
    private(set) var bits: UInt32

    private init(bits: UInt32) { self.bits = bits }

    // Bits 0-1: the content (`Content`); 2-4: the content's reach (`Reach` bits);
    // 5-6, 7-8: what the modifiers make of the width's and the height's rigidity
    // (`Override`); 9: a modifier makes the reach unknown; 10-11, 12-13: what they make
    // of the horizontal and vertical reach (`Override`); 14: a layoutPriority among them;
    // 15: a spacer; 16: a transparent node; 17: a kind that answers from itself
    // (`answersFromKind`); 18: a leaf (`isLeaf`); 19: an alignmentGuide among the
    // modifiers. Combined with the children's: 24: the content is rigid; 25: the node
    // is; 26-28: the node's reach.
    private enum Content: UInt32 {
        case flexible = 0, rigid = 1, stack = 2, zstack = 3
    }

    /// A modifier's say on a flag: none (the content's stands), false or true. The low
    /// bit says whether it overrides, the high bit with what, so that applying it is bit
    /// arithmetic (`apply`), with no branch.
    private enum Override: UInt32 {
        case keep = 0, no = 1, yes = 3
    }

    private static let widthShift: UInt32 = 5
    private static let heightShift: UInt32 = 7
    private static let untameBit: UInt32 = 1 << 9
    private static let priorityBit: UInt32 = 1 << 14
    private static let spacerBit: UInt32 = 1 << 15
    private static let transparentBit: UInt32 = 1 << 16
    private static let kindAnswersBit: UInt32 = 1 << 17
    private static let leafBit: UInt32 = 1 << 18
    private static let guideBit: UInt32 = 1 << 19

    /// A node not yet resolved (the decoder's placeholder is a transparent node).
    static let placeholder = NodeTraits(bits: transparentBit)

    init(kind: NodeKind, stackContext: StackContext, modifiers: UnsafeBufferPointer<Modifier>) {
        self.init(kind: kind, stackContext: stackContext)
        for modifier in modifiers { note(modifier) }
        settle()
    }

    /// The kind's part alone: `note` each modifier, innermost first, then `settle`.
    init(kind: NodeKind, stackContext: StackContext) {
        // One switch on the kind for every bit it decides.
        let content: Content
        var reach = Reach()
        var flags: UInt32 = 0
        switch kind {
        case .view:
            content = .rigid
            reach = Reach(tame: true)
            flags = Self.kindAnswersBit | Self.leafBit
        case .text:
            content = .flexible
            reach = Reach(tame: true)
            flags = Self.leafBit
        case .image(_, let resizable):
            content = resizable ? .flexible : .rigid
            reach = resizable ? .shape : Reach(tame: true)
            flags = Self.kindAnswersBit | Self.leafBit
        case .rect:
            content = .flexible
            reach = .shape
            flags = Self.kindAnswersBit | Self.leafBit
        case .spacer:
            // As long as proposed along its stack's axis (both, outside a stack).
            content = .flexible
            reach = Reach(along: stackContext.axis)
            flags = Self.kindAnswersBit | Self.leafBit | Self.spacerBit
        case .divider:
            // As long as proposed across its stack's axis.
            content = .flexible
            reach = Reach(along: stackContext == .horizontal ? .vertical : .horizontal)
            flags = Self.kindAnswersBit | Self.leafBit
        case .stack: content = .stack
        case .zstack: content = .zstack
        case .transparent:
            content = .flexible
            flags = Self.transparentBit
        case .scroll, .geometry, .grid, .gridRow, .form, .section, .flex, .lazyStack, .lazyGrid, .viewThatFits:
            content = .flexible
        }
        bits = content.rawValue | UInt32(reach.bits) << 2 | flags
    }

    /// The combined bits as if the node had no children (a stack of none is rigid and
    /// reaches nowhere); `combine` settles a container's once its children are made.
    mutating func settle() {
        settle(
            contentRigid: combinesChildren || rigidContent, contentReach: isStack ? Reach(tame: true) : contentReach)
    }

    /// The combined bits of a stack or zstack from its children's traits (no change for
    /// any other node): a stack or zstack is rigid if every child is; a stack is tame if
    /// every child is, and reaches where any child does (proposed infinity along its axis
    /// it offers every child infinity there and adds their lengths; across, it offers
    /// infinity and is infinite when a child is). A zstack sizes by its highest-priority
    /// children only: it claims no reach.
    @inline(__always)
    mutating func combine(children: UnsafeBufferPointer<Int32>, of nodes: UnsafeBufferPointer<Node>) {
        guard combinesChildren else { return }
        // All three folded from each child's bits: 25 (rigid) and 26-28 (reach).
        var all = UInt32.max, any: UInt32 = 0
        for child in children {
            let bits = nodes[Int(child)].traits.bits
            all &= bits
            any |= bits
        }
        let allWhole = children.isEmpty || all >> 25 & 1 != 0
        let tame = children.isEmpty ? UInt32(Reach.tameBit) : all >> 26 & UInt32(Reach.tameBit)
        settle(
            contentRigid: allWhole,
            contentReach: isStack ? Reach(bits: UInt8(truncatingIfNeeded: tame | any >> 26 & 3)) : contentReach)
    }

    /// `combine` with node `index`'s children, a range of the arena's child list.
    @inline(__always)
    mutating func combine(
        childrenOf index: Int, in nodes: UnsafeBufferPointer<Node>, childList: UnsafeBufferPointer<Int32>
    ) {
        let start = Int(nodes[index].childStart)
        combine(children: UnsafeBufferPointer(rebasing: childList[start..<start + Int(nodes[index].childCount)]), of: nodes)
    }

    private mutating func settle(contentRigid: Bool, contentReach: Reach) {
        let whole = wholeRigid(content: contentRigid)
        let reach = wholeReach(content: contentReach)
        bits = bits & 0x00FF_FFFF | (contentRigid ? 1 : 0) << 24 | (whole ? 1 : 0) << 25 | UInt32(reach.bits) << 26
    }

    /// The content answers every proposal alike (level 0).
    var isContentRigid: Bool { bits >> 24 & 1 != 0 }
    /// The node, with its modifiers, answers every proposal alike.
    var isWholeRigid: Bool { bits >> 25 & 1 != 0 }
    /// Where the node, with its modifiers, is as large as an infinite proposal.
    var reach: Reach { Reach(bits: UInt8(truncatingIfNeeded: bits >> 26) & 7) }

    /// The traits of `node`, whose modifiers are a range of `modifiers`.
    /// (Read through a buffer: an array slice retained and released the modifiers, per
    /// node decoded.)
    init(of node: Node, in modifiers: [Modifier]) {
        let start = Int(node.modifierStart)
        self = modifiers.withUnsafeBufferPointer {
            NodeTraits(
                kind: node.kind, stackContext: node.stackContext,
                modifiers: UnsafeBufferPointer(rebasing: $0[start..<start + Int(node.modifierCount)]))
        }
    }

    /// One modifier, innermost first: its say on rigidity (a percentage, a flexible frame,
    /// a position or an aspect ratio makes a side depend on the proposal; a fixed frame in
    /// points does not) and on reach.
    mutating func note(_ modifier: Modifier) {
        switch modifier {
        case .padding(let spec):
            // A percentage pads by a share of the proposal.
            if !spec.leading.isPoints || !spec.trailing.isPoints { set(.no, shift: Self.widthShift) }
            if !spec.top.isPoints || !spec.bottom.isPoints { set(.no, shift: Self.heightShift) }
            // Finite points: the content is proposed infinity less the insets, still
            // infinity, and the insets are added back.
            if !(spec.top.isFinitePoints && spec.leading.isFinitePoints && spec.bottom.isFinitePoints
                && spec.trailing.isFinitePoints)
            {
                bits |= Self.untameBit
            }
        case .frame(let fixedWidth, let fixedHeight, _):
            if let fixedWidth { set(fixedWidth.isPoints ? .yes : .no, shift: Self.widthShift) }
            if let fixedHeight { set(fixedHeight.isPoints ? .yes : .no, shift: Self.heightShift) }
            fix(fixedWidth, axis: .horizontal)
            fix(fixedHeight, axis: .vertical)
        case .flexibleFrame(let spec):
            set(.no, shift: Self.widthShift)
            set(.no, shift: Self.heightShift)
            bound(minimum: spec.minWidth, ideal: spec.idealWidth, maximum: spec.maxWidth, axis: .horizontal)
            bound(minimum: spec.minHeight, ideal: spec.idealHeight, maximum: spec.maxHeight, axis: .vertical)
        case .position, .aspectRatio:
            set(.no, shift: Self.widthShift)
            set(.no, shift: Self.heightShift)
            bits |= Self.untameBit
        case .layoutPriority:
            bits |= Self.priorityBit
        case .alignmentGuide:
            bits |= Self.guideBit
        case .fixedSize(let horizontal, let vertical):
            // Proposed nothing there: its ideal size.
            if horizontal { setReach(.no, .horizontal) }
            if vertical { setReach(.no, .vertical) }
        case .offset, .background, .overlay, .ignoresSafeArea, .gridCell:
            break
        }
    }

    private mutating func set(_ value: Override, shift: UInt32) {
        bits = bits & ~(3 << shift) | value.rawValue << shift
    }

    private mutating func setReach(_ value: Override, _ axis: Axis) {
        set(value, shift: axis == .horizontal ? 10 : 12)
    }

    /// A fixed frame's side: its length in finite points (so not infinite); absent, the
    /// content's. A percentage or an infinite length: unknown.
    private mutating func fix(_ length: Length?, axis: Axis) {
        guard let length else { return }
        guard length.isFinitePoints else { return bits |= Self.untameBit }
        setReach(.no, axis)
    }

    /// A flexible frame's bounds on `axis`: proposed infinity, the frame is its maximum
    /// when given (infinity reaches), else the content pushed up to the proposal by its
    /// minimum, so infinite where the content is. Bounds must be points, finite but for an
    /// infinite maximum.
    private mutating func bound(minimum: Length?, ideal: Length?, maximum: Length?, axis: Axis) {
        guard minimum?.isFinitePoints ?? true, ideal?.isFinitePoints ?? true else {
            return bits |= Self.untameBit
        }
        guard let maximum else { return }
        guard case .points(let value) = maximum, value.isFinite || value == .infinity else {
            return bits |= Self.untameBit
        }
        setReach(value == .infinity ? .yes : .no, axis)
    }

    // MARK: - Parts

    /// The content answers every proposal alike (a rigid view, a fixed image).
    var rigidContent: Bool { bits & 3 == Content.rigid.rawValue }
    /// The content is rigid if every child is (a stack or a zstack).
    var combinesChildren: Bool { bits & 2 != 0 }
    /// The content reaches where a child does, and is tame if every child is.
    var isStack: Bool { bits & 3 == Content.stack.rawValue }
    /// The content's own reach (a leaf's; nothing for a container).
    var contentReach: Reach { Reach(bits: UInt8(truncatingIfNeeded: bits >> 2) & 7) }
    /// A `layoutPriority` among the modifiers (else the priority is 0, a spacer's -∞).
    var hasLayoutPriority: Bool { bits & Self.priorityBit != 0 }
    /// An `alignmentGuide` among the modifiers (else only baselines have explicit values).
    var hasAlignmentGuide: Bool { bits & Self.guideBit != 0 }
    var isSpacer: Bool { bits & Self.spacerBit != 0 }
    var isTransparent: Bool { bits & Self.transparentBit != 0 }
    /// A rigid view, a shape, an image, a spacer or a divider: its content's size comes
    /// from its kind alone (`LayoutComputer.kindSize`). Read here, not by switching on the
    /// kind: the children a stack asks come in no predictable order of kinds.
    var answersFromKind: Bool { bits & Self.kindAnswersBit != 0 }
    /// One of the above, or a text.
    var isLeaf: Bool { bits & Self.leafBit != 0 }

    /// The whole node's rigidity, given its content's.
    @inline(__always)
    func wholeRigid(content: Bool) -> Bool {
        let rigid: UInt32 = content ? 1 : 0
        let width = Self.apply(bits >> Self.widthShift, to: rigid)
        return width & Self.apply(bits >> Self.heightShift, to: rigid) != 0
    }

    /// The whole node's reach, given its content's (nothing once a modifier makes it unknown).
    @inline(__always)
    func wholeReach(content: Reach) -> Reach {
        let reach = UInt32(content.bits)
        let horizontal = Self.apply(bits >> 10, to: reach)
        let vertical = Self.apply(bits >> 12, to: reach >> 1)
        let kept = (bits >> 9 & 1) &- 1  // all ones, or none when untamed
        let bits = (reach & UInt32(Reach.tameBit) | horizontal | vertical << 1) & kept & 7
        return Reach(bits: UInt8(truncatingIfNeeded: bits))
    }

    /// A flag (bit 0 of `value`) after an `Override` (the low two bits of `override`).
    @inline(__always)
    private static func apply(_ override: UInt32, to value: UInt32) -> UInt32 {
        (value & ~override | override >> 1) & 1
    }
}

extension NodeTree {
    /// Node `index`'s traits worked out afresh from its kind, its modifiers and its
    /// children's traits, as the decoder sets them.
    func freshTraits(of index: Int) -> NodeTraits {
        var traits = NodeTraits(of: nodes[index], in: modifiers)
        nodes.withUnsafeBufferPointer { nodes in
            childList.withUnsafeBufferPointer { traits.combine(childrenOf: index, in: nodes, childList: $0) }
        }
        return traits
    }

    /// After `edited` nodes were edited in place (their own fields, or their subtrees
    /// rewritten with traits of their own): their traits and their ancestors' combined
    /// again with their children's, up to the root, each node once however many edits
    /// lie below it (a patch of many leaves under one wide stack recombines it once).
    mutating func recombineTraits(upFrom edited: some Sequence<Int>) {
        var pending = Set<Int>()
        for start in edited {
            var node = start
            // An ancestor already pending has its own ancestors pending too.
            while node >= 0, pending.insert(node).inserted { node = Int(nodes[node].parent) }
        }
        // Children come after their parents in the arena: the highest index first.
        for node in pending.sorted(by: >) {
            let traits = freshTraits(of: node)
            // Written only where different: the array is shared with the session's tree.
            if nodes[node].traits != traits { nodes[node].traits = traits }
        }
    }
}
