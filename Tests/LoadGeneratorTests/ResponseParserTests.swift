import Testing
@testable import LoadGenerator

/// The client's response framing on raw bytes, in every split the network may produce.
@Suite struct ResponseParserTests {
    /// Feeds `bytes` in pieces of `step` bytes and collects every complete response.
    func parse(_ text: String, step: Int = .max, atEOF: Bool = false) throws -> [ClientResponse] {
        var parser = ResponseParser()
        var responses: [ClientResponse] = []
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let end = min(bytes.count, offset + step)
            parser.append(bytes[offset..<end])
            offset = end
            while let response = try parser.next() { responses.append(response) }
        }
        if atEOF, let last = try parser.finish() { responses.append(last) }
        return responses
    }

    static let contentLength = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nX-Layout-Cache: hit\r\nContent-Length: 11\r\n\r\n{\"ok\":true}"
    static let chunked = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5;ext=1\r\nhello\r\n6\r\n world\r\n0\r\nX-Trailer: t\r\n\r\n"

    @Test func contentLengthBody() throws {
        let responses = try parse(Self.contentLength)
        #expect(responses.count == 1)
        #expect(responses[0].status == 200)
        #expect(String(decoding: responses[0].body, as: UTF8.self) == #"{"ok":true}"#)
        #expect(responses[0].header("x-layout-cache") == "hit")
        #expect(responses[0].keepAlive)
        #expect(responses[0].wireBytes == Self.contentLength.utf8.count)
    }

    @Test func chunkedBodyWithExtensionsAndTrailers() throws {
        let responses = try parse(Self.chunked)
        #expect(responses.count == 1)
        #expect(String(decoding: responses[0].body, as: UTF8.self) == "hello world")
        #expect(responses[0].wireBytes == Self.chunked.utf8.count)
    }

    @Test(arguments: [1, 2, 3, 7, 16])
    func splitAcrossReads(step: Int) throws {
        let whole = try parse(Self.contentLength + Self.chunked)
        let split = try parse(Self.contentLength + Self.chunked, step: step)
        #expect(split == whole)
        #expect(split.count == 2)
    }

    @Test func keepAliveSequenceEndsWithClose() throws {
        let last = "HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nRetry-After: 1\r\nContent-Length: 4\r\n\r\nbusy"
        let responses = try parse(Self.contentLength + Self.chunked + "HTTP/1.1 204 No Content\r\n\r\n" + last)
        #expect(responses.map(\.status) == [200, 200, 204, 503])
        #expect(responses.map(\.keepAlive) == [true, true, true, false])
        #expect(responses[2].body.isEmpty)
        #expect(String(decoding: responses[3].body, as: UTF8.self) == "busy")
    }

    @Test func interimResponsesAreSkipped() throws {
        let responses = try parse("HTTP/1.1 100 Continue\r\n\r\n" + Self.contentLength)
        #expect(responses.map(\.status) == [200])
    }

    @Test func bodyUntilCloseAndHTTP10() throws {
        let responses = try parse("HTTP/1.0 200 OK\r\n\r\nall of it", step: 4, atEOF: true)
        #expect(responses.count == 1)
        #expect(String(decoding: responses[0].body, as: UTF8.self) == "all of it")
        #expect(!responses[0].keepAlive)
    }

    @Test func truncatedBodyIsAnError() throws {
        var parser = ResponseParser()
        parser.append(Array("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc".utf8))
        #expect(try parser.next() == nil)
        #expect(throws: ResponseParseError.truncated) { try parser.finish() }
    }

    @Test(arguments: [
        ("HTTP/1.1 200 OK\r\nContent-Length: 1x\r\n\r\n", ResponseParseError.badContentLength),
        ("HTTP/1.1 200 OK\r\nContent-Length: 3, 4\r\n\r\n", .badContentLength),
        ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", .badChunk),
        ("HTTP/1.1 2000 OK\r\n\r\n", .malformedStatusLine),
        ("SSH-2.0-OpenSSH\r\n\r\n", .malformedStatusLine),
        ("HTTP/1.1 200 OK\r\nNo colon\r\n\r\n", .malformedHeader),
    ])
    func malformedResponses(text: String, error: ResponseParseError) throws {
        #expect(throws: error) { try parse(text) }
    }
}
