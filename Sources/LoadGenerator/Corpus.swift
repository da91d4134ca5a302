import Workloads

/// The request bodies: `size` trees generated up front (the repeatable hot set) and,
/// past them, trees generated on demand from the same seed formula, so a long run at a
/// low repeat ratio never runs out of new trees and never holds them all in memory.
public struct Corpus: Sendable {
    public let nodeCount: Int
    public let seed: UInt64
    private let bodies: [[UInt8]]

    public init(size: Int, nodeCount: Int, seed: UInt64) {
        self.nodeCount = nodeCount
        self.seed = seed
        bodies = (0..<max(size, 0)).map { Self.generate(index: $0, nodeCount: nodeCount, seed: seed) }
    }

    public var count: Int { bodies.count }

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
