import Testing
import Workloads

@testable import LayoutEngine

/// A stack's flexibility probe at infinity, answered from `Reach` (NodeTraits.swift) instead
/// of asked: derived by hand from SWIFTUI-RULES.md stack rule 3, and checked against a
/// profiled layout, which asks every probe as SwiftUI asks it.
@Suite struct ReachTests {
    /// HStack(spacing 0) in 300×100 of [X, text "Hello" (Ahem 10pt: 50×10)], where X is a
    /// centred stack of shapes. Proposed infinity across, each shape answers infinity, so
    /// X is infinitely flexible and the text (flexibility finite) is offered space first:
    /// text ← 300/2 → 50, X ← 250. (X's width at infinity used to come out as ∞ − ∞, not a
    /// number, which ranked X with the text, so X was offered first and took 150.)
    @Test(arguments: [
        #"{"type":"vstack","id":"x","children":[{"type":"rect","id":"a"},{"type":"rect","id":"b"}]}"#,
        #"{"type":"zstack","id":"x","children":[{"type":"rect","id":"a"},{"type":"rect","id":"b"}]}"#,
        #"{"type":"vstack","id":"x","alignment":"trailing","children":[{"type":"rect","id":"a"},{"type":"image","id":"b","size":{"width":4,"height":4},"resizable":true}]}"#,
    ])
    func aStackOfShapesIsInfinitelyFlexible(stack: String) throws {
        let text = #"{"type":"text","id":"t","text":"Hello","font":{"size":10}}"#
        let body = request(#"{"type":"hstack","id":"h","spacing":0,"children":[\#(stack),\#(text)]}"#, width: "300", height: "100")
        let request = try RequestDecoder.decode(Array(body.utf8))
        // Unprofiled, the probe is answered from `Reach`; profiled, it is asked.
        for profiled in [false, true] {
            let result = layout(request, profiled: profiled)
            let f = { (id: String) in request.tree.index(ofID: id).map { result.frames[$0] } }
            expectFrame(f("h"), rect(0, 0, 300, 100), "profiled: \(profiled)")
            expectFrame(f("x"), rect(0, 0, 250, 100), "profiled: \(profiled)")
            expectFrame(f("t"), rect(250, 45, 50, 10), "profiled: \(profiled)")
        }
    }

    private func layout(_ request: LayoutRequest, profiled: Bool) -> LayoutResult {
        LayoutComputer.layout(
            request, hashes: [], shared: nil, previous: nil, profileClock: profiled ? .continuous : nil
        ).result
    }

    /// Random trees using every modifier `Reach` looks at (percentages, infinite and
    /// finite bounds, fixed sizes, positions, aspect ratios, zstacks, spacers, dividers):
    /// the same frames, bit for bit, whether the probes at infinity are skipped or asked.
    @Test(arguments: 1...6)
    func skippedProbesAgreeWithAskedOnes(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        for tree in 0..<60 {
            var counter = 0
            let root = ReachTree.node(&random, depth: 0, counter: &counter)
            let width = 120 + random.next() % 300, height = 80 + random.next() % 500
            let body = request(root, width: String(width), height: String(height))
            let request = try RequestDecoder.decode(Array(body.utf8))
            let skipped = layout(request, profiled: false)
            let asked = layout(request, profiled: true)
            #expect(skipped.hasFrame == asked.hasFrame, "seed \(seed), tree \(tree)")
            let differing = skipped.frames.indices.filter { !Self.sameBits(skipped.frames[$0], asked.frames[$0]) }
            #expect(
                differing.isEmpty,
                "seed \(seed), tree \(tree): \(differing.prefix(3).map { request.tree.id(of: $0) }) in \(body)")
        }
    }

    private static func sameBits(_ a: Rect, _ b: Rect) -> Bool {
        [a.x, a.y, a.width, a.height].map(\.bitPattern) == [b.x, b.y, b.width, b.height].map(\.bitPattern)
    }
}

/// The random trees of `skippedProbesAgreeWithAskedOnes`.
private enum ReachTree {
    static let modifiers = [
        #"{"padding":8}"#, #"{"padding":"10%"}"#, #"{"padding":{"horizontal":12}}"#, #"{"padding":-6}"#,
        #"{"frame":{"width":60}}"#, #"{"frame":{"height":30}}"#, #"{"frame":{"width":40,"height":20}}"#,
        #"{"frame":{"width":"50%"}}"#, #"{"frame":{"maxWidth":"infinity"}}"#, #"{"frame":{"maxHeight":"infinity"}}"#,
        #"{"frame":{"minWidth":30}}"#, #"{"frame":{"maxWidth":90}}"#, #"{"frame":{"minWidth":20,"maxWidth":"infinity"}}"#,
        #"{"frame":{"idealWidth":70,"maxHeight":"infinity"}}"#, #"{"frame":{"maxWidth":"40%"}}"#,
        #"{"fixedSize":true}"#, #"{"fixedSize":{"horizontal":true}}"#, #"{"fixedSize":{"vertical":true}}"#,
        #"{"position":{"x":20,"y":20}}"#, #"{"aspectRatio":{"ratio":1.5,"contentMode":"fit"}}"#,
        #"{"offset":{"x":5,"y":-5}}"#, #"{"layoutPriority":1}"#, #"{"background":{"content":{"type":"rect"}}}"#,
        #"{"alignmentGuide":{"alignment":"leading","value":6}}"#,
    ]
    static let leaves = [
        #""type":"rect""#, #""type":"text","text":"Hello wide world","font":{"size":10}"#,
        #""type":"text","text":"OK","font":{"size":10}"#, #""type":"view","size":{"width":30,"height":12}"#,
        #""type":"image","size":{"width":24,"height":16},"resizable":true"#,
        #""type":"image","size":{"width":24,"height":16}"#, #""type":"spacer""#, #""type":"divider""#,
    ]
    static let containers = [
        #""type":"hstack""#, #""type":"vstack""#, #""type":"hstack","alignment":"bottom""#,
        #""type":"vstack","alignment":"leading""#, #""type":"vstack","alignment":"trailing","spacing":0"#,
        #""type":"zstack""#,
    ]

    static func node(_ random: inout SplitMix64, depth: Int, counter: inout Int) -> String {
        counter += 1
        var out = "{\"id\":\"n\(counter)\","
        if depth < 4 && (depth == 0 || random.next() % 3 != 0) {
            out += pick(containers, &random) + ",\"children\":["
            out += (0..<(2 + Int(random.next() % 3))).map { _ in node(&random, depth: depth + 1, counter: &counter) }
                .joined(separator: ",")
            out += "]"
        } else {
            out += pick(leaves, &random)
        }
        let count = Int(random.next() % 3)
        if count > 0 {
            out += ",\"modifiers\":[" + (0..<count).map { _ in pick(modifiers, &random) }.joined(separator: ",") + "]"
        }
        return out + "}"
    }

    private static func pick(_ list: [String], _ random: inout SplitMix64) -> String {
        list[Int(random.next() % UInt64(list.count))]
    }
}
