import Testing
import Workloads

@testable import LayoutEngine

/// A min-content question of a flex box shares the max-content one's memo answer where
/// the box's subtree is blind to intrinsic constraints (`FlexMemo.isConstraintBlind`).
/// Checked on random trees: every blind container answers both questions alike, each
/// asked of a fresh computer at the top (no memo between them); and some containers
/// that are not blind (wrapping, min and max sizes, ratios, texts) answer them
/// differently, so the check can fail.
@Suite struct ConstraintBlindnessTests {
    /// Seeded draws (the same trees on every run).
    private struct Random {
        var generator: SplitMix64
        mutating func below(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &generator) }
        mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
        mutating func pick<T>(_ values: [T]) -> T { values[below(values.count)] }
    }

    private static func length(_ random: inout Random) -> String {
        random.chance(30) ? "\"\(random.below(101))%\"" : "\(random.below(200))"
    }

    /// A random flex subtree: mostly features that ignore the constraint (sizes,
    /// percentages, flex factors, margins, padding, gaps, alignment, directions), now and
    /// then one that reads it.
    private static func node(_ id: String, depth: Int, _ random: inout Random) -> String {
        if depth > 0, random.chance(6) {
            return #"{"type":"text","id":"\#(id)","text":"HH HHHH H","font":{"family":"Ahem","size":10}}"#
        }
        var style: [String] = []
        if random.chance(50) { style.append("\"width\":\(length(&random))") }
        if random.chance(50) { style.append("\"height\":\(length(&random))") }
        if random.chance(30) { style.append("\"flexGrow\":\(random.below(3))") }
        if random.chance(20) { style.append("\"flexShrink\":\(random.below(2))") }
        if random.chance(20) { style.append("\"flexBasis\":\(length(&random))") }
        if random.chance(40) {
            style.append("\"flexDirection\":\"\(random.pick(["row", "column", "row-reverse", "column-reverse"]))\"")
        }
        if random.chance(30) {
            style.append("\"alignItems\":\"\(random.pick(["flex-start", "center", "flex-end", "baseline", "stretch"]))\"")
        }
        if random.chance(30) {
            style.append("\"justifyContent\":\"\(random.pick(["center", "space-between", "flex-end", "space-evenly"]))\"")
        }
        if random.chance(20) { style.append("\"margin\":\(length(&random))") }
        if random.chance(20) { style.append("\"padding\":\(length(&random))") }
        if random.chance(15) { style.append("\"gap\":\(random.below(20))") }
        // Features that read the constraint.
        if random.chance(8) { style.append("\"flexWrap\":\"wrap\"") }
        if random.chance(5) { style.append("\"aspectRatio\":\(random.pick([0.5, 1, 2]))") }
        if random.chance(5) { style.append("\"\(random.pick(["minWidth", "maxWidth", "minHeight", "maxHeight"]))\":\(random.below(150))") }
        if depth > 0, random.chance(4) { style.append("\"position\":\"absolute\"") }
        if random.chance(4) { style.append("\"overflow\":\"hidden\"") }
        var children: [String] = []
        if depth < 4 {
            for index in 0..<random.below(depth == 0 ? 5 : 4) {
                children.append(node("\(id)/\(index)", depth: depth + 1, &random))
            }
        }
        return #"{"type":"flex","id":"\#(id)","style":{\#(style.joined(separator: ","))},"children":[\#(children.joined(separator: ","))]}"#
    }

    /// The size `node` gives for `inputs`, from a computer of its own.
    private static func answer(_ request: LayoutRequest, _ node: Int, _ inputs: FlexInputs) -> Size {
        guard case .flex(let index) = request.tree.nodes[node].kind else { return .zero }
        let style = index >= 0 ? request.tree.flexStyles[Int(index)] : FlexStyle.initial
        return request.tree.childList.withUnsafeBufferPointer { childList in
            let scratch = LayoutScratchPool.take(nodeCount: request.tree.nodes.count)
            defer { LayoutScratchPool.give(scratch, nodeCount: request.tree.nodes.count) }
            var computer = LayoutComputer(tree: request.tree, childList: childList, scratch: scratch, recordsPlacement: false)
            return computer.flexLayout(node, style, inputs, .computeSize).size
        }
    }

    private static func isBlind(_ request: LayoutRequest, _ node: Int) -> Bool {
        request.tree.childList.withUnsafeBufferPointer { childList in
            let scratch = LayoutScratchPool.take(nodeCount: request.tree.nodes.count)
            defer { LayoutScratchPool.give(scratch, nodeCount: request.tree.nodes.count) }
            var computer = LayoutComputer(tree: request.tree, childList: childList, scratch: scratch, recordsPlacement: false)
            computer.flex.memo.prepare(request.tree)
            return computer.flex.memo.isConstraintBlind(node, request.tree)
        }
    }

    @Test func blindContainersAnswerMinAndMaxContentAlike() throws {
        var random = Random(generator: SplitMix64(seed: 20_261_127))
        var blindChecked = 0, sightedDiffering = 0
        var failures: [String] = []
        for tree in 0..<300 {
            let body =
                #"{"bounds":{"width":500,"height":500},"root":\#(Self.node("root", depth: 0, &random))}"#
            let request = try RequestDecoder.decode(Array(body.utf8))
            for node in request.tree.nodes.indices {
                guard case .flex = request.tree.nodes[node].kind, request.tree.nodes[node].childCount > 0 else { continue }
                let blind = Self.isBlind(request, node)
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
                    let (minimum, maximum) = (Self.answer(request, node, low), Self.answer(request, node, high))
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
        }
        print("constraint blindness: \(blindChecked) blind questions, \(sightedDiffering) differing answers of containers not blind")
        #expect(failures.isEmpty, "\(failures.count) blind answers differ: \(failures.prefix(5))")
        #expect(blindChecked > 500, "only \(blindChecked) blind questions")
        #expect(sightedDiffering > 20, "only \(sightedDiffering) answers of containers that are not blind differ")
    }
}
