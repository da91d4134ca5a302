import Testing
import Workloads

@testable import LayoutEngine

/// A relayout that moves subtrees saves their previous placements run by run
/// (`SavedPlacementRanges`) instead of copying every placement: what it reads back as
/// previous, and what a refused relayout puts back, are the previous layout's own.
@Suite struct SavedPlacementRangesTests {
    /// Node `index` placed at x = `index` + `shift`, proposed `index` wide.
    static func placements(_ count: Int, shift: Double = 0) -> [NodePlacement] {
        (0..<count).map { NodePlacement(ProposedSize(width: Double($0), height: nil), Point(x: Double($0) + shift, y: 0)) }
    }

    static func table(_ entries: [Int32: Double]) -> OverwrittenPlacements {
        var table = OverwrittenPlacements()
        for (node, x) in entries { table.saveFirst(node, NodePlacement(nil, Point(x: x, y: 0))) }
        return table
    }

    @Test func aRunTakesTheFirstValuesOfNodesOverwrittenBefore() {
        var runs = SavedPlacementRanges()
        // One table entry in a run of five: read from the table's slots.
        runs.save(10..<15, current: Self.placements(40), overwritten: Self.table([12: -12, 30: -30]))
        #expect(runs.placement(of: 12)?.origin.x == -12)
        #expect(runs.placement(of: 12)?.proposal == nil)
        #expect(runs.placement(of: 11)?.origin.x == 11)
        #expect(runs.placement(of: 11)?.proposal == ProposedSize(width: 11, height: nil))
        #expect(runs.placement(of: 15) == nil)
        #expect(runs.placement(of: 30) == nil)
        // Three entries in a run of five: looked up node by node.
        runs.save(20..<25, current: Self.placements(40), overwritten: Self.table([21: -21, 23: -23, 24: -24]))
        #expect([20, 21, 22, 23, 24].map { runs.placement(of: $0)?.origin.x } == [20, -21, 22, -23, -24])
        #expect(runs.count == 10)
    }

