import ArgumentParser
import Foundation
import HTTPServer
import LayoutEngine
import LayoutService
import Logging

/// `layoutd serve` (the default): the HTTP server. Every option can also come from an
/// environment variable (`--max-body-bytes` ↔ `LAYOUTD_MAX_BODY_BYTES`); the flag wins.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the HTTP server.",
        discussion: """
            Every option may also be set with an environment variable named LAYOUTD_ followed by \
            the option name in upper case with dashes as underscores, e.g. LAYOUTD_PORT=9000. \
            SIGTERM or SIGINT stops accepting, finishes requests in flight and exits 0.
            """)

    @Option(help: "Address to listen on. [env: LAYOUTD_HOST] (default: 127.0.0.1)")
    var host: String?
    @Option(help: "Port to listen on; 0 picks a free one. [env: LAYOUTD_PORT] (default: 8080)")
    var port: Int?
    @Option(help: "Layout worker threads. [env: LAYOUTD_WORKERS] (default: the core count)")
    var workers: Int?
    @Option(help: "Serial I/O queues the connections are spread over. [env: LAYOUTD_IO_QUEUES] (default: the core count)")
    var ioQueues: Int?
    @Option(help: "How the I/O threads wait for sockets: epoll (a loop thread per queue, no hand-off per event) or dispatch (Dispatch sources). [env: LAYOUTD_IO_MODEL] (default: epoll)")
    var ioModel: String?
    @Option(help: "Open connections before new ones get 503. [env: LAYOUTD_MAX_CONNECTIONS] (default: 4096)")
    var maxConnections: Int?
    @Option(help: "Requests queued or running before new ones get 503. [env: LAYOUTD_MAX_IN_FLIGHT] (default: 256)")
    var maxInFlight: Int?
    @Option(help: "Longest request line, bytes (414). [env: LAYOUTD_MAX_REQUEST_LINE_BYTES] (default: 8192)")
    var maxRequestLineBytes: Int?
    @Option(help: "Largest header section, bytes (431). [env: LAYOUTD_MAX_HEADER_BYTES] (default: 16384)")
    var maxHeaderBytes: Int?
    @Option(help: "Most header fields (431). [env: LAYOUTD_MAX_HEADERS] (default: 100)")
    var maxHeaders: Int?
    @Option(help: "Largest request body, bytes (413). [env: LAYOUTD_MAX_BODY_BYTES] (default: 8388608)")
    var maxBodyBytes: Int?
    @Option(help: "Deepest node nesting (413). [env: LAYOUTD_MAX_DEPTH] (default: 512)")
    var maxDepth: Int?
    @Option(help: "Most nodes in one tree (413). [env: LAYOUTD_MAX_NODES] (default: 200000)")
    var maxNodes: Int?
    @Option(help: "Seconds for a request's header section (408). [env: LAYOUTD_HEADER_TIMEOUT] (default: 10)")
    var headerTimeout: Double?
    @Option(help: "Seconds an idle keep-alive connection is kept. [env: LAYOUTD_IDLE_TIMEOUT] (default: 60)")
    var idleTimeout: Double?
    @Option(help: "Seconds in-flight requests get at shutdown. [env: LAYOUTD_SHUTDOWN_GRACE] (default: 10)")
    var shutdownGrace: Double?
    @Option(help: "PEM certificate chain; enables TLS with --tls-key. [env: LAYOUTD_TLS_CERT]")
    var tlsCert: String?
    @Option(help: "PEM private key. [env: LAYOUTD_TLS_KEY]")
    var tlsKey: String?
    @Option(help: "File of `KEY TENANT` lines; without it the server is open. [env: LAYOUTD_API_KEYS]")
    var apiKeys: String?
    @Option(help: "trace, debug, info, notice, warning, error or critical. [env: LAYOUTD_LOG_LEVEL] (default: info)")
    var logLevel: String?
    @Option(help: "text (key=value) or json (one object per line). [env: LAYOUTD_LOG_FORMAT] (default: text)")
    var logFormat: String?
    @Option(help: "Comma-separated web origins allowed to call the API from browsers (CORS), or *. [env: LAYOUTD_CORS_ORIGIN] (default: none)")
    var corsOrigin: String?
    @Option(help: "Layouts kept by the layout cache. [env: LAYOUTD_CACHE_ENTRIES] (default: 10000)")
    var cacheEntries: Int?
    @Option(help: "Bytes of encoded frames the layout cache keeps. [env: LAYOUTD_CACHE_BYTES] (default: 268435456)")
    var cacheBytes: Int?
    @Option(help: "Bytes the measurement cache of subtree sizes may take. [env: LAYOUTD_MEASURE_CACHE_BYTES] (default: 33554432)")
    var measureCacheBytes: Int?
    @Option(help: "Sessions kept. [env: LAYOUTD_MAX_SESSIONS] (default: 10000)")
    var maxSessions: Int?
    @Option(help: "Seconds an unused session is kept. [env: LAYOUTD_SESSION_TTL] (default: 600)")
    var sessionTtl: Double?
    @Option(help: "A directory of more font files; repeatable. [env: LAYOUTD_FONT_DIR, paths separated by ':']")
    var fontDir: [String] = []
    @Option(help: "Family of texts that name none, or \"system\". [env: LAYOUTD_DEFAULT_FONT] (default: DejaVu Sans)")
    var defaultFont: String?
    @Option(help: "Bytes all sessions may hold (trees and frames). [env: LAYOUTD_SESSION_BYTES] (default: 1073741824)")
    var sessionBytes: Int?
    @Option(help: "Largest response body, bytes (413). [env: LAYOUTD_MAX_RESPONSE_BYTES] (default: 67108864)")
    var maxResponseBytes: Int?
    @Option(help: "File holding the key /metrics then requires as `Authorization: Bearer KEY`; without it /metrics is open. [env: LAYOUTD_METRICS_KEY]")
    var metricsKey: String?

    func run() throws {
        let settings = Settings(environment: ProcessInfo.processInfo.environment)
        let level = try settings.value(logLevel, "LAYOUTD_LOG_LEVEL", default: "info")
        guard let logLevel = Logger.Level(rawValue: level) else {
            throw ValidationError("unknown log level \(level)")
        }
        let format = try settings.value(logFormat, "LAYOUTD_LOG_FORMAT", default: "text")
        switch format {
        case "json":
            LoggingSystem.bootstrap { label in
                var handler = JSONLogHandler(label: label)
                handler.logLevel = logLevel
                return handler
            }
        case "text":
            LoggingSystem.bootstrap { label in
                var handler = StreamLogHandler.standardOutput(label: label)
                handler.logLevel = logLevel
                return handler
            }
        default:
            throw ValidationError("unknown log format \(format) (text or json)")
        }
        let logger = Logger(label: "layoutd")

        var http = HTTPServerConfiguration()
        http.host = try settings.value(host, "LAYOUTD_HOST", default: "127.0.0.1")
        http.port = try settings.value(port, "LAYOUTD_PORT", default: 8080)
        http.workers = try settings.value(workers, "LAYOUTD_WORKERS", default: HTTPServerConfiguration.coreCount)
        http.ioQueues = try settings.value(ioQueues, "LAYOUTD_IO_QUEUES", default: HTTPServerConfiguration.coreCount)
        let model = try settings.value(ioModel, "LAYOUTD_IO_MODEL", default: IOModel.epoll.rawValue)
        guard let parsedModel = IOModel(rawValue: model) else {
            throw ValidationError("--io-model must be epoll or dispatch, not \(model)")
        }
        http.ioModel = parsedModel
        http.maxConnections = try settings.value(maxConnections, "LAYOUTD_MAX_CONNECTIONS", default: 4096)
        http.maxInFlightRequests = try settings.value(maxInFlight, "LAYOUTD_MAX_IN_FLIGHT", default: 256)
        http.limits.maxRequestLineLength = try settings.value(
            maxRequestLineBytes, "LAYOUTD_MAX_REQUEST_LINE_BYTES", default: 8192)
        http.limits.maxHeaderSectionLength = try settings.value(maxHeaderBytes, "LAYOUTD_MAX_HEADER_BYTES", default: 16384)
        http.limits.maxHeaderCount = try settings.value(maxHeaders, "LAYOUTD_MAX_HEADERS", default: 100)
        http.limits.maxBodyLength = try settings.value(maxBodyBytes, "LAYOUTD_MAX_BODY_BYTES", default: 8 << 20)
        http.headerTimeout = .seconds(try settings.value(headerTimeout, "LAYOUTD_HEADER_TIMEOUT", default: 10.0))
        http.idleTimeout = .seconds(try settings.value(idleTimeout, "LAYOUTD_IDLE_TIMEOUT", default: 60.0))
        let grace = try settings.value(shutdownGrace, "LAYOUTD_SHUTDOWN_GRACE", default: 10.0)
        try Self.validate(http, grace: grace)

        let certificate = settings.optional(tlsCert, "LAYOUTD_TLS_CERT")
        let key = settings.optional(tlsKey, "LAYOUTD_TLS_KEY")
        switch (certificate, key) {
        case (let certificate?, let key?):
            http.tls = TLSConfiguration(certificateChainPath: certificate, privateKeyPath: key)
        case (nil, nil):
            break
        default:
            throw ValidationError("--tls-cert and --tls-key go together")
        }

        var service = LayoutServiceConfiguration()
        service.runtime.limits = DecodeLimits(
            maxDepth: try settings.value(maxDepth, "LAYOUTD_MAX_DEPTH", default: 512),
            maxNodes: try settings.value(maxNodes, "LAYOUTD_MAX_NODES", default: 200_000))
        service.runtime.cacheEntries = try settings.value(cacheEntries, "LAYOUTD_CACHE_ENTRIES", default: 10_000)
        service.runtime.cacheBytes = try settings.value(cacheBytes, "LAYOUTD_CACHE_BYTES", default: 256 << 20)
        service.runtime.measurementBytes = try settings.value(
            measureCacheBytes, "LAYOUTD_MEASURE_CACHE_BYTES", default: 32 << 20)
        service.runtime.maxSessions = try settings.value(maxSessions, "LAYOUTD_MAX_SESSIONS", default: 10_000)
        service.runtime.sessionTTLSeconds = try settings.value(sessionTtl, "LAYOUTD_SESSION_TTL", default: 600.0)
        service.runtime.sessionBytes = try settings.value(sessionBytes, "LAYOUTD_SESSION_BYTES", default: 1 << 30)
        service.runtime.maxResponseBytes = try settings.value(
            maxResponseBytes, "LAYOUTD_MAX_RESPONSE_BYTES", default: 64 << 20)
        for (name, value) in [
            ("--max-response-bytes", Double(service.runtime.maxResponseBytes)),
            ("--session-bytes", Double(service.runtime.sessionBytes)),
            ("--cache-entries", Double(service.runtime.cacheEntries)), ("--cache-bytes", Double(service.runtime.cacheBytes)),
            ("--measure-cache-bytes", Double(service.runtime.measurementBytes)),
            ("--max-sessions", Double(service.runtime.maxSessions)), ("--session-ttl", service.runtime.sessionTTLSeconds),
        ] where value < 0 || !value.isFinite {
            throw ValidationError("\(name) must not be negative")
        }
        if let origins = settings.optional(corsOrigin, "LAYOUTD_CORS_ORIGIN") {
            service.cors = CORSPolicy(parsing: origins)
        }
        service.runtime.textMeasurer = try FontOptions.library(
            directories: fontDir.isEmpty ? FontOptions.directories(settings.environment["LAYOUTD_FONT_DIR"]) : fontDir,
            defaultFamily: try settings.value(defaultFont, "LAYOUTD_DEFAULT_FONT", default: FontOptions.defaultFamily),
            log: { logger.warning("\($0)") })
        if let path = settings.optional(apiKeys, "LAYOUTD_API_KEYS") {
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                throw ValidationError("cannot read the API key file \(path)")
            }
            service.apiKeys = try APIKeys(parsing: text)
            logger.info("API keys loaded", metadata: ["keys": "\(service.apiKeys?.count ?? 0)"])
        } else {
            logger.warning("no --api-keys: the server is open to anyone who can reach it")
        }

        if let path = settings.optional(metricsKey, "LAYOUTD_METRICS_KEY") {
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                throw ValidationError("cannot read the metrics key file \(path)")
            }
            let key = text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !key.isEmpty, !key.contains(where: \.isWhitespace) else {
                throw ValidationError("the metrics key file \(path) must hold one key, without spaces")
            }
            service.metricsKey = key
        }

        let trimmer = MemoryTuning.apply(environment: ProcessInfo.processInfo.environment)
        defer { trimmer?.cancel() }
        let layoutService = LayoutService(configuration: service, logger: logger)
        let server = try HTTPServer(
            configuration: http, events: layoutService.events, logger: logger, immediate: layoutService.immediateHandler,
            handler: layoutService.handler)
        // Installed before listening, so a signal during start-up is not lost or fatal.
        let signals = TerminationSignals()
        try server.start()
        let received = signals.wait()
        logger.info("signal received, draining", metadata: ["signal": "\(received)"])
        layoutService.markNotReady()
        server.shutdown(gracePeriod: .milliseconds(Int64(grace * 1000)))
    }
}

