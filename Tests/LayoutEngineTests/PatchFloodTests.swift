import Foundation
import Testing
import Workloads

@testable import LayoutEngine

/// Issue 8's patch floods: each op re-reads the session's tree, and that work now counts
/// against the layout work budget (500,000 + 30 × nodes node reads), so a flood is a 413
/// after bounded work.
@Suite struct PatchFloodTests {
    /// A runtime holding session "s" with `flatTree(nodes)`; returns it and the baseline.
    func session(nodes: Int) throws -> (LayoutRuntime, String) {
        let runtime = LayoutRuntime()
        let response = try runtime.layout(HostileShapes.flatTree(nodes)).get()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        return (runtime, try #require(object["treeHash"] as? String))
    }

    @Test func threeHundredReplacesOnAHundredThousandNodesAre413() throws {
        let (runtime, baseline) = try session(nodes: 100_000)
        // 100,001 nodes: budget 500,000 + 30 × 100,001 = 3,500,030 reads; the tree is
        // read once and once per op, so the 34th op would pass it (35 × 100,001).
        #expect(PatchApplier.work(ops: 33, nodes: 100_001) <= 3_500_030)
        #expect(PatchApplier.work(ops: 34, nodes: 100_001) > 3_500_030)
        guard case .failure(let problem) = runtime.layout(HostileShapes.replacePatch(baseline: baseline, count: 300, stride: 300)) else {
            Issue.record("a 300-op patch on 100,000 nodes was applied")
            return
        }
        #expect(problem.status == 413)
        #expect(problem.detail.contains("applying these 300 ops costs more than 3500030 node reads"))
        #expect(problem.errors.first?.pointer == "/patch")
        // The session is untouched, and a patch within the budget applies.
        let small = try runtime.layout(HostileShapes.replacePatch(baseline: baseline, count: 3, stride: 1000)).get()
        let text = String(decoding: small.body, as: UTF8.self)
        #expect(text.contains(#""n2000":{"#))
        #expect(text.contains(#""width":3,"height":4"#))
    }

    @Test func eightThousandInsertsAre413() throws {
        let (runtime, baseline) = try session(nodes: 10)
        guard case .failure(let problem) = runtime.layout(HostileShapes.insertPatch(baseline: baseline, count: 8_000)) else {
            Issue.record("8,000 inserts were applied")
            return
        }
        // 11 nodes growing by one per op: the budget of the first tree, 500,000 + 30 × 11
        // = 500,330 reads, is passed at the 990th op: 11 + Σ (11 + j) for j < 990 =
        // 500,456 (for j < 989, 499,456), long before 8,000.
        #expect(PatchApplier.work(ops: 989, nodes: 11, growth: 1) <= 500_330)
        #expect(PatchApplier.work(ops: 990, nodes: 11, growth: 1) > 500_330)
        #expect(problem.status == 413)
        #expect(problem.detail.contains("applying these 8000 ops"))
    }
}
