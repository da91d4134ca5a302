/// The response's `frames` object written straight into one buffer sized for the worst
/// case, with no append per node: the inner loop of every full response. Appending each
/// member through `JSONWriter` cost a copy from a stack scratch and an array append per
/// node, a third of encoding.
enum FrameListWriter {
    /// The most one member takes besides its id: a comma, two quotes, a colon and a frame
    /// (`writeFrame` writes at most 31 + 4 × 32 bytes).
    private static let memberOverhead = 4 + 31 + 4 * maxNumber
    /// The longest number written here; a longer one (none is: a Double's description
    /// has at most 24 bytes) sends the whole object the general way.
    private static let maxNumber = 32

    /// `prefix`, then `{"id":{"x":…,"y":…,"width":…,"height":…},…}` for every node with a
    /// frame (or those `only` lists, ascending): the text `JSONWriter.member` writes. nil
    /// when an id needs escaping: the caller then writes member by member.
    static func write(prefix: [UInt8], _ request: LayoutRequest, _ result: LayoutResult, only: [Int]?) -> [UInt8]? {
        let tree = request.tree
        let nodes = tree.nodes
        guard result.frames.count >= nodes.count, result.hasFrame.count >= nodes.count else { return nil }
        var bound = prefix.count + 2
        if let only {
            for index in only where nodes.indices.contains(index) { bound += Int(nodes[index].idLength) + memberOverhead }
        } else {
            bound += tree.idBytes.count + nodes.count * memberOverhead
        }
        let parentRelative = request.options.coordinates == .parent
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: bound) { buffer, initialized in
            initialized = 0
            guard let base = buffer.baseAddress else {
                failed = true
                return
            }
            var cursor = base
            for byte in prefix {
                cursor.initialize(to: byte)
                cursor += 1
            }
            cursor.initialize(to: UInt8(ascii: "{"))
            cursor += 1
            var needsComma = false
            tree.idBytes.withUnsafeBufferPointer { idBytes in
                guard let ids = idBytes.baseAddress else {
                    // No ids at all: only an empty tree, whose object stays empty.
                    failed = !nodes.isEmpty
                    return
                }
                /// Writes one member; false when it needs the general path.
                func member(_ index: Int) -> Bool {
                    let node = nodes[index]
                    guard result.hasFrame[index] && node.hasFrame else { return true }
                    let frame = responseFrame(index, node, result, parentRelative: parentRelative)
                    let id = ids + Int(node.idStart)
                    let idLength = Int(node.idLength)
                    for offset in 0..<idLength where JSONEscapes.needsEscape(id[offset]) { return false }
                    if needsComma {
                        cursor.initialize(to: UInt8(ascii: ","))
                        cursor += 1
                    }
                    cursor.initialize(to: UInt8(ascii: "\""))
                    (cursor + 1).initialize(from: id, count: idLength)
                    cursor += 1 + idLength
                    cursor[0] = UInt8(ascii: "\"")
                    cursor[1] = UInt8(ascii: ":")
                    let count = writeFrame(frame, to: cursor + 2)
                    guard count > 0 else { return false }
                    cursor += 2 + count
                    needsComma = true
                    return true
                }
                if let only {
                    for index in only where !member(index) {
                        failed = true
                        return
                    }
                } else {
                    for index in nodes.indices where !member(index) {
                        failed = true
                        return
                    }
                }
            }
            guard !failed else { return }
            cursor.initialize(to: UInt8(ascii: "}"))
            cursor += 1
            initialized = cursor - base
        }
        return failed ? nil : bytes
    }

    /// The frame a response gives `index`: in the request's coordinates, relative to its
    /// parent's origin when asked (and the parent has a frame).
    @inline(__always)
    static func responseFrame(_ index: Int, _ node: Node, _ result: LayoutResult, parentRelative: Bool) -> Rect {
        var frame = result.frames[index]
        if parentRelative, node.parent >= 0, result.hasFrame[Int(node.parent)] {
            let parent = result.frames[Int(node.parent)]
            frame.origin = Point(x: frame.x - parent.x, y: frame.y - parent.y)
        }
        return frame
    }

    /// `{"x":…,"y":…,"width":…,"height":…}` as `JSONWriter.frame` writes it, the rare
    /// long number included; 0 if a number is longer than `maxNumber`.
    private static func writeFrame(_ frame: Rect, to text: UnsafeMutablePointer<UInt8>) -> Int {
        let short = JSONWriter.writeFrame(frame, to: text)
        if short > 0 { return short }
        var cursor = text
        func put(_ label: StaticString, _ value: Double) -> Bool {
            cursor.update(from: label.utf8Start, count: label.utf8CodeUnitCount)
            cursor += label.utf8CodeUnitCount
            var count = JSONWriter.writeShortNumber(value, to: cursor)
            if count == 0 {
                // What `JSONWriter.number` falls back to: the shortest round-trip text.
                var description = value.description
                count = description.withUTF8 { utf8 -> Int in
                    guard utf8.count <= maxNumber, let start = utf8.baseAddress else { return 0 }
                    cursor.update(from: start, count: utf8.count)
                    return utf8.count
                }
            }
            cursor += count
            return count > 0
        }
        guard put(frameX, frame.x), put(frameY, frame.y), put(frameWidth, frame.width), put(frameHeight, frame.height)
        else { return 0 }
        cursor.pointee = UInt8(ascii: "}")
        return cursor + 1 - text
    }

    private static let frameX: StaticString = "{\"x\":"
    private static let frameY: StaticString = ",\"y\":"
    private static let frameWidth: StaticString = ",\"width\":"
    private static let frameHeight: StaticString = ",\"height\":"
}
