/// A monotonic clock handed to the engine (which keeps no clock of its own).
public struct LayoutClock: Sendable {
    public var nanoseconds: @Sendable () -> UInt64

    public init(nanoseconds: @escaping @Sendable () -> UInt64) {
        self.nanoseconds = nanoseconds
    }

    /// The process's continuous clock.
    public static let continuous: LayoutClock = {
        let origin = ContinuousClock.now
        return LayoutClock {
            let elapsed = ContinuousClock.now - origin
            let (seconds, attoseconds) = elapsed.components
            return UInt64(seconds) &* 1_000_000_000 &+ UInt64(attoseconds / 1_000_000_000)
        }
    }()
}

/// A successful layout, encoded.
public struct LayoutResponse: Sendable {
    public var body: [UInt8]
    public var metrics: LayoutMetrics
}

/// Request bytes in, response bytes (or a problem document) out: decode → layout → encode.
public struct LayoutPipeline: Sendable {
    public var limits: DecodeLimits
    public var clock: LayoutClock
    public var textMeasurer: any TextMeasurer

    public init(
        limits: DecodeLimits = DecodeLimits(), clock: LayoutClock = .continuous,
        textMeasurer: any TextMeasurer = AhemMeasurer()
    ) {
        self.limits = limits
        self.clock = clock
        self.textMeasurer = textMeasurer
    }

    public func run(_ body: [UInt8]) -> Result<LayoutResponse, Problem> {
        var metrics = LayoutMetrics()
        let started = clock.nanoseconds()
        let request: LayoutRequest
        do {
            request = try RequestDecoder.decode(body, limits: limits, fonts: textMeasurer)
        } catch {
            return .failure(error)
        }
        let decoded = clock.nanoseconds()
        metrics.parseMicros = Double(decoded - started) / 1000
        let result = LayoutComputer.layout(
            request, hashes: [], shared: nil, previous: nil,
            workBudget: limits.layoutWorkBudget(nodes: request.tree.nodeCount), measurer: textMeasurer
        ).result
        if result.exhausted { return .failure(Problem.tooMuchWork(limits, nodes: request.tree.nodeCount)) }
        metrics.layoutMicros = Double(clock.nanoseconds() - decoded) / 1000
        metrics.nodes = request.tree.nodes.count
        metrics.measured = result.measured
        let encodeStart = clock.nanoseconds()
        let frames = ResponseEncoder.encodeFrames(request, result, treeHash: nil)
        metrics.encodeMicros = Double(clock.nanoseconds() - encodeStart) / 1000
        let bytes = ResponseEncoder.finish(frames, cacheHit: false, metrics: metrics)
        return .success(LayoutResponse(body: bytes, metrics: metrics))
    }

    /// Lays out an already decoded request (for tests and benchmarks).
    public static func layout(_ request: LayoutRequest, textMeasurer: any TextMeasurer = AhemMeasurer()) -> LayoutResult {
        LayoutComputer.layout(request, measurer: textMeasurer)
    }

    /// Encodes a layout as the response body (for benchmarks).
    public func encode(_ request: LayoutRequest, _ result: LayoutResult) -> [UInt8] {
        ResponseEncoder.finish(
            ResponseEncoder.encodeFrames(request, result, treeHash: nil), cacheHit: false, metrics: LayoutMetrics())
    }
}