    @Test func whereRunsOverlapTheFirstSavedHoldsThePreviousValue() {
        var runs = SavedPlacementRanges()
        runs.save(10..<15, current: Self.placements(40), overwritten: OverwrittenPlacements())
        // Saved later from buffers already shifted by 100: nodes 13 and 14 keep the first run's.
        runs.save(13..<20, current: Self.placements(40, shift: 100), overwritten: OverwrittenPlacements())
        // And a run before both, out of order.
        runs.save(5..<12, current: Self.placements(40, shift: 200), overwritten: OverwrittenPlacements())
        #expect((5..<20).map { runs.placement(of: $0)?.origin.x } == [205, 206, 207, 208, 209, 10, 11, 12, 13, 14, 115, 116, 117, 118, 119])
        // Written in `forEach`'s order, the nodes end with the values a lookup gives.
        var written: [Int: Double] = [:]
        runs.forEach { node, placement in written[node] = placement.origin.x }
        #expect(written.count == 15)
        for node in 5..<20 { #expect(written[node] == runs.placement(of: node)?.origin.x, "node \(node)") }
    }

    @Test func aRunAfterTheLastOutOfOrderStillYieldsToEarlierOnes() {
        var runs = SavedPlacementRanges()
        runs.save(10..<20, current: Self.placements(40), overwritten: OverwrittenPlacements())
        runs.save(0..<5, current: Self.placements(40, shift: 100), overwritten: OverwrittenPlacements())
        // Starts after the last run's end, but overlaps the first.
        #expect(runs.canSave(15..<25, bound: 100))
        runs.save(15..<25, current: Self.placements(40, shift: 200), overwritten: OverwrittenPlacements())
        #expect((13..<22).map { runs.placement(of: $0)?.origin.x } == [13, 14, 15, 16, 17, 18, 19, 220, 221])
        // The run itself holds those values (a relayout writes the shifted placements from it).
        #expect(runs.withLastRun { $0.map(\.origin.x) } == [15, 16, 17, 18, 19, 220, 221, 222, 223, 224])
        // Out of order, only a few runs are kept; in order, as many as the bound allows.
        for start in stride(from: 30, to: 30 + 2 * SavedPlacementRanges.outOfOrderRuns, by: 2) {
            guard runs.canSave(start..<start + 1, bound: 1_000) else { break }
            runs.save(start..<start + 1, current: Self.placements(200), overwritten: OverwrittenPlacements())
        }
        #expect(!runs.canSave(199..<200, bound: 1_000))
        var ordered = SavedPlacementRanges()
        for start in stride(from: 0, to: 200, by: 2) {
            #expect(ordered.canSave(start..<start + 1, bound: 1_000))
            ordered.save(start..<start + 1, current: Self.placements(200), overwritten: OverwrittenPlacements())
        }
        #expect(!ordered.canSave(200..<300, bound: 150))
    }

    @Test func ascendingRunsAreFoundByHalves() {
        var runs = SavedPlacementRanges()
        // Nine runs of three nodes with gaps of two: 0..<3, 5..<8, ...
        for start in stride(from: 0, to: 45, by: 5) {
            runs.save(start..<start + 3, current: Self.placements(50, shift: 0.5), overwritten: OverwrittenPlacements())
        }
        for node in -1..<50 {
            let inRun = node >= 0 && node < 45 && node % 5 < 3
            #expect(runs.placement(of: node)?.origin.x == (inRun ? Double(node) + 0.5 : nil), "node \(node)")
        }
        runs.removeAll()
        #expect(runs.isEmpty && runs.count == 0 && runs.placement(of: 1) == nil)
    }

    /// The generated tree of 10,000 nodes with the height of its 21st view set to each of
    /// `heights` (as `layoutd-bench`'s moving leaf): each change moves the few hundred
    /// nodes after it, more than the table of overwritten placements keeps one by one.
    static func movingTrees(heights: [Int]) throws -> [LayoutRequest] {
        let base = TreeGenerator(nodeCount: 10_000, seed: 42).requestJSON()
        var from = base.startIndex
        for _ in 0..<21 {
            let view = try #require(base.range(of: #""type":"view","#, range: from..<base.endIndex))
            from = view.upperBound
        }
        let height = try #require(base.range(of: #""height":"#, range: from..<base.endIndex))
        let end = base[height.upperBound...].firstIndex { !$0.isNumber } ?? base.endIndex
        return try heights.map { value in
            try RequestDecoder.decode(Array(base.replacingCharacters(in: height.upperBound..<end, with: String(value)).utf8))
        }
    }

    /// A session's layout: with a measurement cache, as the server's, so that the
    /// subtrees a change moves are placed from their sizes, not measured again.
    static func layout(
        _ request: LayoutRequest, previous: LayoutRecord?, cache: SharedMeasurementCache, budget: Int = .max
    ) -> (LayoutResult, LayoutRecord?) {
        LayoutComputer.layout(
            request, hashes: StructuralHasher.hashes(of: request.tree), shared: cache, previous: previous, keepRecord: true,
            workBudget: budget)
    }

    /// Lays out `requests` in turn as one session, each after the first from the one
    /// before's record: each must be a relayout (at most `measured` measurements) with a
    /// fresh layout's frames.
    static func expectRelayoutsGiveFreshFrames(_ requests: [LayoutRequest], measured: Int) {
        let cache = SharedMeasurementCache()
        var record = layout(requests[0], previous: nil, cache: cache).1
        for (step, request) in requests.enumerated().dropFirst() {
            #expect(record != nil, "step \(step): the session keeps a record")
            let (result, next) = layout(request, previous: record, cache: cache)
            let fresh = RelayoutBuffersTests.layout(request, previous: nil).0
            #expect(result.measured <= measured, "step \(step): a relayout, not a fresh layout")
            #expect(RelayoutBuffersTests.placedFrames(result) == RelayoutBuffersTests.placedFrames(fresh), "step \(step)")
            record = next
        }
    }

    @Test func relayoutsThatMoveSubtreesGiveFreshFrames() throws {
        Self.expectRelayoutsGiveFreshFrames(try Self.movingTrees(heights: [200, 201, 90, 400, 200, 3]), measured: 19)
    }

    /// A column of rows of three padded views, the rows in `order`: all the same widths
    /// (so a row is proposed the same wherever it is), their own heights (so the views sit
    /// differently in each row); the last view of each row in `widened` 50 wider.
    static func rowsRequest(order: [Int], widened: Set<Int>) throws -> LayoutRequest {
        let rows = order.map { row in
            let views = (0..<3).map { column in
                let width = 10 + column + (column == 2 && widened.contains(row) ? 50 : 0)
                return #"{"type":"view","id":"v\#(row)-\#(column)","size":{"width":\#(width),"height":\#(5 + (row + 3 * column) % 7)},"#
                    + #""modifiers":[{"padding":\#(column)}]}"#
            }
            return #"{"type":"hstack","id":"r\#(row)","spacing":2,"children":[\#(views.joined(separator: ","))]}"#
        }
        let json = #"{"bounds":{"width":400,"height":null},"root":{"type":"vstack","id":"root","children":[\#(rows.joined(separator: ","))]}}"#
        return try RequestDecoder.decode(Array(json.utf8))
    }

    /// Rows swapped, then the last view of a swapped row widened, and so on: a row reused
    /// at another index is copied with its previous placements saved as a run, and the
    /// next relayout reuses its first two views one by one from the placements recorded.
    /// (`IncrementalPropertyTests`' seed 34 is the case where reading a run back, not the
    /// overwritten buffer, changes the frames.)
    @Test func relayoutsThatSwapSubtreesGiveFreshFrames() throws {
        var order = Array(0..<200)
        var widened: Set<Int> = []
        var requests = [try Self.rowsRequest(order: order, widened: widened)]
        let steps: [(swap: (Int, Int)?, widen: Int?)] = [
            ((3, 151), nil), (nil, 3), ((3, 151), nil), (nil, 151), ((0, 199), nil), (nil, 0), ((10, 11), nil), (nil, 10),
        ]
        for change in steps {
            if let (a, b) = change.swap { order.swapAt(a, b) }
            if let row = change.widen { widened.insert(row) }
            requests.append(try Self.rowsRequest(order: order, widened: widened))
        }
        Self.expectRelayoutsGiveFreshFrames(requests, measured: 11)
    }

    @Test func aRefusedRelayoutThatMovedSubtreesPutsThePreviousPlacementsBack() throws {
        let requests = try Self.movingTrees(heights: [200, 260, 120])
        let cache = SharedMeasurementCache()
        let whole = Self.layout(requests[1], previous: Self.layout(requests[0], previous: nil, cache: cache).1, cache: cache)
        let work = whole.0.measured
        // Refused after each amount of work it would do, some placements moved by then.
        var refusals = 0
        for budget in 0..<max(work, 1) {
            let first = try #require(Self.layout(requests[0], previous: nil, cache: cache).1)
            let before = try #require(first.placement.read()).placements
            let refused = Self.layout(requests[1], previous: first, cache: cache, budget: budget).0
            guard refused.exhausted else { continue }
            refusals += 1
            let putBack = try #require(first.placement.read()).placements
            #expect(putBack.count == before.count)
            let differing = zip(putBack, before).filter { $0.proposal != $1.proposal || $0.origin != $1.origin }.count
            #expect(differing == 0, "budget \(budget)")
            // And the session goes on from them.
            let (result, _) = Self.layout(requests[2], previous: first, cache: cache)
            #expect(
                RelayoutBuffersTests.placedFrames(result)
                    == RelayoutBuffersTests.placedFrames(RelayoutBuffersTests.layout(requests[2], previous: nil).0))
        }
        #expect(refusals > 0)
    }
}

