#if canImport(Glibc)
import Glibc
#endif

/// A layout-cache entry's bytes. Large entries live in pages of their own (`mmap`), so
/// that evicting one gives its memory straight back to the system: kept on the heap,
/// entries evicted in LRU order left holes other allocations could not fill (issue 16's
/// soak held some 27 MiB more than it used). They used to get those pages by a process-wide
/// 64 KiB `mmap` threshold, which also mapped, and faulted in page by page, every
/// request's own buffers of that size (a 1,000-node request's body, arena and response:
/// about 120 page faults per request; issue 11, `AllocatorSettings`). Small entries stay
/// on the heap, whose holes of their size are reused.
struct CachedFrames: Sendable {
    /// Entries from this size on are mapped (the threshold the allocator had).
    static let mappedFrom = 64 << 10

    private let storage: Storage

    private enum Storage: Sendable {
        case heap([UInt8])
        case mapped(MappedBytes)
    }

    /// The bytes, copied: to a mapping of their own when large (and the mapping can be
    /// made), else to an array of their size (an array grown by appending may hold up to
    /// twice its count, and the entry is charged at what it takes).
    init(copying frames: [UInt8]) {
        if frames.count >= Self.mappedFrom, let mapped = MappedBytes(copying: frames) {
            storage = .mapped(mapped)
        } else if frames.capacity > frames.count + frames.count / 8 + 64 {
            storage = .heap(Array(unsafeUninitializedCapacity: frames.count) { buffer, count in
                count = buffer.initialize(fromContentsOf: frames)
            })
        } else {
            storage = .heap(frames)
        }
    }

    /// The bytes the entry takes (for the cache's byte bound).
    var footprint: Int {
        switch storage {
        case .heap(let bytes): bytes.capacity
        case .mapped(let mapped): mapped.mappedCount
        }
    }

    func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        switch storage {
        case .heap(let bytes): try bytes.withUnsafeBytes(body)
        case .mapped(let mapped): try body(mapped.bytes)
        }
    }

    /// The bytes as an array with room for `extra` more (the response's tail).
    func array(reservingExtra extra: Int) -> [UInt8] {
        switch storage {
        case .heap(let bytes):
            return bytes
        case .mapped(let mapped):
            var copy: [UInt8] = []
            copy.reserveCapacity(mapped.bytes.count + extra)
            copy.append(contentsOf: mapped.bytes)
            return copy
        }
    }
}

/// Bytes in an anonymous private mapping, unmapped when the last reference goes.
/// (Unchecked: the mapping is written only in `init`, then only read.)
final class MappedBytes: @unchecked Sendable {
    private let start: UnsafeMutableRawPointer
    private let count: Int
    /// Whole pages.
    let mappedCount: Int

    /// Nil when the system refuses the mapping (the caller keeps the bytes elsewhere).
    init?(copying source: [UInt8]) {
        let page = max(Int(sysconf(Int32(_SC_PAGESIZE))), 4096)
        let length = (source.count + page - 1) / page * page
        guard length > 0 else { return nil }
        guard let address = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            address != UnsafeMutableRawPointer(bitPattern: -1)
        else { return nil }
        source.withUnsafeBytes { bytes in
            if let base = bytes.baseAddress { address.copyMemory(from: base, byteCount: bytes.count) }
        }
        start = address
        count = source.count
        mappedCount = length
    }

    deinit { munmap(start, mappedCount) }

    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: start, count: count) }
}
