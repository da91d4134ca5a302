import Foundation
import Testing
import Workloads

@testable import LayoutEngine

/// Issue 8's patch floods. Ops apply in runs (PatchBatch): a patch of independent ops is
/// one run, which writes and decodes the tree once; only ops that build on each other
/// start new runs. Each run costs the tree's nodes and each op one read, against the
/// layout work budget (500,000 + 30 × nodes by default), so a patch that keeps starting
/// runs is a 413 after bounded work.
@Suite struct PatchFloodTests {
    /// A runtime holding session "s" with `flatTree(nodes)`; returns it and the baseline.
    func session(nodes: Int) throws -> (LayoutRuntime, String) {
        let runtime = LayoutRuntime()
        let response = try runtime.layout(HostileShapes.flatTree(nodes)).get()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        return (runtime, try #require(object["treeHash"] as? String))
    }

    func frames(_ body: [UInt8]) throws -> [String: [String: Double]] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])
        return try #require(object["frames"] as? [String: [String: Double]])
    }

    /// `PatchApplier.apply` on `flatTree(nodes)` with a work budget of exactly `budget`.
    func applyDirectly(nodes: Int, patch: [UInt8], budget: Int) throws(DecodeFailure) -> LayoutRequest {
        let session = HostileShapes.flatTree(nodes)
        guard let sessionRequest = try? RequestDecoder.decode(session), let tape = try? JSONTapeParser.parse(patch, maxNesting: 64),
            let ops = tape.member("patch", of: 0)
        else { throw .invalid(0, "test setup") }
        var limits = DecodeLimits()
        limits.layoutWorkBase = budget
        limits.layoutWorkPerNode = 0
        return try PatchApplier.apply(tape, patch: ops, session: session, sessionTree: sessionRequest.tree, limits: limits).request
    }

    @Test func threeHundredReplacesOnAHundredThousandNodesAreOneRun() throws {
        let (runtime, baseline) = try session(nodes: 100_000)
        let patch = HostileShapes.replacePatch(baseline: baseline, count: 300, stride: 300)
        // One run: the tree's 100,001 nodes once, plus one read per op.
        #expect(PatchApplier.work(runs: 1, nodes: 100_001, ops: 300) == 100_301)
        let applied = try applyDirectly(nodes: 100_000, patch: patch, budget: 100_301)
        #expect(applied.tree.nodeCount == 100_001)
        // One read less is a 413.
        #expect(throws: DecodeFailure.self) { try applyDirectly(nodes: 100_000, patch: patch, budget: 100_300) }

        // Through the runtime: every replaced node is a 3×4 view, the others rects (every
        // frame asked for: a patch gets the changed ones by default).
        let asksForAll = Array(
            String(decoding: patch, as: UTF8.self).replacingOccurrences(
                of: #""patch":["#, with: #""options":{"frames":"all"},"patch":["#
            ).utf8)
        let response = try runtime.layout(asksForAll).get()
        let laid = try frames(response.body)
        #expect(laid.count == 100_001)
        let replaced = laid.filter { $0.value["width"] == 3 && $0.value["height"] == 4 }
        #expect(replaced.count == 300)
        #expect(replaced["n0"] != nil && replaced["n89700"] != nil && replaced["n300"] != nil)
        #expect(replaced["n1"] == nil)
    }

    @Test func eightThousandInsertsAreOneRun() throws {
        let (runtime, baseline) = try session(nodes: 10)
        let patch = HostileShapes.insertPatch(baseline: baseline, count: 8_000)
        // 11 nodes read once, plus 8,000 ops.
        #expect(PatchApplier.work(runs: 1, nodes: 11, ops: 8_000) == 8_011)
        let applied = try applyDirectly(nodes: 10, patch: patch, budget: 8_011)
        #expect(applied.tree.nodeCount == 8_011)
        #expect(throws: DecodeFailure.self) { try applyDirectly(nodes: 10, patch: patch, budget: 8_010) }

        let laid = try frames(runtime.layout(patch).get().body)
        #expect(laid.count == 8_011)
        // Each insert goes to the front, so the last one is first: new7999 above new0 above n0.
        let last = try #require(laid["new7999"]?["y"]), firstInserted = try #require(laid["new0"]?["y"])
        let original = try #require(laid["n0"]?["y"])
        #expect(last < firstInserted && firstInserted < original)
    }

    @Test func opsBuildingOnEachOtherStartRunsAndAre413PastTheBudget() throws {
        let (runtime, baseline) = try session(nodes: 2_000)
        // Each replace of n5 names the node the previous op made, so each starts a run.
        let ops = (0..<300).map { #"{"op":"replace","id":"n5","node":{"type":"view","id":"n5","size":{"width":\#($0),"height":1}}}"# }
        let flood = HostileShapes.patch(baseline: baseline, ops)
        // 2,001 nodes: budget 500,000 + 30 × 2,001 = 560,030. Run r starts at r × 2,001
        // reads plus the r - 1 ops before it: run 279 at 558,557, run 280 at 560,559.
        #expect(PatchApplier.work(runs: 279, nodes: 2_001, ops: 278) <= 560_030)
        #expect(PatchApplier.work(runs: 280, nodes: 2_001, ops: 279) > 560_030)
        guard case .failure(let problem) = runtime.layout(flood) else {
            Issue.record("300 dependent replaces on 2,000 nodes were applied")
            return
        }
        #expect(problem.status == 413)
        #expect(problem.detail.contains("applying these 300 ops costs more than 560030 node reads"))
        #expect(problem.errors.first?.pointer == "/patch")
        // The session is untouched, and 200 such ops fit (200 runs: 400,400 reads).
        let fits = HostileShapes.patch(baseline: baseline, Array(ops.prefix(200)))
        let laid = try frames(runtime.layout(fits).get().body)
        #expect(laid["n5"]?["width"] == 199)
    }
}
