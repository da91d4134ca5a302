import Foundation
import Testing
@testable import HTTPServer

/// One row of HTTP.md's behaviour checklist, as raw bytes on a real socket.
struct ChecklistRow: CustomTestStringConvertible, Sendable {
    let name: String
    let raw: String
    let status: Int
    /// `true`: the server must close after answering; `false`: it must keep the connection.
    let closes: Bool
    var testDescription: String { name }
}

private let host = "Host: test\r\n"

let checklistRows: [ChecklistRow] = [
    ChecklistRow(name: "HTTP/1.1 without Host", raw: "GET /hello HTTP/1.1\r\n\r\n", status: 400, closes: true),
    ChecklistRow(name: "two Host lines", raw: "GET /hello HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", status: 400, closes: true),
    ChecklistRow(name: "space before colon", raw: "GET /hello HTTP/1.1\r\nHost : a\r\n\r\n", status: 400, closes: true),
    ChecklistRow(name: "obs-fold", raw: "GET /hello HTTP/1.1\r\n\(host)X: a\r\n\tb\r\n\r\n", status: 400, closes: true),
    ChecklistRow(name: "bare CR in value", raw: "GET /hello HTTP/1.1\r\n\(host)X: a\rb\r\n\r\n", status: 400, closes: true),
    ChecklistRow(name: "NUL in value", raw: "GET /hello HTTP/1.1\r\n\(host)X: a\u{0}b\r\n\r\n", status: 400, closes: true),
    ChecklistRow(name: "LF in value", raw: "GET /hello HTTP/1.1\r\n\(host)X: a\nb\r\n\r\n", status: 400, closes: true),
    ChecklistRow(name: "empty header name", raw: "GET /hello HTTP/1.1\r\n\(host): v\r\n\r\n", status: 400, closes: true),
    ChecklistRow(name: "invalid header name", raw: "GET /hello HTTP/1.1\r\n\(host)X{}: v\r\n\r\n", status: 400, closes: true),
    ChecklistRow(
        name: "Content-Length with Transfer-Encoding",
        raw: "POST /echo HTTP/1.1\r\n\(host)Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", status: 400, closes: true),
    ChecklistRow(
        name: "two different Content-Lengths",
        raw: "POST /echo HTTP/1.1\r\n\(host)Content-Length: 5\r\nContent-Length: 6\r\n\r\nhello!", status: 400, closes: true),
    ChecklistRow(name: "Content-Length 5, 6", raw: "POST /echo HTTP/1.1\r\n\(host)Content-Length: 5, 6\r\n\r\nhello", status: 400, closes: true),
    ChecklistRow(name: "Content-Length +5", raw: "POST /echo HTTP/1.1\r\n\(host)Content-Length: +5\r\n\r\nhello", status: 400, closes: true),
    ChecklistRow(name: "Content-Length -1", raw: "POST /echo HTTP/1.1\r\n\(host)Content-Length: -1\r\n\r\n", status: 400, closes: true),
    ChecklistRow(name: "Content-Length 0x10", raw: "POST /echo HTTP/1.1\r\n\(host)Content-Length: 0x10\r\n\r\n", status: 400, closes: true),
    ChecklistRow(
        name: "Content-Length 20 digits", raw: "POST /echo HTTP/1.1\r\n\(host)Content-Length: 99999999999999999999\r\n\r\n",
        status: 400, closes: true),
    ChecklistRow(name: "Transfer-Encoding gzip", raw: "POST /echo HTTP/1.1\r\n\(host)Transfer-Encoding: gzip\r\n\r\n", status: 501, closes: true),
    ChecklistRow(
        name: "Transfer-Encoding chunked not last", raw: "POST /echo HTTP/1.1\r\n\(host)Transfer-Encoding: chunked, gzip\r\n\r\n",
        status: 400, closes: true),
    ChecklistRow(
        name: "chunk size Z", raw: "POST /echo HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\n\r\nZ\r\nhello\r\n0\r\n\r\n",
        status: 400, closes: true),
    ChecklistRow(
        name: "chunk size -1", raw: "POST /echo HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\n\r\n-1\r\n", status: 400, closes: true),
    ChecklistRow(
        name: "chunk size 0x5", raw: "POST /echo HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\n\r\n0x5\r\nhello\r\n0\r\n\r\n",
        status: 400, closes: true),
    ChecklistRow(
        name: "chunk size overflow", raw: "POST /echo HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\n\r\n1000000000000000000000\r\n",
        status: 400, closes: true),
    ChecklistRow(
        name: "missing CRLF after chunk data",
        raw: "POST /echo HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\n\r\n5\r\nhelloXX0\r\n\r\n", status: 400, closes: true),
    ChecklistRow(
        name: "request line over the limit", raw: "GET /\(String(repeating: "a", count: 9000)) HTTP/1.1\r\n\(host)\r\n",
        status: 414, closes: true),
    ChecklistRow(
        name: "header section over the limit", raw: "GET /hello HTTP/1.1\r\n\(host)X: \(String(repeating: "b", count: 17000))\r\n\r\n",
        status: 431, closes: true),
    ChecklistRow(
        name: "too many headers",
        raw: "GET /hello HTTP/1.1\r\n\(host)" + (0..<101).map { "X-\($0): v\r\n" }.joined() + "\r\n", status: 431, closes: true),
    ChecklistRow(
        name: "body over the limit", raw: "POST /echo HTTP/1.1\r\n\(host)Content-Length: 9000000\r\n\r\n", status: 413, closes: true),
    ChecklistRow(name: "POST without length", raw: "POST /echo HTTP/1.1\r\n\(host)\r\n", status: 411, closes: true),
    ChecklistRow(name: "unknown method", raw: "BREW /pot HTTP/1.1\r\n\(host)\r\n", status: 501, closes: true),
    ChecklistRow(name: "GET on /v1/layout", raw: "GET /v1/layout HTTP/1.1\r\n\(host)\r\n", status: 405, closes: false),
    ChecklistRow(name: "HTTP/2.0 request line", raw: "GET /hello HTTP/2.0\r\n\(host)\r\n", status: 505, closes: true),
    ChecklistRow(name: "HTTP/3.0 request line", raw: "GET /hello HTTP/3.0\r\n\(host)\r\n", status: 505, closes: true),
    ChecklistRow(name: "malformed version", raw: "GET /hello HTTP/1.one\r\n\(host)\r\n", status: 400, closes: true),
    ChecklistRow(name: "HTTP/1.1 default keeps alive", raw: "GET /hello HTTP/1.1\r\n\(host)\r\n", status: 200, closes: false),
    ChecklistRow(name: "Connection: close", raw: "GET /hello HTTP/1.1\r\n\(host)Connection: close\r\n\r\n", status: 200, closes: true),
    ChecklistRow(name: "HTTP/1.0 closes", raw: "GET /hello HTTP/1.0\r\n\r\n", status: 200, closes: true),
    ChecklistRow(
        name: "HTTP/1.0 keep-alive asked", raw: "GET /hello HTTP/1.0\r\nConnection: keep-alive\r\n\r\n", status: 200, closes: false),
    ChecklistRow(
        name: "Expect other than 100-continue", raw: "POST /echo HTTP/1.1\r\n\(host)Expect: magic\r\nContent-Length: 1\r\n\r\nx",
        status: 417, closes: true),
]

