import Testing

@testable import LayoutEngine

/// A row asks its items for their widths alone (`FlexRunMode.computeWidth`: a row item
/// stops once its main size is known). Checked on random trees against computers whose
/// rows ask for both sizes: every container answers every size question alike, and its
/// width question with the width of its size question; and the width questions do stop
/// early (their heights are NaN), so the check compares something.
@Suite struct WidthQuestionTests {
    @Test func widthQuestionsAnswerAsSizeQuestionsDo() throws {
        var compared = 0, stoppedEarly = 0
        var failures: [String] = []
        try RandomFlexTrees.forEachContainer(seed: 1_127, trees: 250) { tree, request, node, random in
            let definite = AvailableSpace.definite(Double(random.below(400)))
            let space: AvailableSpace = random.pick([.minContent, .maxContent, definite])
            let inputs = FlexInputs(
                knownWidth: nil, knownHeight: random.chance(30) ? Double(random.below(200)) : nil,
                parentWidth: random.chance(50) ? 300 : nil, parentHeight: nil, availableWidth: space,
                availableHeight: random.chance(50) ? .maxContent : .definite(250),
                sizing: random.chance(50) ? .contentSize : .inherentSize)
            let reference = RandomFlexTrees.answer(request, node, inputs, .computeSize, rowsAskWidthsAlone: false)
            let size = RandomFlexTrees.answer(request, node, inputs, .computeSize)
            let width = RandomFlexTrees.answer(request, node, inputs, .computeWidth)
            compared += 1
            if width.height.isNaN { stoppedEarly += 1 }
            if size != reference || width.width != reference.width {
                failures.append("tree \(tree) node \(node): \(reference) asked for both sizes, \(size) and width \(width.width) asked for widths")
            }
        }
        print("width questions: \(compared) compared, \(stoppedEarly) stopped at the width")
        #expect(failures.isEmpty, "\(failures.count) of \(compared) differ: \(failures.prefix(4))")
        #expect(stoppedEarly > 200, "only \(stoppedEarly) of \(compared) width questions stopped at the width")
    }
}
