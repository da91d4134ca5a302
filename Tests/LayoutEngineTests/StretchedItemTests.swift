import Testing

@testable import LayoutEngine

/// A single line of a definite cross size is the container's inner cross size (§9.4
/// step 8), and its stretched items are that size (step 11): their content is not asked
/// for their hypothetical cross sizes (`FlexScratch.stretchedItemsSkipContent`). Checked
/// on random trees against computers that ask: every node's frame is the same, and the
/// shortcut does save measurements, so the check compares something.
@Suite struct StretchedItemTests {
    @Test func stretchedItemsOfADefiniteLineLayOutAsWhenTheirContentIsAsked() throws {
        var compared = 0, cheaper = 0
        var failures: [String] = []
        try RandomFlexTrees.forEachTree(seed: 2_711, trees: 300) { tree, request, random in
            // The whole tree, from its root (one with items).
            guard request.tree.nodes[0].childCount > 0 else { return }
            let width = Double(100 + random.below(400)), height = Double(100 + random.below(400))
            let inputs = FlexInputs(
                knownWidth: width, knownHeight: random.chance(70) ? height : nil, parentWidth: width,
                parentHeight: height, availableWidth: .definite(width), availableHeight: .definite(height),
                sizing: .inherentSize)
            let asked = layout(request, inputs, skipContent: false)
            let skipped = layout(request, inputs, skipContent: true)
            compared += 1
            if skipped.measured < asked.measured { cheaper += 1 }
            if skipped.frames != asked.frames {
                let node = skipped.frames.indices.first { skipped.frames[$0] != asked.frames[$0] } ?? 0
                failures.append("tree \(tree) node \(node): \(skipped.frames[node]), asked \(asked.frames[node])")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) of \(compared) differ: \(failures.prefix(4))")
        #expect(cheaper >= 150, "only \(cheaper) of \(compared) layouts measured less")
    }

    /// Every node's frame (zero where not placed) and the count of measurements, from a
    /// computer of its own.
    private func layout(_ request: LayoutRequest, _ inputs: FlexInputs, skipContent: Bool) -> (frames: [Rect], measured: Int) {
        guard case .flex(let index) = request.tree.nodes[0].kind else { return ([], 0) }
        let style = index >= 0 ? request.tree.flexStyles[Int(index)] : FlexStyle.initial
        return RandomFlexTrees.withComputer(request) { computer in
            computer.flex.stretchedItemsSkipContent = skipContent
            _ = computer.flexLayout(0, style, inputs, .performLayout(.zero))
            let frames = request.tree.nodes.indices.map { computer.placed[$0] ? computer.frames[$0] : Rect(x: 0, y: 0, width: 0, height: 0) }
            return (frames, computer.measured)
        }
    }
}
