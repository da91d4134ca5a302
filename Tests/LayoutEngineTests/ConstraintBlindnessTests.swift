import Testing

@testable import LayoutEngine

/// A min-content question of a flex box shares the max-content one's memo answer where
/// the box's subtree is blind to intrinsic constraints (`FlexMemo.isConstraintBlind`).
/// Checked on random trees: every blind container answers both questions alike, each
/// asked of a fresh computer at the top (no memo between them); and some containers
/// that are not blind (wrapping, min and max sizes, ratios, texts) answer them
/// differently, so the check can fail.
@Suite struct ConstraintBlindnessTests {
    @Test func blindContainersAnswerMinAndMaxContentAlike() throws {
        var blindChecked = 0, sightedDiffering = 0
        var failures: [String] = []
        try RandomFlexTrees.forEachContainer(seed: 20_261_127, trees: 300) { tree, request, node, random in
            let blind = RandomFlexTrees.isBlind(request, node)
            // The width under either constraint (as a base size, a contribution or a
            // minimum asks it), then the height at a known width.
            let parentWidth: Double? = random.chance(50) ? 300 : nil
            let sizing: FlexSizingMode = random.chance(50) ? .contentSize : .inherentSize
            var questions: [(FlexInputs, FlexInputs)] = []
            for axis in 0..<2 {
                var low = FlexInputs(
                    knownWidth: axis == 0 ? nil : 180, knownHeight: nil, parentWidth: parentWidth, parentHeight: nil,
                    availableWidth: axis == 0 ? .minContent : .definite(180), availableHeight: .maxContent,
                    sizing: sizing)
                if axis == 1 { low.availableHeight = .minContent }
                var high = low
                if axis == 0 { high.availableWidth = .maxContent } else { high.availableHeight = .maxContent }
                questions.append((low, high))
            }
            for (low, high) in questions {
                let (minimum, maximum) = (RandomFlexTrees.answer(request, node, low), RandomFlexTrees.answer(request, node, high))
                if blind {
                    blindChecked += 1
                    if minimum != maximum {
                        failures.append("tree \(tree) node \(node): min-content \(minimum), max-content \(maximum)")
                    }
                } else if minimum != maximum {
                    sightedDiffering += 1
                }
            }
        }
        print("constraint blindness: \(blindChecked) blind questions, \(sightedDiffering) differing answers of containers not blind")
        #expect(failures.isEmpty, "\(failures.count) blind answers differ: \(failures.prefix(5))")
        #expect(blindChecked > 500, "only \(blindChecked) blind questions")
        #expect(sightedDiffering > 20, "only \(sightedDiffering) answers of containers that are not blind differ")
    }
}
