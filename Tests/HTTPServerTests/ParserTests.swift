import Testing
@testable import HTTPServer

/// What a parser run over a whole byte stream produced.
enum ParseOutcome: Equatable, CustomStringConvertible {
    case message(method: String, target: String, body: String)
    case error(HTTPError)
    case incomplete

    var description: String {
        switch self {
        case .message(let method, let target, let body): "message(\(method) \(target) body=\(body.debugDescription))"
        case .error(let error): "error(\(error))"
        case .incomplete: "incomplete"
        }
    }
}

/// Feeds `raw` to a parser in slices of `sliceSize` bytes, keeping unconsumed bytes the
/// way the connection does, and collects every message or the first error.
func parseStream(_ raw: [UInt8], sliceSize: Int, limits: RequestParserLimits = RequestParserLimits()) -> [ParseOutcome] {
    var parser = RequestParser(limits: limits)
    var pending: [UInt8] = []
    var fed = 0
    var outcomes: [ParseOutcome] = []
    while true {
        let (consumed, result) = pending.withUnsafeBytes { parser.parse($0) }
        pending.removeFirst(consumed)
        switch result {
        case .needMoreData:
            guard fed < raw.count else {
                if parser.isInsideMessage || !pending.isEmpty { outcomes.append(.incomplete) }
                return outcomes
            }
            let next = min(raw.count, fed + sliceSize)
            pending.append(contentsOf: raw[fed..<next])
            fed = next
        case .headComplete:
            continue
        case .messageComplete(let head, let body):
            outcomes.append(.message(method: head.method, target: head.target, body: String(decoding: body, as: UTF8.self)))
        case .failed(let error):
            outcomes.append(.error(error))
            return outcomes
        }
    }
}

struct ParserCase: CustomTestStringConvertible, Sendable {
    let name: String
    let raw: String
    let expected: [ParseOutcome]
    var testDescription: String { name }
}

private func message(_ method: String, _ target: String, _ body: String = "") -> ParseOutcome {
    .message(method: method, target: target, body: body)
}

