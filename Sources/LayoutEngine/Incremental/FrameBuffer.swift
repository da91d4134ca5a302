/// The layout computer's frames, one per node, and (in a relayout that starts from the
/// previous layout's frames) the nodes whose frames it wrote. The log is what lets the
/// next relayout of the session bring a spare buffer up to date by copying those nodes
/// only (`SpareFrames`), instead of copying every frame (320 KB on 10,000 nodes) on its
/// first write.
struct FrameBuffer {
    /// The frames of a layout started from an array (empty when `raw` holds them).
    private var storage: [Rect]
    /// A fresh layout's frames, in its scratch's memory (`ScratchColumn`): written
    /// without the uniqueness check of an array write.
    private let raw: UnsafeMutablePointer<Rect>?
    let count: Int
    /// Nodes written, in order, repeats allowed; nil when not logged (a fresh layout:
    /// every frame is new).
    private(set) var written: WrittenNodes?

    init(_ array: [Rect], logged: Bool) {
        storage = array
        raw = nil
        count = array.count
        written = logged ? WrittenNodes() : nil
    }

    /// A fresh layout's `count` frames, all zero, not logged.
    init(fresh count: Int, in column: ScratchColumn<Rect>) {
        storage = []
        raw = column.filled(count, with: Rect(x: 0, y: 0, width: 0, height: 0))
        self.count = count
        written = nil
    }

    /// The frames as an array (a copy of a fresh layout's).
    var array: [Rect] {
        guard let raw else { return storage }
        return Array(UnsafeBufferPointer(start: raw, count: count))
    }

    var indices: Range<Int> { 0..<count }

    /// The frames of `range` set to `source`'s shifted by `offset` (a subtree copied in
    /// place, moved), as writing them one by one would, in one pass.
    mutating func setShifted(_ range: Range<Int>, from source: [Rect], by offset: Point) {
        guard raw == nil, range.lowerBound >= 0, range.upperBound <= min(count, source.count) else {
            for index in range {
                var frame = source[index]
                frame.origin = frame.origin + offset
                self[index] = frame
            }
            return
        }
        storage.withUnsafeMutableBufferPointer { frames in
            source.withUnsafeBufferPointer { source in
                for index in range {
                    var frame = source[index]
                    frame.origin = Point(x: frame.origin.x + offset.x, y: frame.origin.y + offset.y)
                    frames[index] = frame
                }
            }
        }
        written?.append(range: range)
    }

    subscript(index: Int) -> Rect {
        @inline(__always) get {
            guard let raw else { return storage[index] }
            precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "node index out of range")
            return raw[index]
        }
        @inline(__always) set {
            if let raw {
                precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "node index out of range")
                raw[index] = newValue
                return
            }
            storage[index] = newValue
            written?.append(index)
        }
    }
}

/// A session record's second frame buffer: the frames of the layout before it, which
/// differ from the record's own only at `stale`. A relayout of the same shape takes it
/// (with the record's placements, `PlacementRecord`), copies the record's frames at the
/// stale nodes over, and lays out in it: the buffer is no longer referenced by then (the
/// layout that wrote it is gone from the session), so the relayout writes it in place.
/// The two buffers trade places at each relayout. If it is still referenced (a request
/// holds that older layout), the first write copies it, as a plain array would.
struct SpareFrames: Sendable {
    var frames: [Rect]
    /// Nodes whose frames may differ from the record's (repeats allowed).
    var stale: WrittenNodes

    /// More stale nodes than this, and copying the record's frames whole is as cheap.
    static func worthKeeping(stale: Int, nodes: Int) -> Bool { stale <= nodes / 4 }

    /// The spare's frames brought up to date with `current` (the record's frames), moved
    /// out (so that this is their only reference and the writes below stay in place).
    mutating func takeSynced(to current: [Rect]) -> [Rect] {
        var taken: [Rect] = []
        swap(&taken, &frames)
        guard taken.count == current.count else { return current }
        taken.withUnsafeMutableBufferPointer { spare in
            current.withUnsafeBufferPointer { current in
                guard let to = spare.baseAddress, let from = current.baseAddress else { return }
                stale.forEachRange { logged in
                    let range = logged.clamped(to: 0..<spare.count)
                    if range.isEmpty { return }
                    if range.count == 1 {
                        to[range.lowerBound] = from[range.lowerBound]
                    } else {
                        (to + range.lowerBound).update(from: from + range.lowerBound, count: range.count)
                    }
                }
            }
        }
        return taken
    }
}
