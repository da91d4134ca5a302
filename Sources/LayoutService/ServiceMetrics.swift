import CoreMetrics
import HTTPServer
import LayoutEngine
import Prometheus
import Synchronization

/// The service's Prometheus metrics, in a registry of its own (no global bootstrap, so
/// several services can live in one process, as in tests).
public final class ServiceMetrics: Sendable {
    public let registry: PrometheusCollectorRegistry
    private let factory: PrometheusMetricsFactory
    private let openConnections: Meter
    private let inFlight: Meter
    private let bytesIn: CoreMetrics.Counter
    private let bytesOut: CoreMetrics.Counter
    /// Metric objects by label set, so a request does not pay for name validation and
    /// registry lookups each time.
    private let requestMetrics = Mutex<[RequestKey: (CoreMetrics.Counter, CoreMetrics.Timer)]>([:])

    private struct RequestKey: Hashable {
        var route: String
        var status: Int
    }

    public init() {
        registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        let latencyBuckets: [Duration] = [
            .microseconds(100), .microseconds(250), .microseconds(500), .milliseconds(1), .milliseconds(2),
            .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100),
            .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2.5), .seconds(5),
        ]
        factory.defaultDurationHistogramBuckets = latencyBuckets
        self.factory = factory
        openConnections = Meter(label: "layoutd_open_connections", factory: factory)
        inFlight = Meter(label: "layoutd_requests_in_flight", factory: factory)
        bytesIn = CoreMetrics.Counter(label: "layoutd_bytes_received_total", factory: factory)
        bytesOut = CoreMetrics.Counter(label: "layoutd_bytes_sent_total", factory: factory)
        orderedPhaseTimers = ["parse", "hash", "layout", "diff", "encode"].map {
            CoreMetrics.Timer(label: "layoutd_phase_duration_seconds", dimensions: [("phase", $0)], factory: factory)
        }
    }

    func connectionOpened() { openConnections.increment() }
    func connectionClosed() { openConnections.decrement() }
    func received(_ bytes: Int) { bytesIn.increment(by: bytes) }
    func sent(_ bytes: Int) { bytesOut.increment(by: bytes) }
    func requestStarted() { inFlight.increment() }
    func requestFinished() { inFlight.decrement() }

    /// Series names and labels as openapi.yaml documents them under `/metrics`.
    func requestCompleted(route: String, status: Int, duration: Duration) {
        let key = RequestKey(route: route, status: status)
        let (counter, timer) = requestMetrics.withLock { cache in
            if let cached = cache[key] { return cached }
            let dimensions = [("route", route), ("status", String(status))]
            let made = (
                CoreMetrics.Counter(label: "layoutd_http_requests_total", dimensions: dimensions, factory: factory),
                CoreMetrics.Timer(
                    label: "layoutd_http_request_duration_seconds", dimensions: [("route", route)], factory: factory)
            )
            cache[key] = made
            return made
        }
        counter.increment()
        timer.recordNanoseconds(Int64(clamping: duration.totalNanoseconds))
    }

    /// Engine phases of one request, in microseconds as measured.
    func layoutPhases(parse: Double, hash: Double, layout: Double, diff: Double, encode: Double) {
        for (timer, micros) in zip(orderedPhaseTimers, [parse, hash, layout, diff, encode]) {
            timer.recordNanoseconds(Int64(micros * 1000))
        }
    }

    private let orderedPhaseTimers: [CoreMetrics.Timer]

    private let cacheGauges = Mutex<[String: CoreMetrics.Gauge]>([:])
    /// Counters fed from the runtime's running totals: the value last added, per name.
    private let cacheCounters = Mutex<[String: (counter: CoreMetrics.Counter, reported: Int)]>([:])

    /// Cache and session figures, read from the runtime when `/metrics` is scraped.
    func update(_ statistics: RuntimeStatistics) {
        var gauges: [(String, Double)] = []
        gauges.append(("layoutd_cache_entries", Double(statistics.cacheEntries)))
        gauges.append(("layoutd_cache_bytes", Double(statistics.cacheBytes)))
        gauges.append(("layoutd_cache_hit_ratio", statistics.hitRate))
        gauges.append(("layoutd_sessions", Double(statistics.sessions)))
        gauges.append(("layoutd_measurement_cache_entries", Double(statistics.measurementEntries)))
        cacheGauges.withLock { cache in
            for (name, value) in gauges {
                let gauge = cache[name] ?? CoreMetrics.Gauge(label: name, factory: factory)
                cache[name] = gauge
                gauge.record(value)
            }
        }
        var totals: [(String, Int)] = []
        totals.append(("layoutd_cache_hits_total", statistics.cacheHits))
        totals.append(("layoutd_cache_misses_total", statistics.cacheMisses))
        totals.append(("layoutd_cache_evictions_total", statistics.cacheEvictions))
        cacheCounters.withLock { cache in
            for (name, total) in totals {
                var entry = cache[name] ?? (CoreMetrics.Counter(label: name, factory: factory), 0)
                if total > entry.reported {
                    entry.counter.increment(by: total - entry.reported)
                    entry.reported = total
                }
                cache[name] = entry
            }
        }
    }

    /// The exposition text (Prometheus text format 0.0.4).
    public func render() -> [UInt8] {
        var buffer: [UInt8] = []
        registry.emit(into: &buffer)
        return buffer
    }
}

extension Duration {
    var totalNanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds &* 1_000_000_000 &+ attoseconds / 1_000_000_000
    }
}
