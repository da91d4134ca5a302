#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// A layout-cache entry's bytes. Large entries live in pages of their own (`mmap`), so
/// that evicting one gives its memory back to the system (but for 2 MiB kept for the next
/// entries, `MappingPool`): kept on the heap, entries evicted in LRU order left holes other
/// allocations could not fill (issue 16's soak held some 27 MiB more than it used). They used to get those pages by a process-wide
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

    /// The bytes as an array: a mapped entry's copied with room for `extra` more (the
    /// response's tail); a heap entry's shared as they are (appending then copies them).
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

/// Bytes in an anonymous private mapping, given back to its pool (`MappingPool`) when the
/// last reference goes. (Unchecked: the mapping is written only in `init`, then only read.)
final class MappedBytes: @unchecked Sendable {
    private let start: UnsafeMutableRawPointer
    private let count: Int
    /// Whole pages.
    let mappedCount: Int
    private let pool: MappingPool

    /// Nil when the system refuses the mapping (the caller keeps the bytes elsewhere).
    init?(copying source: [UInt8], pool: MappingPool = .shared) {
        let page = max(Int(sysconf(Int32(_SC_PAGESIZE))), 4096)
        let length = (source.count + page - 1) / page * page
        guard length > 0 else { return nil }
        if let kept = pool.take(atLeast: length) {
            (start, mappedCount) = (kept.start, kept.length)
        } else {
            guard let address = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
                address != UnsafeMutableRawPointer(bitPattern: -1)
            else { return nil }
            (start, mappedCount) = (address, length)
        }
        count = source.count
        self.pool = pool
        let destination = start
        source.withUnsafeBytes { bytes in
            if let base = bytes.baseAddress { destination.copyMemory(from: base, byteCount: bytes.count) }
        }
    }

    deinit { pool.give(Mapping(start: start, length: mappedCount)) }

    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: start, count: count) }
}

/// One mapping: its start and length (whole pages).
struct Mapping: @unchecked Sendable {
    let start: UnsafeMutableRawPointer
    let length: Int
}

/// The mappings of entries the cache let go, kept (up to `maxBytes`) for the next entries
/// of about their size. A full cache evicts one entry for each it stores (and a session's
/// next layout replaces its last): a new mapping each time was faulted in page by page (18
/// page faults for a 1,000-node layout, 176 for 10,000 nodes), a kept one is resident.
final class MappingPool: Sendable {
    /// The process's pool: room for some 28 entries of a 1,000-node layout, or two of 10,000.
    static let shared = MappingPool(maxBytes: 2 << 20)

    let maxBytes: Int
    private let kept = Mutex<(mappings: [Mapping], bytes: Int)>(([], 0))

    init(maxBytes: Int) { self.maxBytes = maxBytes }

    deinit {
        kept.withLock { kept in
            for mapping in kept.mappings { munmap(mapping.start, mapping.length) }
        }
    }

    /// The smallest kept mapping of `length` bytes or at most a quarter more, if any.
    func take(atLeast length: Int) -> Mapping? {
        kept.withLock { kept in
            var best: Int?
            for (index, mapping) in kept.mappings.enumerated()
            where mapping.length >= length && mapping.length <= length + length / 4 {
                if best.map({ mapping.length < kept.mappings[$0].length }) ?? true { best = index }
            }
            guard let best else { return nil }
            let mapping = kept.mappings.remove(at: best)
            kept.bytes -= mapping.length
            return mapping
        }
    }

    /// Keeps `mapping` if there is room, else unmaps it.
    func give(_ mapping: Mapping) {
        let keptIt = kept.withLock { kept in
            guard kept.bytes + mapping.length <= maxBytes else { return false }
            kept.mappings.append(mapping)
            kept.bytes += mapping.length
            return true
        }
        if !keptIt { munmap(mapping.start, mapping.length) }
    }

    /// Bytes kept.
    var bytes: Int { kept.withLock { $0.bytes } }
}