/// The log of frames a relayout wrote, ranges as one entry each.
@Suite struct WrittenNodesTests {
    @Test func singlesAndRangesReadBackInOrder() {
        var log = WrittenNodes()
        #expect(log.isEmpty)
        log.append(7)
        log.append(range: 100..<104)
        log.append(range: 5..<5)
        log.append(range: 9..<10)
        log.append(7)
        var ranges: [Range<Int>] = []
        log.forEachRange { ranges.append($0) }
        #expect(ranges == [7..<8, 100..<104, 9..<10, 7..<8])
        #expect(log.nodes == [7, 100, 101, 102, 103, 9, 7])
        #expect(log.count == 7)
    }

    @Test func aSpareIsBroughtUpToDateRangeByRange() {
        let current = (0..<50).map { Rect(x: Double($0), y: 0, width: 1, height: 1) }
        var stale = WrittenNodes()
        stale.append(3)
        stale.append(range: 10..<20)
        stale.append(range: 45..<60)  // past the end: copied up to it
        var spare = SpareFrames(frames: Array(repeating: Rect(x: -1, y: -1, width: 0, height: 0), count: 50), stale: stale)
        let synced = spare.takeSynced(to: current)
        for index in 0..<50 {
            let expected = index == 3 || (10..<20).contains(index) || index >= 45 ? current[index] : Rect(x: -1, y: -1, width: 0, height: 0)
            #expect(synced[index] == expected, "node \(index)")
        }
    }
}
