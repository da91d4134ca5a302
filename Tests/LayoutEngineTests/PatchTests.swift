import Foundation
import Testing

@testable import LayoutEngine

/// Patches against a session's last tree (API.md §5).
@Suite struct PatchTests {
    static let base =
        #"{"bounds":{"width":100,"height":100},"session":"p","alignment":"topLeading","root":{"type":"vstack","id":"list","alignment":"leading","spacing":0,"children":[{"type":"view","id":"a","size":{"width":10,"height":10}},{"type":"view","id":"b","size":{"width":20,"height":10}}]}}"#

    func object(_ result: Result<RuntimeResponse, Problem>) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.get().body)) as? [String: Any])
    }

    func patch(_ baseline: String, _ ops: String, session: String = "p") -> [UInt8] {
        Array(
            #"{"bounds":{"width":100,"height":100},"session":"\#(session)","alignment":"topLeading","baseline":"\#(baseline)","patch":[\#(ops)]}"#
                .utf8)
    }

    func frame(_ response: [String: Any], _ id: String) -> [Double] {
        let frame = (response["frames"] as? [String: [String: Double]])?[id] ?? [:]
        return [frame["x"], frame["y"], frame["width"], frame["height"]].map { $0 ?? .nan }
    }

    func problem(_ result: Result<RuntimeResponse, Problem>) -> Problem? {
        if case .failure(let problem) = result { return problem }
        return nil
    }

    @Test func opsEditTheTreeAsIfSentWhole() throws {
        let runtime = LayoutRuntime()
        let first = try object(runtime.layout(Array(Self.base.utf8)))
        let hash = try #require(first["treeHash"] as? String)
        // Insert c at 1, resize a, remove b, and give the stack spacing 5.
        let ops = [
            #"{"op":"insert","parent":"list","index":1,"node":{"type":"view","id":"c","size":{"width":30,"height":5}}}"#,
            #"{"op":"replace","id":"a","node":{"type":"view","id":"a","size":{"width":10,"height":20}}}"#,
            #"{"op":"remove","id":"b"}"#,
            #"{"op":"set","id":"list","field":"spacing","value":5}"#,
        ].joined(separator: ",")
        let second = try object(runtime.layout(patch(hash, ops)))
        // a 10×20 at 0; c 30×5 at 25.
        #expect(frame(second, "a") == [0, 0, 10, 20])
        #expect(frame(second, "c") == [0, 25, 30, 5])
        #expect((second["frames"] as? [String: Any])?["b"] == nil)
        // The same tree sent whole has the same hash.
        let whole =
            #"{"bounds":{"width":100,"height":100},"alignment":"topLeading","root":{"type":"vstack","id":"list","alignment":"leading","spacing":5,"children":[{"type":"view","id":"a","size":{"width":10,"height":20}},{"type":"view","id":"c","size":{"width":30,"height":5}}]}}"#
        let fresh = try object(runtime.layout(Array(whole.utf8)))
        #expect(fresh["treeHash"] as? String == second["treeHash"] as? String)
        let diff = try #require(second["diff"] as? [String: Any])
        #expect(diff["baseline"] as? String == hash)
        #expect(diff["inserted"] as? [String] == ["c"])
        #expect(diff["removed"] as? [String] == ["b"])
        #expect(Set(diff["resized"] as? [String] ?? []) == ["list", "a"])
        // Setting a field to null removes it: the spacing goes back to the default (8).
        let third = try object(
            runtime.layout(patch(second["treeHash"] as? String ?? "", #"{"op":"set","id":"list","field":"spacing","value":null}"#)))
        #expect(frame(third, "c") == [0, 28, 30, 5])
    }

    @Test func repeatedSessionRequestIsACacheHitWithAnEmptyDiffAndPatchesStillApply() throws {
        let runtime = LayoutRuntime()
        let first = try runtime.layout(Array(Self.base.utf8)).get()
        #expect(!first.cacheHit)
        let firstObject = try object(.success(first))
        let hash = try #require(firstObject["treeHash"] as? String)

        let repeated = try runtime.layout(Array(Self.base.utf8)).get()
        #expect(repeated.cacheHit)
        let again = try object(.success(repeated))
        #expect(again["cache"] as? String == "hit")
        // vstack (leading, spacing 0) at the top-leading corner: a 10×10 at 0, b 20×10 at 10.
        #expect(frame(again, "list") == [0, 0, 20, 20])
        #expect(frame(again, "a") == [0, 0, 10, 10])
        #expect(frame(again, "b") == [0, 10, 20, 10])
        let diff = try #require(again["diff"] as? [String: Any])
        #expect(diff["baseline"] as? String == hash)
        for key in ["inserted", "removed", "moved", "resized"] { #expect((diff[key] as? [String])?.isEmpty == true, "\(key)") }
        #expect(diff["unchanged"] as? Int == 3)
        #expect(runtime.statistics.cacheHits == 1)

        // The session moved to the cache-served request: a patch against it applies.
        let patched = try object(runtime.layout(patch(hash, #"{"op":"remove","id":"a"}"#)))
        #expect(patched["cache"] as? String == "miss")
        #expect(frame(patched, "b") == [0, 0, 20, 10])
        #expect((patched["diff"] as? [String: Any])?["removed"] as? [String] == ["a"])

        // With frames "changed", an identical request sends no frames at all.
        let changedOnly = Self.base.replacingOccurrences(of: #""root":"#, with: #""options":{"frames":"changed"},"root":"#)
        _ = try runtime.layout(Array(changedOnly.utf8)).get()
        let quiet = try object(runtime.layout(Array(changedOnly.utf8)))
        #expect(quiet["cache"] as? String == "hit")
        #expect((quiet["frames"] as? [String: Any])?.isEmpty == true)
    }

    @Test func staleBaselineIs409AndLeavesTheSessionAsItWas() throws {
        let runtime = LayoutRuntime()
        let first = try object(runtime.layout(Array(Self.base.utf8)))
        let hash = try #require(first["treeHash"] as? String)
        let stale = try #require(problem(runtime.layout(patch(String(repeating: "0", count: 32), #"{"op":"remove","id":"b"}"#))))
        #expect(stale.status == 409)
        #expect(String(decoding: stale.encoded(), as: UTF8.self).contains(#""treeHash":"\#(hash)""#))
        // A patch whose result is invalid is refused, and the session is unchanged too.
        let invalid = try #require(problem(runtime.layout(patch(hash, #"{"op":"set","id":"a","field":"size","value":"big"}"#))))
        #expect(invalid.status == 422)
        #expect(invalid.errors.first?.pointer == "/patch/0")
        let unknownOp = try #require(problem(runtime.layout(patch(hash, #"{"op":"move","id":"a"}"#))))
        #expect(unknownOp.errors.first?.pointer == "/patch/0/op")
        let typeChange = try #require(problem(runtime.layout(patch(hash, #"{"op":"set","id":"a","field":"type","value":"rect"}"#))))
        #expect(typeChange.errors.first?.pointer == "/patch/0/field")
        let missing = try #require(problem(runtime.layout(patch(hash, #"{"op":"remove","id":"zzz"}"#))))
        #expect(missing.errors.first?.pointer == "/patch/0/id")
        #expect(missing.detail.contains("no node with id 'zzz'"))
        // The original baseline still applies.
        let applied = try object(runtime.layout(patch(hash, #"{"op":"remove","id":"b"}"#)))
        #expect((applied["frames"] as? [String: Any])?["b"] == nil)
    }

    @Test func unknownSessionIs409WithNullHash() throws {
        let runtime = LayoutRuntime()
        let result = try #require(problem(runtime.layout(patch(String(repeating: "a", count: 32), #"{"op":"remove","id":"b"}"#, session: "nope"))))
        #expect(result.status == 409)
        #expect(String(decoding: result.encoded(), as: UTF8.self).contains(#""treeHash":null"#))
    }

    @Test func patchNeedsASessionAndABaseline() throws {
        let runtime = LayoutRuntime()
        let noSession = #"{"bounds":{"width":1,"height":1},"baseline":"x","patch":[]}"#
        #expect(problem(runtime.layout(Array(noSession.utf8)))?.status == 422)
        let noBaseline = #"{"bounds":{"width":1,"height":1},"session":"s","patch":[]}"#
        #expect(problem(runtime.layout(Array(noBaseline.utf8)))?.status == 422)
        let both = #"{"bounds":{"width":1,"height":1},"session":"s","baseline":"x","patch":[],"root":{"type":"rect"}}"#
        #expect(problem(runtime.layout(Array(both.utf8)))?.status == 422)
        // Stateless decoding (no session store) refuses a patch with a clear word.
        #expect(throws: Problem.self) { try RequestDecoder.decode(Array(noSession.utf8)) }
    }

    @Test func serviceMadeNodesCannotBeEdited() throws {
        let runtime = LayoutRuntime()
        let body =
            #"{"bounds":{"width":100,"height":100},"session":"m","root":{"type":"vstack","id":"v","children":[{"type":"foreach","data":["x","y"],"content":{"type":"rect"}},{"type":"divided","id":"d","children":[{"type":"rect"},{"type":"rect"}]}]}}"#
        let first = try object(runtime.layout(Array(body.utf8)))
        let hash = try #require(first["treeHash"] as? String)
        for id in ["v/0/x", "d/divider/0"] {
            let refused = try #require(problem(runtime.layout(patch(hash, #"{"op":"remove","id":"\#(id)"}"#, session: "m"))))
            #expect(refused.status == 422, "\(id)")
            #expect(refused.detail.contains("made by the service"), "\(id)")
        }
    }
    /// A node inside a foreach copy exists only as the foreach's shared content made once
    /// per datum: a patch naming it is refused (editing the content would change every
    /// copy), and a patch of the foreach itself changes every copy.
    @Test func nodesInForEachCopiesAreRefusedAndTheForEachIsEditedWhole() throws {
        let runtime = LayoutRuntime()
        let body =
            #"{"bounds":{"width":100,"height":100},"session":"p","alignment":"topLeading","root":{"type":"vstack","id":"v","alignment":"leading","spacing":0,"children":[{"type":"foreach","id":"list","data":["a","b"],"content":{"type":"hstack","spacing":0,"children":[{"type":"view","id":"cell","size":{"width":10,"height":10}}]}}]}}"#
        let first = try object(runtime.layout(Array(body.utf8)))
        #expect(frame(first, "list/b/cell") == [0, 10, 10, 10])
        let hash = try #require(first["treeHash"] as? String)
        for (id, op) in [
            ("list/a/cell", #"{"op":"set","id":"list/a/cell","field":"size","value":{"width":30,"height":5}}"#),
            ("list/b", #"{"op":"remove","id":"list/b"}"#),
        ] {
            let refused = try #require(problem(runtime.layout(patch(hash, op))), "\(id)")
            #expect(refused.status == 422, "\(id)")
            #expect(refused.errors.first?.pointer == "/patch/0/id", "\(id)")
            #expect(refused.detail.contains("made by the service"), "\(id)")
        }
        let inside = try #require(problem(runtime.layout(patch(hash, #"{"op":"remove","id":"list/a/cell"}"#))))
        #expect(inside.detail.contains("in a copy of the foreach 'list'"))
        // The foreach's content, set: both copies change. Hand-derived: a leading vstack
        // with no spacing at the top-left stacks the two 30×5 cells at y 0 and 5.
        let edited = try object(
            runtime.layout(
                patch(
                    hash,
                    #"{"op":"set","id":"list","field":"content","value":{"type":"hstack","spacing":0,"children":[{"type":"view","id":"cell","size":{"width":30,"height":5}}]}}"#
                )))
        #expect(frame(edited, "list/a/cell") == [0, 0, 30, 5])
        #expect(frame(edited, "list/b/cell") == [0, 5, 30, 5])
    }
}
