import Testing
import Workloads

@testable import LayoutEngine

/// A row asks its items for their widths alone (`FlexRunMode.computeWidth`: a row item
/// stops once its main size is known). Checked on random trees against computers whose
/// rows ask for both sizes: every container answers every size question alike, and its
/// width question with the width of its size question; and the width questions do stop
/// early (their heights are NaN), so the check compares something.
@Suite struct WidthQuestionTests {
    private static func answer(_ request: LayoutRequest, _ node: Int, _ inputs: FlexInputs, _ mode: FlexRunMode, widthsAlone: Bool)
        -> Size
    {
        guard case .flex(let index) = request.tree.nodes[node].kind else { return .zero }
        let style = index >= 0 ? request.tree.flexStyles[Int(index)] : FlexStyle.initial
        return request.tree.childList.withUnsafeBufferPointer { childList in
            let scratch = LayoutScratchPool.take(nodeCount: request.tree.nodes.count)
            defer { LayoutScratchPool.give(scratch, nodeCount: request.tree.nodes.count) }
            var computer = LayoutComputer(tree: request.tree, childList: childList, scratch: scratch, recordsPlacement: false)
            computer.flex.rowsAskWidthsAlone = widthsAlone
            return computer.flexLayout(node, style, inputs, mode).size
        }
    }

    @Test func widthQuestionsAnswerAsSizeQuestionsDo() throws {
        var random = RandomFlexTrees.Random(generator: SplitMix64(seed: 1_127))
        var compared = 0, stoppedEarly = 0
        var failures: [String] = []
        for tree in 0..<250 {
            let body = #"{"bounds":{"width":500,"height":500},"root":\#(RandomFlexTrees.node("root", depth: 0, &random))}"#
            let request = try RequestDecoder.decode(Array(body.utf8))
            for node in request.tree.nodes.indices {
                guard case .flex = request.tree.nodes[node].kind, request.tree.nodes[node].childCount > 0 else { continue }
                let definite = AvailableSpace.definite(Double(random.below(400)))
                let space: AvailableSpace = random.pick([.minContent, .maxContent, definite])
                let inputs = FlexInputs(
                    knownWidth: nil, knownHeight: random.chance(30) ? Double(random.below(200)) : nil,
                    parentWidth: random.chance(50) ? 300 : nil, parentHeight: nil, availableWidth: space,
                    availableHeight: random.chance(50) ? .maxContent : .definite(250),
                    sizing: random.chance(50) ? .contentSize : .inherentSize)
                let reference = Self.answer(request, node, inputs, .computeSize, widthsAlone: false)
                let size = Self.answer(request, node, inputs, .computeSize, widthsAlone: true)
                let width = Self.answer(request, node, inputs, .computeWidth, widthsAlone: true)
                compared += 1
                if width.height.isNaN { stoppedEarly += 1 }
                if size != reference || width.width != reference.width {
                    failures.append("tree \(tree) node \(node): \(reference) asked for both sizes, \(size) and width \(width.width) asked for widths")
                }
            }
        }
        print("width questions: \(compared) compared, \(stoppedEarly) stopped at the width")
        #expect(failures.isEmpty, "\(failures.count) of \(compared) differ: \(failures.prefix(4))")
        #expect(stoppedEarly > 200, "only \(stoppedEarly) of \(compared) width questions stopped at the width")
    }
}
