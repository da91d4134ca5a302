/// Limits and cache sizes of a runtime.
public struct RuntimeConfiguration: Sendable {
    public var limits = DecodeLimits()
    /// Whole-result cache bounds.
    public var cacheEntries = 10_000
    public var cacheBytes = 256 << 20
    /// Session bounds.
    public var maxSessions = 10_000
    /// Bytes all sessions may hold (trees, frames and layout records, estimated).
    public var sessionBytes = 1 << 30
    public var sessionTTLSeconds = 600.0
    /// Subtree sizes kept by the measurement cache, and the bytes its tables may take.
    public var measurementEntries = 1_000_000
    /// Measures text and names the fonts requests may use (Ahem alone by default).
    public var textMeasurer: any TextMeasurer = AhemMeasurer()
    /// Largest response body (413 beyond): frames and ids of every node.
    public var maxResponseBytes = 64 << 20
    public var measurementBytes = 32 << 20
    /// Whether the layout cache and the measurement cache answer. Off, every layout is
    /// computed afresh (tests and benchmarks, which measure the engine itself).
    public var caching = true

    public init() {}

    /// Without caches: each request laid out from scratch.
    public static var uncached: RuntimeConfiguration {
        var configuration = RuntimeConfiguration()
        configuration.caching = false
        return configuration
    }
}

/// A layout answered by a runtime.
public struct RuntimeResponse: Sendable {
    public var body: [UInt8]
    public var metrics: LayoutMetrics
    public var cacheHit: Bool
    /// The decoded request and its frames, when asked for (`inspect: true`).
    public var inspection: LayoutInspection?
}

/// A layout kept whole for tools that draw or print it (LayoutRender).
public struct LayoutInspection: Sendable {
    public var request: LayoutRequest
    public var result: LayoutResult
    /// The session's diff, when a session was given.
    public var changes: FrameChanges?
}

/// The diff of a session's layout by node index of the new tree (API.md §5).
public struct FrameChanges: Sendable {
    public var hasBaseline: Bool
    public var inserted: Set<Int>
    public var moved: Set<Int>
    public var resized: Set<Int>
    public var removed: Int

    init(_ diff: LayoutDiff) {
        hasBaseline = diff.baseline != nil
        inserted = Set(diff.inserted)
        moved = Set(diff.moved)
        resized = Set(diff.resized)
        removed = diff.removed.count
    }
}

/// What a runtime holds, for `/v1/stats` and `/metrics`.
public struct RuntimeStatistics: Sendable, Equatable {
    public var cacheEntries = 0
    public var cacheBytes = 0
    public var cacheHits = 0
    public var cacheMisses = 0
    public var cacheEvictions = 0
    public var sessions = 0
    public var measurementEntries = 0
    /// The measurement cache's byte bound.
    public var measurementMaxBytes = 0
    public var measurementHits = 0
    public var measurementMisses = 0

    /// Hits over lookups (0 before any lookup).
    public var hitRate: Double {
        let lookups = cacheHits + cacheMisses
        return lookups == 0 ? 0 : Double(cacheHits) / Double(lookups)
    }
}

extension RuntimeStatistics {
    /// The layout cache's figures and a session count (whole server or one tenant).
    init(layoutCache cache: (entries: Int, bytes: Int, hits: Int, misses: Int, evictions: Int), sessions: Int) {
        self.init()
        cacheEntries = cache.entries
        cacheBytes = cache.bytes
        cacheHits = cache.hits
        cacheMisses = cache.misses
        cacheEvictions = cache.evictions
        self.sessions = sessions
    }
}

/// The incremental engine: decode → hash → (layout cache?) → layout with the shared
/// measurement cache and the session's previous layout → diff → encode. Thread-safe; one
/// per process, shared by every request.
public final class LayoutRuntime: Sendable {
    public let configuration: RuntimeConfiguration
    public let measurements: SharedMeasurementCache
    public let layoutCache: LayoutCache
    public let sessions: SessionStore
    private let clock: LayoutClock
    /// The configured limits, with the fonts of the text measurer.
    private let decodeLimits: DecodeLimits

