import Testing
import Workloads

@testable import LayoutEngine

/// The shortcuts of an unprofiled layout (leaves answered from their kind, flexibility
/// ranges from the kind, a rigid child asked once, a stack's answers reused when it places
/// children with the proposals it sized them with) against a profiled layout, which asks
/// every question through the memo as SwiftUI asks it: both must give the same frames, bit
/// for bit, on generated screens (stacks, padding, frames, spacers, text, backgrounds).
@Suite struct FastPathAgreementTests {
    private func frames(_ request: LayoutRequest, profiled: Bool) -> (frames: [Rect], placed: [Bool]) {
        let result = LayoutComputer.layout(
            request, hashes: [], shared: nil, previous: nil, profileClock: profiled ? .continuous : nil
        ).result
        return (result.frames, result.hasFrame)
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8])
    func generatedScreensLayOutAlike(seed: UInt64) throws {
        for nodes in [60, 400, 2_000] {
            let body = TreeGenerator(nodeCount: nodes, seed: seed).requestJSON()
            let request = try RequestDecoder.decode(Array(body.utf8))
            let reused = frames(request, profiled: false)
            let fresh = frames(request, profiled: true)
            #expect(reused.placed == fresh.placed, "seed \(seed), \(nodes) nodes")
            let differing = reused.frames.indices.filter { reused.frames[$0] != fresh.frames[$0] }
            #expect(differing.isEmpty, "seed \(seed), \(nodes) nodes: \(differing.prefix(5).map { request.tree.id(of: $0) })")
        }
    }

    @Test func unspecifiedAndBaselineStacksLayOutAlike() throws {
        // An HStack offered no height (inside a vertical scroll view) places its children
        // with its own height; baseline-aligned rows ask their texts' baselines.
        let root = #"""
            {"type":"scroll","axes":"vertical","children":[{"type":"vstack","children":[
             {"type":"hstack","alignment":"firstTextBaseline","children":[
              {"type":"text","text":"Hello world","font":{"size":17}},{"type":"spacer"},
              {"type":"text","text":"Long title that wraps","font":{"size":12},"modifiers":[{"padding":4}]}]},
             {"type":"hstack","children":[{"type":"rect"},{"type":"view","size":{"width":30,"height":20}},
              {"type":"vstack","modifiers":[{"frame":{"maxWidth":"infinity","alignment":"leading"}}],"children":[
               {"type":"text","text":"Inbox"},{"type":"divider"},{"type":"image","size":{"width":24,"height":24},"resizable":true}]}]}]}]}
            """#
        let request = try RequestDecoder.decode(Array(LayoutEngineTests.request(root, width: "320", height: "480").utf8))
        let reused = frames(request, profiled: false)
        let fresh = frames(request, profiled: true)
        #expect(reused.placed == fresh.placed)
        #expect(reused.frames == fresh.frames)
    }
}
