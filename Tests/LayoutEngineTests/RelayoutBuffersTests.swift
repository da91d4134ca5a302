import Testing
import Workloads

@testable import LayoutEngine

/// What a relayout of a session reuses instead of building per layout: the nodes whose
/// subtree hashes changed, found from the root down; the spare frame buffer, brought up to
/// date at the nodes the last layout wrote; the size memos' heads, numbered per layout
/// instead of cleared.
@Suite struct RelayoutBuffersTests {
    /// A generated tree and the same tree with the last rigid view's width changed.
    static func trees(nodes: Int, widths: [Int]) throws -> [LayoutRequest] {
        let base = TreeGenerator(nodeCount: nodes, seed: 7).requestJSON()
        let marker = #""size":{"width":"#
        let range = try #require(base.range(of: marker, options: .backwards))
        let digitsEnd = base[range.upperBound...].firstIndex { !$0.isNumber } ?? base.endIndex
        return try widths.map { width in
            try RequestDecoder.decode(Array(base.replacingCharacters(in: range.upperBound..<digitsEnd, with: String(width)).utf8))
        }
    }

    static func bruteForceChanges(_ hashes: [TreeHash], _ previous: [TreeHash]) -> [Int32] {
        hashes.indices.filter { hashes[$0] != previous[$0] }.map { Int32($0) }
    }

