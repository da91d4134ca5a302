/// Everything one run needs; `layoutd load` fills it from its flags.
public struct LoadConfiguration: Sendable {
    public var target: TargetURL
    public var connections = 8
    /// Stop after this many seconds (nil: no time bound).
    public var duration: Double?
    /// Stop after this many requests (nil: no count bound).
    public var requests: Int?
    public var corpusSize = 64
    public var nodeCount = 50
    public var repeatRatio = 0.0
    public var sessions = false
    public var apiKey: String?
    public var seed: UInt64 = 1
    /// Per send and per receive on a socket: a stalled server fails a request, not the run.
    public var timeoutSeconds = 10.0
    /// Fetch `GET /v1/stats` at the end.
    public var fetchServerStats = true

    public init(target: TargetURL) {
        self.target = target
    }

    /// Reasons the configuration cannot run, for the command to report.
    public func problems() -> [String] {
        var problems: [String] = []
        if connections < 1 || connections > 1024 { problems.append("--connections must be within 1...1024") }
        if let duration, !(duration > 0 && duration <= 86_400) { problems.append("--duration must be within (0, 86400] seconds") }
        if let requests, requests < 1 { problems.append("--requests must be at least 1") }
        if duration == nil && requests == nil { problems.append("give --duration or --requests") }
        if corpusSize < 1 { problems.append("--corpus must be at least 1") }
        if nodeCount < 1 || nodeCount > 1_000_000 { problems.append("--nodes must be within 1...1000000") }
        if !(0...1).contains(repeatRatio) { problems.append("--repeat-ratio must be within 0...1") }
        if !(timeoutSeconds > 0) { problems.append("--timeout must be positive") }
        if let apiKey, apiKey.contains(where: { $0 == "\r" || $0 == "\n" }) { problems.append("--api-key must be one line") }
        return problems
    }
}
