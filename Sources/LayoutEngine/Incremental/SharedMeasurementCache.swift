import Synchronization

/// Sizes of subtrees by (structural hash, proposal), shared by every request and thread,
/// so that a subtree that did not change is not measured again. One per runtime: "shared"
/// as opposed to the `PerLayoutSizeMemo`, which holds one layout's answers by node index.
/// The environment is not part of the key because nothing in it changes a size: direction
/// and rounding are applied to the finished frames, the safe area only to the root's
/// proposal.
///
/// Sharded to keep lock hold times short; each shard is bounded, and a full shard is
/// emptied (a coarse but O(1) eviction: the cache only ever saves work).
public final class SharedMeasurementCache: @unchecked Sendable {
    private static let shardCount = 16
    /// A key and its size, and the slot's tag byte, as a table holds them.
    static let bytesPerSlot = MeasurementTable.bytesPerSlot
    /// Each shard's table behind its own lock, side by side in one allocation and used in
    /// place (a Mutex cannot sit in an array). Made once and never replaced; the locks
    /// make the tables safe to share. As objects in an array, each shard was retained and
    /// released at every lookup (a relayout looks up some 30 sizes).
    private let shards: UnsafeMutablePointer<Mutex<MeasurementTable>>
    private let shardLimit: Int
    /// The most bytes the tables can hold (their key and value storage at full size).
    public let maxBytes: Int
    private let counters = Mutex<(hits: Int, misses: Int, flushes: Int)>((0, 0, 0))

    /// `capacity`: the most sizes kept in all. `maxBytes`: the most bytes of table storage.
    ///
    /// A shard's table keeps a power-of-two number of slots and grows past three quarters
    /// full, so a shard is flushed at three quarters of the largest slot count that fits
    /// its share of `maxBytes`: the table never grows beyond that.
    public init(capacity: Int = 1_000_000, maxBytes: Int = 32 << 20) {
        let shareSlots = max(maxBytes / Self.shardCount / Self.bytesPerSlot, 2)
        var slots = 2
        while slots * 2 <= shareSlots { slots *= 2 }
        let byteLimit = slots * 3 / 4
        shardLimit = max(min(capacity / Self.shardCount, byteLimit), 1)
        var tableSlots = 2
        while tableSlots * 3 / 4 < shardLimit { tableSlots *= 2 }
        self.maxBytes = Self.shardCount * tableSlots * Self.bytesPerSlot
        shards = .allocate(capacity: Self.shardCount)
        for index in 0..<Self.shardCount {
            (shards + index).initialize(to: Mutex(MeasurementTable(maxCapacity: tableSlots)))
        }
    }

    deinit {
        shards.deinitialize(count: Self.shardCount)
        shards.deallocate()
    }

    @inline(__always)
    private func shard(_ hash: TreeHash) -> Int { Int(truncatingIfNeeded: hash.low & UInt64(Self.shardCount - 1)) }

    func lookup(_ hash: TreeHash, _ proposal: ProposedSize) -> Size? {
        let key = MeasurementTable.Key(hash, proposal)
        return shards[shard(hash)].withLock { $0.lookup(key) }
    }

    func store(_ hash: TreeHash, _ proposal: ProposedSize, _ size: Size) {
        let key = MeasurementTable.Key(hash, proposal)
        let limit = shardLimit
        let flushed = shards[shard(hash)].withLock { table -> Bool in
            var flushed = false
            if table.count >= limit {
                table.removeAll()
                flushed = true
            }
            table.store(key, size)
            return flushed
        }
        if flushed { counters.withLock { $0.flushes += 1 } }
    }

    func record(hits: Int, misses: Int) {
        counters.withLock {
            $0.hits += hits
            $0.misses += misses
        }
    }

    /// Entries held, hits and misses so far.
    public var statistics: (entries: Int, hits: Int, misses: Int) {
        let entries = (0..<Self.shardCount).reduce(0) { total, index in total + shards[index].withLock { $0.count } }
        let counts = counters.withLock { $0 }
        return (entries, counts.hits, counts.misses)
    }
}