    public init(configuration: RuntimeConfiguration = RuntimeConfiguration(), clock: LayoutClock = .continuous) {
        self.configuration = configuration
        self.clock = clock
        var decodeLimits = configuration.limits
        decodeLimits.fonts = configuration.textMeasurer
        self.decodeLimits = decodeLimits
        measurements = SharedMeasurementCache(capacity: configuration.measurementEntries, maxBytes: configuration.measurementBytes)
        layoutCache = LayoutCache(maxEntries: configuration.cacheEntries, maxBytes: configuration.cacheBytes)
        sessions = SessionStore(
            maxSessions: configuration.maxSessions, maxBytes: configuration.sessionBytes, ttlSeconds: configuration.sessionTTLSeconds, clock: clock)
    }

    private func micros(since start: UInt64) -> Double { Double(clock.nanoseconds() &- start) / 1000 }

    /// Lays out one request body for `tenant`. `sessionHeader` is the `Layout-Session`
    /// header, if any. With `inspect`, the response also carries the decoded request and
    /// its frames (and the layout cache is not consulted, since it keeps only bytes).
    /// `bodyKey`, from `bodyKey(_:tenant:)` on this very body, saves hashing it again.
    public func layout(
        _ body: [UInt8], tenant: String = "", sessionHeader: String? = nil, inspect: Bool = false,
        bodyKey knownBodyKey: LayoutCache.BodyKey? = nil
    ) -> Result<RuntimeResponse, Problem> {
        var metrics = LayoutMetrics()
        var start = clock.nanoseconds()

        // A byte-identical body without a session: answered before decoding.
        // A profile or picture request must be decoded to be known: it skips the body
        // lookup (the check below keeps a profile out of the cache).
        let bodyKey =
            configuration.caching && sessionHeader == nil && !inspect
            ? (knownBodyKey.flatMap { $0.tenant == tenant ? $0 : nil } ?? LayoutCache.bodyKey(tenant: tenant, body: body)) : nil
        if let bodyKey, let hit = cachedLayout(bodyKey, since: start) { return .success(hit) }

        let request: LayoutRequest
        /// The JSON the session keeps: for a patch, the whole request it stands for.
        var document = SessionDocument(body: body)
        /// Subtree hashes a patch applied in place already updated.
        var knownHashes: [TreeHash]?
        do {
            switch try RequestDecoder.decodeOrPatch(body, limits: decodeLimits) {
            case .request(let whole):
                request = whole
            case .patch(let tape, let patch, let baseline, let session):
                (document, request, knownHashes) = try patched(
                    tape, patch: patch, baseline: baseline, session: session, sessionHeader: sessionHeader, tenant: tenant)
            }
        } catch {
            return .failure(error)
        }
        if let sessionHeader, let session = request.session, session != sessionHeader {
            return .failure(Self.sessionMismatch(header: sessionHeader, body: session))
        }
        let sessionKey = (request.session ?? sessionHeader).map { SessionStore.Key(tenant: tenant, session: $0) }
        metrics.parseMicros = micros(since: start)
        metrics.nodes = request.tree.nodeCount

        start = clock.nanoseconds()
        let hashes = knownHashes ?? StructuralHasher.hashes(of: request.tree)
        let treeHash = hashes[0]
        metrics.hashMicros = micros(since: start)

        // A profile reports this layout's measurements: never answered from, nor stored in,
        // the layout cache (the measurement cache still answers, and says so).
        let policy =
            !configuration.caching ? .none
            : request.options.profile && request.options.cache == .use ? .refresh : request.options.cache
        let cacheKey = LayoutCache.Key(tenant: tenant, tree: treeHash, request: request)
        if sessionKey == nil, policy == .use, !inspect, let frames = layoutCache.lookup(cacheKey, body: bodyKey) {
            return .success(
                RuntimeResponse(body: ResponseEncoder.finish(frames, cacheHit: true, metrics: metrics), metrics: metrics, cacheHit: true))
        }

        let previous = sessionKey.flatMap { sessions.state(for: $0) }
        if let sessionKey, let previous, policy == .use, !inspect, !request.options.profile,
            let hit = sessionCacheHit(request, document: document, key: cacheKey, previous: previous, tenant: tenant, sessionKey: sessionKey, metrics: metrics)
        {
            return .success(hit)
        }

        start = clock.nanoseconds()
        // Frames are kept before mirroring, but flex lays out in the request's direction,
        // so a previous layout is reused only under the same direction.
        let reusable =
            policy != .none && previous?.request.environment.layoutDirection == request.environment.layoutDirection
        var (result, record) = LayoutComputer.layout(
            request, hashes: hashes, shared: policy == .none ? nil : measurements,
            previous: reusable ? previous?.record : nil, keepRecord: sessionKey != nil,
            workBudget: configuration.limits.layoutWorkBudget(nodes: request.tree.nodeCount),
            profileClock: request.options.profile ? clock : nil, measurer: configuration.textMeasurer)
        if result.exhausted {
            return .failure(Problem.tooMuchWork(configuration.limits, nodes: request.tree.nodeCount))
        }
        metrics.layoutMicros = micros(since: start)
        metrics.measured = result.measured
        metrics.reused = result.reused

        var diff: LayoutDiff?
        if sessionKey != nil {
            start = clock.nanoseconds()
            diff = Self.diff(previous: previous, request: request, result: result, hashes: hashes)
            result.framedCount = diff?.framedCount
            metrics.diffMicros = micros(since: start)
        }
        // The log served the diff; the session keeps the result without it.
        result.relayoutLog = nil

        start = clock.nanoseconds()
        let onlyChanged = request.options.frames == .changed ? diff?.changedNodes : nil
        let frames = ResponseEncoder.encodeFrames(request, result, treeHash: treeHash, only: onlyChanged)
        metrics.encodeMicros = micros(since: start)
        if frames.count > configuration.maxResponseBytes {
            return .failure(Problem.responseTooLarge(frames.count, limit: configuration.maxResponseBytes))
        }
        // Session results are cached too (whole frames only), so the session's next
        // identical request is a hit; never by body, which would skip the session.
        if policy != .none, onlyChanged == nil, !request.options.profile {
            layoutCache.store(frames, for: cacheKey, body: policy == .use && sessionKey == nil ? bodyKey : nil)
        }
        if let sessionKey {
            sessions.store(
                SessionState(treeHash: treeHash, document: document, request: request, result: result, record: record),
                for: sessionKey)
        }
        let diffPart = diff.map { ($0, request.tree, previous?.request.tree) }
        return .success(
            RuntimeResponse(
                body: ResponseEncoder.finish(
                    frames, cacheHit: false, metrics: metrics, diff: diffPart,
                    profile: result.profile.map { ($0, request.tree) }),
                metrics: metrics,
                cacheHit: false,
                inspection: inspect
                    ? LayoutInspection(request: request, result: result, changes: diff.map(FrameChanges.init)) : nil))
    }

