/// A growable raw buffer of tape entries: the parser writes into it in place and the
/// finished tape reads from it, so a parse neither copies its entries out nor (once the
/// pool is warm) touches fresh pages. Owned by one parse, then by its tape; it goes back
/// to `TapeScratchPool` only when no tape refers to it any more.
final class TapeEntryBuffer {
    private(set) var pointer: UnsafeMutablePointer<JSONTape.Entry>
    private(set) var capacity: Int
    /// The entries the last parse wrote.
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 1)
        pointer = .allocate(capacity: self.capacity)
    }

    deinit { pointer.deallocate() }

    /// Takes the (possibly grown) memory a parse wrote `count` entries into; the parser
    /// moved the entries and freed the old memory when it grew.
    func adopt(_ pointer: UnsafeMutablePointer<JSONTape.Entry>, capacity: Int, count: Int) {
        self.pointer = pointer
        self.capacity = capacity
        self.count = count
    }

    var bytes: Int { capacity * MemoryLayout<JSONTape.Entry>.stride }
}

/// The entries of a finished tape: read-only, bounds-checked as an array's are, and one
/// reference wide, as an array is (the tape is copied into many stack frames while decoding).
struct TapeEntries: RandomAccessCollection, @unchecked Sendable {
    /// Nothing writes to the buffer while a tape refers to it.
    private(set) var storage: TapeEntryBuffer

    init(storage: TapeEntryBuffer) {
        self.storage = storage
    }

    var startIndex: Int { 0 }
    var endIndex: Int { storage.count }
    var count: Int { storage.count }

    @inline(__always)
    subscript(index: Int) -> JSONTape.Entry {
        let storage = self.storage
        // One unsigned compare covers both ends.
        precondition(UInt(bitPattern: index) < UInt(bitPattern: storage.count), "tape index out of range")
        return storage.pointer[index]
    }

    /// Whether this is the only reference to the buffer (so it may be reused).
    mutating func isSoleOwner() -> Bool { isKnownUniquelyReferenced(&storage) }

    /// An empty list that shares one buffer (never written: no parse takes it).
    static let empty = TapeEntries(storage: TapeEntryBuffer(capacity: 1))
}
