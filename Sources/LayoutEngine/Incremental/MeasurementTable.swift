/// One shard of the shared measurement cache: an open-addressing table of sizes by
/// (structural hash, proposal), probed linearly.
///
/// A Swift dictionary hashed every 32-byte key with seeded SipHash on each lookup, which
/// was a sixth of a one-leaf relayout's time; the key here is already a SipHash output,
/// so one multiply spreads it. A slot whose tree hash is zero is empty (a subtree whose
/// 128-bit hash is zero is simply never cached: the cache only saves work).
struct MeasurementTable: ~Copyable {
    struct Key: Equatable {
        var high: UInt64
        var low: UInt64
        var width: UInt64
        var height: UInt64

        init(_ hash: TreeHash, _ proposal: ProposedSize) {
            high = hash.high
            low = hash.low
            // Unspecified as a NaN bit pattern no real proposal has.
            width = proposal.width?.bitPattern ?? 0x7FF8_DEAD_0000_0001
            height = proposal.height?.bitPattern ?? 0x7FF8_DEAD_0000_0001
        }

        var isEmpty: Bool { high == 0 && low == 0 }
    }

    struct Slot {
        var key: Key
        var size: Size
    }

    private var slots: UnsafeMutablePointer<Slot>
    /// A power of two, at most `maxCapacity`.
    private var capacity: Int
    /// 64 minus log2 of `capacity`: the multiply-shift's shift.
    private var shift: UInt64
    private let maxCapacity: Int
    private(set) var count = 0

    /// `maxCapacity`: a power of two the table never grows beyond (its owner empties it
    /// before it is three quarters full).
    init(maxCapacity: Int) {
        self.maxCapacity = max(maxCapacity, 2)
        capacity = min(64, self.maxCapacity)
        shift = UInt64(64 - capacity.trailingZeroBitCount)
        slots = Self.emptySlots(capacity)
    }

    deinit { slots.deallocate() }

    private static func emptySlots(_ capacity: Int) -> UnsafeMutablePointer<Slot> {
        let slots = UnsafeMutablePointer<Slot>.allocate(capacity: capacity)
        UnsafeMutableRawPointer(slots).initializeMemory(as: UInt8.self, repeating: 0, count: capacity * MemoryLayout<Slot>.stride)
        return slots
    }

    @inline(__always)
    private func home(_ key: Key) -> Int {
        let mixed = key.low ^ (key.high &>> 17) ^ (key.width &* 0x9E37_79B9_7F4A_7C15) ^ (key.height &* 0xC2B2_AE3D_27D4_EB4F)
        return Int(truncatingIfNeeded: (mixed &* 0x9E37_79B9_7F4A_7C15) &>> shift)
    }

    func lookup(_ key: Key) -> Size? {
        guard !key.isEmpty else { return nil }
        let mask = capacity &- 1
        var index = home(key)
        while true {
            let slot = slots[index]
            if slot.key == key { return slot.size }
            if slot.key.isEmpty { return nil }
            index = (index &+ 1) & mask
        }
    }

    /// Stores or replaces `key`'s size. The caller keeps the count under three quarters
    /// of `maxCapacity` (by emptying the table), so a free slot always exists.
    mutating func store(_ key: Key, _ size: Size) {
        guard !key.isEmpty else { return }
        if (count &+ 1) &* 4 > capacity &* 3 && capacity < maxCapacity { grow() }
        let mask = capacity &- 1
        var index = home(key)
        while true {
            if slots[index].key.isEmpty {
                slots[index] = Slot(key: key, size: size)
                count &+= 1
                return
            }
            if slots[index].key == key {
                slots[index].size = size
                return
            }
            index = (index &+ 1) & mask
        }
    }

    /// Empties the table, keeping its slots.
    mutating func removeAll() {
        UnsafeMutableRawPointer(slots).initializeMemory(as: UInt8.self, repeating: 0, count: capacity * MemoryLayout<Slot>.stride)
        count = 0
    }

    private mutating func grow() {
        let old = slots, oldCapacity = capacity
        capacity = oldCapacity * 2
        shift = UInt64(64 - capacity.trailingZeroBitCount)
        slots = Self.emptySlots(capacity)
        count = 0
        for index in 0..<oldCapacity where !old[index].key.isEmpty {
            store(old[index].key, old[index].size)
        }
        old.deallocate()
    }
}
