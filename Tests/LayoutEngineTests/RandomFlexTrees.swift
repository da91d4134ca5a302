import Workloads

@testable import LayoutEngine

/// Random flex trees for the tests that compare two ways of computing the same answer
/// (`ConstraintBlindnessTests`, `WidthQuestionTests`, `StretchedItemTests`,
/// `BlockLevelPlacementTests`, `PlainItemTests`), and the answer of one question of one node from a
/// computer of its own (no memo shared between two answers).
enum RandomFlexTrees {
    /// Seeded draws (the same trees on every run).
    struct Random {
        var generator: SplitMix64
        mutating func below(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &generator) }
        mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
        mutating func pick<T>(_ values: [T]) -> T { values[below(values.count)] }
    }

    static func length(_ random: inout Random) -> String {
        random.chance(30) ? "\"\(random.below(101))%\"" : "\(random.below(200))"
    }

    /// A random flex subtree: mostly features that ignore the constraint (sizes,
    /// percentages, flex factors, margins, padding, gaps, alignment, directions), now and
    /// then one that reads it.
    static func node(_ id: String, depth: Int, _ random: inout Random) -> String {
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

    /// `count` random trees drawn from `seed`, with the same draws for the body's own questions.
    static func forEachTree(
        seed: UInt64, trees count: Int, _ body: (_ tree: Int, _ request: LayoutRequest, _ random: inout Random) throws -> Void
    ) throws {
        var random = Random(generator: SplitMix64(seed: seed))
        for tree in 0..<count {
            let json = #"{"bounds":{"width":500,"height":500},"root":\#(node("root", depth: 0, &random))}"#
            try body(tree, try RequestDecoder.decode(Array(json.utf8)), &random)
        }
    }

    /// Every flex container with children in those trees.
    static func forEachContainer(
        seed: UInt64, trees count: Int,
        _ body: (_ tree: Int, _ request: LayoutRequest, _ node: Int, _ random: inout Random) throws -> Void
    ) throws {
        try forEachTree(seed: seed, trees: count) { tree, request, random in
            for node in request.tree.nodes.indices {
                guard case .flex = request.tree.nodes[node].kind, request.tree.nodes[node].childCount > 0 else { continue }
                try body(tree, request, node, &random)
            }
        }
    }

    /// The size `node` gives for `inputs`, from a computer of its own (`rowsAskWidthsAlone`:
    /// `FlexScratch.rowsAskWidthsAlone`).
    static func answer(
        _ request: LayoutRequest, _ node: Int, _ inputs: FlexInputs, _ mode: FlexRunMode = .computeSize,
        rowsAskWidthsAlone: Bool = true
    ) -> Size {
        guard case .flex(let index) = request.tree.nodes[node].kind else { return .zero }
        let style = index >= 0 ? request.tree.flexStyles[Int(index)] : FlexStyle.initial
        return withComputer(request) { computer in
            computer.flex.rowsAskWidthsAlone = rowsAskWidthsAlone
            return computer.flexLayout(node, style, inputs, mode).size
        }
    }

    static func isBlind(_ request: LayoutRequest, _ node: Int) -> Bool {
        withComputer(request) { computer in
            computer.flex.memo.prepare(request.tree)
            return computer.flex.memo.isConstraintBlind(node, request.tree)
        }
    }

    /// A fresh computer for `request`, its scratch from the pool and back.
    static func withComputer<Result>(_ request: LayoutRequest, _ body: (inout LayoutComputer) -> Result) -> Result {
        request.tree.childList.withUnsafeBufferPointer { childList in
            let scratch = LayoutScratchPool.take(nodeCount: request.tree.nodes.count)
            defer { LayoutScratchPool.give(scratch, nodeCount: request.tree.nodes.count) }
            var computer = LayoutComputer(tree: request.tree, childList: childList, scratch: scratch, recordsPlacement: false)
            return body(&computer)
        }
    }
}
