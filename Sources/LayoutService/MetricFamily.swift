import Prometheus

/// Every metric family the service exports: its name and its HELP text, in one table so
/// that `/metrics`, openapi.yaml and the tests name the same things.
enum MetricFamily: String, CaseIterable {
    case httpRequests = "layoutd_http_requests_total"
    case httpRequestDuration = "layoutd_http_request_duration_seconds"
    case phaseDuration = "layoutd_phase_duration_seconds"
    case requestsInFlight = "layoutd_requests_in_flight"
    case openConnections = "layoutd_open_connections"
    case bytesReceived = "layoutd_bytes_received_total"
    case bytesSent = "layoutd_bytes_sent_total"
    case cacheEntries = "layoutd_cache_entries"
    case cacheBytes = "layoutd_cache_bytes"
    case cacheHitRatio = "layoutd_cache_hit_ratio"
    case sessions = "layoutd_sessions"
    case measurementCacheEntries = "layoutd_measurement_cache_entries"
    case cacheHits = "layoutd_cache_hits_total"
    case cacheMisses = "layoutd_cache_misses_total"
    case cacheEvictions = "layoutd_cache_evictions_total"
    case buildInfo = "layoutd_build_info"

    var name: String { rawValue }

    var help: String {
        switch self {
        case .httpRequests: "HTTP requests answered by the application, by route and status."
        case .httpRequestDuration: "Time from a complete request head to the last byte of the response, by route."
        case .phaseDuration: "Time spent in each engine phase of a layout request (parse, hash, layout, diff, encode)."
        case .requestsInFlight: "Requests queued for or running on the worker pool."
        case .openConnections: "Open client connections."
        case .bytesReceived: "Bytes read from client connections."
        case .bytesSent: "Bytes written to client connections."
        case .cacheEntries: "Layouts held by the layout cache."
        case .cacheBytes: "Bytes of encoded frames held by the layout cache."
        case .cacheHitRatio: "Layout cache hits divided by lookups since start."
        case .sessions: "Live sessions (all tenants)."
        case .measurementCacheEntries: "Entries of the text and view measurement cache."
        case .cacheHits: "Layout requests answered from the layout cache."
        case .cacheMisses: "Layout requests that had to be laid out."
        case .cacheEvictions: "Layouts evicted from the layout cache by its entry or byte bound."
        case .buildInfo: "Always 1; the labels name the layoutd version and the Swift compiler that built it."
        }
    }

    /// The whole name goes in `metricName` (with an empty unit), so the exported name is
    /// exactly `rawValue`.
    var descriptor: MetricNameDescriptor {
        MetricNameDescriptor(metricName: rawValue, unitName: "", helpText: help)
    }
}

/// What `layoutd_build_info` reports.
public enum BuildInfo {
    /// The service's version; bump with releases.
    public static let version = "0.1.0"

    /// The compiler that built this binary (major.minor, from `#if compiler`).
    public static let swiftVersion: String = {
        #if compiler(>=6.4)
            return "6.4+"
        #elseif compiler(>=6.3)
            return "6.3"
        #elseif compiler(>=6.2)
            return "6.2"
        #elseif compiler(>=6.1)
            return "6.1"
        #else
            return "6.0"
        #endif
    }()

    static var labels: [(String, String)] { [("version", version), ("swift", swiftVersion)] }
}
