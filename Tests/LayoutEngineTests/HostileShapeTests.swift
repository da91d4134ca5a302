import Foundation
import Testing
import Workloads

@testable import LayoutEngine

/// Issue 8's reproducers, each a single request under the 8 MiB body limit that crashed
/// the server or took gigabytes: each is now a 413 problem (or a 200) from the limits in
/// DecodeLimits, at once.
@Suite struct HostileShapeTests {
    func refusal(_ body: [UInt8], _ configuration: RuntimeConfiguration = RuntimeConfiguration()) -> Problem? {
        guard case .failure(let problem) = LayoutRuntime(configuration: configuration).layout(body) else { return nil }
        return problem
    }

    @Test func thirtyFiveThousandModifiersOnOneNodeAre413() throws {
        let body = HostileShapes.modifierChain(35_000)
        #expect(body.count > 400_000 && body.count < 8 << 20)
        let problem = try #require(refusal(body))
        #expect(problem.status == 413)
        #expect(problem.detail.contains("35000 modifiers"))
        #expect(problem.detail.contains("the limit is 64"))
    }

    @Test func aChainAtThePerNodeLimitLaysOut() throws {
        // 64 paddings of 0 around a 10×10 view: the view stays 10×10, centred in 390×844
        // at ((390 − 10) / 2, (844 − 10) / 2) = (190, 417).
        let response = try LayoutRuntime().layout(HostileShapes.modifierChain(64)).get()
        let text = String(decoding: response.body, as: UTF8.self)
        #expect(text.contains(#""root":{"x":190,"y":417,"width":10,"height":10}"#))
    }

    @Test func longLayoutPathsAre413BeforeLayout() throws {
        // 100 levels × (1 + 60 paddings) = 6,100 levels of recursion, past 1,024 at the
        // 17th level: 16 × 61 = 976, 17 × 61 = 1,037.
        let problem = try #require(refusal(HostileShapes.nestedChains(levels: 100, modifiersPerLevel: 60)))
        #expect(problem.status == 413)
        #expect(problem.detail.contains("reach 1037 here; the limit is 1024"))
        #expect(problem.errors.first?.pointer.hasPrefix("/root/children/0/children/0") == true)
    }

    @Test func aLayoutPathJustUnderTheLimitLaysOut() throws {
        // 15 levels × (1 + 63 paddings of 1) + the leaf = 961 levels: runs without
        // overflowing the stack. A node's frame is its content's, inside its own paddings,
        // and each of the 14 vstacks below the root adds 2 × 63 around the 10×10 leaf:
        // the root is 10 + 14 × 126 = 1,774 wide.
        let response = try LayoutRuntime().layout(HostileShapes.nestedChains(levels: 15, modifiersPerLevel: 63)).get()
        let text = String(decoding: response.body, as: UTF8.self)
        #expect(text.contains(#""root":{"x":-692,"y":-465,"width":1774,"height":1774}"#))
    }

    @Test func longIdOverManyChildrenIs413WithoutCopyingGigabytes() throws {
        // 11,000 × 199,000 derived id bytes would pass 2 GiB (and trap an Int32).
        let body = HostileShapes.longIdOverChildren(idLength: 11_000, children: 199_000)
        #expect(body.count < 8 << 20)
        let problem = try #require(refusal(body))
        #expect(problem.status == 413)
        // The limit for this body: 1 MiB + 8 × its bytes.
        #expect(problem.detail.contains("ids total more than \((1 << 20) + 8 * body.count) bytes"))
        // The 10,000 × 20,000 case (200 MB of ids, a 200 MB response) too.
        #expect(refusal(HostileShapes.longIdOverChildren(idLength: 10_000, children: 20_000))?.status == 413)
    }

    @Test func idBytesLimitIsConfigurable() throws {
        var configuration = RuntimeConfiguration()
        configuration.limits.maxIdBytes = 1_000
        // Root id of 100 bytes, 8 children of 100 + "/k" = 102 bytes: 916 bytes, under.
        #expect(throws: Never.self) {
            try LayoutRuntime(configuration: configuration).layout(HostileShapes.longIdOverChildren(idLength: 100, children: 8)).get()
        }
        // The ninth child's id is refused before it is copied (checked with 32 bytes' slack).
        #expect(refusal(HostileShapes.longIdOverChildren(idLength: 100, children: 9), configuration)?.status == 413)
    }

    @Test func bigGroupModifiersAre413() throws {
        // 4,000 children × 4,000 inherited modifiers: past the per-node limit.
        let problem = try #require(refusal(HostileShapes.bigGroup(children: 4_000, modifiers: 4_000)))
        #expect(problem.status == 413)
        #expect(problem.detail.contains("4000 modifiers"))
        // 60 modifiers × 20,000 children = 1.2 M copies: past the total.
        let total = try #require(refusal(HostileShapes.bigGroup(children: 20_000, modifiers: 60)))
        #expect(total.status == 413)
        #expect(total.detail.contains("modifiers after expansion"))
    }

    @Test func aGroupUnderTheLimitsLaysOut() throws {
        // 3 rects offset by 1 three times (the group's modifiers, inherited by each).
        let body = HostileShapes.bigGroup(children: 3, modifiers: 3)
        let shifted = Array(String(decoding: body, as: UTF8.self).replacingOccurrences(of: #""x":0"#, with: #""x":1"#).utf8)
        let text = String(decoding: try LayoutRuntime().layout(shifted).get().body, as: UTF8.self)
        // Rects fill their proposal: the vstack gives each (844 − 2 × 8) / 3 = 276 of the
        // height and the whole 390 width, then the offsets move each frame 3 right.
        #expect(text.contains(#""root/0/0":{"x":3,"y":0,"width":390,"height":276}"#))
        #expect(text.contains(#""root/0/2":{"x":3,"y":568,"width":390,"height":276}"#))
    }

    @Test func foreachOfAHugeTextIs413() throws {
        // 100 copies of a 100,000-word text: 60 MB of text to split.
        let body = HostileShapes.foreachText(copies: 100, words: 100_000)
        #expect(body.count < 1 << 20)
        let problem = try #require(refusal(body))
        #expect(problem.status == 413)
        #expect(problem.detail.contains("bytes of text"))
    }

    @Test func responsesPastTheLimitAre413() throws {
        var configuration = RuntimeConfiguration()
        configuration.maxResponseBytes = 10_000
        let body = HostileShapes.longIdOverChildren(idLength: 1_000, children: 20)
        let problem = try #require(refusal(body, configuration))
        #expect(problem.status == 413)
        #expect(problem.title == "Response too large")
        // Under the default limit the same request lays out.
        #expect(throws: Never.self) { try LayoutRuntime().layout(body).get() }
    }
}