    /// Lays out an already decoded request (tests, benchmarks and tools) with this runtime's
    /// text measurer and work budget, and its measurement cache unless caching is off.
    /// The result is `exhausted` when the budget ran out.
    public func layout(_ request: LayoutRequest) -> LayoutResult {
        let hashes = configuration.caching ? StructuralHasher.hashes(of: request.tree) : []
        return LayoutComputer.layout(
            request, hashes: hashes, shared: configuration.caching ? measurements : nil, previous: nil,
            workBudget: configuration.limits.layoutWorkBudget(nodes: request.tree.nodeCount),
            measurer: configuration.textMeasurer
        ).result
    }

    /// A layout encoded as the response body, without tree hash or metrics (benchmarks).
    public func encode(_ request: LayoutRequest, _ result: LayoutResult) -> [UInt8] {
        ResponseEncoder.finish(
            ResponseEncoder.encodeFrames(request, result, treeHash: nil), cacheHit: false, metrics: LayoutMetrics())
    }

    /// The session's diff: from the relayout's log (there is one only where the layout
    /// started from the session's record) when the record's frames are the previous
    /// result's (not mirrored or rounded copies) and the previous layout's framed nodes
    /// were counted; else by reading every node.
    private static func diff(
        previous: SessionState?, request: LayoutRequest, result: LayoutResult, hashes: [TreeHash]
    ) -> LayoutDiff {
        let before = previous.map { ($0.request.tree, $0.result, $0.treeHash) }
        let previousHashes = (previous?.record?.hashes).map { ($0, hashes) }
        if let previous, let log = result.relayoutLog, let framed = previous.result.framedCount,
            let record = previous.record, let before, let previousHashes,
            record.frames.withUnsafeBufferPointer({ $0.baseAddress })
                == previous.result.frames.withUnsafeBufferPointer({ $0.baseAddress }),
            let diff = LayoutDiff.fromLog(
                previous: before, previousFramed: framed, tree: request.tree, result: result, hashes: previousHashes,
                log: log)
        {
            return diff
        }
        return LayoutDiff.compute(previous: before, tree: request.tree, result: result, hashes: previousHashes)
    }

