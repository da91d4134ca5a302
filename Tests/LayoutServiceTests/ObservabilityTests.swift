import Foundation
@testable import HTTPServer
import Logging
import Synchronization
import Testing
@testable import LayoutService

/// Request ids, JSON log lines, CORS, TRACE and the metric families' HELP text.
struct ObservabilityTests {
    @Test func clientRequestIdIsEchoedInHeaderAndProblem() {
        let service = makeService()
        let response = service.handler(makeRequest("POST", "/v1/layout", headers: ["X-Request-Id": "3f2a-Ab_9.x:y"]))
        #expect(response.status == 415)
        #expect(response.headers["X-Request-Id"] == "3f2a-Ab_9.x:y")
        #expect(response.annotations["request_id"] == "3f2a-Ab_9.x:y")
        let body = String(decoding: response.body, as: UTF8.self)
        #expect(body.hasSuffix(#","requestId":"3f2a-Ab_9.x:y"}"#))
        let object = try? JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
        #expect(object?["requestId"] as? String == "3f2a-Ab_9.x:y")
    }

    @Test(arguments: ["", "has space", "quote\"d", String(repeating: "a", count: 129), "tab\there", "ünï"])
    func unsafeRequestIdIsReplaced(_ header: String) {
        let response = makeService().handler(makeRequest("GET", "/healthz", headers: ["X-Request-Id": header]))
        let id = response.headers["X-Request-Id"] ?? ""
        #expect(id != header)
        #expect(id.count == 32 && id.allSatisfy { $0.isHexDigit })
    }

    @Test func longestAcceptedRequestIdIs128() {
        let id = String(repeating: "z", count: 128)
        #expect(RequestID.accepting(id) == id)
        #expect(RequestID.accepting(id + "z") == nil)
    }

    @Test func generatedIdsDiffer() {
        let ids = Set((0..<100).map { _ in RequestID.generate() })
        #expect(ids.count == 100)
    }

    @Test func successfulAnswersCarryTheIdButNoProblemMember() {
        let response = makeService().handler(makeRequest("GET", "/healthz"))
        #expect(response.headers["X-Request-Id"]?.count == 32)
        #expect(String(decoding: response.body, as: UTF8.self) == "ok\n")
    }

    @Test func traceIs405WithAllow() {
        let response = makeService().handler(makeRequest("TRACE", "/v1/layout"))
        #expect(response.status == 405)
        #expect(response.headers["Allow"] == "POST")
    }

    @Test func jsonLogLineHasFixedMembersThenSortedMetadata() throws {
        let line = JSONLogHandler.line(
            timestamp: "2026-11-23T15:04:05.123Z", level: .info, message: "request", label: "layoutd",
            metadata: ["status": "200", "request_id": "abc", "path": "/v1/\"x\"\n"])
        let text = String(decoding: line, as: UTF8.self)
        #expect(text == #"{"ts":"2026-11-23T15:04:05.123Z","level":"info","msg":"request","logger":"layoutd","path":"/v1/\"x\"\n","request_id":"abc","status":"200"}"# + "\n")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.dropLast())) as? [String: String])
        #expect(object["path"] == "/v1/\"x\"\n")
    }

    @Test func jsonLogTimestampIsRFC3339UTC() {
        let stamp = JSONLogHandler.now()
        // e.g. 2026-11-23T15:04:05.123Z
        #expect(stamp.count == 24)
        #expect(stamp.hasSuffix("Z"))
        let year = Int(stamp.prefix(4)) ?? 0
        #expect(year >= 2024)
    }

