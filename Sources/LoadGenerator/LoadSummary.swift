/// The result of a run, as printed (text or `--json`). Counts add up:
/// `requests == responses + failures`, and the statuses sum to `responses`.
public struct LoadSummary: Codable, Sendable {
    public struct Latency: Codable, Sendable {
        public var p50: Double
        public var p90: Double
        public var p99: Double
        public var max: Double
        public var mean: Double
    }

    public struct Cache: Codable, Sendable {
        /// Counted from the `X-Layout-Cache` header of each response.
        public var hits: Int
        public var misses: Int
        public var withoutHeader: Int
        /// hits / (hits + misses); nil when no response carried the header.
        public var hitRate: Double?
        /// What the generator aimed at: full requests that re-sent an already-sent tree.
        public var repeatsSent: Int
        public var newTreesSent: Int
        /// `GET /v1/stats` after the run; null when the server has no such endpoint.
        public var server: ServerStats?

        /// Writes null rather than omitting the absent values, so scripts see "n/a".
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(hits, forKey: .hits)
            try container.encode(misses, forKey: .misses)
            try container.encode(withoutHeader, forKey: .withoutHeader)
            try container.encode(hitRate, forKey: .hitRate)
            try container.encode(repeatsSent, forKey: .repeatsSent)
            try container.encode(newTreesSent, forKey: .newTreesSent)
            try container.encode(server, forKey: .server)
        }
    }

    public struct Client: Codable, Sendable {
        /// Trees generated before the clock started.
        public var treesPregenerated: Int
        /// New trees generated on the fly while the clock ran, and the time that took.
        public var treesGeneratedDuringRun: Int
        public var generationMs: Double
    }

    public struct Session: Codable, Sendable {
        public var fullRequests: Int
        public var patches: Int
        public var patchesAccepted: Int
        /// Patches answered 409 or 422, by status; each was followed by a full request.
        public var patchFallbacks: [String: Int]
        /// Full answers without a `treeHash` (a server without sessions): no patch follows.
        public var fullWithoutTreeHash: Int
    }

    public var url: String
    public var connections: Int
    public var nodes: Int
    public var corpus: Int
    public var repeatRatio: Double
    public var seconds: Double
    public var requests: Int
    public var responses: Int
    public var failures: Int
    public var requestsPerSecond: Double
    /// Milliseconds, over responses of any status.
    public var latencyMs: Latency
    public var statuses: [String: Int]
    public var errors: [String: Int]
    public var bytesSent: Int
    public var bytesReceived: Int
    public var connectionsOpened: Int
    /// The generator's own cost that can skew a measurement on a shared machine.
    public var client: Client
    public var cache: Cache
    public var session: Session?
}

/// The layout cache and session counters of `GET /v1/stats` (openapi.yaml `Stats`).
public struct ServerStats: Codable, Sendable, Equatable {
    public var entries: Int?
    public var bytes: Int?
    public var hits: Int?
    public var misses: Int?
    public var evictions: Int?
    public var hitRate: Double?
    public var liveSessions: Int?
}