    /// A session request for the very layout the session already holds (same tree hash,
    /// bounds, alignment, environment and coordinates), answered with the cached frames
    /// and an empty diff; the session moves to this request's body. nil when the cache
    /// does not hold it or the session's layout differs (then the engine lays out
    /// incrementally, which also yields the diff).
    private func sessionCacheHit(
        _ request: LayoutRequest, document: SessionDocument, key: LayoutCache.Key, previous: SessionState, tenant: String,
        sessionKey: SessionStore.Key, metrics: LayoutMetrics
    ) -> RuntimeResponse? {
        guard previous.treeHash == key.tree, LayoutCache.Key(tenant: tenant, tree: previous.treeHash, request: previous.request) == key,
            let cached = layoutCache.lookup(key, body: nil)
        else { return nil }
        var metrics = metrics
        let start = clock.nanoseconds()
        let diff = LayoutDiff.unchanged(tree: request.tree, result: previous.result, baseline: previous.treeHash)
        metrics.diffMicros = micros(since: start)
        // With `frames: changed` nothing is sent: every frame is as before.
        let frames =
            request.options.frames == .changed
            ? ResponseEncoder.encodeFrames(request, previous.result, treeHash: key.tree, only: diff.changedNodes) : cached
        sessions.store(
            SessionState(treeHash: key.tree, document: document, request: request, result: previous.result, record: previous.record),
            for: sessionKey)
        return RuntimeResponse(
            body: ResponseEncoder.finish(frames, cacheHit: true, metrics: metrics, diff: (diff, request.tree, previous.request.tree)),
            metrics: metrics, cacheHit: true)
    }

    /// A byte-identical body (without a session) laid out before, answered without
    /// decoding it: cheap enough for the server's I/O path. nil when real work is needed.
    public func cachedLayout(_ body: [UInt8], tenant: String) -> RuntimeResponse? {
        let start = clock.nanoseconds()
        return cachedLayout(LayoutCache.bodyKey(tenant: tenant, body: body), since: start)
    }

    /// The key a body is looked up by; hand it to `cachedLayout(_:)` and, on a miss, to
    /// `layout(_:tenant:sessionHeader:inspect:bodyKey:)`, so the body is hashed once.
    public func bodyKey(_ body: [UInt8], tenant: String) -> LayoutCache.BodyKey {
        LayoutCache.bodyKey(tenant: tenant, body: body)
    }

    /// `cachedLayout(_:tenant:)` by a key from `bodyKey(_:tenant:)`.
    public func cachedLayout(_ bodyKey: LayoutCache.BodyKey) -> RuntimeResponse? {
        cachedLayout(bodyKey, since: clock.nanoseconds())
    }

    private func cachedLayout(_ bodyKey: LayoutCache.BodyKey, since start: UInt64) -> RuntimeResponse? {
        guard let frames = layoutCache.lookup(body: bodyKey) else { return nil }
        var metrics = LayoutMetrics()
        metrics.parseMicros = micros(since: start)
        return RuntimeResponse(
            body: ResponseEncoder.finishHit(frames, parseMicros: metrics.parseMicros), metrics: metrics, cacheHit: true)
    }

