import Testing

@testable import LayoutEngine

/// Node ids are checked for duplicates in batches and texts are shared only where a node
/// can be resolved twice; neither may change what a request decodes to or which problem
/// it is refused with.
@Suite struct DecoderBatchingTests {
    /// `count` rects with ids `r0`, `r1`, …, except that `dupe` gets the id of rect 0.
    private func rects(_ count: Int, dupe: Int? = nil, after: String = "") -> String {
        let children = (0..<count).map { index in
            #"{"type":"rect","id":"r\#(index == dupe ? 0 : index)"}"#
        }
        return request(#"{"type":"vstack","id":"s","children":[\#(children.joined(separator: ","))\#(after)]}"#)
    }

    @Test func duplicateIdsAreFoundAcrossBatches() throws {
        // Rect 0 and rect 200 are in different batches of 64 nodes.
        let p = try #require(problem(rects(300, dupe: 200)))
        #expect(p.status == 422)
        #expect(p.detail == "duplicate id 'r0'")
        #expect(p.errors.map(\.pointer) == ["/root/children/200", "/root/children/0"])
    }

    @Test func aDuplicateIdComesBeforeALaterFailure() throws {
        // The duplicate (child 3) waits in a batch when child 5's unknown type is met; it
        // is still the problem reported, as when every id was checked as its node was made.
        let p = try #require(problem(rects(5, dupe: 3, after: #",{"type":"vstak"}"#)))
        #expect(p.detail == "duplicate id 'r0'")
        #expect(p.errors.map(\.pointer) == ["/root/children/3", "/root/children/0"])
    }

    @Test func aFailureBeforeTheDuplicateIsReportedFirst() throws {
        let body = request(
            #"{"type":"vstack","children":[{"type":"rect","id":"a"},{"type":"vstak"},{"type":"rect","id":"a"}]}"#)
        let p = try #require(problem(body))
        #expect(p.detail.contains("unknown node type 'vstak'"), "\(p.detail)")
        #expect(p.errors.map(\.pointer) == ["/root/children/1/type"])
    }

    @Test func everyIdIsIndexedAfterDecoding() throws {
        let decoded = try RequestDecoder.decode(Array(rects(300).utf8))
        #expect(decoded.tree.nodeCount == 301)
        for index in [0, 1, 63, 64, 65, 200, 299] {
            #expect(decoded.tree.index(ofID: "r\(index)") == index + 1)
        }
        #expect(decoded.tree.index(ofID: "s") == 0)
        #expect(decoded.tree.index(ofID: "r300") == nil)
    }

    @Test func textsAreSharedOnlyByCopiesOfOneNode() throws {
        // Two foreach copies of one text share it; two texts of equal content do not.
        let body = request(
            #"{"type":"vstack","children":[{"type":"text","text":"a"},{"type":"text","text":"a"},{"type":"foreach","data":[1,2],"content":{"type":"text","text":"b"}}]}"#
        )
        let decoded = try RequestDecoder.decode(Array(body.utf8))
        #expect(decoded.tree.texts.map(\.content) == ["a", "a", "b"])
        let textNodes = decoded.tree.nodes.compactMap { node -> Int32? in
            if case .text(let text) = node.kind { return text }
            return nil
        }
        #expect(textNodes == [0, 1, 2, 2])
    }

    @Test func infinityIsReadWithOrWithoutEscapes() throws {
        for spelling in [#""infinity""#, #""infin\u0069ty""#] {
            let body = request(
                #"{"type":"rect","modifiers":[{"frame":{"maxWidth":\#(spelling),"maxHeight":\#(spelling)}}]}"#)
            let decoded = try RequestDecoder.decode(Array(body.utf8))
            guard case .flexibleFrame(let spec) = decoded.tree.modifiers.first else {
                Issue.record("no flexible frame for \(spelling)")
                continue
            }
            #expect(spec.maxWidth == .points(.infinity))
            #expect(spec.maxHeight == .points(.infinity))
        }
        // Other eight-byte strings are not infinity.
        let p = try #require(problem(request(#"{"type":"rect","modifiers":[{"frame":{"maxWidth":"infinitx"}}]}"#)))
        #expect(p.detail.contains(#"(got "infinitx")"#), "\(p.detail)")
    }
}
