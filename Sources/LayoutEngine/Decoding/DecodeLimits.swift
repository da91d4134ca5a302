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

    public init(maxDepth: Int = 512, maxNodes: Int = 200_000, layoutWorkBase: Int = 500_000, layoutWorkPerNode: Int = 30) {
        self.maxDepth = maxDepth
        self.maxNodes = maxNodes
        self.layoutWorkBase = layoutWorkBase
        self.layoutWorkPerNode = layoutWorkPerNode
    }

    func layoutWorkBudget(nodes: Int) -> Int { layoutWorkBase + layoutWorkPerNode * nodes }

    /// JSON nesting allowed on the tape: a tree level costs two JSON levels (node object,
    /// children array), a background four, so this bounds the parser before the tree
    /// walk can say which node is too deep.
    var maxJSONNesting: Int { maxDepth * 6 + 16 }
}
