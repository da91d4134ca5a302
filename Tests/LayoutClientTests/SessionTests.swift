import Testing
@testable import LayoutClient

/// A feed screen whose rows have ids, so sessions can patch it by id.
struct Feed: View {
    var title = "Inbox"
    var rows: [String]
    var rowHeight: Double = 44

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            Text(title).font(.system(size: 20)).id("title")
            for row in rows {
                HStack {
                    Image(width: 30, height: 30)
                    Text(row).font(.system(size: 10))
                    Spacer()
                }
                .frame(height: .points(rowHeight))
                .id("row-\(row)")
            }
        }
        .id("screen")
    }
}

@Suite(.serialized) struct SessionTests {
    let server: TestServer
    let client: LayoutClient
    let bounds = Bounds(width: 320, height: 600)

    init() throws {
        server = try TestServer()
        client = server.client()
    }

    /// The same tree laid out fresh, without a session.
    func fresh(_ view: some View) async throws -> LayoutResponse {
        try await client.layout(view, bounds: bounds, options: LayoutOptions(cache: LayoutOptions.Cache.none))
    }

    @Test func updatesSendPatchesAndMatchFreshLayouts() async throws {
        defer { server.stop() }
        let session = client.session("feed-1")
        let rows = (0..<40).map { "m\($0)" }
        let steps: [Feed] = [
            Feed(rows: rows),
            Feed(title: "Archive", rows: rows),  // a member set
            Feed(title: "Archive", rows: Array(rows.dropFirst(3))),  // removes
            Feed(title: "Archive", rows: ["new"] + rows.dropFirst(3) + ["last"]),  // inserts
            Feed(title: "Archive", rows: ["new"] + rows[3..<8].reversed() + rows.dropFirst(8) + ["last"]),  // moves
            Feed(title: "Archive", rows: ["new"] + rows.dropFirst(3), rowHeight: 50),  // every row's modifiers
        ]
        var kinds: [LayoutResponse.Transfer.Kind] = []
        for (index, step) in steps.enumerated() {
            let updated = try await session.update(step, bounds: bounds)
            let expected = try await fresh(step)
            #expect(updated.frames == expected.frames, "step \(index)")
            #expect(updated.treeHash == expected.treeHash, "step \(index)")
            #expect(updated.diff != nil)
            kinds.append(try #require(updated.transfer).kind)
            if index > 0, let transfer = updated.transfer, transfer.kind == .patch {
                // The patch is cheaper than the whole tree, which is why it was sent.
                let whole = RequestBody.whole(step.resolvedNode, bounds: bounds, environment: nil, options: .init(), session: "feed-1")
                #expect(transfer.requestBytes < whole.encoded.count)
            }
        }
        #expect(kinds.first == .whole)
        // The small edits (a title, a few rows) go as patches.
        #expect(kinds[1] == .patch && kinds[2] == .patch && kinds[3] == .patch)
        // Step 1 changed the title only: a single `set` of its `text`.
        let diffOfTitle = TreeDiffer.operations(from: steps[0].resolvedNode, to: steps[1].resolvedNode)
        #expect(diffOfTitle == [.set(id: "title", field: "text", value: "Archive")])
    }

    @Test func theDiffReportsInsertedAndRemovedRows() async throws {
        defer { server.stop() }
        let session = client.session("feed-2")
        _ = try await session.update(Feed(rows: ["a", "b", "c"]), bounds: bounds)
        let response = try await session.update(Feed(rows: ["a", "c", "d"]), bounds: bounds)
        let diff = try #require(response.diff)
        #expect(diff.removed.contains("row-b"))
        #expect(diff.inserted.contains("row-d"))
        // Row c moved up by one row (44).
        #expect(diff.moved.contains("row-c"))
        #expect(response.transfer?.kind == .patch)
    }

    @Test func aStaleBaselineFallsBackToTheWholeTree() async throws {
        defer { server.stop() }
        let session = client.session("feed-3")
        _ = try await session.update(Feed(rows: ["a", "b"]), bounds: bounds)
        // The server forgets the session behind the client's back: the next patch gets a 409.
        #expect(try await client.deleteSession("feed-3"))
        let next = Feed(title: "Archive", rows: ["a", "b"])
        let response = try await session.update(next, bounds: bounds)
        #expect(response.transfer?.fellBack == true)
        #expect(response.transfer?.kind == .whole)
        #expect(response.diff?.baseline == nil)
        #expect(response.frames == (try await fresh(next)).frames)
        // And the session goes on with patches from the new baseline.
        let after = try await session.update(Feed(title: "Sent", rows: ["a", "b"]), bounds: bounds)
        #expect(after.transfer?.kind == .patch)
        #expect(after.diff?.baseline == response.treeHash)
    }

    @Test func newBoundsAloneIsAnEmptyPatch() async throws {
        defer { server.stop() }
        let session = client.session("feed-4")
        let feed = Feed(rows: ["a"])
        _ = try await session.update(feed, bounds: bounds)
        let wider = Bounds(width: 400, height: 600)
        let response = try await session.update(feed, bounds: wider)
        #expect(response.transfer?.kind == .patch && response.transfer?.operations == 0)
        #expect(response.frames == (try await client.layout(feed, bounds: wider)).frames)
    }

    @Test func changedFramesAreCompletedFromThePreviousAnswer() async throws {
        defer { server.stop() }
        let session = client.session("feed-5")
        let changedOnly = LayoutOptions(frames: .changed)
        let steps = [
            Feed(rows: ["a", "b", "c"]), Feed(rows: ["a", "c", "d"]), Feed(title: "Archive", rows: ["a", "c", "d"], rowHeight: 60),
        ]
        for (index, step) in steps.enumerated() {
            let response = try await session.update(step, bounds: bounds, options: changedOnly)
            #expect(response.frames == (try await fresh(step)).frames, "step \(index)")
        }
        // The same tree again: the server sends no frame at all, and every frame is the previous one.
        let last = try await session.update(steps[2], bounds: bounds, options: changedOnly)
        #expect(last.diff?.unchanged == last.frames.count)
        #expect(last.frames == (try await fresh(steps[2])).frames)
    }

    @Test func anInvalidUpdateReportsPointersIntoTheTreeAndLeavesTheSession() async throws {
        defer { server.stop() }
        let session = client.session("feed-6")
        let first = try await session.update(Feed(rows: ["a", "b"]), bounds: bounds)
        let invalid = VStack(alignment: .leading, spacing: 0) {
            Text("Inbox").font(.system(size: 20)).lineLimit(0).id("title")
        }.id("screen")
        do {
            _ = try await session.update(invalid, bounds: bounds)
            Issue.record("a lineLimit of 0 was accepted")
        } catch let problem as LayoutProblem {
            #expect(problem.status == 422)
            #expect(problem.pointers == ["/root/children/0/lineLimit"])
        }
        // The session still stands on the first tree: the next update patches from it.
        #expect(await session.baseline?.treeHash == first.treeHash)
        let next = try await session.update(Feed(title: "Sent", rows: ["a", "b"]), bounds: bounds)
        #expect(next.transfer?.kind == .patch && next.diff?.baseline == first.treeHash)
    }

    @Test func differMatchesChildrenByIdInLongestCommonOrder() {
        #expect(TreeDiffer.longestCommonSubsequence(["a", "b", "c", "d"], ["b", "a", "c", "e", "d"]) .count == 3)
        let before = VStack { Text("1").id("1"); Text("2").id("2"); Text("3").id("3") }.resolvedNode
        let after = VStack { Text("3").id("3"); Text("1").id("1"); Text("2").id("2") }.resolvedNode
        // Keeping 1, 2 and moving 3 is the smallest edit.
        #expect(
            TreeDiffer.operations(from: before, to: after) == [
                .remove(id: "3"), .insert(parent: "root", index: 0, node: Text("3").id("3")),
            ])
        // Children without ids whose count changes are sent whole.
        let unnamed = VStack { Text("1"); Text("2") }.resolvedNode
        let more = VStack { Text("1"); Text("2"); Text("3") }.resolvedNode
        let operations = TreeDiffer.operations(from: unnamed, to: more)
        #expect(operations.count == 1)
        if case .set(let id, let field, _) = operations.first { #expect(id == "root" && field == "children") }
    }
}
