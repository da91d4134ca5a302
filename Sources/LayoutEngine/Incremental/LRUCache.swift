/// A least-recently-used map bounded by entry count and by a cost (bytes): a dictionary
/// into slots threaded on a doubly linked list, all O(1). Not thread-safe: owners lock.
struct LRUCache<Key: Hashable, Value> {
    private struct Slot {
        var key: Key
        var value: Value
        var cost: Int
        var previous: Int
        var next: Int
    }

    private var index: [Key: Int] = [:]
    private var slots: [Slot?] = []
    private var freeSlots: [Int] = []
    /// Most recently used first.
    private var head = -1
    private var tail = -1

    let maxEntries: Int
    let maxCost: Int
    private(set) var totalCost = 0
    private(set) var evictions = 0

    init(maxEntries: Int, maxCost: Int = .max) {
        self.maxEntries = max(maxEntries, 0)
        self.maxCost = max(maxCost, 0)
    }

    var count: Int { index.count }

    /// The value, marked as just used.
    mutating func value(for key: Key) -> Value? {
        guard let slot = index[key], let entry = slots[slot] else { return nil }
        moveToFront(slot)
        return entry.value
    }

    /// The value without marking it used.
    func peek(_ key: Key) -> Value? {
        guard let slot = index[key] else { return nil }
        return slots[slot]?.value
    }

    /// Inserts or replaces; evicts the least recently used until within bounds. A value
    /// costlier than the whole budget is not kept. Returns the keys evicted.
    @discardableResult
    mutating func insert(_ value: Value, for key: Key, cost: Int) -> [Key] {
        remove(key)
        guard maxEntries > 0, cost <= maxCost else { return [] }
        var evicted: [Key] = []
        while index.count >= maxEntries || totalCost + cost > maxCost, let last = removeLeastRecent() {
            evicted.append(last)
            evictions += 1
        }
        let slot: Int
        let entry = Slot(key: key, value: value, cost: cost, previous: -1, next: head)
        if let reused = freeSlots.popLast() {
            slot = reused
            slots[slot] = entry
        } else {
            slot = slots.count
            slots.append(entry)
        }
        if head >= 0 { slots[head]?.previous = slot }
        head = slot
        if tail < 0 { tail = slot }
        index[key] = slot
        totalCost += cost
        return evicted
    }

    @discardableResult
    mutating func remove(_ key: Key) -> Value? {
        guard let slot = index.removeValue(forKey: key), let entry = slots[slot] else { return nil }
        unlink(slot, entry)
        return entry.value
    }

    /// Removes and returns the least recently used key.
    mutating func removeLeastRecent() -> Key? {
        guard tail >= 0, let entry = slots[tail] else { return nil }
        index.removeValue(forKey: entry.key)
        unlink(tail, entry)
        return entry.key
    }

    /// An entry's cost, without touching it.
    func cost(of key: Key) -> Int? {
        guard let slot = index[key] else { return nil }
        return slots[slot]?.cost
    }

    /// The least recently used entry, without touching it.
    func leastRecent() -> (key: Key, value: Value)? {
        guard tail >= 0, let entry = slots[tail] else { return nil }
        return (entry.key, entry.value)
    }

    private mutating func unlink(_ slot: Int, _ entry: Slot) {
        if entry.previous >= 0 { slots[entry.previous]?.next = entry.next } else { head = entry.next }
        if entry.next >= 0 { slots[entry.next]?.previous = entry.previous } else { tail = entry.previous }
        slots[slot] = nil
        freeSlots.append(slot)
        totalCost -= entry.cost
    }

    private mutating func moveToFront(_ slot: Int) {
        guard slot != head, let entry = slots[slot] else { return }
        if entry.previous >= 0 { slots[entry.previous]?.next = entry.next }
        if entry.next >= 0 { slots[entry.next]?.previous = entry.previous } else { tail = entry.previous }
        slots[slot]?.previous = -1
        slots[slot]?.next = head
        if head >= 0 { slots[head]?.previous = slot }
        head = slot
    }
}
