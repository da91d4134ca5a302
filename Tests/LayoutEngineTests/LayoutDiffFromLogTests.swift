import Foundation
import Testing
import Workloads

@testable import LayoutEngine

/// The diff of an in-place relayout read from its log (`LayoutDiff.fromLog`: the nodes it
/// wrote, those whose hashes changed, and the placed flags that differ) is the diff that
/// reads every node.
@Suite struct LayoutDiffFromLogTests {
    static func layout(_ request: LayoutRequest, previous: LayoutRecord?, cache: SharedMeasurementCache) -> (
        LayoutResult, LayoutRecord?
    ) {
        LayoutComputer.layout(
            request, hashes: StructuralHasher.hashes(of: request.tree), shared: cache, previous: previous, keepRecord: true)
    }

    static func expectSame(_ a: LayoutDiff, _ b: LayoutDiff, _ label: String) {
        #expect(a.inserted == b.inserted, "\(label)")
        #expect(a.removed == b.removed, "\(label)")
        #expect(a.moved == b.moved, "\(label)")
        #expect(a.resized == b.resized, "\(label)")
        #expect(a.unchanged == b.unchanged, "\(label)")
        #expect(a.changedNodes == b.changedNodes, "\(label)")
    }

    /// Random edits of generated trees (as `IncrementalPropertyTests` makes them); each
    /// relayout that keeps the node count is diffed both ways.
    @Test(arguments: [UInt64(1), 2, 3, 5, 8, 13])
    func randomEditsDiffTheSameFromTheLog(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let generated = TreeGenerator(nodeCount: 150, seed: seed).requestJSON()
        var request = try #require(try JSONSerialization.jsonObject(with: Data(generated.utf8)) as? [String: Any])
        let cache = SharedMeasurementCache()
        var previous: (request: LayoutRequest, result: LayoutResult, record: LayoutRecord?)?
        var compared = 0
        for step in 0..<40 {
            if step > 0 {
                var root = try #require(request["root"] as? [String: Any])
                // Edits that keep the node count (a relayout in place), now and then another.
                let edits: [IncrementalPropertyTests.Edit] =
                    step % 5 == 0 ? [.insert, .remove] : [.resize, .modifiers, .reorder, .replace]
                let edit = edits[Int(random.next() % UInt64(edits.count))]
                var target = Int(random.next() % UInt64(max(IncrementalPropertyTests.containerCount(root), 1)))
                var ops: [String] = []
                _ = IncrementalPropertyTests.apply(
                    edit, to: &root, target: &target, random: &random, fresh: "d\(seed)-\(step)", ops: &ops)
                request["root"] = root
            }
            let decoded = try RequestDecoder.decode([UInt8](try JSONSerialization.data(withJSONObject: request)))
            let (result, record) = Self.layout(decoded, previous: previous?.record, cache: cache)
            if let previous, let log = result.relayoutLog, let oldHashes = previous.record?.hashes {
                let before = (previous.request.tree, previous.result, oldHashes[0])
                let hashes = (oldHashes, StructuralHasher.hashes(of: decoded.tree))
                let framed = LayoutDiff.compute(previous: nil, tree: previous.request.tree, result: previous.result).framedCount
                let whole = LayoutDiff.compute(previous: before, tree: decoded.tree, result: result, hashes: hashes)
                let fromLog = try #require(
                    LayoutDiff.fromLog(
                        previous: before, previousFramed: framed, tree: decoded.tree, result: result, hashes: hashes, log: log))
                Self.expectSame(fromLog, whole, "seed \(seed) step \(step)")
                compared += 1
            }
            previous = (decoded, result, record)
        }
        #expect(compared >= 20, "seed \(seed): \(compared) relayouts in place")
    }

    /// Only the bounds change, so no hash does, and a `viewthatfits` switches child: the
    /// child it no longer shows is unplaced without a frame written, and is found as
    /// removed only by comparing the placed flags; the child it shows again is placed
    /// afresh, not reused from the layout before (which left it out).
    @Test func aChildNoLongerShownIsFoundByItsPlacedFlag() throws {
        func request(width: Int) throws -> LayoutRequest {
            let json = #"{"bounds":{"width":\#(width),"height":100},"root":{"type":"vstack","id":"root","children":[{"type":"viewthatfits","id":"v","axes":"horizontal","children":[{"type":"hstack","id":"wide","spacing":0,"children":[{"type":"view","id":"w1","size":{"width":200,"height":20}},{"type":"view","id":"w2","size":{"width":200,"height":20}}]},{"type":"view","id":"narrow","size":{"width":100,"height":20}}]},{"type":"view","id":"below","size":{"width":50,"height":10}}]}}"#
            return try RequestDecoder.decode(Array(json.utf8))
        }
        let cache = SharedMeasurementCache()
        var (result, record) = Self.layout(try request(width: 500), previous: nil, cache: cache)
        var previous = (try request(width: 500), result)
        for width in [150, 500, 120, 450] {
            let now = try request(width: width)
            (result, record) = Self.layout(now, previous: record, cache: cache)
            let log = try #require(result.relayoutLog, "width \(width): a relayout in place")
            let hashes = StructuralHasher.hashes(of: now.tree)
            let before = (previous.0.tree, previous.1, hashes[0])
            let framed = LayoutDiff.compute(previous: nil, tree: previous.0.tree, result: previous.1).framedCount
            let whole = LayoutDiff.compute(previous: before, tree: now.tree, result: result, hashes: (hashes, hashes))
            let fromLog = try #require(
                LayoutDiff.fromLog(previous: before, previousFramed: framed, tree: now.tree, result: result, hashes: (hashes, hashes), log: log))
            Self.expectSame(fromLog, whole, "width \(width)")
            // The relayout shows what a fresh layout shows. (It did not: the child shown
            // again was reused from the layout before, which had not placed it, so its
            // placed flags stayed off.)
            let fresh = RelayoutBuffersTests.layout(now, previous: nil).0
            #expect(RelayoutBuffersTests.placedFrames(result) == RelayoutBuffersTests.placedFrames(fresh), "width \(width)")
            // Between 150 and 500 the shown child changes: its subtree comes and goes.
            #expect(!whole.removed.isEmpty, "width \(width)")
            previous = (now, result)
        }
    }
}