    @Test func changedSubtreesAreThePathOfTheEdit() throws {
        let requests = try Self.trees(nodes: 400, widths: [11, 12])
        let old = StructuralHasher.hashes(of: requests[0].tree)
        let new = StructuralHasher.hashes(of: requests[1].tree)
        let changed = ChangedSubtrees.nodes(requests[1].tree, hashes: new, previous: old)
        #expect(changed == Self.bruteForceChanges(new, old))
        // The leaf and every ancestor, root first: a path, not the tree.
        #expect(changed.first == 0)
        #expect(changed.count >= 2 && changed.count < 20)
        var node = Int(try #require(changed.last))
        var path: [Int32] = []
        while node >= 0 {
            path.append(Int32(node))
            node = Int(requests[1].tree.nodes[node].parent)
        }
        #expect(path.reversed() == changed)
        #expect(ChangedSubtrees.nodes(requests[1].tree, hashes: new, previous: new).isEmpty)
    }

    @Test func changedSubtreesOfAnotherShapeWithTheSameCount() throws {
        // Same node count, different arena shape: a view moved from one stack to another.
        let first = try RequestDecoder.decode(
            Array(
                #"{"bounds":{"width":100,"height":100},"root":{"type":"vstack","id":"r","children":[{"type":"hstack","id":"a","children":[{"type":"view","id":"x","size":{"width":1,"height":1}},{"type":"view","id":"y","size":{"width":2,"height":1}}]},{"type":"hstack","id":"b","children":[{"type":"rect","id":"z"}]}]}}"#
                    .utf8))
        let second = try RequestDecoder.decode(
            Array(
                #"{"bounds":{"width":100,"height":100},"root":{"type":"vstack","id":"r","children":[{"type":"hstack","id":"a","children":[{"type":"view","id":"x","size":{"width":1,"height":1}}]},{"type":"hstack","id":"b","children":[{"type":"view","id":"y","size":{"width":2,"height":1}},{"type":"rect","id":"z"}]}]}}"#
                    .utf8))
        let old = StructuralHasher.hashes(of: first.tree), new = StructuralHasher.hashes(of: second.tree)
        #expect(old.count == new.count)
        let changed = ChangedSubtrees.nodes(second.tree, hashes: new, previous: old)
        #expect(changed == Self.bruteForceChanges(new, old))
        #expect(changed.contains(0) && changed.count >= 4)
    }

    /// Frames keyed by index, where placed.
    static func placedFrames(_ result: LayoutResult) -> [Int: Rect] {
        var frames: [Int: Rect] = [:]
        for index in result.frames.indices where result.hasFrame[index] { frames[index] = result.frames[index] }
        return frames
    }

    static func layout(_ request: LayoutRequest, previous: LayoutRecord?, budget: Int = .max) -> (LayoutResult, LayoutRecord?) {
        let hashes = StructuralHasher.hashes(of: request.tree)
        let (result, record) = LayoutComputer.layout(
            request, hashes: hashes, shared: nil, previous: previous, keepRecord: true, workBudget: budget)
        return (result, record)
    }

    @Test func spareFramesTradePlacesAcrossRelayouts() throws {
        let widths = [11, 12, 40, 11, 12, 13]
        let requests = try Self.trees(nodes: 300, widths: widths)
        var (_, record) = Self.layout(requests[0], previous: nil)
        // A fresh layout has no spare; each relayout in place leaves the previous frames
        // as its record's spare, stale only where it wrote.
        #expect(record?.placement.read()?.spare == nil)
        for (step, request) in requests.enumerated().dropFirst() {
            let previous = try #require(record)
            let (result, next) = Self.layout(request, previous: previous)
            let fresh = Self.layout(request, previous: nil).0
            #expect(Self.placedFrames(result) == Self.placedFrames(fresh), "step \(step)")
            // The previous record's buffers were taken (spare included).
            #expect(previous.placement.read() == nil)
            let spare = try #require(next?.placement.read()?.spare, "step \(step)")
            #expect(spare.frames == previous.frames)
            #expect(!spare.stale.isEmpty && spare.stale.count < request.tree.nodeCount / 4)
            #expect(spare.stale.nodes.count == spare.stale.count)
            // Off its stale nodes, the spare is the record's frames already.
            let stale = Set(spare.stale.nodes)
            let current = try #require(next?.frames)
            for index in current.indices where !stale.contains(Int32(index)) { #expect(spare.frames[index] == current[index]) }
            record = next
        }
    }

    @Test func refusedRelayoutPutsBuffersBackWithItsFramesAsSpare() throws {
        let requests = try Self.trees(nodes: 300, widths: [11, 12, 30, 30])
        let first = Self.layout(requests[0], previous: nil).1
        let second = try #require(Self.layout(requests[1], previous: first).1)
        // Refused for lack of budget: the record gets its placements back, and as its
        // spare the refused layout's frames (unless it wrote more than a quarter of
        // them, as this one does: past the budget every size is zero), stale where
        // they differ from the record's.
        let refused = Self.layout(requests[2], previous: second, budget: 3).0
        #expect(refused.exhausted)
        let putBack = try #require(second.placement.read())
        #expect(putBack.placements.count == requests[2].tree.nodeCount)
        if let spare = putBack.spare {
            let stale = Set(spare.stale.nodes)
            for index in second.frames.indices where !stale.contains(Int32(index)) {
                #expect(spare.frames[index] == second.frames[index])
            }
        }
        // The next relayout from that record still gives a fresh layout's frames.
        let (result, _) = Self.layout(requests[3], previous: second)
        #expect(Self.placedFrames(result) == Self.placedFrames(Self.layout(requests[3], previous: nil).0))
    }

    @Test func sizeMemoHeadsFromAnEarlierLayoutAreEmpty() {
        let buffers = MemoBuffers()
        var first = PerLayoutSizeMemo(nodeCount: 10, buffers: buffers)
        let proposal = ProposedSize(width: 5, height: nil)
        first.store(3, proposal, Size(width: 5, height: 7))
        #expect(first.lookup(3, proposal) == Size(width: 5, height: 7))
        // The next layout on the same buffers (a larger tree too) sees none of it.
        var second = PerLayoutSizeMemo(nodeCount: 20, buffers: buffers)
        #expect(second.lookup(3, proposal) == nil)
        #expect(second.lookup(15, proposal) == nil)
        second.store(15, proposal, Size(width: 1, height: 2))
        #expect(second.lookup(15, proposal) == Size(width: 1, height: 2))
        let third = PerLayoutSizeMemo(nodeCount: 20, buffers: buffers)
        #expect(third.lookup(15, proposal) == nil)
    }
}
