import HTTPServer
import LayoutEngine
import Prometheus
import Synchronization

/// The service's Prometheus metrics, in a registry of its own (no global bootstrap, so
/// several services can live in one process, as in tests). Every family is created
/// through `MetricFamily`, which carries its HELP text, so `promtool check metrics`
/// finds HELP and TYPE for each.
public final class ServiceMetrics: Sendable {
    public let registry: PrometheusCollectorRegistry
    private let openConnections: Gauge
    private let inFlight: Gauge
    private let bytesIn: Counter
    private let bytesOut: Counter
    private static let latencyBuckets: [Duration] = [
        .microseconds(100), .microseconds(250), .microseconds(500), .milliseconds(1), .milliseconds(2),
        .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100),
        .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2.5), .seconds(5),
    ]
    /// Metric objects by label set, so a request does not pay for name validation and
    /// registry lookups each time. Labels are bounded: routes come from the router's
    /// table (`unmatched` otherwise), statuses from the status codes the server sends,
    /// phases from the engine's fixed list. No label carries a tenant, session or path.
    /// Per CPU (`PerCPU`): the registry hands every copy the same counter.
    private let requestMetrics = PerCPU<[RequestKey: RequestSeries]> { [:] }
    /// Request durations by route, and the engine's fixed phases (parse, hash, layout,
    /// diff, encode): histograms kept outside the registry (`LatencyHistogramFamily`).
    private let requestDurations: LatencyHistogramFamily
    private let phaseTimers: LatencyHistogramFamily
    private let cacheGauges = Mutex<[String: Gauge]>([:])
    /// Counters fed from the runtime's running totals: the value last added, per name.
    private let cacheCounters = Mutex<[String: (counter: Counter, reported: Int)]>([:])
    private let process = ProcessMetrics()

    private struct RequestSeries: Sendable {
        var counter: Counter
        var durationSeries: Int
    }

    private struct RequestKey: Hashable, Sendable {
        var route: String
        var status: Int
    }

    public init() {
        registry = PrometheusCollectorRegistry()
        openConnections = registry.makeGauge(descriptor: MetricFamily.openConnections.descriptor)
        inFlight = registry.makeGauge(descriptor: MetricFamily.requestsInFlight.descriptor)
        bytesIn = registry.makeCounter(descriptor: MetricFamily.bytesReceived.descriptor)
        bytesOut = registry.makeCounter(descriptor: MetricFamily.bytesSent.descriptor)
        registry.makeGauge(descriptor: MetricFamily.buildInfo.descriptor, labels: BuildInfo.labels).set(to: 1)
        requestDurations = LatencyHistogramFamily(
            name: MetricFamily.httpRequestDuration.name, help: MetricFamily.httpRequestDuration.help, label: "route",
            buckets: Self.latencyBuckets)
        phaseTimers = LatencyHistogramFamily(
            name: MetricFamily.phaseDuration.name, help: MetricFamily.phaseDuration.help, label: "phase",
            buckets: Self.latencyBuckets, labelValues: ["parse", "hash", "layout", "diff", "encode"])
    }

    func connectionOpened() { openConnections.increment() }
    func connectionClosed() { openConnections.decrement() }
    func received(_ bytes: Int) { bytesIn.increment(by: Int64(bytes)) }
    func sent(_ bytes: Int) { bytesOut.increment(by: Int64(bytes)) }
    func requestStarted() { inFlight.increment() }
    func requestFinished() { inFlight.decrement() }

    /// Series names and labels as openapi.yaml documents them under `/metrics`.
    func requestCompleted(route: String, status: Int, duration: Duration) {
        let key = RequestKey(route: route, status: status)
        let series = requestMetrics.withLock { cache in
            if let cached = cache[key] { return cached }
            let made = RequestSeries(
                counter: registry.makeCounter(
                    descriptor: MetricFamily.httpRequests.descriptor,
                    labels: [("route", route), ("status", String(status))]),
                durationSeries: requestDurations.series(for: route))
            cache[key] = made
            return made
        }
        series.counter.increment()
        requestDurations.record(series: series.durationSeries, nanoseconds: duration.totalNanoseconds)
    }

    /// Engine phases of one request, in microseconds as measured: five observations
    /// under one lock (a cache hit on the I/O path records them too).
    func layoutPhases(parse: Double, hash: Double, layout: Double, diff: Double, encode: Double) {
        phaseTimers.recordFirstFive(
            Int64(micros: parse), Int64(micros: hash), Int64(micros: layout), Int64(micros: diff), Int64(micros: encode))
    }

    /// Cache and session figures, read from the runtime when `/metrics` is scraped.
    func update(_ statistics: RuntimeStatistics) {
        let gauges: [(MetricFamily, Double)] = [
            (.cacheEntries, Double(statistics.cacheEntries)), (.cacheBytes, Double(statistics.cacheBytes)),
            (.cacheHitRatio, statistics.hitRate), (.sessions, Double(statistics.sessions)),
            (.measurementCacheEntries, Double(statistics.measurementEntries)),
        ]
        cacheGauges.withLock { cache in
            for (family, value) in gauges {
                let gauge = cache[family.name] ?? registry.makeGauge(descriptor: family.descriptor)
                cache[family.name] = gauge
                gauge.set(to: value)
            }
        }
        let totals: [(MetricFamily, Int)] = [
            (.cacheHits, statistics.cacheHits), (.cacheMisses, statistics.cacheMisses),
            (.cacheEvictions, statistics.cacheEvictions),
        ]
        cacheCounters.withLock { cache in
            for (family, total) in totals {
                var entry = cache[family.name] ?? (registry.makeCounter(descriptor: family.descriptor), 0)
                if total > entry.reported {
                    entry.counter.increment(by: Int64(total - entry.reported))
                    entry.reported = total
                }
                cache[family.name] = entry
            }
        }
    }

    /// The exposition text (Prometheus text format 0.0.4): the registry's families, then
    /// the `process_*` families read from the kernel now.
    public func render() -> [UInt8] {
        var buffer: [UInt8] = []
        registry.emit(into: &buffer)
        requestDurations.emit(into: &buffer)
        phaseTimers.emit(into: &buffer)
        process.render(into: &buffer)
        return buffer
    }
}

extension Int64 {
    /// Nanoseconds of a duration in microseconds; clamped, never trapping.
    fileprivate init(micros: Double) {
        let nanoseconds = micros * 1000
        self = nanoseconds.isFinite ? Int64(Swift.min(Swift.max(nanoseconds, 0), 9.2e18)) : 0
    }
}

extension Duration {
    var totalNanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds &* 1_000_000_000 &+ attoseconds / 1_000_000_000
    }
}