    /// The request a patch stands for, the document the session then keeps, and the
    /// subtree hashes when the patch was applied in place: 409 unless `baseline` is the
    /// session's current tree.
    private func patched(
        _ tape: JSONTape, patch: Int, baseline: String, session: String?, sessionHeader: String?, tenant: String
    ) throws(Problem) -> (SessionDocument, LayoutRequest, [TreeHash]?) {
        if let session, let sessionHeader, session != sessionHeader {
            throw Self.sessionMismatch(header: sessionHeader, body: session)
        }
        guard let key = session ?? sessionHeader else {
            throw RequestDecoder.problem(for: .invalid(patch, "a patch needs a session (body or Layout-Session header)"), in: tape)
        }
        guard let state = sessions.state(for: SessionStore.Key(tenant: tenant, session: key)) else {
            throw Self.staleBaseline(current: nil, detail: "The session '\(key)' has no tree to patch (new, expired or deleted).")
        }
        guard state.treeHash.description == baseline else {
            throw Self.staleBaseline(
                current: state.treeHash.description,
                detail: "The baseline \(baseline) is not the session's current tree \(state.treeHash).")
        }
        // A patch answers with the frames that changed unless it asks for all of them:
        // its client holds the rest from the answers before (API.md §5).
        let frames: LayoutOptions.Frames = Self.asksForFrames(tape) ? .all : .changed
        if var edited = PatchInPlace.apply(tape, patch: patch, session: state, limits: decodeLimits) {
            if frames == .changed { edited.request.options.frames = .changed }
            return (edited.document, edited.request, edited.hashes)
        }
        // Patches applied in place since the session's body was decoded: the document is
        // written out and decoded again, so that its tree names its own tape's entries.
        var body = state.document.body
        var tree = state.request.tree
        if !state.document.overlay.isEmpty || !state.document.members.isEmpty {
            body = state.document.rendered()
            tree = try RequestDecoder.decode(body, limits: decodeLimits).tree
        }
        do {
            var result = try PatchApplier.apply(tape, patch: patch, session: body, sessionTree: tree, limits: decodeLimits)
            if frames == .changed { result.request.options.frames = .changed }
            return (SessionDocument(body: result.body), result.request, nil)
        } catch {
            throw RequestDecoder.problem(for: error, in: tape)
        }
    }

    /// Whether a patch request names `options.frames` (else it gets the changed ones).
    private static func asksForFrames(_ tape: JSONTape) -> Bool {
        guard let options = tape.member("options", of: 0), tape.entries[options].kind == .object else { return false }
        return tape.member("frames", of: options) != nil
    }

    static func staleBaseline(current: String?, detail: String) -> Problem {
        Problem(.staleBaseline(currentTreeHash: current), detail: detail)
    }

    static func sessionMismatch(header: String, body: String) -> Problem {
        Problem(.sessionMismatch, detail: "The Layout-Session header '\(header)' and the body's session '\(body)' differ.")
    }

    /// Forgets a tenant's session; false if it had none.
    public func deleteSession(tenant: String, session: String) -> Bool {
        sessions.remove(tenant: tenant, session: session)
    }

    public var statistics: RuntimeStatistics {
        let measured = measurements.statistics
        var stats = RuntimeStatistics(layoutCache: layoutCache.statistics, sessions: sessions.count)
        stats.measurementEntries = measured.entries
        stats.measurementMaxBytes = measurements.maxBytes
        stats.measurementHits = measured.hits
        stats.measurementMisses = measured.misses
        return stats
    }

    /// One tenant's share: its layout-cache entries, bytes, lookups and evictions, and its
    /// live sessions. The measurement cache is shared by every tenant and left at zero.
    public func statistics(tenant: String) -> RuntimeStatistics {
        RuntimeStatistics(layoutCache: layoutCache.statistics(tenant: tenant), sessions: sessions.usage(of: tenant).sessions)
    }
}
