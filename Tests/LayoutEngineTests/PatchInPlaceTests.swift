import Foundation
import Testing
import Workloads

@testable import LayoutEngine

/// Patches applied to the session's decoded tree (PatchInPlace): which ones are, that they
/// reach the tree, hashes and document a whole request gives, and that every other patch
/// (and every error) still goes through PatchApplier.
@Suite struct PatchInPlaceTests {
    /// A vstack of two views and an hstack holding a text, and a flex holding a view.
    static let base =
        #"{"bounds":{"width":200,"height":200},"session":"p","alignment":"topLeading","root":{"type":"vstack","id":"list","alignment":"leading","spacing":0,"children":[{"type":"view","id":"a","size":{"width":10,"height":10}},{"type":"view","size":{"width":20,"height":10}},{"type":"hstack","id":"row","spacing":0,"children":[{"type":"text","id":"t","text":"ab","font":{"size":10}}]},{"type":"flex","id":"f","children":[{"type":"view","id":"fa","size":{"width":5,"height":5}}]}]}}"#

    func head(_ baseline: String) -> String {
        #"{"bounds":{"width":200,"height":200},"session":"p","alignment":"topLeading","baseline":"\#(baseline)","patch":["#
    }

    func patchTape(_ baseline: String, _ ops: String) throws -> (JSONTape, Int) {
        guard case .patch(let tape, let patch, _, _) = try RequestDecoder.decodeOrPatch(Array((head(baseline) + ops + "]}").utf8))
        else { throw CancellationError() }
        return (tape, patch)
    }

    func session(_ runtime: LayoutRuntime, _ key: String = "p") throws -> SessionState {
        try #require(runtime.sessions.state(for: SessionStore.Key(tenant: "", session: key)))
    }

