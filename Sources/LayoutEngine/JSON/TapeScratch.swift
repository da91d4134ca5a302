import Synchronization

/// The growable buffers one tape parse works in (entries, the open-container stack, the
/// key fingerprints), kept between requests so that a parse neither allocates nor touches
/// fresh pages once the server has warmed up. A parser takes one from `TapeScratchPool`
/// and owns it alone until it gives it back.
final class TapeScratch: @unchecked Sendable {
    var entries: UnsafeMutablePointer<JSONTape.Entry>
    var entryCapacity: Int
    var open: UnsafeMutablePointer<JSONTapeParser.OpenContainer>
    var openCapacity: Int
    var keys: UnsafeMutablePointer<UInt64>
    var keyCapacity: Int

    init() {
        entryCapacity = 1024
        entries = .allocate(capacity: entryCapacity)
        openCapacity = 64
        open = .allocate(capacity: openCapacity)
        keyCapacity = 256
        keys = .allocate(capacity: keyCapacity)
    }

    deinit {
        entries.deallocate()
        open.deallocate()
        keys.deallocate()
    }

    /// Bytes held, for the pool's bound.
    var footprint: Int {
        entryCapacity * MemoryLayout<JSONTape.Entry>.stride
            + openCapacity * MemoryLayout<JSONTapeParser.OpenContainer>.stride + keyCapacity * 8
    }
}

/// A few scratches shared by the threads that decode (one per worker in use). Bounded in
/// number and in size: one that grew past `maxKeptBytes` for a huge body is freed rather
/// than kept, so a single large request does not pin its memory for the process's life.
enum TapeScratchPool {
    static let maxKept = 8
    static let maxKeptBytes = 16 << 20

    private static let idle = Mutex<[TapeScratch]>([])
    /// Finished tapes' entry arrays, emptied and refilled by the next parse (a fresh
    /// array of some megabytes per request would come back as fresh pages each time).
    private static let idleEntries = Mutex<[[JSONTape.Entry]]>([])

    static func takeEntries() -> [JSONTape.Entry] {
        idleEntries.withLock { $0.popLast() } ?? []
    }

    /// Takes `entries` (leaving it empty) for a later parse, if it is small enough to keep.
    static func giveEntries(_ entries: inout [JSONTape.Entry]) {
        var taken: [JSONTape.Entry] = []
        swap(&taken, &entries)
        guard taken.capacity * MemoryLayout<JSONTape.Entry>.stride <= maxKeptBytes else { return }
        taken.removeAll(keepingCapacity: true)
        idleEntries.withLock { kept in
            if kept.count < maxKept { kept.append(taken) }
        }
    }

    static func take() -> TapeScratch {
        idle.withLock { $0.popLast() } ?? TapeScratch()
    }

    static func give(_ scratch: TapeScratch) {
        guard scratch.footprint <= maxKeptBytes else { return }
        idle.withLock { kept in
            if kept.count < maxKept { kept.append(scratch) }
        }
    }
}
