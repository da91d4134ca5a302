/// One shard of the shared measurement cache: an open-addressing table of sizes by
/// (structural hash, proposal), probed linearly.
///
/// Each slot has a tag byte beside it, in an array of its own: 0 for an empty slot, else
/// seven bits of the key's hash with the top bit set. A probe reads the tags, and a slot's
/// 48 bytes only where its tag matches. Most lookups miss (a new tree's subtrees), and at
/// three quarters full a miss probes some eight slots: reading the slots themselves, that
/// was six or seven cache lines, and the lookup a seventh of a server's CPU time on new
/// 1,000-node trees.
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
            width = proposal.width?.bitPattern ?? ProposedSize.unspecifiedBits
            height = proposal.height?.bitPattern ?? ProposedSize.unspecifiedBits
        }

        var isEmpty: Bool { high == 0 && low == 0 }
    }

    struct Slot {
        var key: Key
        var size: Size
    }

    private var slots: UnsafeMutablePointer<Slot>
    private var tags: UnsafeMutablePointer<UInt8>
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
        (slots, tags) = Self.emptySlots(capacity)
    }

    deinit {
        slots.deallocate()
        tags.deallocate()
    }

    /// Bytes per slot, its tag included (for the cache's bound).
    static var bytesPerSlot: Int { MemoryLayout<Slot>.stride + 1 }

    /// Slots left uninitialized (a slot is read only where its tag is set), and tags zeroed.
    private static func emptySlots(_ capacity: Int) -> (UnsafeMutablePointer<Slot>, UnsafeMutablePointer<UInt8>) {
        let tags = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        tags.initialize(repeating: 0, count: capacity)
        return (UnsafeMutablePointer<Slot>.allocate(capacity: capacity), tags)
    }

    /// The key's home slot and its tag.
    @inline(__always)
    private func place(_ key: Key) -> (home: Int, tag: UInt8) {
        let mixed = key.low ^ (key.high &>> 17) ^ (key.width &* 0x9E37_79B9_7F4A_7C15) ^ (key.height &* 0xC2B2_AE3D_27D4_EB4F)
        let spread = mixed &* 0x9E37_79B9_7F4A_7C15
        // The home takes the product's top bits, the tag seven low ones (8 to 14) that no
        // home uses, so that keys sharing a home still differ in their tags.
        return (Int(truncatingIfNeeded: spread &>> shift), UInt8(truncatingIfNeeded: spread &>> 8) | 0x80)
    }

    func lookup(_ key: Key) -> Size? {
        guard !key.isEmpty else { return nil }
        let mask = capacity &- 1
        var (index, tag) = place(key)
        while true {
            let found = tags[index]
            if found == 0 { return nil }
            if found == tag, slots[index].key == key { return slots[index].size }
            index = (index &+ 1) & mask
        }
    }

    /// Stores or replaces `key`'s size. The caller keeps the count under three quarters
    /// of `maxCapacity` (by emptying the table), so a free slot always exists.
    mutating func store(_ key: Key, _ size: Size) {
        guard !key.isEmpty else { return }
        if (count &+ 1) &* 4 > capacity &* 3 && capacity < maxCapacity { grow() }
        let mask = capacity &- 1
        var (index, tag) = place(key)
        while true {
            let found = tags[index]
            if found == 0 {
                (slots + index).initialize(to: Slot(key: key, size: size))
                tags[index] = tag
                count &+= 1
                return
            }
            if found == tag, slots[index].key == key {
                slots[index].size = size
                return
            }
            index = (index &+ 1) & mask
        }
    }

    /// Empties the table, keeping its slots.
    mutating func removeAll() {
        tags.update(repeating: 0, count: capacity)
        count = 0
    }

    private mutating func grow() {
        let (oldSlots, oldTags, oldCapacity) = (slots, tags, capacity)
        capacity = oldCapacity * 2
        shift = UInt64(64 - capacity.trailingZeroBitCount)
        (slots, tags) = Self.emptySlots(capacity)
        count = 0
        for index in 0..<oldCapacity where oldTags[index] != 0 {
            store(oldSlots[index].key, oldSlots[index].size)
        }
        oldSlots.deallocate()
        oldTags.deallocate()
    }
}
