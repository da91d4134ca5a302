import Testing

@testable import LayoutEngine

/// The frames object written in one buffer (`FrameListWriter`) is the text the member by
/// member writer gives (`JSONWriter.member`, whose text `JSONWriterTests` spells out), for
/// numbers of every kind, parent-relative coordinates, subsets and escaped ids.
@Suite struct FrameListWriterTests {
    private static let values: [Double] = [
        0, -0.0, 1, -7, 390, 12.5, -2.25, 0.0625, 1.0 / 3.0, -1e-5, 33.333333333333336, 0.1 + 0.2, 1e20, -123_456_789.125,
        9.0e15, 4_503_599_627_370_497, .infinity, 99.99, 100.01, 10.005,
    ]

    private func request(ids: [String], coordinates: String = "absolute") throws -> LayoutRequest {
        let children = ids.dropFirst().map { #"{"type":"rect","id":"\#($0)"}"# }.joined(separator: ",")
        let json = #"{"bounds":{"width":390,"height":844},"options":{"coordinates":"\#(coordinates)"},"root":{"type":"vstack","id":"\#(ids[0])","children":[\#(children)]}}"#
        return try RequestDecoder.decode(Array(json.utf8))
    }

    private func result(nodes: Int, seed: Int) -> LayoutResult {
        var frames: [Rect] = []
        var hasFrame: [Bool] = []
        for node in 0..<nodes {
            func value(_ k: Int) -> Double { Self.values[(node &* 7 &+ k &* 3 &+ seed) % Self.values.count] }
            frames.append(Rect(origin: Point(x: value(0), y: value(1)), size: Size(width: value(2), height: value(3))))
            hasFrame.append(node % 5 != 3)
        }
        return LayoutResult(size: Size(width: 390, height: 844), frames: frames, hasFrame: hasFrame, scrollContent: [], measured: nodes)
    }

    private func memberByMember(_ request: LayoutRequest, _ result: LayoutResult, only: [Int]?) -> String {
        var writer = JSONWriter()
        writer.beginObject()
        let tree = request.tree
        for index in only ?? Array(tree.nodes.indices) where result.hasFrame[index] && tree.nodes[index].hasFrame {
            let node = tree.nodes[index]
            var frame = result.frames[index]
            if request.options.coordinates == .parent, node.parent >= 0, result.hasFrame[Int(node.parent)] {
                let parent = result.frames[Int(node.parent)]
                frame.origin = Point(x: frame.x - parent.x, y: frame.y - parent.y)
            }
            Array(tree.idBytes[Int(node.idStart)..<Int(node.idStart + node.idLength)]).withUnsafeBufferPointer {
                writer.member(key: $0, frame: frame)
            }
        }
        writer.endObject()
        return "P" + String(decoding: writer.bytes, as: UTF8.self)
    }

    private func oneBuffer(_ request: LayoutRequest, _ result: LayoutResult, only: [Int]?) -> String? {
        FrameListWriter.write(prefix: Array("P".utf8), request, result, only: only).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test(arguments: [0, 1, 2, 3, 4, 5, 6])
    func everyNumberKindMatchesTheGeneralWriter(seed: Int) throws {
        let ids = (0..<40).map { "n\($0)" } + ["café", String(repeating: "k", count: 120)]
        for coordinates in ["absolute", "parent"] {
            let request = try request(ids: ids, coordinates: coordinates)
            let result = result(nodes: request.tree.nodes.count, seed: seed)
            #expect(oneBuffer(request, result, only: nil) == memberByMember(request, result, only: nil))
            let subset = [0, 2, 3, 17, 40, 41]
            #expect(oneBuffer(request, result, only: subset) == memberByMember(request, result, only: subset))
        }
    }

    @Test func aHandWrittenObject() throws {
        let request = try request(ids: ["root", "a"])
        let result = LayoutResult(
            size: .zero,
            frames: [Rect(x: 0, y: 0, width: 390, height: 844), Rect(x: 1.0 / 3.0, y: -0.0, width: 12.5, height: 1e20)],
            hasFrame: [true, true], scrollContent: [], measured: 2)
        #expect(
            oneBuffer(request, result, only: nil)
                == #"P{"root":{"x":0,"y":0,"width":390,"height":844},"a":{"x":0.3333333333333333,"y":0,"width":12.5,"height":1e+20}}"#)
    }

    @Test func anIdNeedingEscapesTakesTheGeneralPath() throws {
        let request = try request(ids: ["root", #"a\"b"#])
        let result = result(nodes: 2, seed: 0)
        #expect(oneBuffer(request, result, only: nil) == nil)
        let encoded = String(decoding: ResponseEncoder.encodeFrames(request, result, treeHash: nil), as: UTF8.self)
        #expect(encoded.contains(#""a\"b":{"x":"#))
    }
}
