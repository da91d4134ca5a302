/// What a request cost, for the response's `metrics` and `Server-Timing`.
public struct LayoutMetrics: Sendable, Equatable {
    public var parseMicros: Double = 0
    public var hashMicros: Double = 0
    public var layoutMicros: Double = 0
    public var diffMicros: Double = 0
    public var encodeMicros: Double = 0
    public var nodes = 0
    /// Nodes whose size was computed in this request.
    public var measured = 0
    /// Nodes answered by the measurement cache or copied from the session's last layout.
    public var reused = 0

    public init() {}
}

/// Writes the response of API.md §2 straight to bytes, in two parts: the frames (which
/// the layout cache keeps) and the per-request tail (cache, metrics, diff).
enum ResponseEncoder {
    /// `{"treeHash":…,"size":…,"frames":{…},"scroll":{…}` — left open for the tail.
    /// `only`, when given, limits the frames to the nodes it lists (ascending), so that a
    /// patch's answer costs what changed, not a pass over the tree.
    static func encodeFrames(
        _ request: LayoutRequest, _ result: LayoutResult, treeHash: TreeHash?, only: [Int]? = nil
    ) -> [UInt8] {
        let tree = request.tree
        var writer = JSONWriter(capacity: 96)
        writer.beginObject()
        if let treeHash {
            writer.key("treeHash")
            writer.string(treeHash.description)
        }
        writer.key("size")
        writer.size(result.size)
        writer.key("frames")
        if let written = FrameListWriter.write(prefix: writer.bytes, request, result, only: only) {
            writer = JSONWriter(continuing: written)
        } else {
            writeFrames(request, result, only: only, into: &writer)
        }
        if !result.scrollContent.isEmpty {
            writer.key("scroll")
            writer.beginObject()
            for (node, size) in result.scrollContent {
                writeId(Int(node), of: tree, into: &writer)
                writer.beginObject()
                writer.key("contentWidth")
                writer.number(size.width)
                writer.key("contentHeight")
                writer.number(size.height)
                writer.endObject()
            }
            writer.endObject()
        }
        return writer.bytes
    }

    /// The frames object member by member, for ids that need escaping and numbers that
    /// need the general formatter (`FrameListWriter` does the rest in one buffer).
    private static func writeFrames(_ request: LayoutRequest, _ result: LayoutResult, only: [Int]?, into writer: inout JSONWriter) {
        let tree = request.tree
        writer.beginObject()
        let parentRelative = request.options.coordinates == .parent
        tree.idBytes.withUnsafeBufferPointer { idBytes in
            func write(_ index: Int) {
                guard result.hasFrame[index] && tree.nodes[index].hasFrame else { return }
                let node = tree.nodes[index]
                let frame = FrameListWriter.responseFrame(index, node, result, parentRelative: parentRelative)
                writer.member(
                    key: UnsafeBufferPointer(rebasing: idBytes[Int(node.idStart)..<Int(node.idStart + node.idLength)]),
                    frame: frame)
            }
            if let only {
                for index in only { write(index) }
            } else {
                for index in tree.nodes.indices { write(index) }
            }
        }
        writer.endObject()
    }

    /// `finish` of a cache hit (no diff or profile; every figure but parse is 0), as one
    /// copy of the frames and two fixed runs of bytes: it runs for every hit.
    static func finishHit(_ frames: CachedFrames, parseMicros: Double) -> [UInt8] {
        let head: StaticString = #","cache":"hit","metrics":{"parseMicros":"#
        let tail: StaticString =
            #","hashMicros":0,"layoutMicros":0,"diffMicros":0,"encodeMicros":0,"nodes":0,"measured":0,"reused":0}}"#
        var bytes: [UInt8] = []
        frames.withUnsafeBytes { frames in
            bytes.reserveCapacity(frames.count + head.utf8CodeUnitCount + 20 + tail.utf8CodeUnitCount)
            bytes.append(contentsOf: frames)
        }
        head.withUTF8Buffer { bytes.append(contentsOf: $0) }
        // A whole number of microseconds, as `JSONWriter.number` writes an integral value.
        var micros = UInt64(min(max(0, parseMicros), 1e15).rounded())
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { scratch in
            repeat {
                scratch[count] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: micros % 10)
                micros /= 10
                count += 1
            } while micros > 0
            for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(scratch[index]) }
        }
        tail.withUTF8Buffer { bytes.append(contentsOf: $0) }
        return bytes
    }

    /// Appends `cache`, `metrics` and `diff` to the frames part and closes the object.
    static func finish(
        _ frames: [UInt8], cacheHit: Bool, metrics: LayoutMetrics,
        diff: (diff: LayoutDiff, tree: NodeTree, previous: NodeTree?)? = nil,
        profile: (profile: LayoutProfile, tree: NodeTree)? = nil
    ) -> [UInt8] {
        var writer = JSONWriter(continuing: frames)
        writer.key("cache")
        writer.string(cacheHit ? "hit" : "miss")
        writer.key("metrics")
        writer.beginObject()
        for (key, value) in [
            ("parseMicros", metrics.parseMicros), ("hashMicros", metrics.hashMicros),
            ("layoutMicros", metrics.layoutMicros), ("diffMicros", metrics.diffMicros),
            ("encodeMicros", metrics.encodeMicros),
        ] {
            writer.key(key)
            writer.number(value.rounded())
        }
        writer.key("nodes")
        writer.integer(metrics.nodes)
        writer.key("measured")
        writer.integer(metrics.measured)
        writer.key("reused")
        writer.integer(metrics.reused)
        writer.endObject()
        if let (diff, tree, previous) = diff {
            writer.key("diff")
            writer.beginObject()
            writer.key("baseline")
            if let baseline = diff.baseline { writer.string(baseline.description) } else { writer.null() }
            for (key, nodes) in [("inserted", diff.inserted), ("moved", diff.moved), ("resized", diff.resized)] {
                writer.key(key)
                writer.beginArray()
                for node in nodes { writeIdValue(node, of: tree, into: &writer) }
                writer.endArray()
            }
            writer.key("removed")
            writer.beginArray()
            if let previous { for node in diff.removed { writeIdValue(node, of: previous, into: &writer) } }
            writer.endArray()
            writer.key("unchanged")
            writer.integer(diff.unchanged)
            writer.endObject()
        }
        if let (profile, tree) = profile {
            writer.key("profile")
            ProfileEncoder.write(profile, tree: tree, into: &writer)
        }
        writer.endObject()
        return writer.bytes
    }

    private static func writeId(_ node: Int, of tree: NodeTree, into writer: inout JSONWriter) {
        let record = tree.nodes[node]
        writer.key(bytes: tree.idBytes[Int(record.idStart)..<Int(record.idStart + record.idLength)])
    }

    private static func writeIdValue(_ node: Int, of tree: NodeTree, into writer: inout JSONWriter) {
        let record = tree.nodes[node]
        writer.string(bytes: tree.idBytes[Int(record.idStart)..<Int(record.idStart + record.idLength)])
    }
}
