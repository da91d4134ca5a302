import Foundation
import HTTPServer
import Logging
import Testing
@testable import LayoutService

@discardableResult
func runTool(_ executable: String, _ arguments: [String], input: String? = nil) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    // A client that never hears back must fail its test, not hang the whole run (one
    // run once sat idle for 15 minutes with a loopback connection in CLOSE-WAIT).
    let bounded = executable == "curl" && !arguments.contains("--max-time") ? ["--max-time", "60"] + arguments : arguments
    process.arguments = [executable] + bounded
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

/// The service behind a real server, exercised by curl.
@Suite struct ServedServiceTests {
    let service: LayoutService
    let server: HTTPServer

    init() throws {
        service = makeService()
        var configuration = HTTPServerConfiguration()
        configuration.port = 0
        server = try HTTPServer(
            configuration: configuration, events: service.events,
            logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }),
            immediate: service.immediateHandler, handler: service.handler)
        try server.start()
    }

    @Test func metricsCountRequestsByRouteAndStatus() throws {
        let base = "http://127.0.0.1:\(server.port)"
        try runTool("curl", ["-s", "-o", "/dev/null", "-H", "Content-Type: application/json", "--data", "{}", "\(base)/v1/layout"])
        try runTool("curl", ["-s", "-o", "/dev/null", "\(base)/healthz"])
        try runTool("curl", ["-s", "-o", "/dev/null", "\(base)/some/scanner/path"])
        // The completion record trails the response by a moment.
        var text = ""
        for _ in 0..<50 {
            text = try runTool("curl", ["-s", "\(base)/metrics"]).output
            if text.contains(#"route="unmatched""#) && text.contains(#"route="/healthz""#) { break }
            Thread.sleep(forTimeInterval: 0.02)
        }
        // Series as openapi.yaml documents them under /metrics.
        #expect(text.contains(#"layoutd_http_requests_total{route="/v1/layout",status="422"} 1"#))
        #expect(text.contains(#"layoutd_http_requests_total{route="/healthz",status="200"} 1"#))
        #expect(text.contains(#"route="unmatched""#))
        for series in [
            "layoutd_open_connections", "layoutd_requests_in_flight", "layoutd_bytes_received_total",
            "layoutd_bytes_sent_total", "layoutd_http_request_duration_seconds_bucket",
        ] {
            #expect(text.contains(series))
        }
        server.shutdown(gracePeriod: .seconds(1))
    }

    @Test func openAPIDocumentIsServedByteForByteAndValid() throws {
        let result = try runTool("curl", ["-s", "http://127.0.0.1:\(server.port)/openapi.yaml"])
        // The repository's openapi.yaml is the contract; the binary embeds it
        // (tools/embed-openapi.sh regenerates the embedded copy).
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let contract = try String(contentsOf: repository.appendingPathComponent("openapi.yaml"), encoding: .utf8)
        #expect(result.output == contract, "run tools/embed-openapi.sh after editing openapi.yaml")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("layoutd-openapi-\(UUID().uuidString).yaml")
        try result.output.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let check = try runTool("python3", ["-c", """
            import sys
            try:
                from openapi_spec_validator import validate
                from openapi_spec_validator.readers import read_from_filename
            except ImportError:
                print("skipped"); sys.exit(0)
            spec, _ = read_from_filename(sys.argv[1]); validate(spec); print("valid")
            """, file.path])
        #expect(check.status == 0)
        #expect(check.output.hasSuffix("valid\n") || check.output == "skipped\n")
        server.shutdown(gracePeriod: .seconds(1))
    }
}
