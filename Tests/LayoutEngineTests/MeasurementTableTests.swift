import Testing

@testable import LayoutEngine

/// The shared measurement cache's table against a dictionary, on keys built to collide.
@Suite struct MeasurementTableTests {
    @Test func answersLikeADictionaryThroughGrowthAndFlushes() {
        var table = MeasurementTable(maxCapacity: 1024)
        var reference: [String: Size] = [:]
        var generator = SystemRandomNumberGenerator()
        func key(_ index: UInt64) -> (MeasurementTable.Key, String) {
            // Few distinct hashes and proposals, so that many keys share a home slot.
            let hash = TreeHash(high: index % 7, low: (index / 7) % 5 + 1)
            let width: Double? = index % 3 == 0 ? nil : Double(index % 11)
            let height: Double? = index % 4 == 0 ? nil : Double(index % 13)
            let key = MeasurementTable.Key(hash, ProposedSize(width: width, height: height))
            return (key, "\(key.high) \(key.low) \(key.width) \(key.height)")
        }
        for step in 0..<20_000 {
            let (k, name) = key(UInt64.random(in: 0..<4_000, using: &generator))
            if step % 3 == 0 {
                let size = Size(width: Double(step), height: Double(step % 17))
                if table.count >= 700 {
                    table.removeAll()
                    reference.removeAll()
                }
                table.store(k, size)
                reference[name] = size
            } else {
                #expect(table.lookup(k) == reference[name])
            }
            #expect(table.count == reference.count)
        }
        #expect(reference.count > 100)
    }

    @Test func aZeroTreeHashIsNeverCached() {
        var table = MeasurementTable(maxCapacity: 16)
        let key = MeasurementTable.Key(TreeHash(high: 0, low: 0), ProposedSize(width: 10, height: 20))
        table.store(key, Size(width: 1, height: 2))
        #expect(table.lookup(key) == nil)
        #expect(table.count == 0)
        let other = MeasurementTable.Key(TreeHash(high: 0, low: 1), ProposedSize(width: 10, height: 20))
        table.store(other, Size(width: 1, height: 2))
        #expect(table.lookup(other) == Size(width: 1, height: 2))
        #expect(table.lookup(MeasurementTable.Key(TreeHash(high: 0, low: 1), ProposedSize(width: 10, height: nil))) == nil)
    }
}
