import Testing

@testable import LayoutEngine

/// A layout's shaped texts live in its pooled scratch (`TextScratch`), reused from layout
/// to layout: texts measured with a scratch that served other trees before (with fewer
/// texts, more, longer) answer as with a fresh one.
@Suite struct TextScratchTests {
    /// A vstack of `count` texts of `words` words each (word lengths vary with the text).
    private static func screen(texts count: Int, words: Int) -> String {
        let texts = (0..<count).map { index in
            let text = (0..<words).map { String(repeating: "x", count: 1 + (index + $0) % 7) }.joined(separator: " ")
            return #"{"type":"text","id":"t\#(index)","text":"\#(text)"}"#
        }
        return request(#"{"type":"vstack","id":"v","children":[\#(texts.joined(separator: ","))]}"#)
    }

    /// Every text's size at a few widths (some wrap, one unbounded), laid out with `scratch`.
    private static func sizes(_ request: LayoutRequest, _ scratch: LayoutScratch) -> [Size] {
        request.tree.childList.withUnsafeBufferPointer { childList in
            var computer = LayoutComputer(
                tree: request.tree, childList: childList, scratch: scratch, recordsPlacement: false)
            var sizes: [Size] = []
            for node in request.tree.nodes.indices {
                guard case .text = request.tree.nodes[node].kind else { continue }
                for width in [nil, 30.0, 95.0] { sizes.append(computer.size(node, ProposedSize(width: width, height: nil))) }
            }
            return sizes
        }
    }

    @Test func aReusedScratchMeasuresTextsAsAFreshOne() throws {
        let bodies = [
            Self.screen(texts: 3, words: 1), Self.screen(texts: 300, words: 9), Self.screen(texts: 40, words: 2),
        ]
        let reused = LayoutScratch()
        for body in bodies + bodies.reversed() {
            let request = try RequestDecoder.decode(Array(body.utf8))
            let fresh = Self.sizes(request, LayoutScratch())
            let again = Self.sizes(request, reused)
            #expect(fresh.count >= 9 && again.count == fresh.count)
            // The first difference, not two lists of hundreds of sizes.
            let first = zip(again, fresh).enumerated().first { $0.element.0 != $0.element.1 }
            #expect(first == nil, "answer \(first?.offset ?? -1): \(String(describing: first?.element))")
        }
    }
}
