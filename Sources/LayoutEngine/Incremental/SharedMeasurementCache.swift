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
    struct Key: Hashable {
        var hash: TreeHash
        var width: UInt64
        var height: UInt64

        init(_ hash: TreeHash, _ proposal: ProposedSize) {
            self.hash = hash
            // Unspecified as a NaN bit pattern no real proposal has.
            width = proposal.width?.bitPattern ?? 0x7FF8_DEAD_0000_0001
            height = proposal.height?.bitPattern ?? 0x7FF8_DEAD_0000_0001
        }
    }

    /// One lock and its table (a Mutex cannot sit in an array itself).
    private final class Shard: Sendable {
        let table = Mutex<[Key: Size]>([:])
    }

    private static let shardCount = 16
    /// A key and its size, as a hash table's storage holds them.
    static let bytesPerSlot = MemoryLayout<Key>.stride + MemoryLayout<Size>.stride
    private let shards: [Shard]
    private let shardLimit: Int
    /// The most bytes the tables can hold (their key and value storage at full size).
    public let maxBytes: Int
    private let counters = Mutex<(hits: Int, misses: Int, flushes: Int)>((0, 0, 0))

    /// `capacity`: the most sizes kept in all. `maxBytes`: the most bytes of table storage.
    ///
    /// A Swift dictionary keeps a power-of-two number of slots and grows past three
    /// quarters full, so a shard is flushed at three quarters of the largest slot count
    /// that fits its share of `maxBytes`: the table never grows beyond that.
    public init(capacity: Int = 1_000_000, maxBytes: Int = 32 << 20) {
        let shareSlots = max(maxBytes / Self.shardCount / Self.bytesPerSlot, 2)
        var slots = 2
        while slots * 2 <= shareSlots { slots *= 2 }
        let byteLimit = slots * 3 / 4
        shardLimit = max(min(capacity / Self.shardCount, byteLimit), 1)
        var tableSlots = 2
        while tableSlots * 3 / 4 < shardLimit { tableSlots *= 2 }
        self.maxBytes = Self.shardCount * tableSlots * Self.bytesPerSlot
        shards = (0..<Self.shardCount).map { _ in Shard() }
    }

    @inline(__always)
    private func shard(_ key: Key) -> Int { Int(truncatingIfNeeded: key.hash.low & UInt64(Self.shardCount - 1)) }

    func lookup(_ hash: TreeHash, _ proposal: ProposedSize) -> Size? {
        let key = Key(hash, proposal)
        return shards[shard(key)].table.withLock { $0[key] }
    }

    func store(_ hash: TreeHash, _ proposal: ProposedSize, _ size: Size) {
        let key = Key(hash, proposal)
        let limit = shardLimit
        let flushed = shards[shard(key)].table.withLock { table -> Bool in
            var flushed = false
            if table.count >= limit {
                table.removeAll(keepingCapacity: true)
                flushed = true
            }
            table[key] = size
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