extension ServeCommand {
    /// Rejects values that would make the server useless or unsafe before anything starts.
    static func validate(_ http: HTTPServerConfiguration, grace: Double) throws {
        guard (0...65535).contains(http.port) else { throw ValidationError("port \(http.port) is out of range") }
        let positives: [(String, Int)] = [
            ("workers", http.workers), ("io-queues", http.ioQueues), ("max-connections", http.maxConnections),
            ("max-in-flight", http.maxInFlightRequests), ("max-request-line-bytes", http.limits.maxRequestLineLength),
            ("max-header-bytes", http.limits.maxHeaderSectionLength), ("max-headers", http.limits.maxHeaderCount),
        ]
        for (name, value) in positives where value < 1 {
            throw ValidationError("--\(name) must be at least 1")
        }
        guard http.limits.maxBodyLength >= 0 else { throw ValidationError("--max-body-bytes must not be negative") }
        guard http.headerTimeout > .zero, http.idleTimeout > .zero, grace >= 0 else {
            throw ValidationError("timeouts must be positive")
        }
    }
}

/// Resolves an option: the flag if given, else the environment variable, else the default.
struct Settings {
    let environment: [String: String]

    func value<T: LosslessStringConvertible>(_ flag: T?, _ variable: String, default fallback: T) throws -> T {
        if let flag { return flag }
        guard let text = environment[variable], !text.isEmpty else { return fallback }
        guard let parsed = T(text) else { throw ValidationError("\(variable)=\(text) is not a valid value") }
        return parsed
    }

    func optional(_ flag: String?, _ variable: String) -> String? {
        if let flag { return flag }
        guard let text = environment[variable], !text.isEmpty else { return nil }
        return text
    }
}
