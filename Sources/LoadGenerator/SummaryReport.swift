import Foundation

/// The summary as people read it, and as JSON for scripts.
public enum SummaryReport {
    public static func text(_ summary: LoadSummary) -> String {
        var lines: [String] = []
        lines.append("target      \(summary.url)  (\(summary.connections) connections, \(summary.nodes)-node trees, corpus \(summary.corpus), repeat ratio \(format(summary.repeatRatio, 2)))")
        lines.append("requests    \(summary.requests) in \(format(summary.seconds, 2)) s = \(format(summary.requestsPerSecond, 1)) req/s  (\(summary.failures) failed, \(summary.connectionsOpened) connections opened)")
        let latency = summary.latencyMs
        lines.append("latency ms  p50 \(format(latency.p50, 3))  p90 \(format(latency.p90, 3))  p99 \(format(latency.p99, 3))  max \(format(latency.max, 3))  mean \(format(latency.mean, 3))")
        let statuses = summary.statuses.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
        lines.append("statuses    " + (statuses.isEmpty ? "none" : statuses.joined(separator: "  ")))
        lines.append("bytes       sent \(summary.bytesSent)  received \(summary.bytesReceived)")
        let cache = summary.cache
        let headerRate = cache.hitRate.map { format($0 * 100, 1) + "%" } ?? "n/a (no X-Layout-Cache header)"
        lines.append("cache       X-Layout-Cache hit \(cache.hits) miss \(cache.misses) = \(headerRate)  (sent \(cache.repeatsSent) repeats, \(cache.newTreesSent) new trees)")
        if let server = cache.server {
            let rate = server.hitRate.map { format($0 * 100, 1) + "%" } ?? "n/a"
            lines.append("server      /v1/stats hit rate \(rate)  entries \(server.entries.map(String.init) ?? "?")  hits \(server.hits.map(String.init) ?? "?")  misses \(server.misses.map(String.init) ?? "?")  live sessions \(server.liveSessions.map(String.init) ?? "?")")
        } else {
            lines.append("server      /v1/stats n/a")
        }
        let client = summary.client
        lines.append("client      \(client.treesPregenerated) trees generated before the run, \(client.treesGeneratedDuringRun) during it (\(format(client.generationMs, 1)) ms of generator time)")
        if let session = summary.session {
            let fallbacks = session.patchFallbacks.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
            lines.append("session     full \(session.fullRequests)  patches \(session.patches) (accepted \(session.patchesAccepted); fell back \(fallbacks.isEmpty ? "0" : fallbacks.joined(separator: ", ")))  full answers without treeHash \(session.fullWithoutTreeHash)")
        }
        if !summary.errors.isEmpty {
            lines.append("errors      " + summary.errors.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: "  "))
        }
        return lines.joined(separator: "\n")
    }

    public static func json(_ summary: LoadSummary) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(summary) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    /// The progress line: carriage return, no newline, so it rewrites itself.
    public static func progressLine(_ progress: LoadRunner.Progress) -> String {
        let rate = progress.elapsedSeconds > 0 ? Double(progress.completed) / progress.elapsedSeconds : 0
        return "\r\(format(progress.elapsedSeconds, 0)) s  \(progress.completed) done  \(format(rate, 0)) req/s  \(progress.failed) failed   "
    }

    static func format(_ value: Double, _ decimals: Int) -> String {
        String(format: "%.\(decimals)f", value)
    }
}