    @Test func requestLogLinesCarryTheRequestId() throws {
        let sink = LineSink()
        let logger = Logger(label: "layoutd") { label in
            var handler = JSONLogHandler(label: label) { line in
                sink.lines.withLock { $0.append(String(decoding: line, as: UTF8.self)) }
            }
            handler.logLevel = .info
            return handler
        }
        let service = LayoutService(logger: logger)
        let response = service.handler(makeRequest("GET", "/healthz", headers: ["X-Request-Id": "trace-me-42"]))
        service.events.requestCompleted(
            RequestRecord(
                method: "GET", path: "/healthz", status: response.status, requestBodyBytes: 0, responseBytes: 3,
                duration: .milliseconds(1), remoteAddress: "127.0.0.1:1", annotations: response.annotations))
        // A protocol error the HTTP layer answered itself still gets an id on its line.
        service.events.requestCompleted(
            RequestRecord(
                method: "-", path: "-", status: 400, requestBodyBytes: 0, responseBytes: 90,
                duration: .milliseconds(1), remoteAddress: "127.0.0.1:2"))
        let logged = sink.lines.withLock { $0 }
        #expect(logged.count == 2)
        let first = try #require(try JSONSerialization.jsonObject(with: Data(logged[0].utf8)) as? [String: String])
        #expect(first["request_id"] == "trace-me-42")
        #expect(first["msg"] == "request")
        #expect(first["status"] == "200")
        let second = try #require(try JSONSerialization.jsonObject(with: Data(logged[1].utf8)) as? [String: String])
        #expect(second["request_id"]?.count == 32)
    }
}

final class LineSink: Sendable {
    let lines = Mutex<[String]>([])
}

/// `--cors-origin`: off by default; preflights answered for allowed origins only.
struct CORSTests {
    let preflightHeaders: HTTPHeaders = [
        "Origin": "https://app.example.com", "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "content-type",
    ]

    @Test func offByDefault() {
        let service = makeService()
        let preflight = service.handler(makeRequest("OPTIONS", "/v1/layout", headers: preflightHeaders))
        #expect(preflight.status == 405)
        #expect(preflight.headers["Access-Control-Allow-Origin"] == nil)
        let actual = service.handler(makeRequest("GET", "/healthz", headers: ["Origin": "https://app.example.com"]))
        #expect(actual.headers["Access-Control-Allow-Origin"] == nil)
        #expect(actual.headers["Vary"] == nil)
    }

    @Test func allowedOriginGetsPreflightAndExposedHeaders() {
        let service = makeService { $0.cors = CORSPolicy(parsing: "https://app.example.com, https://other.example") }
        let preflight = service.handler(makeRequest("OPTIONS", "/v1/layout", headers: preflightHeaders))
        #expect(preflight.status == 204)
        #expect(preflight.headers["Access-Control-Allow-Origin"] == "https://app.example.com")
        #expect(preflight.headers["Access-Control-Allow-Methods"] == "GET, HEAD, POST, DELETE")
        #expect(preflight.headers["Access-Control-Allow-Headers"]?.contains("Layout-Session") == true)
        #expect(preflight.headers["Access-Control-Max-Age"] == "600")
        let actual = service.handler(makeRequest("GET", "/healthz", headers: ["Origin": "https://app.example.com"]))
        #expect(actual.headers["Access-Control-Allow-Origin"] == "https://app.example.com")
        #expect(actual.headers["Access-Control-Expose-Headers"]?.contains("X-Request-Id") == true)
        #expect(actual.headers["Vary"] == "Origin")
    }

    @Test func otherOriginIsNotAllowed() {
        let service = makeService { $0.cors = CORSPolicy(parsing: "https://app.example.com") }
        var headers = preflightHeaders
        headers.set("Origin", "https://evil.example")
        #expect(service.handler(makeRequest("OPTIONS", "/v1/layout", headers: headers)).status == 405)
        let actual = service.handler(makeRequest("GET", "/healthz", headers: ["Origin": "https://evil.example"]))
        #expect(actual.headers["Access-Control-Allow-Origin"] == nil)
        #expect(actual.headers["Vary"] == "Origin")
    }

