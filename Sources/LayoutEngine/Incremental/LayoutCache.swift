import Synchronization

/// Whole results by (tenant, tree hash, bounds, alignment, environment, coordinates): the
/// encoded frames, so a repeated layout is answered without laying anything out. An LRU
/// bounded by entries and bytes. Byte-identical bodies are also found by a hash of the
/// body, so a hit skips decoding too.
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
    }

    struct BodyKey: Hashable, Sendable {
        var tenant: String
        var body: TreeHash
    }

    private struct State {
        var entries: LRUCache<Key, [UInt8]>
        var bodies: LRUCache<BodyKey, Key>
        var hits = 0
        var misses = 0
    }

    private let state: Mutex<State>

    public init(maxEntries: Int = 10_000, maxBytes: Int = 256 << 20) {
        state = Mutex(
            State(entries: LRUCache(maxEntries: maxEntries, maxCost: maxBytes), bodies: LRUCache(maxEntries: maxEntries)))
    }

    static func bodyKey(tenant: String, body: [UInt8]) -> BodyKey {
        var builder = HashBuilder(tag: 0x626F_6479)
        body.withUnsafeBytes { builder.combine(bytes: $0) }
        return BodyKey(tenant: tenant, body: builder.finalize())
    }

    /// The frames of a byte-identical body laid out before, if still cached.
    func lookup(body: BodyKey) -> [UInt8]? {
        state.withLock { state in
            guard let key = state.bodies.value(for: body), let frames = state.entries.value(for: key) else { return nil }
            state.hits += 1
            return frames
        }
    }

    func lookup(_ key: Key, body: BodyKey?) -> [UInt8]? {
        state.withLock { state in
            guard let frames = state.entries.value(for: key) else {
                state.misses += 1
                return nil
            }
            state.hits += 1
            if let body { state.bodies.insert(key, for: body, cost: 0) }
            return frames
        }
    }

    func store(_ frames: [UInt8], for key: Key, body: BodyKey?) {
        state.withLock { state in
            state.entries.insert(frames, for: key, cost: frames.count + 256)
            if let body { state.bodies.insert(key, for: body, cost: 0) }
        }
    }

    /// Entries, bytes, hits, misses and evictions so far.
    public var statistics: (entries: Int, bytes: Int, hits: Int, misses: Int, evictions: Int) {
        state.withLock { ($0.entries.count, $0.entries.totalCost, $0.hits, $0.misses, $0.entries.evictions) }
    }
}
