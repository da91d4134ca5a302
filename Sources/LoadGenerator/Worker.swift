#if canImport(Glibc)
import Glibc
#endif
import Workloads

/// One connection's loop: ask the dispatcher for a request, build its body (a corpus
/// tree, or in session mode a patch against the last answer), send it and count.
struct Worker {
    let index: Int
    let configuration: LoadConfiguration
    let corpus: Corpus
    let dispatcher: Dispatcher

    func run() -> WorkerStats {
        var stats = WorkerStats()
        let sessionKey = configuration.sessions ? "load-\(configuration.seed)-\(getpid())-\(index)" : nil
        let encoder = RequestEncoder(target: configuration.target, apiKey: configuration.apiKey, session: sessionKey)
        let connection = ClientConnection(target: configuration.target, timeoutSeconds: configuration.timeoutSeconds)
        var random = SplitMix64(seed: configuration.seed &+ UInt64(index) &* 0x9E37_79B9)
        // Session mode: the last accepted treeHash and the leaves a patch may resize.
        var baseline: String?
        var leaves: [String] = []
        var patchBaseline: String?

        while true {
            let wantsPatch = sessionKey != nil && baseline != nil && !leaves.isEmpty
            guard let permit = dispatcher.next(drawTree: !wantsPatch) else { break }
            let body: [UInt8]
            if let draw = permit.draw {
                if draw.isRepeat { stats.repeatsDrawn += 1 } else { stats.newTreesDrawn += 1 }
                if draw.treeIndex < corpus.count {
                    body = corpus.body(draw.treeIndex)
                } else {
                    // Generated on this core during the run: counted, since on a small
                    // machine it takes time from the server being measured.
                    let generating = ContinuousClock.now
                    body = corpus.body(draw.treeIndex)
                    stats.treesGeneratedDuringRun += 1
                    stats.generationMicros += (ContinuousClock.now - generating) / .microseconds(1)
                }
                if sessionKey != nil {
                    stats.session.fullRequests += 1
                    leaves = SessionPatches.viewLeafIDs(in: body)
                }
                patchBaseline = nil
            } else {
                let leaf = leaves[Int(random.next() % UInt64(leaves.count))]
                patchBaseline = baseline
                body = SessionPatches.resizeBody(baseline: baseline ?? "", leaf: leaf, random: &random)
                stats.session.patches += 1
            }
            let request = encoder.post(body)
            let started = ContinuousClock.now
            let response: ClientResponse
            do {
                response = try connection.exchange(request)
            } catch {
                stats.errors[error.kind, default: 0] += 1
                dispatcher.failed.add(1, ordering: .relaxed)
                baseline = nil
                // A refused or reset connection is retried by the next request; a pause
                // keeps a dead server from turning the loop into a busy spin.
                if case .connect = error { Self.pause(milliseconds: 10) }
                continue
            }
            let micros = (ContinuousClock.now - started) / .microseconds(1)
            _ = stats.latency.record(UInt64(max(micros, 0)))
            stats.bytesSent += request.count
            stats.bytesReceived += response.wireBytes
            stats.statuses[response.status, default: 0] += 1
            switch response.header("X-Layout-Cache")?.lowercased() {
            case "hit": stats.cacheHits += 1
            case "miss": stats.cacheMisses += 1
            default: stats.cacheHeaderAbsent += 1
            }
            if sessionKey != nil {
                baseline = Self.nextBaseline(
                    after: response, wasPatch: patchBaseline != nil, stats: &stats.session)
            }
            dispatcher.completed.add(1, ordering: .relaxed)
        }
        stats.connectionsOpened = connection.connects
        return stats
    }

    /// The baseline for the next patch, or nil to send a full request next.
    private static func nextBaseline(after response: ClientResponse, wasPatch: Bool, stats: inout SessionStats) -> String? {
        if wasPatch {
            if response.status == 200 {
                stats.patchesAccepted += 1
            } else if response.status == 409 || response.status == 422 {
                stats.patchFallbacks[response.status, default: 0] += 1
                return nil
            } else {
                return nil
            }
        }
        guard response.status == 200 else { return nil }
        let hash = SessionPatches.treeHash(in: response.body)
        if hash == nil && !wasPatch { stats.fullWithoutTreeHash += 1 }
        return hash
    }

    private static func pause(milliseconds: Int) {
        var request = timespec(tv_sec: 0, tv_nsec: milliseconds * 1_000_000)
        _ = nanosleep(&request, nil)
    }
}
