import Foundation
import LayoutEngine
import Testing

/// `"options": {"profile": true}` through the runtime, as the server and CLI run it.
@Suite struct ProfileTests {
    func layout(_ json: String, runtime: LayoutRuntime = LayoutRuntime()) throws -> [String: Any] {
        guard case .success(let response) = runtime.layout(Array(json.utf8)) else {
            throw ProfileTestError.refused
        }
        return try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
    }

    enum ProfileTestError: Error { case refused }

    /// An hstack (spacing 0) offered 100×100 holding a 20-letter word in Ahem 10 (200
    /// wide: no break opportunity) and an 80-wide view: the stack needs 280.
    static let overflowing = #"""
        {"bounds":{"width":100,"height":100},"options":{"profile":true},"root":{"type":"hstack","id":"row","spacing":0,"children":[
         {"type":"text","id":"long","text":"Supercalifragilistic","font":{"family":"Ahem","size":10}},
         {"type":"view","id":"fixed","size":{"width":80,"height":10}}]}}
        """#

    @Test func overflowingTextAndStackAreWarnedAbout() throws {
        let body = try layout(Self.overflowing)
        let profile = try #require(body["profile"] as? [String: Any])
        let warnings = try #require(profile["warnings"] as? [[String: String]])
        #expect(
            warnings.contains([
                "type": "stackOverflow", "id": "row", "detail": "its children need 280 along its axis; it was offered 100",
            ]))
        // Both children are inflexible (min = max), so the text, first in declaration
        // order, is offered half the width, 100 / 2 = 50, takes 200 (no break), and is
        // placed with that same offer of 50 (SWIFTUI-RULES.md stack rule 7): 150 wider.
        #expect(warnings.contains(["type": "textOverflow", "id": "long", "detail": "the text is 150 wider than offered"]))
        let nodes = try #require(profile["nodes"] as? [String: [String: Any]])
        #expect(Set(nodes.keys) == ["row", "long", "fixed"])
        // The root is asked once, with the bounds, and answers 280×10.
        let row = try #require(nodes["row"])
        #expect(row["calls"] as? Int == 1)
        let sample = try #require((row["samples"] as? [[String: Any]])?.first)
        #expect(sample["proposal"] as? [String: Double] == ["width": 100, "height": 100])
        #expect(sample["size"] as? [String: Double] == ["width": 280, "height": 10])
        #expect(sample["source"] as? String == "computed")
        for (id, node) in nodes {
            let calls = try #require(node["calls"] as? Int)
            let parts = ["computed", "memoHits", "sharedHits"].compactMap { node[$0] as? Int }
            #expect(parts.reduce(0, +) == calls, "\(id)")
            // The rigid view answers 80×10 to every question.
            if id == "fixed" {
                for sample in try #require(node["samples"] as? [[String: Any]]) {
                    #expect(sample["size"] as? [String: Double] == ["width": 80, "height": 10])
                }
            }
        }
    }

    @Test func withoutTheOptionThereIsNoProfileAndProfilesAreNeverCached() throws {
        let runtime = LayoutRuntime()
        let plain = Self.overflowing.replacingOccurrences(of: #""options":{"profile":true},"#, with: "")
        #expect(try layout(plain, runtime: runtime)["profile"] == nil)
        #expect(try layout(plain, runtime: runtime)["cache"] as? String == "hit")
        for _ in 0..<2 {
            let body = try layout(Self.overflowing, runtime: runtime)
            #expect(body["cache"] as? String == "miss")
            #expect(body["profile"] != nil)
        }
    }

    /// The same hstack subtree under a zstack (which proposes its own proposal, 100×100,
    /// to each child) in two requests: the second answers it from the measurement cache.
    @Test func measurementCacheAnswersAreMarked() throws {
        let runtime = LayoutRuntime()
        let row = #"{"type":"hstack","id":"row","children":[{"type":"view","id":"a","size":{"width":10,"height":10}}]}"#
        _ = try layout(#"{"bounds":{"width":100,"height":100},"root":{"type":"zstack","id":"z","children":[\#(row)]}}"#, runtime: runtime)
        let body = try layout(
            #"{"bounds":{"width":100,"height":100},"options":{"profile":true},"root":{"type":"zstack","id":"z","children":[\#(row),{"type":"view","id":"b","size":{"width":5,"height":5}}]}}"#,
            runtime: runtime)
        let nodes = try #require((body["profile"] as? [String: Any])?["nodes"] as? [String: [String: Any]])
        let first = try #require((nodes["row"]?["samples"] as? [[String: Any]])?.first)
        #expect(first["source"] as? String == "sharedCache")
        #expect(nodes["row"]?["sharedHits"] as? Int ?? 0 >= 1)
    }

    /// Fourteen nested stacks around a text, alternating hstack and vstack: each level asks
    /// its child its minimum, maximum and share along its own axis, and keeps the other
    /// axis of the proposal it was asked, so the distinct proposals of one level become
    /// combinations of both axes further in, and middle levels are computed more than the
    /// threshold; the warning names exactly the nodes over it. (Nested stacks of one axis
    /// alone no longer qualify: placing re-asks the proposal used for sizing, a memo hit.)
    @Test func nodesMeasuredOftenAreWarnedAbout() throws {
        var tree = #"{"type":"text","id":"t","text":"a b c d e f g h","font":{"family":"Ahem","size":10}}"#
        for level in 0..<14 {
            let kind = level.isMultiple(of: 2) ? "hstack" : "vstack"
            tree = #"{"type":"\#(kind)","id":"h\#(level)","children":[\#(tree),{"type":"text","id":"s\#(level)","text":"x y z","font":{"family":"Ahem","size":10}}]}"#
        }
        let body = try layout(#"{"bounds":{"width":90,"height":100},"options":{"profile":true},"root":\#(tree)}"#)
        let profile = try #require(body["profile"] as? [String: Any])
        let threshold = try #require((profile["thresholds"] as? [String: Any])?["measuredMoreThan"] as? Int)
        let nodes = try #require(profile["nodes"] as? [String: [String: Any]])
        let often = Set(nodes.filter { ($0.value["computed"] as? Int ?? 0) > threshold }.keys)
        let warned = Set(
            (profile["warnings"] as? [[String: String]] ?? []).filter { $0["type"] == "measuredOften" }.compactMap { $0["id"] })
        #expect(!often.isEmpty)
        #expect(warned == often)
    }

    @Test func profileMustBeABoolean() {
        guard case .failure(let problem) = LayoutRuntime().layout(
            Array(#"{"bounds":{"width":1,"height":1},"options":{"profile":"yes"},"root":{"type":"rect"}}"#.utf8))
        else {
            Issue.record("accepted")
            return
        }
        #expect(problem.status == 422)
    }
}