let parserCases: [ParserCase] = [
    ParserCase(name: "simple GET", raw: "GET /a?b=c HTTP/1.1\r\nHost: x\r\n\r\n", expected: [message("GET", "/a?b=c")]),
    ParserCase(name: "HTTP/1.0 without Host", raw: "GET / HTTP/1.0\r\n\r\n", expected: [message("GET", "/")]),
    ParserCase(name: "leading empty line", raw: "\r\nGET / HTTP/1.1\r\nHost: x\r\n\r\n", expected: [message("GET", "/")]),
    ParserCase(
        name: "content-length body", raw: "POST /e HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello",
        expected: [message("POST", "/e", "hello")]),
    ParserCase(
        name: "identical duplicate content-length", raw: "POST /e HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 2\r\n\r\nhi",
        expected: [message("POST", "/e", "hi")]),
    ParserCase(
        name: "chunked with extensions and trailers",
        raw: "POST /e HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5;name=value;q=\"x y\"\r\nhello\r\n6 \r\n world\r\n0\r\nTrailer-A: 1\r\n\r\n",
        expected: [message("POST", "/e", "hello world")]),
    ParserCase(
        name: "uppercase hex chunk size", raw: "POST /e HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: Chunked\r\n\r\nA\r\n0123456789\r\n0\r\n\r\n",
        expected: [message("POST", "/e", "0123456789")]),
    ParserCase(
        name: "pipelined", raw: "GET /1 HTTP/1.1\r\nHost: x\r\n\r\nPOST /2 HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\n\r\nzGET /3 HTTP/1.1\r\nHost: x\r\n\r\n",
        expected: [message("GET", "/1"), message("POST", "/2", "z"), message("GET", "/3")]),
    ParserCase(name: "absolute-form", raw: "GET http://x/p?q HTTP/1.1\r\nHost: x\r\n\r\n", expected: [message("GET", "http://x/p?q")]),
    ParserCase(name: "asterisk-form", raw: "OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n", expected: [message("OPTIONS", "*")]),
    ParserCase(name: "obs-text in value", raw: "GET / HTTP/1.1\r\nHost: x\r\nX: caf\u{e9}\r\n\r\n", expected: [message("GET", "/")]),

    ParserCase(name: "no Host", raw: "GET / HTTP/1.1\r\n\r\n", expected: [.error(.missingHost)]),
    ParserCase(name: "two Hosts", raw: "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", expected: [.error(.duplicateHost)]),
    ParserCase(name: "space before colon", raw: "GET / HTTP/1.1\r\nHost : x\r\n\r\n", expected: [.error(.whitespaceBeforeColon)]),
    ParserCase(name: "obs-fold", raw: "GET / HTTP/1.1\r\nHost: x\r\nX: a\r\n b\r\n\r\n", expected: [.error(.obsoleteLineFolding)]),
    ParserCase(name: "bare CR in value", raw: "GET / HTTP/1.1\r\nHost: x\r\nX: a\rb\r\n\r\n", expected: [.error(.bareCarriageReturn)]),
    ParserCase(name: "NUL in value", raw: "GET / HTTP/1.1\r\nHost: x\r\nX: a\u{0}b\r\n\r\n", expected: [.error(.invalidHeaderValue)]),
    ParserCase(name: "bare LF line end", raw: "GET / HTTP/1.1\r\nHost: x\nX: a\r\n\r\n", expected: [.error(.bareLineFeed)]),
    ParserCase(name: "empty header name", raw: "GET / HTTP/1.1\r\nHost: x\r\n: v\r\n\r\n", expected: [.error(.invalidHeaderName)]),
    ParserCase(name: "invalid header name", raw: "GET / HTTP/1.1\r\nHost: x\r\nX(y): v\r\n\r\n", expected: [.error(.invalidHeaderName)]),
    ParserCase(name: "no colon", raw: "GET / HTTP/1.1\r\nHost: x\r\nnocolon\r\n\r\n", expected: [.error(.invalidHeaderName)]),
    ParserCase(
        name: "CL and TE", raw: "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n",
        expected: [.error(.contentLengthWithTransferEncoding)]),
    ParserCase(
        name: "two different CL", raw: "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n",
        expected: [.error(.conflictingContentLengths)]),
    ParserCase(name: "CL list", raw: "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5, 6\r\n\r\n", expected: [.error(.invalidContentLength)]),
    ParserCase(name: "CL plus sign", raw: "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: +5\r\n\r\n", expected: [.error(.invalidContentLength)]),
    ParserCase(name: "CL negative", raw: "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n", expected: [.error(.invalidContentLength)]),
    ParserCase(name: "CL hex", raw: "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 0x10\r\n\r\n", expected: [.error(.invalidContentLength)]),
    ParserCase(
        name: "CL 20 digits", raw: "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 18446744073709551621\r\n\r\n",
        expected: [.error(.invalidContentLength)]),
    ParserCase(name: "CL empty", raw: "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: \r\n\r\n", expected: [.error(.invalidContentLength)]),
    ParserCase(name: "TE gzip", raw: "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n", expected: [.error(.unsupportedTransferCoding)]),
    ParserCase(
        name: "TE gzip, chunked", raw: "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, chunked\r\n\r\n",
        expected: [.error(.unsupportedTransferCoding)]),
    ParserCase(
        name: "TE chunked not last", raw: "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked, gzip\r\n\r\n",
        expected: [.error(.chunkedNotFinal)]),
    ParserCase(
        name: "TE chunked twice", raw: "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n",
        expected: [.error(.chunkedNotFinal)]),
    ParserCase(name: "TE in HTTP/1.0", raw: "POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n", expected: [.error(.transferEncodingInHTTP10)]),
    ParserCase(
        name: "chunk size Z", raw: "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nZ\r\n", expected: [.error(.invalidChunkSize)]),
    ParserCase(
        name: "chunk size -1", raw: "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n-1\r\n", expected: [.error(.invalidChunkSize)]),
    ParserCase(
        name: "chunk size 0x5", raw: "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n0x5\r\n", expected: [.error(.invalidChunkSize)]),
    ParserCase(
        name: "chunk size overflow", raw: "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nFFFFFFFFFFFFFFFFF1\r\n",
        expected: [.error(.invalidChunkSize)]),
    ParserCase(
        name: "missing CRLF after chunk data", raw: "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabcX\r\n0\r\n\r\n",
        expected: [.error(.missingChunkTerminator)]),
    ParserCase(name: "EOF mid-body", raw: "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\nabc", expected: [.incomplete]),
    ParserCase(name: "POST without length", raw: "POST / HTTP/1.1\r\nHost: x\r\n\r\n", expected: [.error(.lengthRequired)]),
    ParserCase(name: "unknown method", raw: "BREW /pot HTTP/1.1\r\nHost: x\r\n\r\n", expected: [.error(.unknownMethod("BREW"))]),
    ParserCase(name: "HTTP/2.0", raw: "GET / HTTP/2.0\r\nHost: x\r\n\r\n", expected: [.error(.unsupportedVersion("HTTP/2.0"))]),
    ParserCase(name: "HTTP/3.0", raw: "GET / HTTP/3.0\r\nHost: x\r\n\r\n", expected: [.error(.unsupportedVersion("HTTP/3.0"))]),
    ParserCase(name: "malformed version", raw: "GET / HTTP/1.x\r\nHost: x\r\n\r\n", expected: [.error(.malformedVersion)]),
    ParserCase(name: "lowercase version", raw: "GET / http/1.1\r\nHost: x\r\n\r\n", expected: [.error(.malformedVersion)]),
    ParserCase(name: "two-digit version", raw: "GET / HTTP/11\r\nHost: x\r\n\r\n", expected: [.error(.malformedVersion)]),
    ParserCase(name: "HTTP/0.9 line", raw: "GET /\r\n\r\n", expected: [.error(.malformedRequestLine)]),
    ParserCase(name: "double space", raw: "GET  / HTTP/1.1\r\nHost: x\r\n\r\n", expected: [.error(.malformedRequestLine)]),
    ParserCase(name: "relative target", raw: "GET index.html HTTP/1.1\r\nHost: x\r\n\r\n", expected: [.error(.invalidTarget)]),
    ParserCase(name: "bad method token", raw: "G@T / HTTP/1.1\r\nHost: x\r\n\r\n", expected: [.error(.invalidMethod)]),
]

