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
