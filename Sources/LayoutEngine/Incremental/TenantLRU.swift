/// Least-recently-used entries per tenant within one global bound on count and cost:
/// when an insert passes the bound, the tenant holding the most (cost, then count) loses
/// its least recently used entry, until within bounds. So one tenant's traffic can only
/// evict another tenant that holds more than it does: a tenant at or under its fair share
/// (the bound divided among the tenants holding entries) is never evicted by others.
/// Not thread-safe: owners lock.
struct TenantLRU<Key: Hashable, Value> {
    private var tenants: [String: LRUCache<Key, Value>] = [:]
    let maxEntries: Int
    let maxCost: Int
    private(set) var count = 0
    private(set) var totalCost = 0
    private(set) var evictions = 0
    /// Evictions by the tenant that lost the entry.
    private var evictionsByTenant: [String: Int] = [:]

    init(maxEntries: Int, maxCost: Int = .max) {
        self.maxEntries = max(maxEntries, 0)
        self.maxCost = max(maxCost, 0)
    }

    /// The value, marked as just used.
    mutating func value(tenant: String, for key: Key) -> Value? {
        tenants[tenant]?.value(for: key)
    }

    /// Inserts or replaces, then evicts as described above. A value costlier than the
    /// whole bound is not kept.
    mutating func insert(_ value: Value, tenant: String, for key: Key, cost: Int) {
        _ = remove(tenant: tenant, key)
        guard cost <= maxCost, maxEntries > 0 else { return }
        // Mutated in place (a copy out of the dictionary would copy the tenant's cache).
        tenants[tenant, default: LRUCache(maxEntries: .max)].insert(value, for: key, cost: cost)
        count += 1
        totalCost += cost
        while count > maxEntries || totalCost > maxCost, let victim = largestTenant() {
            evictLeastRecent(of: victim)
        }
    }

    /// Removes an entry; returns its value.
    mutating func remove(tenant: String, _ key: Key) -> Value? {
        guard let cost = tenants[tenant]?.cost(of: key), let value = tenants[tenant]?.remove(key) else { return nil }
        count -= 1
        totalCost -= cost
        if tenants[tenant]?.count == 0 { tenants[tenant] = nil }
        return value
    }

    /// The least recently used entry of one tenant.
    func leastRecent(tenant: String) -> (key: Key, value: Value)? {
        tenants[tenant]?.leastRecent()
    }

    /// Every tenant holding entries.
    var tenantNames: [String] { Array(tenants.keys) }

    /// How many entries and how much cost `tenant` holds.
    func usage(of tenant: String) -> (entries: Int, cost: Int) {
        guard let own = tenants[tenant] else { return (0, 0) }
        return (own.count, own.totalCost)
    }

    private func largestTenant() -> String? {
        var best: (name: String, cost: Int, count: Int)?
        for (name, cache) in tenants {
            let candidate = (name: name, cost: cache.totalCost, count: cache.count)
            if let current = best, (current.cost, current.count, current.name) >= (candidate.cost, candidate.count, candidate.name) {
                continue
            }
            best = candidate
        }
        return best?.name
    }

    private mutating func evictLeastRecent(of tenant: String) {
        guard let (key, _) = tenants[tenant]?.leastRecent() else { return }
        _ = remove(tenant: tenant, key)
        evictions += 1
        evictionsByTenant[tenant, default: 0] += 1
    }

    /// How many of `tenant`'s entries were evicted.
    func evictions(of tenant: String) -> Int { evictionsByTenant[tenant] ?? 0 }
}
