import Foundation
import Testing
import Workloads

@testable import LayoutEngine

/// Random edit sequences sent through a session (measurement cache, layout reuse) give
/// the frames of a fresh layout of the same tree, and the diff names exactly what moved.
@Suite struct IncrementalPropertyTests {
    enum Edit: CaseIterable { case insert, remove, replace, resize, reorder, modifiers }

    /// Applies `edit` to the `target`-th container (preorder) of `node`.
    static func json(_ value: Any) -> String {
        (try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed]))
            .map { String(decoding: $0, as: UTF8.self) } ?? "null"
    }

    /// Applies `edit` and appends the patch ops that do the same to `ops`.
    static func apply(
        _ edit: Edit, to node: inout [String: Any], target: inout Int, random: inout SplitMix64, fresh: String,
        ops: inout [String]
    ) -> Bool {
        guard var children = node["children"] as? [[String: Any]] else { return false }
        if target == 0 {
            let parent = node["id"] as? String ?? ""
            func id(_ position: Int) -> String { children[position]["id"] as? String ?? "" }
            let leaf: [String: Any] = [
                "type": "view", "id": fresh,
                "size": ["width": Int(random.next() % 60) + 5, "height": Int(random.next() % 40) + 5],
            ]
            let position = children.isEmpty ? 0 : Int(random.next() % UInt64(children.count))
            func set(_ field: String, _ value: Any?) {
                ops.append(#"{"op":"set","id":\#(json(id(position))),"field":"\#(field)","value":\#(value.map(json) ?? "null")}"#)
                children[position][field] = value
            }
            switch edit {
            case .insert:
                let index = Int(random.next() % UInt64(children.count + 1))
                ops.append(#"{"op":"insert","parent":\#(json(parent)),"index":\#(index),"node":\#(json(leaf))}"#)
                children.insert(leaf, at: index)
            case .remove where children.count > 1:
                ops.append(#"{"op":"remove","id":\#(json(id(position)))}"#)
                children.remove(at: position)
            case .replace where !children.isEmpty:
                ops.append(#"{"op":"replace","id":\#(json(id(position))),"node":\#(json(leaf))}"#)
                children[position] = leaf
            case .resize where !children.isEmpty:
                if children[position]["type"] as? String == "view" {
                    set("size", ["width": Int(random.next() % 80) + 1, "height": Int(random.next() % 50) + 1])
                } else {
                    set("modifiers", [["frame": ["width": Int(random.next() % 100) + 1]]])
                }
            case .reorder where children.count > 1:
                let other = Int(random.next() % UInt64(children.count))
                let (low, high) = (min(position, other), max(position, other))
                if low != high {
                    // A swap as moves: high to low, then the old low (now at low + 1) to high.
                    ops.append(#"{"op":"remove","id":\#(json(id(high)))}"#)
                    ops.append(#"{"op":"insert","parent":\#(json(parent)),"index":\#(low),"node":\#(json(children[high]))}"#)
                    ops.append(#"{"op":"remove","id":\#(json(id(low)))}"#)
                    ops.append(#"{"op":"insert","parent":\#(json(parent)),"index":\#(high),"node":\#(json(children[low]))}"#)
                    children.swapAt(low, high)
                }
            case .modifiers where !children.isEmpty:
                set("modifiers", children[position]["modifiers"] == nil ? [["padding": Int(random.next() % 12)]] : nil)
            default:
                ops.append(#"{"op":"insert","parent":\#(json(parent)),"index":\#(children.count),"node":\#(json(leaf))}"#)
                children.append(leaf)
            }
            node["children"] = children
            target = -1
            return true
        }
        target -= 1
        for index in children.indices {
            if apply(edit, to: &children[index], target: &target, random: &random, fresh: fresh, ops: &ops) {
                node["children"] = children
                return true
            }
        }
        return false
    }

    static func containerCount(_ node: [String: Any]) -> Int {
        guard let children = node["children"] as? [[String: Any]] else { return 0 }
        return 1 + children.reduce(0) { $0 + containerCount($1) }
    }

    static func responseFrames(_ body: [UInt8]) throws -> (frames: [String: [Double]], diff: [String: Any]) {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])
        let frames = try #require(object["frames"] as? [String: [String: Double]])
        var result: [String: [Double]] = [:]
        for (id, frame) in frames {
            result[id] = [frame["x"] ?? .nan, frame["y"] ?? .nan, frame["width"] ?? .nan, frame["height"] ?? .nan]
        }
        return (result, object["diff"] as? [String: Any] ?? [:])
    }

    /// One edit per patch.
    @Test(arguments: [UInt64(1), 2, 3, 5, 8, 13, 21, 34])
    func editSequencesMatchFreshLayouts(seed: UInt64) throws {
        try editSequences(seed: seed, editsPerStep: 1...1)
    }

    /// Patches of up to 40 random edits (each edit one to four ops, later ones often naming
    /// nodes earlier ones made or moved): applied in runs, they reach the tree and frames
    /// the whole request gives.
    @Test(arguments: [UInt64(4), 6, 7, 9, 10, 11])
    func manyOpPatchesMatchFreshLayouts(seed: UInt64) throws {
        try editSequences(seed: seed, editsPerStep: 2...40)
    }

    func editSequences(seed: UInt64, editsPerStep: ClosedRange<Int>) throws {
        let runtime = LayoutRuntime()
        var random = SplitMix64(seed: seed)
        let generated = TreeGenerator(nodeCount: 120, seed: seed).requestJSON()
        var request = try #require(try JSONSerialization.jsonObject(with: Data(generated.utf8)) as? [String: Any])
        request["session"] = "property"
        var previousFresh: [String: Rect]?
        var reused = 0
        // A second session receives the same edits as patches.
        let patching = LayoutRuntime()
        var patchBaseline = ""
        /// Every frame of the patched session, as a client keeps them.
        var patchedKept: [String: [Double]] = [:]
        for step in 0..<14 {
            var ops: [String] = []
            if step > 0 {
                var root = try #require(request["root"] as? [String: Any])
                let span = UInt64(editsPerStep.count)
                let edits = editsPerStep.lowerBound + Int(random.next() % span)
                for number in 0..<edits {
                    let edit = Edit.allCases[Int(random.next() % UInt64(Edit.allCases.count))]
                    var target = Int(random.next() % UInt64(max(Self.containerCount(root), 1)))
                    _ = Self.apply(
                        edit, to: &root, target: &target, random: &random, fresh: "e\(seed)-\(step)-\(number)", ops: &ops)
                }
                request["root"] = root
            }
            let body = [UInt8](try JSONSerialization.data(withJSONObject: request))
            let fresh = try frames(String(decoding: body, as: UTF8.self))
            let response = try runtime.layout(body).get()
            reused += response.metrics.reused
            let incremental = try Self.responseFrames(response.body)
            // The patched session reaches the same tree (same hash) and the same frames.
            var patchRequest = request
            // Odd steps ask for every frame; even ones take a patch's default, the frames
            // that changed, which complete the ones kept from before.
            let asksForAll = step % 2 == 1
            if step > 0 {
                patchRequest.removeValue(forKey: "root")
                patchRequest["baseline"] = patchBaseline
                if asksForAll { patchRequest["options"] = ["frames": "all"] }
            }
            var patchBody = Self.json(patchRequest)
            if step > 0 { patchBody = String(patchBody.dropLast()) + #","patch":[\#(ops.joined(separator: ","))]}"# }
            let patched = try patching.layout(Array(patchBody.utf8)).get()
            let patchedObject = try #require(try JSONSerialization.jsonObject(with: Data(patched.body)) as? [String: Any])
            let wholeObject = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
            #expect(patchedObject["treeHash"] as? String == wholeObject["treeHash"] as? String, "seed \(seed) step \(step)")
            patchBaseline = patchedObject["treeHash"] as? String ?? ""
            let (sent, patchedDiff) = try Self.responseFrames(patched.body)
            if step > 0, !asksForAll {
                for id in patchedDiff["removed"] as? [String] ?? [] { patchedKept[id] = nil }
                patchedKept.merge(sent) { _, changed in changed }
            } else {
                patchedKept = sent
            }
            let patchedFrames = patchedKept
            #expect(Set(patchedFrames.keys) == Set(fresh.keys), "patched: seed \(seed) step \(step)")
            for (id, rect) in fresh {
                let got = patchedFrames[id] ?? []
                let close = got.count == 4 && zip(got, [rect.x, rect.y, rect.width, rect.height]).allSatisfy { abs($0 - $1) < 1e-9 }
                #expect(close, "patched: seed \(seed) step \(step) \(id)")
            }
            #expect(Set(incremental.frames.keys) == Set(fresh.keys), "seed \(seed) step \(step)")
            for (id, rect) in fresh {
                let got = incremental.frames[id] ?? []
                let close = got.count == 4 && zip(got, [rect.x, rect.y, rect.width, rect.height]).allSatisfy { abs($0 - $1) < 1e-9 }
                #expect(close, "seed \(seed) step \(step) \(id): \(got) vs \(rect)")
            }
            // The diff, against the fresh layouts of the previous and this tree.
            if let previousFresh {
                let inserted = Set(fresh.keys).subtracting(previousFresh.keys)
                let removed = Set(previousFresh.keys).subtracting(fresh.keys)
                var moved = Set<String>(), resized = Set<String>()
                for (id, now) in fresh {
                    guard let old = previousFresh[id] else { continue }
                    // Moves and resizes beyond float noise (LayoutDiff.same).
                    if !LayoutDiff.same(old.x, now.x) || !LayoutDiff.same(old.y, now.y) { moved.insert(id) }
                    if !LayoutDiff.same(old.width, now.width) || !LayoutDiff.same(old.height, now.height) {
                        resized.insert(id)
                    }
                }
                #expect(Set(incremental.diff["inserted"] as? [String] ?? []) == inserted, "seed \(seed) step \(step)")
                #expect(Set(incremental.diff["removed"] as? [String] ?? []) == removed, "seed \(seed) step \(step)")
                #expect(Set(incremental.diff["moved"] as? [String] ?? []) == moved, "seed \(seed) step \(step)")
                #expect(Set(incremental.diff["resized"] as? [String] ?? []) == resized, "seed \(seed) step \(step)")
            }
            previousFresh = fresh
        }
        // The caches did the work the test is about.
        #expect(reused > 100, "seed \(seed): only \(reused) nodes reused")
        #expect(runtime.statistics.measurementHits > 0)
    }
}
