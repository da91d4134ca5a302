import Foundation

/// `GET /v1/stats` once, after the run: the hit rate as the server itself counts it.
enum ServerStatsFetcher {
    static func fetch(_ configuration: LoadConfiguration) -> ServerStats? {
        let target = configuration.target.with(path: "/v1/stats")
        let encoder = RequestEncoder(target: target, apiKey: configuration.apiKey, session: nil)
        let connection = ClientConnection(target: target, timeoutSeconds: configuration.timeoutSeconds)
        guard let response = try? connection.exchange(encoder.get("/v1/stats")), response.status == 200 else {
            return nil
        }
        return parse(response.body)
    }

    /// Reads `{"cache": {...}, "sessions": {"live": n}}`; nil for anything that is not
    /// such an object (e.g. a server that answers with something else).
    static func parse(_ body: [UInt8]) -> ServerStats? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any],
            let cache = object["cache"] as? [String: Any]
        else { return nil }
        func int(_ value: Any?) -> Int? { (value as? NSNumber)?.intValue }
        let sessions = object["sessions"] as? [String: Any]
        return ServerStats(
            entries: int(cache["entries"]), bytes: int(cache["bytes"]), hits: int(cache["hits"]),
            misses: int(cache["misses"]), evictions: int(cache["evictions"]),
            hitRate: (cache["hitRate"] as? NSNumber)?.doubleValue, liveSessions: int(sessions?["live"]))
    }
}
