import HTTPServer
import Logging

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One JSON object per line (`--log-format json`): `ts` (RFC 3339, UTC, milliseconds),
/// `level`, `msg`, `logger`, then the metadata as string members. Log shippers (Loki,
/// Elasticsearch, CloudWatch) read it without a parsing rule.
public struct JSONLogHandler: LogHandler {
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?
    private let label: String
    private let output: @Sendable ([UInt8]) -> Void

    /// `write` receives each whole line, newline included (standard output by default).
    public init(label: String, write: @escaping @Sendable ([UInt8]) -> Void = { JSONLogHandler.writeToStandardOutput($0) }) {
        self.label = label
        self.output = write
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var merged = metadata
        if let provided = metadataProvider?.get() { merged.merge(provided) { _, new in new } }
        if let extra = event.metadata { merged.merge(extra) { _, new in new } }
        output(Self.line(timestamp: Self.now(), level: event.level, message: "\(event.message)", label: label, metadata: merged))
    }

    static func line(
        timestamp: String, level: Logger.Level, message: String, label: String, metadata: Logger.Metadata
    ) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        out.append(contentsOf: #"{"ts":"#.utf8)
        ProblemDocument.appendJSONString(timestamp, to: &out)
        out.append(contentsOf: #","level":"#.utf8)
        ProblemDocument.appendJSONString(level.rawValue, to: &out)
        out.append(contentsOf: #","msg":"#.utf8)
        ProblemDocument.appendJSONString(message, to: &out)
        out.append(contentsOf: #","logger":"#.utf8)
        ProblemDocument.appendJSONString(label, to: &out)
        // Sorted, so that lines are stable and diffable; the fixed members win over
        // metadata of the same name.
        for (key, value) in metadata.sorted(by: { $0.key < $1.key })
        where !["ts", "level", "msg", "logger"].contains(key) {
            out.append(UInt8(ascii: ","))
            ProblemDocument.appendJSONString(key, to: &out)
            out.append(UInt8(ascii: ":"))
            ProblemDocument.appendJSONString("\(value)", to: &out)
        }
        out.append(contentsOf: "}\n".utf8)
        return out
    }

    /// Wall-clock time as `2026-11-23T15:04:05.123Z`.
    static func now() -> String {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        var parts = tm()
        var seconds = time.tv_sec
        gmtime_r(&seconds, &parts)
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        let millis = Int(time.tv_nsec) / 1_000_000
        return "\(padded(Int(parts.tm_year) + 1900, 4))-\(padded(Int(parts.tm_mon) + 1, 2))-\(padded(Int(parts.tm_mday), 2))"
            + "T\(padded(Int(parts.tm_hour), 2)):\(padded(Int(parts.tm_min), 2)):\(padded(Int(parts.tm_sec), 2))"
            + ".\(padded(millis, 3))Z"
    }

    /// One `write(2)` per line, so lines from several threads never interleave.
    public static func writeToStandardOutput(_ line: [UInt8]) {
        line.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(STDOUT_FILENO, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
                if written <= 0 { return }
                offset += written
            }
        }
    }
}
