import Foundation
import Testing
@testable import HTTPServer

/// A small deterministic generator so failures reproduce.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

private let seeds: [String] = [
    "GET /hello HTTP/1.1\r\nHost: x\r\n\r\n",
    "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello",
    "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5;a=b\r\nhello\r\n0\r\nT: 1\r\n\r\n",
]

/// Random byte flips, insertions and deletions of valid requests.
func mutatedRequests(count: Int, seed: UInt64) -> [[UInt8]] {
    var random = SeededGenerator(state: seed)
    let interesting: [UInt8] = [0, 9, 10, 13, 32, 44, 45, 48, 58, 59, 0x7F, 0xFF, UInt8(ascii: "x")]
    return (0..<count).map { _ in
        var bytes = Array(seeds[Int.random(in: 0..<seeds.count, using: &random)].utf8)
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            let index = Int.random(in: 0..<bytes.count, using: &random)
            switch Int.random(in: 0..<3, using: &random) {
            case 0: bytes[index] = interesting.randomElement(using: &random) ?? 0
            case 1: bytes.insert(interesting.randomElement(using: &random) ?? 0, at: index)
            default: if bytes.count > 1 { bytes.remove(at: index) }
            }
        }
        return bytes
    }
}

@Test func parserOutcomeDoesNotDependOnSegmentation() {
    for bytes in mutatedRequests(count: 3000, seed: 42) {
        let whole = parseStream(bytes, sliceSize: bytes.count)
        #expect(whole == parseStream(bytes, sliceSize: 1), "\(String(decoding: bytes, as: UTF8.self).debugDescription)")
        #expect(whole == parseStream(bytes, sliceSize: 3))
    }
}

@Test func garbageNeverHurtsTheServer() throws {
    let server = try TestServer { $0.headerTimeout = .seconds(2) }
    for bytes in mutatedRequests(count: 150, seed: 7) {
        let client = try RawClient(port: server.port, receiveTimeout: 3)
        client.send(bytes)
        client.shutdownWrite()
        // Whatever it was, the server answers with a well-formed response or just closes.
        if let response = try? client.readResponse() {
            #expect((100...599).contains(response.status))
            expectMandatoryHeaders(response)
        }
    }
    let client = try RawClient(port: server.port)
    client.send("GET /hello HTTP/1.1\r\nHost: x\r\n\r\n")
    #expect(try client.readResponse().bodyText == "hello")
}
