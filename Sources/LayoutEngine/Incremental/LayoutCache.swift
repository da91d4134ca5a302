import Synchronization

/// Whole results by (tenant, tree hash, bounds, alignment, environment, coordinates): the
/// encoded frames, so a repeated layout is answered without laying anything out. Bounded
/// by entries and bytes, least recently used first, and fair between tenants
/// (`TenantLRU`): when the bound is passed, the tenant holding the most bytes loses its
/// oldest entry, so one tenant's traffic never evicts a tenant at or under its fair
/// share. Byte-identical bodies are also found by a hash of the body, so a hit skips
/// decoding too.
public final class LayoutCache: Sendable {
    struct Key: Hashable, Sendable {
        var tenant: String
        var tree: TreeHash
        var bounds: ProposedSize
        var alignment: Alignment
        var environment: LayoutEnvironment
        var coordinates: LayoutOptions.Coordinates

        init(tenant: String, tree: TreeHash, request: LayoutRequest) {
            self.tenant = tenant
            self.tree = tree
            bounds = request.bounds
            alignment = request.alignment
            environment = request.environment
            coordinates = request.options.coordinates
        }

        /// The tree hash alone: it is already a keyed 128-bit hash, so it spreads keys as
        /// well as all fields would, and hashing the environment too cost every hit.
        /// Equality still compares every field.
        func hash(into hasher: inout Hasher) {
            hasher.combine(tree.low)
        }
    }

    /// A body's key: the tenant and a keyed hash of the bytes. Public so the server can
    /// hand the key it looked up on the I/O path on to the pool (`LayoutRuntime.layout`).
    public struct BodyKey: Hashable, Sendable {
        var tenant: String
        var body: TreeHash

        /// The body's keyed hash alone (see `Key.hash(into:)`); equality adds the tenant.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(body.low)
        }
    }

    private struct State {
        var entries: TenantLRU<Key, CachedFrames>
        var bodies: TenantLRU<BodyKey, Key>
        var hits = 0
        var misses = 0
        /// Hits and misses by tenant, for each tenant's own `/v1/stats`.
        var lookups: [String: (hits: Int, misses: Int)] = [:]

        mutating func count(hit: Bool, tenant: String) {
            if hit { hits += 1 } else { misses += 1 }
            // One hashed access of the tenant's entry: this runs on every lookup.
            if hit { lookups[tenant, default: (0, 0)].hits += 1 } else { lookups[tenant, default: (0, 0)].misses += 1 }
        }
    }

    /// What one entry costs beyond its frames: the key (tenant, environment), the
    /// body-key entry and the tables' slots, estimated.
    static let entryOverhead = 512

    private let state: Mutex<State>

    public init(maxEntries: Int = 10_000, maxBytes: Int = 256 << 20) {
        state = Mutex(
            State(entries: TenantLRU(maxEntries: maxEntries, maxCost: maxBytes), bodies: TenantLRU(maxEntries: maxEntries)))
    }

    static func bodyKey(tenant: String, body: [UInt8]) -> BodyKey {
        BodyKey(tenant: tenant, body: body.withUnsafeBytes { BodyHash.hash($0) })
    }

    /// The frames of a byte-identical body laid out before, if still cached.
    func lookup(body: BodyKey) -> CachedFrames? {
        state.withLock { state in
            guard let key = state.bodies.value(tenant: body.tenant, for: body),
                let frames = state.entries.value(tenant: key.tenant, for: key)
            else { return nil }
            state.count(hit: true, tenant: key.tenant)
            return frames
        }
    }

    /// The frames, as an array with room for a response's tail.
    func lookup(_ key: Key, body: BodyKey?) -> [UInt8]? {
        let frames = state.withLock { state -> CachedFrames? in
            guard let frames = state.entries.value(tenant: key.tenant, for: key) else {
                state.count(hit: false, tenant: key.tenant)
                return nil
            }
            state.count(hit: true, tenant: key.tenant)
            if let body { state.bodies.insert(key, tenant: body.tenant, for: body, cost: 0) }
            return frames
        }
        // (Copied out of the lock.)
        return frames?.array(reservingExtra: 256)
    }

    /// Stores the frames, charged at what they take (`CachedFrames` copies them where they
    /// would take more, or into pages of their own).
    func store(_ frames: [UInt8], for key: Key, body: BodyKey?) {
        let kept = CachedFrames(copying: frames)
        state.withLock { state in
            state.entries.insert(kept, tenant: key.tenant, for: key, cost: kept.footprint + Self.entryOverhead)
            if let body { state.bodies.insert(key, tenant: body.tenant, for: body, cost: 0) }
        }
    }

    /// Entries, bytes, hits, misses and evictions so far.
    public var statistics: (entries: Int, bytes: Int, hits: Int, misses: Int, evictions: Int) {
        state.withLock { ($0.entries.count, $0.entries.totalCost, $0.hits, $0.misses, $0.entries.evictions) }
    }

    /// The same figures for one tenant's entries and lookups (evictions: its entries
    /// evicted, by anyone's traffic).
    public func statistics(tenant: String) -> (entries: Int, bytes: Int, hits: Int, misses: Int, evictions: Int) {
        state.withLock { state in
            let usage = state.entries.usage(of: tenant)
            let lookups = state.lookups[tenant] ?? (0, 0)
            return (usage.entries, usage.cost, lookups.hits, lookups.misses, state.entries.evictions(of: tenant))
        }
    }
}
