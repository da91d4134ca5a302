import Foundation
import Testing

@testable import LayoutEngine

/// ForEach identity scoped as SwiftUI scopes it (issue 10 item 5): a copy is
/// `<foreach id>/<datum>`, ids inside a copy are `<copy id>/<id>`, and both survive a
/// reordering of the data.
@Suite struct ForEachIdentityTests {
    @Test func copiesLiveUnderTheirForEach() throws {
        // VStack(spacing 0) { ForEach([1, 2]) { 10×10 }; a view with id "1" }: the copies
        // are root/0/1 and root/0/2 (the foreach's id derived by §4), so "1" is free.
        // Null bounds: copies at y 0 and 10, the view at y 20.
        let f = try frames(
            request(
                #"{"type":"vstack","spacing":0,"children":[{"type":"foreach","data":[1,2],"content":{"type":"view","size":{"width":10,"height":10}}},{"type":"view","id":"1","size":{"width":10,"height":10}}]}"#,
                width: "null", height: "null"))
        expectFrame(f["root/0/1"], rect(0, 0, 10, 10))
        expectFrame(f["root/0/2"], rect(0, 10, 10, 10))
        expectFrame(f["1"], rect(0, 20, 10, 10))
    }

    @Test func idsInsideContentAreScopedByCopy() throws {
        // VStack(spacing 0) { ForEach(["a", "b"], id "list") { HStack(spacing 0) { title 10×10;
        // 20×10 } } }: each row names its title; copies at y 0 and 10.
        let f = try frames(
            request(
                #"{"type":"vstack","spacing":0,"children":[{"type":"foreach","id":"list","data":["a","b"],"content":{"type":"hstack","spacing":0,"children":[{"type":"view","id":"title","size":{"width":10,"height":10}},{"type":"view","size":{"width":20,"height":10}}]}}]}"#,
                width: "null", height: "null"))
        expectFrame(f["list/a"], rect(0, 0, 30, 10))
        expectFrame(f["list/a/title"], rect(0, 0, 10, 10))
        expectFrame(f["list/a/1"], rect(10, 0, 20, 10))
        expectFrame(f["list/b/title"], rect(0, 10, 10, 10))
        #expect(f["title"] == nil)
    }

    @Test func nestedForEachScopesNest() throws {
        // ForEach([1], id "outer") { VStack { ForEach(["x"], id "inner") { view id "cell" } } }:
        // inner is scoped under outer/1; its copy is outer/1/inner/x; the cell is scoped
        // under that copy.
        let f = try frames(
            request(
                #"{"type":"vstack","children":[{"type":"foreach","id":"outer","data":[1],"content":{"type":"vstack","children":[{"type":"foreach","id":"inner","data":["x"],"content":{"type":"zstack","children":[{"type":"view","id":"cell","size":{"width":4,"height":4}}]}}]}}]}"#,
                width: "null", height: "null"))
        expectFrame(f["outer/1/inner/x/cell"], rect(0, 0, 4, 4))
        #expect(f["outer/1/inner/x"] != nil)
        #expect(f["outer/1/inner"] != nil)
    }

    @Test func duplicateDataAndAContentIdAreStillRefused() throws {
        // The same datum twice makes the same copy id; the content itself takes its id
        // from the datum.
        let twice = try #require(
            problem(request(#"{"type":"vstack","children":[{"type":"foreach","id":"l","data":["a","a"],"content":{"type":"rect"}}]}"#)))
        #expect(twice.status == 422)
        #expect(twice.detail.contains("duplicate id 'l/a'"), "\(twice.detail)")
        let own = try #require(
            problem(request(#"{"type":"vstack","children":[{"type":"foreach","data":[1],"content":{"type":"rect","id":"x"}}]}"#)))
        #expect(own.detail.contains("from the datum"), "\(own.detail)")
    }

    @Test func reorderedDataIsReportedAsMoves() throws {
        // A session lays out ForEach([1, 2, 3]) then ForEach([3, 1, 2]) in a VStack(spacing 0)
        // of 10-tall rows: every copy keeps its id (list/1 …) and moves (1: y 0 → 10,
        // 2: 10 → 20, 3: 20 → 0), with their scoped labels; nothing is inserted or removed.
        let runtime = LayoutRuntime()
        func send(_ data: String) throws -> [String: Any] {
            let body =
                #"{"bounds":{"width":100,"height":100},"session":"fe","alignment":"topLeading","root":{"type":"vstack","id":"s","spacing":0,"children":[{"type":"foreach","id":"list","data":\#(data),"content":{"type":"zstack","children":[{"type":"view","id":"label","size":{"width":10,"height":10}}]}}]}}"#
            let response = try runtime.layout(Array(body.utf8)).get().body
            return try #require(try JSONSerialization.jsonObject(with: Data(response)) as? [String: Any])
        }
        _ = try send("[1,2,3]")
        let second = try send("[3,1,2]")
        let diff = try #require(second["diff"] as? [String: Any])
        #expect(diff["inserted"] as? [String] == [])
        #expect(diff["removed"] as? [String] == [])
        #expect(
            Set(diff["moved"] as? [String] ?? [])
                == ["list/1", "list/2", "list/3", "list/1/label", "list/2/label", "list/3/label"])
        let frames = try #require(second["frames"] as? [String: [String: Double]])
        #expect(frames["list/3/label"]?["y"] == 0)
        #expect(frames["list/1/label"]?["y"] == 10)
    }
}
