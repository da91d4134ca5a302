/// The header of a tape's entry buffer: how many entries it holds and has room for.
struct TapeEntryHeader {
    var count: Int
    var capacity: Int
}

/// A tape's entries, tail-allocated in one object (as an array's are): the parser writes
/// into it in place and the finished tape reads from it, so a parse neither copies its
/// entries out nor (once the pool is warm) touches fresh pages. Owned by one parse, then
/// by its tape; it goes back to `TapeScratchPool` only when no tape refers to it any more.
typealias TapeEntryBuffer = ManagedBuffer<TapeEntryHeader, JSONTape.Entry>

extension ManagedBuffer where Header == TapeEntryHeader, Element == JSONTape.Entry {
    static func make(capacity: Int) -> TapeEntryBuffer {
        let capacity = max(capacity, 1)
        return TapeEntryBuffer.create(minimumCapacity: capacity) { _ in TapeEntryHeader(count: 0, capacity: capacity) }
    }

    /// The first entry. Valid while the buffer is alive, which its parser and tape ensure
    /// by holding it.
    var entryPointer: UnsafeMutablePointer<JSONTape.Entry> { withUnsafeMutablePointerToElements { $0 } }

    var bytes: Int { header.capacity * MemoryLayout<JSONTape.Entry>.stride }
}

/// The entries of a finished tape: read-only, bounds-checked as an array's are, and one
/// reference wide (the tape is copied into many frames while decoding).
struct TapeEntries: RandomAccessCollection, @unchecked Sendable {
    /// Nothing writes to the buffer while a tape refers to it.
    private(set) var storage: TapeEntryBuffer

    init(storage: TapeEntryBuffer) {
        self.storage = storage
    }

    var startIndex: Int { 0 }
    var endIndex: Int { storage.header.count }
    var count: Int { storage.header.count }

    @inline(__always)
    subscript(index: Int) -> JSONTape.Entry {
        storage.withUnsafeMutablePointers { header, entries in
            precondition(index >= 0 && index < header.pointee.count, "tape index out of range")
            return entries[index]
        }
    }

    /// Whether this is the only reference to the buffer (so it may be reused).
    mutating func isSoleOwner() -> Bool { isKnownUniquelyReferenced(&storage) }

    /// An empty list that shares one buffer (never written: no parse takes it).
    static let empty = TapeEntries(storage: TapeEntryBuffer.make(capacity: 1))
}
