import Testing

@testable import LayoutEngine

/// The measurement cache's byte bound (`--measure-cache-bytes`).
@Suite struct SharedMeasurementCacheBoundTests {
    @Test func entriesNeverOutgrowTheByteBound() {
        // 1 MiB over 16 shards of 49-byte slots (48 and a tag byte): 1,337 slots a shard
        // fit, so 1,024-slot tables flushed at 768 entries; 16 × 1,024 × 49 = 802,816 bytes.
        let cache = SharedMeasurementCache(capacity: 1_000_000, maxBytes: 1 << 20)
        #expect(SharedMeasurementCache.bytesPerSlot == 49)
        #expect(cache.maxBytes == 802_816)
        var most = 0
        for index in 0..<50_000 {
            let hash = TreeHash(high: UInt64(index) &* 0x9E37_79B9_7F4A_7C15, low: UInt64(index))
            cache.store(hash, ProposedSize(width: 10, height: nil), Size(width: 1, height: 2))
            if index % 1000 == 0 { most = max(most, cache.statistics.entries) }
        }
        most = max(most, cache.statistics.entries)
        #expect(most <= 16 * 768)
        #expect(most > 8 * 768)
    }

    @Test func theEntryCountStillBoundsWhenItIsTighter() {
        let cache = SharedMeasurementCache(capacity: 160, maxBytes: 1 << 20)
        for index in 0..<5_000 {
            cache.store(TreeHash(high: 1, low: UInt64(index)), ProposedSize(width: nil, height: nil), Size(width: 0, height: 0))
        }
        #expect(cache.statistics.entries <= 160)
        // 10 entries a shard need 16-slot tables: 16 × 16 × 49.
        #expect(cache.maxBytes == 12_544)
    }
}
