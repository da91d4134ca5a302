import Testing

@testable import LayoutEngine

/// The session record's hash index: a whole table shared across relayouts plus the nodes
/// whose hashes changed since it was built.
@Suite struct TreeHashIndexTests {
    static func hash(_ value: UInt64) -> TreeHash { TreeHash(high: value &* 0x9E37_79B9_7F4A_7C15, low: value) }

    @Test func findsEveryHashOfAWholeTable() {
        let hashes = (0..<1_000).map { Self.hash(UInt64($0)) }
        let index = TreeHashIndex(hashes)
        for node in hashes.indices { #expect(index.node(for: hashes[node]) == node) }
        #expect(index.node(for: Self.hash(5_000)) == nil)
    }

    @Test func updatesFindNewHashesAndForgetOldOnes() throws {
        var hashes = (0..<1_000).map { Self.hash(UInt64($0)) }
        var index = TreeHashIndex(hashes)
        // Three generations of edits, each building on the last index.
        for generation in 1...3 {
            let old = hashes
            for node in [7, 300, 999] { hashes[node] = Self.hash(UInt64(10_000 * generation + node)) }
            // The changed nodes named (as a relayout knows them), or found by comparing.
            let named: [Int32]? = generation == 2 ? [7, 300, 999] : nil
            index = try #require(TreeHashIndex(updating: index, from: old, to: hashes, changed: named))
            for node in [7, 300, 999] {
                #expect(index.node(for: hashes[node]) == node)
                // The hash the node had before names nothing now.
                #expect(index.node(for: old[node]) == nil)
            }
            #expect(index.node(for: hashes[8]) == 8)
        }
        // A hash moved to another node (a subtree swapped with its sibling) is found there.
        let old = hashes
        hashes.swapAt(10, 11)
        index = try #require(TreeHashIndex(updating: index, from: old, to: hashes))
        #expect(index.node(for: hashes[10]) == 10)
        #expect(index.node(for: hashes[11]) == 11)
    }

    @Test func manyChangesOrAnotherShapeBuildAgain() {
        let hashes = (0..<1_000).map { Self.hash(UInt64($0)) }
        let index = TreeHashIndex(hashes)
        let shifted = hashes.map { Self.hash($0.low + 1_000_000) }
        #expect(TreeHashIndex(updating: index, from: hashes, to: shifted) == nil)
        #expect(TreeHashIndex(updating: index, from: hashes, to: Array(hashes.dropLast())) == nil)
    }
}
