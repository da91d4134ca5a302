/// Bounds on what one request may make the engine build (HTTP.md: limits).
public struct DecodeLimits: Sendable {
    /// Deepest node nesting (the root is depth 1).
    public var maxDepth: Int
    /// Most nodes after expansion (foreach copies, cloned backgrounds, dividers).
    public var maxNodes: Int

    /// Layout work allowed for one tree: `layoutWorkBase + layoutWorkPerNode × nodes`
    /// content measurements and flex runs. Nested flexible containers can ask each other
    /// for sizes many times over (SwiftUI's probing, flexbox's intrinsic sizes), so a small
    /// tree could otherwise hold a worker for minutes; past the budget the request is 413.
    /// Generated screens use about 12 per node, a 512-deep alternating stack 250.
    public var layoutWorkBase: Int
    public var layoutWorkPerNode: Int
    /// The fonts a request may name (set by the runtime from its text measurer).
    var fonts: any TextMeasurer = AhemMeasurer()

    /// Most effective modifiers on one node: its own plus those inherited from enclosing
    /// groups, divideds, foreaches and sections. Layout walks a chain one level at a time.
    public var maxModifiersPerNode: Int
    /// Most modifiers in the whole tree after expansion (each child of a group holds the
    /// group's modifiers), so a group cannot multiply a small body into gigabytes.
    public var maxModifiers: Int
    /// Longest layout path: nesting levels plus modifier levels from the root to any node
    /// (each is a level of the layout's recursion, so this bounds its stack).
    public var maxLayoutDepth: Int
    /// Most bytes of node ids in the tree (derived ids repeat their parent's).
    public var maxIdBytes: Int
    /// Most bytes of text over all text nodes, counted once per copy (foreach).
    public var maxTextBytes: Int

    public init(
        maxDepth: Int = 512, maxNodes: Int = 200_000, layoutWorkBase: Int = 500_000, layoutWorkPerNode: Int = 30,
        maxModifiersPerNode: Int = 64, maxModifiers: Int = 1_000_000, maxLayoutDepth: Int = 1024,
        maxIdBytes: Int = 32 << 20, maxTextBytes: Int = 32 << 20
    ) {
        self.maxDepth = maxDepth
        self.maxNodes = maxNodes
        self.layoutWorkBase = layoutWorkBase
        self.layoutWorkPerNode = layoutWorkPerNode
        self.maxModifiersPerNode = maxModifiersPerNode
        self.maxModifiers = maxModifiers
        self.maxLayoutDepth = maxLayoutDepth
        // Offsets into the id and text buffers are 32-bit.
        self.maxIdBytes = min(maxIdBytes, Int(Int32.max))
        self.maxTextBytes = min(maxTextBytes, Int(Int32.max))
    }

    func layoutWorkBudget(nodes: Int) -> Int { layoutWorkBase + layoutWorkPerNode * nodes }

    /// Modifiers allowed for a body of `bodyBytes`: 64 Ki plus one per 12 body bytes,
    /// within `maxModifiers`. A modifier takes at least 12 bytes of JSON (`{"padding":0}`
    /// and a comma), so a body's own modifiers always fit; only copies made by groups can
    /// reach this, which keeps the arena proportional to the body.
    func modifierLimit(bodyBytes: Int) -> Int { min(maxModifiers, 65_536 + bodyBytes / 12) }

    /// Id bytes allowed for a body of `bodyBytes`: 1 MiB plus 8 per body byte, within
    /// `maxIdBytes` (a tree 100 levels deep has derived ids of about 3 × its body).
    func idByteLimit(bodyBytes: Int) -> Int { min(maxIdBytes, (1 << 20) + 8 * bodyBytes) }

    /// JSON nesting allowed on the tape: a tree level costs two JSON levels (node object,
    /// children array), a background four, so this bounds the parser before the tree
    /// walk can say which node is too deep.
    var maxJSONNesting: Int { maxDepth * 6 + 16 }
}
