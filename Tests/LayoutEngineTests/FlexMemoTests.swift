import Testing

@testable import LayoutEngine

/// Nested flexible containers in polynomial time (issue 9 item 4): each container keeps a
/// few answers per kind of question (`FlexMemo`), so alternating rows and columns that
/// size each other do not multiply the work per level. Counts, not timings: `measured`
/// counts every flex run and every leaf measurement, exactly. (The frames of the same
/// 30-level tree are checked against Chromium by the `nested_alternating_30_levels`
/// fixtures.)
@Suite struct FlexMemoTests {
    private func measured(depth: Int) throws -> (nodes: Int, measured: Int) {
        let body = WorkBudgetTests.nestedFlex(depth: depth)
        let request = try RequestDecoder.decode(Array(body.utf8))
        let result = uncachedRuntime.layout(request)
        return (request.tree.nodeCount, result.measured)
    }

    @Test func thirtyAlternatingLevelsAreLaidOutWithAFewRunsPerNode() throws {
        let deep = try measured(depth: 30)
        #expect(deep.nodes == 60)  // 30 containers, 29 texts beside them, one leaf text
        #expect(deep.measured <= 40 * deep.nodes, "\(deep.measured) runs and measurements for \(deep.nodes) nodes")
    }

    @Test func workGrowsLinearlyWithDepth() throws {
        // Exponential growth (the old 1.7× per level) would make 30 levels cost about 500
        // times 15 levels' work; linear growth, about twice.
        let shallow = try measured(depth: 15)
        let deep = try measured(depth: 30)
        #expect(deep.measured <= 3 * shallow.measured, "15 levels: \(shallow.measured); 30 levels: \(deep.measured)")
    }
}
