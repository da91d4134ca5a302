import Synchronization

/// A session's last successful layout: what the next request diffs against, patches
/// apply to, and the incremental layout reuses.
final class SessionState: Sendable {
    let treeHash: TreeHash
    /// The request body the tree was decoded from (patches edit it).
    let body: [UInt8]
    let request: LayoutRequest
    let result: LayoutResult
    let record: LayoutRecord?

    init(treeHash: TreeHash, body: [UInt8], request: LayoutRequest, result: LayoutResult, record: LayoutRecord?) {
        self.treeHash = treeHash
        self.body = body
        self.request = request
        self.result = result
        self.record = record
    }
}

/// Sessions per (tenant, session key): an LRU bounded in count, each entry expiring after
/// `ttl` seconds unused. A failed request never reaches `store`, so it leaves its session
/// as it was.
public final class SessionStore: Sendable {
    struct Key: Hashable, Sendable {
        var tenant: String
        var session: String
    }

    private struct Entry {
        var state: SessionState
        var lastUsed: UInt64
    }

    private let entries: Mutex<LRUCache<Key, Entry>>
    private let ttlNanoseconds: UInt64
    private let clock: LayoutClock

    public init(maxSessions: Int = 10_000, ttlSeconds: Double = 600, clock: LayoutClock = .continuous) {
        entries = Mutex(LRUCache(maxEntries: maxSessions))
        ttlNanoseconds = UInt64(max(ttlSeconds, 0) * 1e9)
        self.clock = clock
    }

    func state(for key: Key) -> SessionState? {
        let now = clock.nanoseconds()
        return entries.withLock { entries in
            guard let entry = entries.value(for: key) else { return nil }
            if now &- entry.lastUsed > ttlNanoseconds {
                entries.remove(key)
                return nil
            }
            entries.insert(Entry(state: entry.state, lastUsed: now), for: key, cost: 0)
            return entry.state
        }
    }

    func store(_ state: SessionState, for key: Key) {
        let now = clock.nanoseconds()
        entries.withLock { entries in
            expire(&entries, now: now)
            entries.insert(Entry(state: state, lastUsed: now), for: key, cost: 0)
        }
    }

    /// Forgets a session; false if there was none.
    public func remove(tenant: String, session: String) -> Bool {
        entries.withLock { $0.remove(Key(tenant: tenant, session: session)) != nil }
    }

    /// Live (unexpired) sessions.
    public var count: Int {
        let now = clock.nanoseconds()
        return entries.withLock { entries in
            expire(&entries, now: now)
            return entries.count
        }
    }

    /// Drops expired sessions from the least recently used end (the oldest first).
    private func expire(_ entries: inout LRUCache<Key, Entry>, now: UInt64) {
        while let oldest = entries.leastRecent(), now &- oldest.value.lastUsed > ttlNanoseconds {
            entries.remove(oldest.key)
        }
    }
}
