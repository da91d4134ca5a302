import Synchronization

/// The growable buffers one tape parse works in (the open-container stack, the key
/// fingerprints; the entries are a `TapeEntryBuffer`, which the tape keeps), kept between
/// requests so that a parse neither allocates nor touches fresh pages once the server has
/// warmed up. A parser takes one from `TapeScratchPool` and owns it alone until it gives
/// it back.
final class TapeScratch: @unchecked Sendable {
    var open: UnsafeMutablePointer<JSONTapeParser.OpenContainer>
    var openCapacity: Int
    var keys: UnsafeMutablePointer<UInt64>
    var keyCapacity: Int
    /// The fast path's copy of the body, padded with zeros.
    private var padded: UnsafeMutablePointer<UInt8>
    private var paddedCapacity: Int

    init() {
        openCapacity = 64
        open = .allocate(capacity: openCapacity)
        keyCapacity = 256
        keys = .allocate(capacity: keyCapacity)
        paddedCapacity = 4096
        padded = .allocate(capacity: paddedCapacity)
    }

    deinit {
        open.deallocate()
        keys.deallocate()
        padded.deallocate()
    }

    /// Bytes held, for the pool's bound.
    var footprint: Int {
        openCapacity * MemoryLayout<JSONTapeParser.OpenContainer>.stride + keyCapacity * 8 + paddedCapacity
    }

    /// `bytes` followed by `padding` zero bytes, in memory this scratch keeps.
    func paddedCopy(of bytes: UnsafeBufferPointer<UInt8>, padding: Int) -> UnsafeMutablePointer<UInt8> {
        let needed = bytes.count + padding
        if needed > paddedCapacity {
            padded.deallocate()
            paddedCapacity = max(needed, paddedCapacity * 2)
            padded = .allocate(capacity: paddedCapacity)
        }
        if let source = bytes.baseAddress {
            UnsafeMutableRawPointer(padded).copyMemory(from: source, byteCount: bytes.count)
        }
        UnsafeMutableRawPointer(padded + bytes.count).initializeMemory(as: UInt8.self, repeating: 0, count: padding)
        return padded
    }
}

/// A few scratches shared by the threads that decode (one per worker in use). Bounded in
/// number and in size: up to `maxKept` of at most `maxKeptBytes` each, plus one larger one
/// of at most `maxLargeBytes` for big bodies. Without that one, every request of about
/// 100k nodes (a tape of some 20 MB) took its buffers fresh from the kernel, page by page
/// (about 5,500 page faults per decode); anything larger still is freed after use, so one
/// huge request does not pin its memory for the process's life.
enum TapeScratchPool {
    static let maxKept = 8
    static let maxKeptBytes = 16 << 20
    static let maxLargeBytes = 48 << 20
    /// Bodies from this size on take the large scratch first (their tape outgrows a small one).
    static let largeBodyBytes = 2 << 20

    private struct Kept<Buffer> {
        var small: [Buffer] = []
        var large: Buffer?

        mutating func take(large wantsLarge: Bool) -> Buffer? {
            if wantsLarge, let buffer = large {
                large = nil
                return buffer
            }
            return small.popLast()
        }

        mutating func give(_ buffer: Buffer, bytes: Int) {
            if bytes <= TapeScratchPool.maxKeptBytes {
                if small.count < TapeScratchPool.maxKept { small.append(buffer) }
            } else if bytes <= TapeScratchPool.maxLargeBytes, large == nil {
                large = buffer
            }
        }
    }

    private static let idle = Mutex(Kept<TapeScratch>())
    /// Finished tapes' entry buffers, refilled by the next parse (a fresh buffer of some
    /// megabytes per request would come back as fresh pages each time).
    private static let idleEntries = Mutex(Kept<IdleEntries>())

    /// A kept buffer: no tape refers to it, so whichever parse takes it owns it alone.
    private struct IdleEntries: @unchecked Sendable {
        let buffer: TapeEntryBuffer
    }

    static func takeEntries(bodyBytes: Int = 0) -> TapeEntryBuffer {
        idleEntries.withLock { $0.take(large: bodyBytes >= largeBodyBytes) }?.buffer ?? TapeEntryBuffer(capacity: 1024)
    }

    /// Takes a finished tape's entries (leaving them empty) for a later parse, if no other
    /// tape shares them and they are small enough to keep.
    static func giveEntries(_ entries: inout TapeEntries) {
        guard entries.isSoleOwner() else { return }
        let buffer = entries.storage
        entries = .empty
        giveEntryBuffer(buffer)
    }

    /// Keeps `buffer` (no tape refers to it) for a later parse, if it is small enough.
    static func giveEntryBuffer(_ buffer: TapeEntryBuffer) {
        let bytes = buffer.bytes
        guard bytes <= maxLargeBytes else { return }
        let idle = IdleEntries(buffer: buffer)
        idleEntries.withLock { $0.give(idle, bytes: bytes) }
    }

    static func take(bodyBytes: Int = 0) -> TapeScratch {
        idle.withLock { $0.take(large: bodyBytes >= largeBodyBytes) } ?? TapeScratch()
    }

    static func give(_ scratch: TapeScratch) {
        let bytes = scratch.footprint
        guard bytes <= maxLargeBytes else { return }
        idle.withLock { $0.give(scratch, bytes: bytes) }
    }
}
