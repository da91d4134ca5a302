import Workloads

/// The request bodies: trees generated up front (the repeatable hot set, and as many of
/// the new trees as a count-bounded run will send, so generating them costs the run's
/// clock nothing) and, past them, trees generated on demand from the same seed formula,
/// so a long run at a low repeat ratio never runs out of new trees.
public struct Corpus: Sendable {
    public let nodeCount: Int
    public let seed: UInt64
    private let bodies: [[UInt8]]

    public init(size: Int, nodeCount: Int, seed: UInt64, pregenerate: Int = 0) {
        self.nodeCount = nodeCount
        self.seed = seed
        bodies = (0..<max(size, pregenerate, 0)).map { Self.generate(index: $0, nodeCount: nodeCount, seed: seed) }
    }

    /// Trees held in memory; `body(_:)` generates the ones past this on demand.
    public var count: Int { bodies.count }

    /// How many trees to generate up front for a run bounded to `requests`: the new trees
    /// its schedule will draw (replayed here, it is deterministic), within a memory budget.
    public static func pregenerateCount(for configuration: LoadConfiguration, budgetBytes: Int = 256 << 20) -> Int {
        guard let requests = configuration.requests else { return configuration.corpusSize }
        var schedule = RepeatSchedule(
            corpusSize: configuration.corpusSize, repeatRatio: configuration.repeatRatio, seed: configuration.seed)
        for _ in 0..<requests { _ = schedule.next() }
        // Generated bodies take about 90 bytes a node.
        let affordable = budgetBytes / max(configuration.nodeCount * 90, 1)
        return max(configuration.corpusSize, min(schedule.newTrees, affordable))
    }

    /// The body of tree `index`: the same bytes every time and on every machine.
    public func body(_ index: Int) -> [UInt8] {
        index < bodies.count ? bodies[index] : Self.generate(index: index, nodeCount: nodeCount, seed: seed)
    }

    /// Each tree has its own generator seed: the run's seed in the high half, the index
    /// in the low half, so two runs with different `--seed`s share no tree.
    static func generate(index: Int, nodeCount: Int, seed: UInt64) -> [UInt8] {
        let treeSeed = (seed &<< 32) ^ UInt64(truncatingIfNeeded: index)
        return Array(TreeGenerator(nodeCount: nodeCount, seed: treeSeed).requestJSON().utf8)
    }
}