    @Test func preflightNeedsNoKeyButTheRequestDoes() throws {
        let keys = try APIKeys(parsing: "k1 acme\n")
        let service = makeService {
            $0.cors = CORSPolicy(origins: ["*"])
            $0.apiKeys = keys
        }
        let preflight = service.handler(makeRequest("OPTIONS", "/v1/layout", headers: preflightHeaders))
        #expect(preflight.status == 204)
        #expect(preflight.headers["Access-Control-Allow-Origin"] == "*")
        let actual = service.handler(makeRequest("POST", "/v1/layout", headers: ["Origin": "https://x.example"]))
        #expect(actual.status == 401)
        // The page can read the 401 and its challenge.
        #expect(actual.headers["Access-Control-Allow-Origin"] == "*")
    }
}

/// Every family `/metrics` exports has HELP and TYPE; process and build families exist.
struct MetricsExpositionTests {
    @Test func everyFamilyHasHelpAndType() throws {
        let service = makeService()
        _ = service.handler(makeRequest("POST", "/v1/layout", headers: ["Content-Type": "application/json"], body: "{}"))
        service.events.requestCompleted(
            RequestRecord(
                method: "POST", path: "/v1/layout", status: 422, requestBodyBytes: 2, responseBytes: 90,
                duration: .milliseconds(2), remoteAddress: "127.0.0.1:1"))
        let response = service.handler(makeRequest("GET", "/metrics"))
        let text = String(decoding: response.body, as: UTF8.self)
        let lines = text.split(separator: "\n")
        let typed = Set(lines.filter { $0.hasPrefix("# TYPE ") }.map { $0.split(separator: " ")[2] })
        let helped = Set(lines.filter { $0.hasPrefix("# HELP ") }.map { $0.split(separator: " ")[2] })
        #expect(typed == helped)
        for family in MetricFamily.allCases where family != .phaseDuration {
            #expect(typed.contains(Substring(family.name)), "\(family.name)")
        }
        for family in [
            "process_cpu_seconds_total", "process_resident_memory_bytes", "process_open_fds", "process_max_fds",
            "process_start_time_seconds", "process_virtual_memory_bytes",
        ] {
            #expect(typed.contains(Substring(family)), "\(family)")
        }
        #expect(text.contains(#"layoutd_build_info{version="\#(BuildInfo.version)",swift="\#(BuildInfo.swiftVersion)"} 1"#))
    }

    @Test func processFiguresAreThisProcesses() throws {
        let sample = try #require(ProcessMetrics().sample())
        // This test process has run for a moment and holds at least a megabyte.
        #expect(sample.residentBytes > 1_048_576)
        #expect(sample.cpuSeconds > 0)
        let now = Date().timeIntervalSince1970
        #expect(sample.startTimeSeconds > now - 3600 && sample.startTimeSeconds <= now + 1)
        let open = try #require(ProcessMetrics.openFileDescriptors())
        // stdin, stdout and stderr at least.
        #expect(open >= 3)
    }

    @Test func statParsingFollowsProcFive() throws {
        // A command name with spaces and a parenthesis; fields from proc(5): utime 14 = 250
        // ticks, stime 15 = 50, starttime 22 = 1000 ticks, vsize 23, rss 24 = 300 pages.
        let stat = "4242 (lay out) d) S 1 4242 4242 0 -1 4194560 100 0 0 0 250 50 0 0 20 0 9 0 1000 123456789 300 18446744073709551615"
        let sample = try #require(
            ProcessMetrics.parse(stat: stat, systemStat: "cpu 1 2 3\nbtime 1700000000\n", ticksPerSecond: 100, pageSize: 4096))
        #expect(sample.cpuSeconds == 3.0)  // (250 + 50) / 100
        #expect(sample.startTimeSeconds == 1_700_000_010)  // 1700000000 + 1000 / 100
        #expect(sample.virtualBytes == 123_456_789)
        #expect(sample.residentBytes == 1_228_800)  // 300 × 4096
    }
}
