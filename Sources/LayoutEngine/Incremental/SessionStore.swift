import Synchronization

/// The JSON a session's tree stands for, as patches need it: the request body it was
/// decoded from, and the node objects patches applied in place (PatchInPlace) have
/// rewritten since. The tree's nodes name their objects by entry in `tape`, the body's.
struct SessionDocument: Sendable {
    /// The whole request the tree was decoded from, before `overlay`.
    let body: [UInt8]
    /// The body's tape: parsed by the first patch applied in place, then kept.
    let tape: JSONTape?
    /// Node objects rewritten in place, by their tape entry in `body`: what the document
    /// now holds there.
    let overlay: [Int32: [UInt8]]
    /// Members set in place on containers (whose children stay where they are), by the
    /// object's tape entry: name and value (nil: removed), in the order first set.
    let members: [Int32: [SetMember]]
    /// The bytes of the document's `root` value with `overlay` applied (0: not known).
    let rootBytes: Int
    /// What the decode limits count over the tree, once a patch applied in place counted it.
    let totals: TreeTotals?

    struct SetMember: Sendable {
        var name: String
        var value: [UInt8]?
    }

    init(
        body: [UInt8], tape: JSONTape? = nil, overlay: [Int32: [UInt8]] = [:], members: [Int32: [SetMember]] = [:],
        rootBytes: Int = 0, totals: TreeTotals? = nil
    ) {
        self.body = body
        self.tape = tape
        self.overlay = overlay
        self.members = members
        self.rootBytes = rootBytes
        self.totals = totals
    }

    /// The document as one request body (`body` itself without in-place edits).
    func rendered() -> [UInt8] {
        guard let tape, !overlay.isEmpty || !members.isEmpty else { return body }
        var batch = PatchBatch(tape: tape, tree: NodeTree())
        for (entry, object) in overlay { batch.replace(Int(entry), with: object[...]) }
        for (entry, list) in members {
            for member in list { batch.set(Int(entry), name: member.name, value: member.value?[...]) }
        }
        return batch.render(0)
    }

    /// What it holds in memory.
    var bytes: Int {
        var total = body.count + (tape?.entries.count ?? 0) * MemoryLayout<JSONTape.Entry>.stride
        for object in overlay.values { total += object.count + 32 }
        for list in members.values {
            for member in list { total += member.name.utf8.count + (member.value?.count ?? 0) + 48 }
        }
        return total
    }
}

/// A session's last successful layout: what the next request diffs against, patches
/// apply to, and the incremental layout reuses.
final class SessionState: Sendable {
    let treeHash: TreeHash
    /// The JSON the tree stands for (patches edit it).
    let document: SessionDocument
    let request: LayoutRequest
    let result: LayoutResult
    let record: LayoutRecord?
    /// What the session holds in memory, as the store counts it (`--session-bytes`).
    let bytes: Int

    init(treeHash: TreeHash, document: SessionDocument, request: LayoutRequest, result: LayoutResult, record: LayoutRecord?) {
        self.treeHash = treeHash
        self.document = document
        self.request = request
        self.result = result
        self.record = record
        bytes = Self.estimateBytes(documentBytes: document.bytes, tree: request.tree, record: record != nil)
    }

    /// The document, the tree's arrays, and per node its frame and flags in the result and,
    /// with a record, its hash, frame (twice: the record's and the spare, FrameBuffer.swift),
    /// proposal and origin again, its priority and flags.
    static func estimateBytes(body: [UInt8], tree: NodeTree, record: Bool) -> Int {
        estimateBytes(documentBytes: body.count, tree: tree, record: record)
    }