@Test(arguments: parserCases)
func parserTable(_ testCase: ParserCase) {
    let raw = Array(testCase.raw.utf8)
    // All at once, and byte by byte: the outcome must not depend on how TCP split it.
    #expect(parseStream(raw, sliceSize: raw.count) == testCase.expected)
    #expect(parseStream(raw, sliceSize: 1) == testCase.expected)
    #expect(parseStream(raw, sliceSize: 7) == testCase.expected)
}

@Test func parserLimits() {
    var limits = RequestParserLimits()
    limits.maxRequestLineLength = 64
    limits.maxHeaderSectionLength = 128
    limits.maxHeaderCount = 3
    limits.maxBodyLength = 10
    limits.maxChunkLineLength = 16
    let longLine = "GET /" + String(repeating: "a", count: 100) + " HTTP/1.1\r\nHost: x\r\n\r\n"
    #expect(parseStream(Array(longLine.utf8), sliceSize: 5, limits: limits) == [.error(.requestLineTooLong)])
    let bigHeaders = "GET / HTTP/1.1\r\nHost: x\r\nX: " + String(repeating: "b", count: 200) + "\r\n\r\n"
    #expect(parseStream(Array(bigHeaders.utf8), sliceSize: 5, limits: limits) == [.error(.headerSectionTooLarge)])
    let manyHeaders = "GET / HTTP/1.1\r\nHost: x\r\nA: 1\r\nB: 2\r\nC: 3\r\n\r\n"
    #expect(parseStream(Array(manyHeaders.utf8), sliceSize: 100, limits: limits) == [.error(.tooManyHeaders)])
    let bigBody = "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 11\r\n\r\n"
    #expect(parseStream(Array(bigBody.utf8), sliceSize: 100, limits: limits) == [.error(.bodyTooLarge)])
    let bigChunks = "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n6\r\naaaaaa\r\n6\r\n"
    #expect(parseStream(Array(bigChunks.utf8), sliceSize: 3, limits: limits) == [.error(.bodyTooLarge)])
    let longChunkLine = "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n1;" + String(repeating: "e", count: 40) + "\r\n"
    #expect(parseStream(Array(longChunkLine.utf8), sliceSize: 3, limits: limits) == [.error(.chunkLineTooLong)])
    let exact = "GET /" + String(repeating: "a", count: 50) + " HTTP/1.1\r\nHost: x\r\n\r\n"
    #expect(parseStream(Array(exact.utf8), sliceSize: 1, limits: limits).count == 1)
}

@Test func headPathQueryAndKeepAlive() {
    let head = RequestHead(method: "GET", target: "/v1/layout?x=1", version: .http1_1, headers: ["Host": "a"])
    #expect(head.path == "/v1/layout")
    #expect(head.query == "x=1")
    #expect(head.wantsKeepAlive)
    let absolute = RequestHead(method: "GET", target: "http://h:1/p/q?z", version: .http1_1, headers: [:])
    #expect(absolute.path == "/p/q")
    let closing = RequestHead(method: "GET", target: "/", version: .http1_1, headers: ["Connection": "Keep-Alive, Close"])
    #expect(!closing.wantsKeepAlive)
    let old = RequestHead(method: "GET", target: "/", version: .http1_0, headers: [:])
    #expect(!old.wantsKeepAlive)
    let oldKept = RequestHead(method: "GET", target: "/", version: .http1_0, headers: ["connection": "keep-alive"])
    #expect(oldKept.wantsKeepAlive)
}

@Test func headersAreCaseInsensitiveAndKeepDuplicates() {
    var headers: HTTPHeaders = ["Content-Type": "a"]
    headers.add("content-type", "b")
    #expect(headers["CONTENT-TYPE"] == "a")
    #expect(headers.values(for: "Content-type") == ["a", "b"])
    headers.set("Content-Type", "c")
    #expect(headers.values(for: "content-type") == ["c"])
}

@Test func problemDocumentEscapes() {
    let document = ProblemDocument(type: "urn:x", title: "T", status: 400, detail: "a\"b\\c\n\u{1}")
    #expect(String(decoding: document.encoded(), as: UTF8.self)
        == #"{"type":"urn:x","title":"T","status":400,"detail":"a\"b\\c\n\u0001"}"#)
}

@Test func dateIsIMFFixdate() {
    #expect(HTTPDate.format(secondsSinceEpoch: 784_111_777) == "Sun, 06 Nov 1994 08:49:37 GMT")
}
