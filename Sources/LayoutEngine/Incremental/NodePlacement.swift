/// The proposal and origin a node was placed with, in one 32-byte entry: a relayout reads
/// both at every node it places or reuses, and the previous layout's buffers are out of
/// cache by then (the request's decoding came between), so two parallel arrays cost two
/// cache misses per node where one entry costs one.
struct NodePlacement: Sendable {
    /// The proposal's width and height; an unspecified one as `ProposedSize.unspecifiedBits`,
    /// and no proposal at all as another NaN of that kind, this type's own.
    private var width: Double
    private var height: Double
    var origin: Point

    private static let unspecified = ProposedSize.unspecifiedBits
    private static let noProposal: UInt64 = 0x7FF8_DEAD_0000_0002

    /// A node not placed (yet).
    static let unplaced = NodePlacement(nil, .zero)

    init(_ proposal: ProposedSize?, _ origin: Point) {
        if let proposal {
            width = proposal.width ?? Double(bitPattern: Self.unspecified)
            height = proposal.height ?? Double(bitPattern: Self.unspecified)
        } else {
            width = Double(bitPattern: Self.noProposal)
            height = Double(bitPattern: Self.noProposal)
        }
        self.origin = origin
    }

    /// The proposal (nil where a container set the frame directly).
    var proposal: ProposedSize? {
        @inline(__always) get {
            if width.bitPattern == Self.noProposal { return nil }
            return ProposedSize(
                width: width.bitPattern == Self.unspecified ? nil : width,
                height: height.bitPattern == Self.unspecified ? nil : height)
        }
    }

    /// The same proposal, the origin moved by `offset`.
    @inline(__always)
    func shifted(by offset: Point) -> NodePlacement {
        var moved = self
        moved.origin = Point(x: origin.x + offset.x, y: origin.y + offset.y)
        return moved
    }
}
