import Testing

@testable import LayoutEngine

/// How many content sizes a layout computes (issue 11: once per node per distinct
/// proposal, and rigid nodes once in all). Counts, not timings: they are exact.
@Suite struct MeasurementCountTests {
    /// A VStack of `rows` HStacks of `cells` padded HStacks of `views` rigid views.
    private func rigidStacks(rows: Int, cells: Int, views: Int) -> String {
        let view = #"{"type":"view","size":{"width":3,"height":5}}"#
        let cell = #"{"type":"hstack","spacing":1,"modifiers":[{"padding":2}],"children":[\#(Array(repeating: view, count: views).joined(separator: ","))]}"#
        let row = #"{"type":"hstack","children":[\#(Array(repeating: cell, count: cells).joined(separator: ","))]}"#
        return #"{"type":"vstack","children":[\#(Array(repeating: row, count: rows).joined(separator: ","))]}"#
    }

    @Test func rigidStacksAreMeasuredOncePerNode() throws {
        // Every node here is rigid (views; stacks of rigid nodes; fixed padding), so each
        // stack is measured exactly once however often its parent probes it; the views
        // answer from their kind (never measured nor memoized).
        let json = LayoutEngineTests.request(rigidStacks(rows: 4, cells: 3, views: 5))
        let decoded = try RequestDecoder.decode(Array(json.utf8))
        let result = uncachedRuntime.layout(decoded)
        let nodes: Int = decoded.tree.nodeCount
        #expect(nodes == 77)  // 1 + 4 rows + 12 cells + 60 views
        #expect(result.measured == 1 + 4 + 12)
    }

    @Test func rigidAnswersMatchAFreshMeasurement() throws {
        // A padded stack of rigid views in an HStack that shares 300 with a rect: the cell is
        // rigid, 2 + (3 + 1 + 3) + 2 = 11 wide and 2 + 5 + 2 = 9 tall whatever it is offered;
        // HStack(spacing 0) in 300×50: cell first (flexibility 0): 150 → 11; rect 289.
        // The padded box is centred: top (50 - 9) / 2 = 20.5, so the content is at (2, 22.5).
        let f = try frames(
            request(
                #"{"type":"hstack","spacing":0,"children":[{"type":"hstack","id":"cell","spacing":1,"modifiers":[{"padding":2}],"children":[{"type":"view","id":"a","size":{"width":3,"height":5}},{"type":"view","size":{"width":3,"height":5}}]},{"type":"rect","id":"r"}]}"#,
                width: "300", height: "50"))
        expectFrame(f["cell"], rect(2, 22.5, 7, 5))
        expectFrame(f["a"], rect(2, 22.5, 3, 5))
        expectFrame(f["r"], rect(11, 0, 289, 50))
    }

    /// Lays out `root` in `width`×`height`: its frames by id and how many sizes it computed.
    private func layout(_ root: String, width: String, height: String) throws -> (frames: [String: Rect], measured: Int) {
        let decoded = try RequestDecoder.decode(Array(LayoutEngineTests.request(root, width: width, height: height).utf8))
        let result = uncachedRuntime.layout(decoded)
        var byId: [String: Rect] = [:]
        for index in 0..<decoded.tree.nodeCount where result.hasFrame[index] {
            byId[decoded.tree.id(of: index)] = result.frames[index]
        }
        return (byId, result.measured)
    }

    @Test func shapesAreAskedOnlyTheirShare() throws {
        // HStack(spacing: 10) { Color ×3 } proposed 620: 200 each at x 0, 210, 420
        // (SWIFTUI-RULES.md). A shape stretches from 0 to infinity whatever it is, so the
        // stack does not probe it, and each answers its share from its kind: only the stack
        // is measured, once.
        let (f, measured) = try layout(
            #"{"type":"hstack","spacing":10,"children":[{"type":"rect","id":"a"},{"type":"rect","id":"b"},{"type":"rect","id":"c"}]}"#,
            width: "620", height: "100")
        expectFrame(f["a"], rect(0, 0, 200, 100))
        expectFrame(f["b"], rect(210, 0, 200, 100))
        expectFrame(f["c"], rect(420, 0, 200, 100))
        #expect(measured == 1)
    }

    @Test func spacersAreAskedOnlyTheirShare() throws {
        // HStack { red 50×50; Spacer(); blue 50×50 } in 200×80: red at (0, 15), blue at
        // (150, 15) (SWIFTUI-RULES.md). The spacer's range (its minimum 8 to infinity) comes
        // from its kind, and the rigid views answer from theirs: only the stack is measured, once.
        let (f, measured) = try layout(
            #"{"type":"hstack","children":[{"type":"view","id":"red","size":{"width":50,"height":50}},{"type":"spacer","id":"s"},{"type":"view","id":"blue","size":{"width":50,"height":50}}]}"#,
            width: "200", height: "80")
        expectFrame(f["red"], rect(0, 15, 50, 50))
        expectFrame(f["blue"], rect(150, 15, 50, 50))
        #expect(measured == 1)
    }
}
