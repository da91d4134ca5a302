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
public final class SharedMeasurementCache: Sendable {
    /// One lock and its table (a Mutex cannot sit in an array itself).
    private final class Shard: Sendable {
        let table: Mutex<MeasurementTable>
        init(slots: Int) { table = Mutex(MeasurementTable(maxCapacity: slots)) }
    }

    private static let shardCount = 16
    /// A key and its size, as a hash table's storage holds them.
    static let bytesPerSlot = MeasurementTable.bytesPerSlot
    private let shards: [Shard]
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
        shards = (0..<Self.shardCount).map { _ in Shard(slots: tableSlots) }
    }

    @inline(__always)
    private func shard(_ hash: TreeHash) -> Int { Int(truncatingIfNeeded: hash.low & UInt64(Self.shardCount - 1)) }

    func lookup(_ hash: TreeHash, _ proposal: ProposedSize) -> Size? {
        let key = MeasurementTable.Key(hash, proposal)
        return shards[shard(hash)].table.withLock { $0.lookup(key) }
    }

    func store(_ hash: TreeHash, _ proposal: ProposedSize, _ size: Size) {
        let key = MeasurementTable.Key(hash, proposal)
        let limit = shardLimit
        let flushed = shards[shard(hash)].table.withLock { table -> Bool in
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
        let entries = shards.reduce(0) { total, shard in total + shard.table.withLock { $0.count } }
        let counts = counters.withLock { $0 }
        return (entries, counts.hits, counts.misses)
    }
}
