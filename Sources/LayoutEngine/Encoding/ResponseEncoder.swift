/// What a request cost, for the response's `metrics` and `Server-Timing`.
public struct LayoutMetrics: Sendable, Equatable {
    public var parseMicros: Double = 0
    public var layoutMicros: Double = 0
    public var encodeMicros: Double = 0
    public var nodes = 0
    public var measured = 0

    public init() {}
}

/// Writes the response of API.md §2 straight to bytes.
enum ResponseEncoder {
    static func encode(
        _ request: LayoutRequest, _ result: LayoutResult, metrics: inout LayoutMetrics, clock: LayoutClock
    ) -> [UInt8] {
        let started = clock.nanoseconds()
        let tree = request.tree
        var writer = JSONWriter(capacity: 96 + tree.nodes.count * 64)
        writer.beginObject()
        writer.key("size")
        writeSize(result.size, into: &writer)
        writer.key("frames")
        writer.beginObject()
        let parentRelative = request.options.coordinates == .parent
        tree.idBytes.withUnsafeBufferPointer { idBytes in
            for index in tree.nodes.indices where result.hasFrame[index] && tree.nodes[index].hasFrame {
                let node = tree.nodes[index]
                writer.key(bytes: UnsafeBufferPointer(rebasing: idBytes[Int(node.idStart)..<Int(node.idStart + node.idLength)]))
                var frame = result.frames[index]
                if parentRelative, node.parent >= 0, result.hasFrame[Int(node.parent)] {
                    let parent = result.frames[Int(node.parent)]
                    frame.origin = Point(x: frame.x - parent.x, y: frame.y - parent.y)
                }
                writer.beginObject()
                writer.key("x")
                writer.number(frame.x)
                writer.key("y")
                writer.number(frame.y)
                writer.key("width")
                writer.number(frame.width)
                writer.key("height")
                writer.number(frame.height)
                writer.endObject()
            }
        }
        writer.endObject()
        if !result.scrollContent.isEmpty {
            writer.key("scroll")
            writer.beginObject()
            for (node, size) in result.scrollContent {
                let record = tree.nodes[Int(node)]
                writer.key(bytes: tree.idBytes[Int(record.idStart)..<Int(record.idStart + record.idLength)])
                writer.beginObject()
                writer.key("contentWidth")
                writer.number(size.width)
                writer.key("contentHeight")
                writer.number(size.height)
                writer.endObject()
            }
            writer.endObject()
        }
        writer.key("cache")
        writer.string("miss")
        metrics.encodeMicros = Double(clock.nanoseconds() - started) / 1000
        writer.key("metrics")
        writer.beginObject()
        writer.key("parseMicros")
        writer.number(metrics.parseMicros.rounded())
        writer.key("layoutMicros")
        writer.number(metrics.layoutMicros.rounded())
        writer.key("encodeMicros")
        writer.number(metrics.encodeMicros.rounded())
        writer.key("nodes")
        writer.integer(metrics.nodes)
        writer.key("measured")
        writer.integer(metrics.measured)
        writer.endObject()
        writer.endObject()
        return writer.bytes
    }

    private static func writeSize(_ size: Size, into writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("width")
        writer.number(size.width)
        writer.key("height")
        writer.number(size.height)
        writer.endObject()
    }
}