/// Every response must carry these (HTTP.md: Date, Content-Length or chunked, Server).
func expectMandatoryHeaders(_ response: RawClient.Response, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(response.header("Date")?.hasSuffix("GMT") == true, sourceLocation: sourceLocation)
    #expect(response.header("Server") == "layoutd", sourceLocation: sourceLocation)
    #expect(response.header("Content-Length") != nil, sourceLocation: sourceLocation)
}

@Suite struct ChecklistTests {
    let server: TestServer

    init() throws {
        server = try TestServer { $0.limits.maxBodyLength = 1 << 20 }
    }

    @Test(arguments: checklistRows)
    func checklistRow(_ row: ChecklistRow) throws {
        let client = try RawClient(port: server.port)
        client.send(row.raw)
        let response = try client.readResponse()
        #expect(response.status == row.status)
        expectMandatoryHeaders(response)
        if response.status >= 400 {
            #expect(response.header("Content-Type") == "application/problem+json")
            #expect(response.bodyText.contains("\"status\":\(row.status)"))
        }
        if row.status == 405 { #expect(response.header("Allow") == "POST") }
        if row.closes {
            #expect(response.header("Connection") == "close")
            #expect(client.isClosedByPeer())
        } else {
            // Still usable: a second request on the same connection is answered.
            client.send("GET /hello HTTP/1.1\r\n\(host)\r\n")
            #expect(try client.readResponse().status == 200)
        }
    }

    @Test func eofMidBodyIsAnswered400() throws {
        let client = try RawClient(port: server.port)
        client.send("POST /echo HTTP/1.1\r\n\(host)Content-Length: 10\r\n\r\nabc")
        client.shutdownWrite()
        let response = try client.readResponse()
        #expect(response.status == 400)
        #expect(client.isClosedByPeer())
    }

    @Test func trailingCRLFThenEOFIsNotAnError() throws {
        // Old clients send CRLF after a body; it is ignorable, not a truncated request.
        let client = try RawClient(port: server.port)
        client.send("POST /echo HTTP/1.1\r\n\(host)Content-Length: 2\r\n\r\nok\r\n")
        client.shutdownWrite()
        #expect(try client.readResponse().bodyText == "ok")
        #expect(client.isClosedByPeer())
    }

    @Test func expectContinueThenResponse() throws {
        let client = try RawClient(port: server.port)
        client.send("POST /echo HTTP/1.1\r\n\(host)Expect: 100-continue\r\nContent-Length: 5\r\n\r\n")
        let interim = try client.readResponse()
        #expect(interim.status == 100)
        client.send("hello")
        let final = try client.readResponse()
        #expect(final.status == 200)
        #expect(final.bodyText == "hello")
    }

    @Test func expectContinueWithTooLargeBodyGetsFinalErrorAtOnce() throws {
        let client = try RawClient(port: server.port)
        client.send("POST /echo HTTP/1.1\r\n\(host)Expect: 100-continue\r\nContent-Length: 2000000\r\n\r\n")
        let response = try client.readResponse()
        #expect(response.status == 413)
        #expect(client.isClosedByPeer())
    }

    @Test func pipelinedRequestsAnsweredInOrder() throws {
        let client = try RawClient(port: server.port)
        let requests = (1...5).map { "POST /echo HTTP/1.1\r\n\(host)Content-Length: 2\r\n\r\nr\($0)" }.joined()
            + "GET /slow?ms=50 HTTP/1.1\r\n\(host)\r\nGET /hello HTTP/1.1\r\n\(host)\r\n"
        client.send(requests)
        for index in 1...5 {
            let response = try client.readResponse()
            #expect(response.bodyText == "r\(index)")
        }
        #expect(try client.readResponse().bodyText == "slow")
        #expect(try client.readResponse().bodyText == "hello")
    }

    @Test func pipelineFloodBeyondTheReadAheadBoundIsAnsweredInOrder() throws {
        // ~130 KB of requests behind a slow one: the server stops reading at its bound
        // and resumes after each answer, without losing or reordering anything.
        let client = try RawClient(port: server.port)
        let flood = (0..<3000).map { "POST /echo HTTP/1.1\r\n\(host)Content-Length: \(String($0).utf8.count)\r\n\r\n\($0)" }
        client.send("GET /slow?ms=100 HTTP/1.1\r\n\(host)\r\n" + flood.joined())
        #expect(try client.readResponse().bodyText == "slow")
        for index in 0..<3000 {
            let response = try client.readResponse()
            guard response.bodyText == String(index) else {
                Issue.record("response \(index) was \(response.bodyText)")
                return
            }
        }
    }

    @Test func headHasGetHeadersAndNoBody() throws {
        let client = try RawClient(port: server.port)
        client.send("GET /hello HTTP/1.1\r\n\(host)\r\nHEAD /hello HTTP/1.1\r\n\(host)\r\nGET /hello HTTP/1.1\r\n\(host)\r\n")
        let get = try client.readResponse()
        let head = try client.readResponse(bodyExpected: false)
        #expect(head.status == 200)
        #expect(head.header("Content-Length") == get.header("Content-Length"))
        #expect(head.header("Content-Type") == get.header("Content-Type"))
        // If HEAD had carried a body, this would parse "hello" as a status line.
        #expect(try client.readResponse().bodyText == "hello")
    }

    @Test func chunkedBodyWithExtensionsAndTrailers() throws {
        let client = try RawClient(port: server.port)
        client.send(
            "POST /echo HTTP/1.1\r\n\(host)Transfer-Encoding: chunked\r\n\r\n"
                + "4;ext=1\r\nwiki\r\n5\r\npedia\r\nE\r\n in\r\n\r\nchunks.\r\n0\r\nX-Trailer: t\r\n\r\n")
        let response = try client.readResponse()
        #expect(response.status == 200)
        #expect(response.bodyText == "wikipedia in\r\n\r\nchunks.")
    }

    @Test func errorWithUnreadBodyStillReachesClient() throws {
        // The client keeps sending a body the server refused; the answer must arrive intact
        // (half-close and drain), not be destroyed by a reset.
        let client = try RawClient(port: server.port)
        client.send("POST /echo HTTP/1.1\r\n\(host)Content-Length: 5000000\r\n\r\n")
        client.send([UInt8](repeating: 0x61, count: 200_000))
        let response = try client.readResponse()
        #expect(response.status == 413)
        #expect(response.bodyText.contains("body-too-large"))
    }

    @Test func eventsReportCompletedRequests() throws {
        let client = try RawClient(port: server.port)
        client.send("POST /echo HTTP/1.1\r\n\(host)Content-Length: 3\r\n\r\nabc")
        _ = try client.readResponse()
        // The record is reported just after the last byte is sent, so it may trail the read.
        var found: RequestRecord?
        for _ in 0..<200 where found == nil {
            found = server.log.records.withLock { records in records.first { $0.path == "/echo" } }
            if found == nil { Thread.sleep(forTimeInterval: 0.01) }
        }
        let record = try #require(found)
        #expect(record.method == "POST")
        #expect(record.status == 200)
        #expect(record.requestBodyBytes == 3)
        #expect(record.responseBytes > 3)
        #expect(record.annotations["route"] == "echo")
    }
}
