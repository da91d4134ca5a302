/// The flex trees of Taffy's own benchmarks (the shapes of its benches/flexbox.rs and
/// its `build_deep_tree` helper, re-implemented here), as layoutd requests: the same
/// bytes `tools/taffy_bench/taffy_bench.py --emit` writes, so that `layoutd-bench` times
/// the trees Taffy is timed on (`TaffyBenchTreeTests` compares the two).
///
/// - huge-nested: every non-root node 10 × 10 with `flexGrow: 1`; 10 children a container.
/// - wide: a root holding containers of 1–4 leaves; random styles below the root.
/// - deep: a binary tree; random styles below the root.
///
/// A random style is Taffy's `Style::random` distribution: width and height each 20% auto,
/// 60% a length in [0, 500), 20% a percentage in [0, 100%), rounded to two decimals.
/// The numbers come from `SplitMix64` (seed 12345), not Taffy's ChaCha8: Taffy's
/// distribution, not its values. Every tree is laid out at max-content on both axes
/// (null bounds), without the cache.
public enum TaffyBenchTree: String, CaseIterable, Sendable {
    case hugeNested = "huge-nested"
    case wide
    case deep

    public static let seed: UInt64 = 12345

    /// The request for a tree of about `nodes` nodes.
    public func requestJSON(nodes: Int) -> String {
        let root = FlexBenchNode(style: "", children: children(nodes))
        var out = "{\"bounds\":{\"width\":null,\"height\":null},\"alignment\":\"topLeading\","
        out += "\"environment\":{\"layoutDirection\":\"ltr\"},\"options\":{\"cache\":\"none\"},\"root\":"
        out.reserveCapacity(nodes * 80)
        root.append(to: &out, id: "root")
        out += "}\n"
        return out
    }

    private func children(_ nodes: Int) -> [FlexBenchNode] {
        switch self {
        case .hugeNested:
            let style = "\"width\":10,\"height\":10,\"flexGrow\":1"
            return Self.deepTree(
                nodes, branching: 10, leaf: { FlexBenchNode(style: style, children: []) },
                container: { FlexBenchNode(style: style, children: $0) })
        case .wide:
            var random = SplitMix64(seed: Self.seed)
            var children: [FlexBenchNode] = []
            var count = 0
            while count < nodes {
                let leafCount = 1 + Int(random.next() % 4)
                // The leaves' styles are drawn before their container's.
                let leaves = (0..<leafCount).map { _ in FlexBenchNode(style: Self.randomStyle(&random), children: []) }
                children.append(FlexBenchNode(style: Self.randomStyle(&random), children: leaves))
                count += 1 + leafCount
            }
            return children
        case .deep:
            // Two streams from one seed, one for leaves and one for containers, as Taffy's
            // benchmark seeds its two generators alike.
            var leafRandom = SplitMix64(seed: Self.seed)
            var containerRandom = SplitMix64(seed: Self.seed)
            return Self.deepTree(
                nodes, branching: 2, leaf: { FlexBenchNode(style: Self.randomStyle(&leafRandom), children: []) },
                container: { FlexBenchNode(style: Self.randomStyle(&containerRandom), children: $0) })
        }
    }

    /// Taffy's `build_deep_tree`: `branching` subtrees sharing `nodes` nodes, leaves once
    /// `nodes` is `branching` or fewer. A container's style is made after its subtree.
    private static func deepTree(
        _ nodes: Int, branching: Int, leaf: () -> FlexBenchNode, container: ([FlexBenchNode]) -> FlexBenchNode
    ) -> [FlexBenchNode] {
        if nodes <= branching { return (0..<max(nodes, 0)).map { _ in leaf() } }
        var children: [FlexBenchNode] = []
        for _ in 0..<branching {
            children.append(container(deepTree((nodes - branching) / branching, branching: branching, leaf: leaf, container: container)))
        }
        return children
    }

    /// A style's JSON members: width, then height, each left out when auto.
    private static func randomStyle(_ random: inout SplitMix64) -> String {
        var members: [String] = []
        for axis in ["width", "height"] {
            if let value = randomDimension(&random) { members.append("\"\(axis)\":\(value)") }
        }
        return members.joined(separator: ",")
    }

    /// 20% auto (nil), 60% a length in [0, 500), 20% a percentage in [0, 100).
    private static func randomDimension(_ random: inout SplitMix64) -> String? {
        let draw = unit(&random)
        if draw < 0.2 { return nil }
        if draw < 0.8 { return "\(hundredths(500 * unit(&random)))" }
        return "\"\(hundredths(100 * unit(&random)))%\""
    }

    /// A double in [0, 1) from the top 53 bits (exact, as the Python generator computes it).
    private static func unit(_ random: inout SplitMix64) -> Double {
        Double(random.next() >> 11) * 0x1p-53
    }

    /// `value` to two decimals: the nearest integer (ties to even) of a hundred times it,
    /// over a hundred (`round(value * 100) / 100` in Python gives the same double).
    private static func hundredths(_ value: Double) -> Double {
        (value * 100).rounded(.toNearestOrEven) / 100
    }
}

/// A node of a generated flex tree: its style's JSON members and its children.
private struct FlexBenchNode {
    let style: String
    let children: [FlexBenchNode]

    /// The node as JSON, children with ids `id/0`, `id/1`, ...
    func append(to out: inout String, id: String) {
        out += "{\"type\":\"flex\",\"id\":\"\(id)\""
        if !style.isEmpty { out += ",\"style\":{\(style)}" }
        if !children.isEmpty {
            out += ",\"children\":["
            for (index, child) in children.enumerated() {
                if index > 0 { out += "," }
                child.append(to: &out, id: "\(id)/\(index)")
            }
            out += "]"
        }
        out += "}"
    }
}
