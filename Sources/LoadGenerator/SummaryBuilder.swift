/// Turns the merged counts into the printed summary.
enum SummaryBuilder {
    static func summary(
        of stats: WorkerStats, configuration: LoadConfiguration, seconds: Double, server: ServerStats?,
        pregenerated: Int
    ) -> LoadSummary {
        let responses = stats.statuses.values.reduce(0, +)
        let failures = stats.errors.values.reduce(0, +)
        let milliseconds = { (micros: UInt64) in Double(micros) / 1000 }
        let latency = stats.latency.totalCount == 0
            ? LoadSummary.Latency(p50: 0, p90: 0, p99: 0, max: 0, mean: 0)
            : LoadSummary.Latency(
                p50: milliseconds(stats.latency.valueAtPercentile(50)),
                p90: milliseconds(stats.latency.valueAtPercentile(90)),
                p99: milliseconds(stats.latency.valueAtPercentile(99)),
                max: milliseconds(stats.latency.max), mean: stats.latency.mean / 1000)
        let headerCount = stats.cacheHits + stats.cacheMisses
        let cache = LoadSummary.Cache(
            hits: stats.cacheHits, misses: stats.cacheMisses, withoutHeader: stats.cacheHeaderAbsent,
            hitRate: headerCount == 0 ? nil : Double(stats.cacheHits) / Double(headerCount),
            repeatsSent: stats.repeatsDrawn, newTreesSent: stats.newTreesDrawn, server: server)
        let session = configuration.sessions
            ? LoadSummary.Session(
                fullRequests: stats.session.fullRequests, patches: stats.session.patches,
                patchesAccepted: stats.session.patchesAccepted,
                patchFallbacks: Dictionary(uniqueKeysWithValues: stats.session.patchFallbacks.map { (String($0), $1) }),
                fullWithoutTreeHash: stats.session.fullWithoutTreeHash)
            : nil
        let url = "http://\(configuration.target.hostHeader)\(configuration.target.path)"
        return LoadSummary(
            url: url, connections: configuration.connections, nodes: configuration.nodeCount,
            corpus: configuration.corpusSize, repeatRatio: configuration.repeatRatio, seconds: seconds,
            requests: responses + failures, responses: responses, failures: failures,
            requestsPerSecond: seconds > 0 ? Double(responses) / seconds : 0, latencyMs: latency,
            statuses: Dictionary(uniqueKeysWithValues: stats.statuses.map { (String($0), $1) }),
            errors: stats.errors, bytesSent: stats.bytesSent, bytesReceived: stats.bytesReceived,
            connectionsOpened: stats.connectionsOpened,
            client: LoadSummary.Client(
                treesPregenerated: pregenerated, treesGeneratedDuringRun: stats.treesGeneratedDuringRun,
                generationMs: stats.generationMicros / 1000),
            cache: cache, session: session)
    }
}
