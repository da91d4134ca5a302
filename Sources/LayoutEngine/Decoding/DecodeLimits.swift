/// Bounds on what one request may make the engine build (HTTP.md: limits).
public struct DecodeLimits: Sendable {
    /// Deepest node nesting (the root is depth 1).
    public var maxDepth: Int
    /// Most nodes after expansion (foreach copies, cloned backgrounds, dividers).
    public var maxNodes: Int

    public init(maxDepth: Int = 512, maxNodes: Int = 200_000) {
        self.maxDepth = maxDepth
        self.maxNodes = maxNodes
    }

    /// JSON nesting allowed on the tape: a tree level costs two JSON levels (node object,
    /// children array), a background four, so this bounds the parser before the tree
    /// walk can say which node is too deep.
    var maxJSONNesting: Int { maxDepth * 6 + 16 }
}