    func treeHash(_ result: Result<RuntimeResponse, Problem>) throws -> String {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.get().body)) as? [String: Any])
        return try #require(object["treeHash"] as? String)
    }

    /// The whole request equal to `base` with these edits, as text replacements.
    func whole(_ edits: [(String, String)]) -> [UInt8] {
        var text = Self.base
        for (from, to) in edits { text = text.replacingOccurrences(of: from, with: to) }
        return Array(text.utf8)
    }

    @Test func leafSetsAndReplacesEditTheTreeInPlace() throws {
        let runtime = LayoutRuntime()
        let hash = try treeHash(runtime.layout(Array(Self.base.utf8)))
        let ops = [
            #"{"op":"set","id":"a","field":"size","value":{"width":30,"height":5}}"#,
            // An id-less view (`list/1`): the replacement has no id either, so it keeps it.
            #"{"op":"replace","id":"list/1","node":{"type":"rect","size":{"width":7,"height":8},"modifiers":[{"padding":2}]}}"#,
            #"{"op":"set","id":"t","field":"text","value":"abcd"}"#,
            #"{"op":"set","id":"t","field":"lineLimit","value":1}"#,
        ].joined(separator: ",")
        let (tape, patch) = try patchTape(hash, ops)
        let state = try session(runtime)
        let outcome = try #require(PatchInPlace.apply(tape, patch: patch, session: state, limits: DecodeLimits()))
        // The arena kept its shape; the hashes updated up the paths are the tree's own.
        #expect(outcome.request.tree.nodeCount == state.request.tree.nodeCount)
        #expect(outcome.hashes == StructuralHasher.hashes(of: outcome.request.tree))
        // The same tree sent whole decodes to the same hashes, and so does the document
        // the session now keeps, written out.
        let expected = whole([
            (#"{"width":10,"height":10}"#, #"{"width":30,"height":5}"#),
            (
                #"{"type":"view","size":{"width":20,"height":10}}"#,
                #"{"type":"rect","size":{"width":7,"height":8},"modifiers":[{"padding":2}]}"#
            ),
            (#""text":"ab","font":{"size":10}"#, #""text":"abcd","font":{"size":10},"lineLimit":1"#),
        ])
        let fresh = try RequestDecoder.decode(expected)
        #expect(outcome.hashes == StructuralHasher.hashes(of: fresh.tree))
        let rendered = try RequestDecoder.decode(outcome.document.rendered())
        #expect(StructuralHasher.hashes(of: rendered.tree) == outcome.hashes)
        #expect(outcome.document.overlay.count == 3)
        let expectedTape = try JSONTapeParser.parse(expected, maxNesting: 100)
        let expectedRoot = try #require(expectedTape.member("root", of: 0))
        #expect(outcome.document.rootBytes == expectedTape.rawBytes(of: expectedRoot).count)
    }

    /// A leaf with a background keeps its shape when its size is set: rewritten in place,
    /// content and all; a replacement without the background has another shape.
    @Test func leavesWithContentsAreRewrittenWhenTheShapeStays() throws {
        let runtime = LayoutRuntime()
        let withBackground = Self.base.replacingOccurrences(
            of: #""id":"a","size":{"width":10,"height":10}"#,
            with: #""id":"a","size":{"width":10,"height":10},"modifiers":[{"padding":1},{"background":{"content":{"type":"zstack","children":[{"type":"rect"}]}}}]"#)
        let hash = try treeHash(runtime.layout(Array(withBackground.utf8)))
        let state = try session(runtime)
        let (tape, patch) = try patchTape(hash, #"{"op":"set","id":"a","field":"size","value":{"width":30,"height":5}}"#)
        let outcome = try #require(PatchInPlace.apply(tape, patch: patch, session: state, limits: DecodeLimits()))
        let fresh = try RequestDecoder.decode(
            Array(withBackground.replacingOccurrences(of: #"{"width":10,"height":10}"#, with: #"{"width":30,"height":5}"#).utf8))
        #expect(outcome.hashes == StructuralHasher.hashes(of: fresh.tree))
        #expect(outcome.hashes == StructuralHasher.hashes(of: outcome.request.tree))
        // The rect inside the background is inside a rewritten object now: PatchApplier's.
        let inside = try patchTape(hash, #"{"op":"set","id":"a","field":"size","value":{"width":30,"height":5}},{"op":"set","id":"a/background/0","field":"size","value":{"width":1,"height":1}}"#)
        #expect(PatchInPlace.apply(inside.0, patch: inside.1, session: state, limits: DecodeLimits()) == nil)
        let reshaped = try patchTape(hash, #"{"op":"replace","id":"a","node":{"type":"view","id":"a","size":{"width":1,"height":1}}}"#)
        #expect(PatchInPlace.apply(reshaped.0, patch: reshaped.1, session: state, limits: DecodeLimits()) == nil)
    }

    /// A container's own fields (spacing, alignment) are set in place, its children kept,
    /// in the same patch as a leaf below it (PatchApplier's second run: the budget counts
    /// two).
    @Test func containerFieldsAreSetInPlace() throws {
        let runtime = LayoutRuntime()
        let hash = try treeHash(runtime.layout(Array(Self.base.utf8)))
        let state = try session(runtime)
        let ops = [
            #"{"op":"set","id":"list","field":"spacing","value":5}"#,
            #"{"op":"set","id":"row","field":"alignment","value":"top"}"#,
            #"{"op":"set","id":"a","field":"size","value":{"width":30,"height":5}}"#,
        ].joined(separator: ",")
        let (tape, patch) = try patchTape(hash, ops)
        let outcome = try #require(PatchInPlace.apply(tape, patch: patch, session: state, limits: DecodeLimits()))
        let expected = whole([
            (#""id":"list","alignment":"leading","spacing":0"#, #""id":"list","alignment":"leading","spacing":5"#),
            (#""id":"row","spacing":0"#, #""id":"row","spacing":0,"alignment":"top""#),
            (#"{"width":10,"height":10}"#, #"{"width":30,"height":5}"#),
        ])
        #expect(outcome.hashes == StructuralHasher.hashes(of: try RequestDecoder.decode(expected).tree))
        #expect(outcome.hashes == StructuralHasher.hashes(of: outcome.request.tree))
        #expect(StructuralHasher.hashes(of: try RequestDecoder.decode(outcome.document.rendered()).tree) == outcome.hashes)
        #expect(outcome.document.members.count == 2)
        // A budget of exactly two runs of the tree (its 7 nodes) plus the 3 ops is enough,
        // one read less is PatchApplier's (a 413).
        var limits = DecodeLimits()
        limits.layoutWorkPerNode = 0
        limits.layoutWorkBase = PatchApplier.work(runs: 2, nodes: 7, ops: 3)
        #expect(PatchInPlace.apply(tape, patch: patch, session: state, limits: limits) != nil)
        limits.layoutWorkBase -= 1
        #expect(PatchInPlace.apply(tape, patch: patch, session: state, limits: limits) == nil)

        // Through the runtime, frames as the whole tree's: hand-derived, a leading vstack
        // with spacing 5 at the top-left: a 30×5 at y 0, list/1 20×10 at y 10, the row
        // (text "ab" in Ahem 10, 20×10) at y 25.
        let response = try runtime.layout(Array((head(hash) + ops + #"],"options":{"frames":"all"}}"#).utf8)).get()
        let frames = try IncrementalPropertyTests.responseFrames(response.body).frames
        #expect(frames["a"] == [0, 0, 30, 5])
        #expect(frames["list/1"] == [0, 10, 20, 10])
        #expect(frames["t"] == [0, 25, 20, 10])
    }

    @Test func patchesItCannotVouchForGoToPatchApplier() throws {
        let runtime = LayoutRuntime()
        let hash = try treeHash(runtime.layout(Array(Self.base.utf8)))
        let state = try session(runtime)
        for op in [
            // Structure: insert, remove, a container's children, a leaf made a group.
            #"{"op":"insert","parent":"list","index":0,"node":{"type":"view","size":{"width":1,"height":1}}}"#,
            #"{"op":"remove","id":"a"}"#,
            #"{"op":"set","id":"row","field":"children","value":[]}"#,
            // A container's own field that adds modifier contents, or modifiers, or a flex.
            #"{"op":"set","id":"list","field":"modifiers","value":[{"background":{"content":{"type":"rect"}}}]}"#,
            #"{"op":"set","id":"row","field":"modifiers","value":[{"padding":1}]}"#,
            #"{"op":"set","id":"f","field":"style","value":{"gap":2}}"#,
            #"{"op":"replace","id":"a","node":{"type":"group","children":[]}}"#,
            // A new id, a flex item, an unknown node, a field a view does not have.
            #"{"op":"replace","id":"a","node":{"type":"view","id":"z","size":{"width":1,"height":1}}}"#,
            #"{"op":"set","id":"fa","field":"size","value":{"width":9,"height":9}}"#,
            #"{"op":"set","id":"nobody","field":"size","value":{"width":9,"height":9}}"#,
            #"{"op":"set","id":"a","field":"spacing","value":3}"#,
            // The same leaf replaced, then set (PatchApplier's second run).
            #"{"op":"replace","id":"a","node":{"type":"view","id":"a","size":{"width":1,"height":1}}},{"op":"set","id":"a","field":"size","value":{"width":2,"height":2}}"#,
        ] {
            let (tape, patch) = try patchTape(hash, op)
            #expect(PatchInPlace.apply(tape, patch: patch, session: state, limits: DecodeLimits()) == nil, "\(op)")
        }
    }

    /// After patches applied in place, a structural patch (PatchApplier) starts from the
    /// document with those edits, and its errors are the ones a session that received
    /// the edited tree whole gives: same status, detail and pointers.
    @Test func structuralPatchesAndErrorsAfterInPlaceEditsAreAsIfTheTreeWereSentWhole() throws {
        let edited = LayoutRuntime()
        var hash = try treeHash(edited.layout(Array(Self.base.utf8)))
        hash = try treeHash(
            edited.layout(Array((head(hash) + #"{"op":"set","id":"a","field":"size","value":{"width":30,"height":5}}]}"#).utf8)))
        #expect(try session(edited).document.overlay.count == 1)
        let sentWhole = LayoutRuntime()
        let wholeHash = try treeHash(sentWhole.layout(whole([(#"{"width":10,"height":10}"#, #"{"width":30,"height":5}"#)])))
        #expect(wholeHash == hash)

        let bad = #"{"op":"insert","parent":"list","index":1,"node":{"type":"view","id":"t","size":{"width":1,"height":1}}}"#
        guard case .failure(let one) = edited.layout(Array((head(hash) + bad + "]}").utf8)),
            case .failure(let other) = sentWhole.layout(Array((head(hash) + bad + "]}").utf8))
        else {
            Issue.record("a duplicate id must be refused")
            return
        }
        #expect(one.status == 422)
        #expect(one.detail == other.detail)
        #expect(one.errors.map(\.pointer) == other.errors.map(\.pointer))
        #expect(one.errors.first?.pointer == "/patch/0")

        let insert = #"{"op":"insert","parent":"list","index":1,"node":{"type":"view","id":"n","size":{"width":1,"height":1}}}"#
        let afterEdits = try treeHash(edited.layout(Array((head(hash) + insert + "]}").utf8)))
        let afterWhole = try treeHash(sentWhole.layout(Array((head(hash) + insert + "]}").utf8)))
        #expect(afterEdits == afterWhole)
        // PatchApplier left a plain body again.
        #expect(try session(edited).document.overlay.isEmpty)
    }

    /// An in-place patch that sets a leaf's size: frames as a fresh layout's. Hand-derived:
    /// a leading vstack without spacing at the top-left: a 30×5 at y 0, the id-less
    /// 20×10 at y 5, the row (text "ab" in Ahem 10: 20×10) at y 15.
    @Test func framesAfterAnInPlacePatch() throws {
        let runtime = LayoutRuntime()
        let hash = try treeHash(runtime.layout(Array(Self.base.utf8)))
        let response = try runtime.layout(
            Array((head(hash) + #"{"op":"set","id":"a","field":"size","value":{"width":30,"height":5}}],"options":{"frames":"all"}}"#).utf8)
        ).get()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        let frames = try #require(object["frames"] as? [String: [String: Double]])
        func rect(_ id: String) -> [Double] { ["x", "y", "width", "height"].map { frames[id]?[$0] ?? .nan } }
        #expect(rect("a") == [0, 0, 30, 5])
        #expect(rect("list/1") == [0, 5, 20, 10])
        #expect(rect("t") == [0, 15, 20, 10])
        #expect(try session(runtime).document.overlay.count == 1)

        // By default a patch gets only the frames that changed: a shrank (30×5 → 10×5) and
        // nothing else moved or resized: a's height is the same, and the stack is as wide
        // as the flex, which takes the 200 the stack proposes (observed with `layoutd
        // layout`: f is 200 wide either way).
        let next = try treeHash(.success(response))
        let changed = try runtime.layout(
            Array((head(next) + #"{"op":"set","id":"a","field":"size","value":{"width":10,"height":5}}]}"#).utf8)
        ).get()
        let changedObject = try #require(try JSONSerialization.jsonObject(with: Data(changed.body)) as? [String: Any])
        let sent = try #require(changedObject["frames"] as? [String: [String: Double]])
        #expect(Set(sent.keys) == ["a"])
        #expect(sent["a"] == ["x": 0, "y": 0, "width": 10, "height": 5])
    }

    /// Chains of leaf edits on a generated 300-node screen (sizes, texts, paddings,
    /// replacements by another kind of leaf), with an insert now and then, sent as
    /// patches: each step reaches the tree hash and every frame of the same tree laid out
    /// whole, and most steps are applied in place.
    @Test(arguments: [UInt64(1), 2, 3, 4])
    func leafEditChainsMatchWholeLayouts(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let generated = TreeGenerator(nodeCount: 300, seed: seed).requestJSON()
        var request = try #require(try JSONSerialization.jsonObject(with: Data(generated.utf8)) as? [String: Any])
        request["session"] = "p"
        var root = try #require(request["root"] as? [String: Any])
        /// Index paths of the leaves (no children) through `children`.
        func leaves(_ node: [String: Any], _ path: [Int], into out: inout [[Int]]) {
            guard let children = node["children"] as? [[String: Any]] else {
                if !path.isEmpty { out.append(path) }
                return
            }
            for (index, child) in children.enumerated() { leaves(child, path + [index], into: &out) }
        }
        func edit(_ node: inout [String: Any], _ path: ArraySlice<Int>, _ body: (inout [String: Any]) -> Void) {
            guard let first = path.first, var children = node["children"] as? [[String: Any]] else { return body(&node) }
            edit(&children[first], path.dropFirst(), body)
            node["children"] = children
        }
        let json = IncrementalPropertyTests.json
        let runtime = LayoutRuntime()
        let whole = LayoutRuntime()
        var baseline = try treeHash(runtime.layout(Array(json(request).utf8)))
        var inPlace = 0
        for step in 1...24 {
            var op = ""
            if step % 5 == 0 {
                // A container's spacing: the root's, or a stack's below it.
                var containers: [[Int]] = [[]]
                func collect(_ node: [String: Any], _ path: [Int]) {
                    for (index, child) in (node["children"] as? [[String: Any]] ?? []).enumerated()
                    where child["children"] != nil {
                        containers.append(path + [index])
                        collect(child, path + [index])
                    }
                }
                collect(root, [])
                let path = containers[Int(random.next() % UInt64(containers.count))]
                let spacing = Int(random.next() % 12)
                edit(&root, path[...]) { node in
                    op = #"{"op":"set","id":\#(json(node["id"] ?? "")),"field":"spacing","value":\#(spacing)}"#
                    node["spacing"] = spacing
                }
            } else if step % 8 == 0 {
                let leaf: [String: Any] = ["type": "view", "id": "new\(step)", "size": ["width": 9, "height": 9]]
                op = #"{"op":"insert","parent":\#(json(root["id"] ?? "")),"index":0,"node":\#(json(leaf))}"#
                var children = root["children"] as? [[String: Any]] ?? []
                children.insert(leaf, at: 0)
                root["children"] = children
            } else {
                var paths: [[Int]] = []
                leaves(root, [], into: &paths)
                let path = paths[Int(random.next() % UInt64(paths.count))]
                edit(&root, path[...]) { node in
                    let id = json(node["id"] ?? "")
                    let choice = random.next() % 4
                    switch (node["type"] as? String, choice) {
                    case ("view", 0), ("view", 1):
                        let size = ["width": Int(random.next() % 50) + 1, "height": Int(random.next() % 30) + 1]
                        op = #"{"op":"set","id":\#(id),"field":"size","value":\#(json(size))}"#
                        node["size"] = size
                    case ("text", 0), ("text", 1):
                        let text = ["OK", "Wi-Fi", "A longer line of text"][Int(random.next() % 3)]
                        op = #"{"op":"set","id":\#(id),"field":"text","value":\#(json(text))}"#
                        node["text"] = text
                    case (_, 2):
                        let padding: [[String: Any]] = [["padding": Int(random.next() % 10)]]
                        op = #"{"op":"set","id":\#(id),"field":"modifiers","value":\#(json(padding))}"#
                        node["modifiers"] = padding
                    default:
                        let leaf: [String: Any] = ["type": "rect", "id": node["id"] ?? "", "size": ["width": 7, "height": 3]]
                        op = #"{"op":"replace","id":\#(id),"node":\#(json(leaf))}"#
                        node = leaf
                    }
                }
            }
            request["root"] = root
            let body = Array(
                #"{"bounds":\#(json(request["bounds"] ?? [:])),"session":"p","baseline":"\#(baseline)","options":{"frames":"all"},"patch":[\#(op)]}"#
                    .utf8)
            guard case .patch(let tape, let patch, _, _) = try RequestDecoder.decodeOrPatch(body) else {
                Issue.record("not a patch")
                return
            }
            if PatchInPlace.apply(tape, patch: patch, session: try session(runtime), limits: DecodeLimits()) != nil { inPlace += 1 }
            let patched = try runtime.layout(body).get()
            var plain = request
            plain["session"] = nil
            let fresh = try whole.layout(Array(json(plain).utf8)).get()
            baseline = try treeHash(.success(patched))
            #expect(baseline == (try treeHash(.success(fresh))), "seed \(seed) step \(step): \(op)")
            // Edited in place, each node's traits are still its kind's and modifiers'.
            let tree = try session(runtime).request.tree
            let stale = tree.nodes.indices.filter { tree.nodes[$0].traits != tree.freshTraits(of: $0) }
            #expect(stale.isEmpty, "seed \(seed) step \(step): \(op)")
            let got = try IncrementalPropertyTests.responseFrames(patched.body).frames
            let expected = try IncrementalPropertyTests.responseFrames(fresh.body).frames
            #expect(Set(got.keys) == Set(expected.keys), "seed \(seed) step \(step)")
            for (id, rect) in expected {
                let close = got[id].map { zip($0, rect).allSatisfy { abs($0 - $1) < 1e-9 } } ?? false
                #expect(close, "seed \(seed) step \(step) \(id): \(got[id] ?? []) vs \(rect)")
            }
        }
        // Sets and replaces of leaves and containers' spacings: in place unless the node
        // has a background whose shape the edit changes (or, for a container, any
        // background); inserts never are.
        #expect(inPlace >= 12, "seed \(seed): \(inPlace) of 24 in place")
    }

    /// The pipeline fuzzer's seed for this path (Fuzz/Corpus/FuzzPipeline) does what it is
    /// for: a whole tree, a patch applied in place, then one PatchApplier takes after it,
    /// each a 200.
    @Test func fuzzSeedReachesThePath() throws {
        let seed = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fuzz/Corpus/FuzzPipeline/session-patch-in-place")
        let bodies = try Data(contentsOf: seed).split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        #expect(bodies.count == 3)
        let runtime = LayoutRuntime()
        var baseline = ""
        for (step, body) in bodies.enumerated() {
            let bytes = Array(body.replacingOccurrences(of: "$B", with: baseline).utf8)
            if step == 1, case .patch(let tape, let patch, _, _) = try RequestDecoder.decodeOrPatch(bytes) {
                let state = try #require(runtime.sessions.state(for: SessionStore.Key(tenant: "", session: "s")))
                #expect(PatchInPlace.apply(tape, patch: patch, session: state, limits: DecodeLimits()) != nil)
            }
            baseline = try treeHash(runtime.layout(bytes, sessionHeader: "s"))
        }
        #expect(try session(runtime, "s").document.overlay.isEmpty)
    }
}