    static func estimateBytes(documentBytes: Int, tree: NodeTree, record: Bool) -> Int {
        let nodes = tree.nodes.count
        var textBytes = tree.texts.count * MemoryLayout<TextData>.stride
        for text in tree.texts { textBytes += text.content.utf8.count }
        let nodeBytes = nodes * MemoryLayout<Node>.stride + nodes * 8  // the id index
        let listBytes = tree.childList.count * 4 + tree.modifiers.count * MemoryLayout<Modifier>.stride
        let treeBytes = nodeBytes + listBytes + tree.idBytes.count + textBytes
        let resultBytes = nodes * (MemoryLayout<Rect>.stride + 1)
        let recordBytes =
            record
            ? nodes * (MemoryLayout<TreeHash>.stride * 2 + 4 + MemoryLayout<Rect>.stride * 2 + 1
                + MemoryLayout<ProposedSize?>.stride + MemoryLayout<Point>.stride
                // (The last 9 bytes were a priority and a guides flag per node, which a
                // record no longer keeps; still counted, so the bound admits no more sessions.)
                + MemoryLayout<Double>.stride + 1) : 0
        return 256 + documentBytes + treeBytes + resultBytes + recordBytes
    }
}

/// Sessions per (tenant, session key), bounded in count and in bytes (`--max-sessions`,
/// `--session-bytes`), each expiring after `ttl` seconds unused. Full, the store evicts
/// the least recently used session of the tenant holding the most bytes (TenantLRU), so
/// no tenant can push another below its fair share. A failed request never reaches
/// `store`, so it leaves its session as it was.
public final class SessionStore: Sendable {
    struct Key: Hashable, Sendable {
        var tenant: String
        var session: String
    }

    private struct Entry {
        var state: SessionState
        var lastUsed: UInt64
    }

    private let entries: Mutex<TenantLRU<Key, Entry>>
    private let ttlNanoseconds: UInt64
    private let clock: LayoutClock

    public init(
        maxSessions: Int = 10_000, maxBytes: Int = 1 << 30, ttlSeconds: Double = 600, clock: LayoutClock = .continuous
    ) {
        entries = Mutex(TenantLRU(maxEntries: maxSessions, maxCost: maxBytes))
        ttlNanoseconds = UInt64(max(ttlSeconds, 0) * 1e9)
        self.clock = clock
    }

    func state(for key: Key) -> SessionState? {
        let now = clock.nanoseconds()
        return entries.withLock { entries in
            guard let entry = entries.value(tenant: key.tenant, for: key) else { return nil }
            if now &- entry.lastUsed > ttlNanoseconds {
                _ = entries.remove(tenant: key.tenant, key)
                return nil
            }
            entries.insert(Entry(state: entry.state, lastUsed: now), tenant: key.tenant, for: key, cost: entry.state.bytes)
            return entry.state
        }
    }

    func store(_ state: SessionState, for key: Key) {
        let now = clock.nanoseconds()
        entries.withLock { entries in
            expire(&entries, now: now)
            entries.insert(Entry(state: state, lastUsed: now), tenant: key.tenant, for: key, cost: state.bytes)
        }
    }

    /// Forgets a session; false if there was none.
    public func remove(tenant: String, session: String) -> Bool {
        entries.withLock { $0.remove(tenant: tenant, Key(tenant: tenant, session: session)) != nil }
    }

    /// Live (unexpired) sessions.
    public var count: Int {
        let now = clock.nanoseconds()
        return entries.withLock { entries in
            expire(&entries, now: now)
            return entries.count
        }
    }

    /// Bytes the live sessions hold, as counted against `--session-bytes`.
    public var bytes: Int {
        entries.withLock { $0.totalCost }
    }

    /// Live sessions and their bytes for one tenant.
    public func usage(of tenant: String) -> (sessions: Int, bytes: Int) {
        let now = clock.nanoseconds()
        return entries.withLock { entries in
            expire(&entries, now: now)
            let usage = entries.usage(of: tenant)
            return (usage.entries, usage.cost)
        }
    }

    /// Drops expired sessions from each tenant's least recently used end.
    private func expire(_ entries: inout TenantLRU<Key, Entry>, now: UInt64) {
        for tenant in entries.tenantNames {
            while let oldest = entries.leastRecent(tenant: tenant), now &- oldest.value.lastUsed > ttlNanoseconds {
                _ = entries.remove(tenant: tenant, oldest.key)
            }
        }
    }
}
