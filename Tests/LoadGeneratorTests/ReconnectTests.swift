import Foundation
import Testing
@testable import LoadGenerator

#if canImport(Glibc)
import Glibc
#endif

/// The client against a scripted server: chunked answers, `Connection: close`, and
/// reconnection after the server closes.
@Suite struct ReconnectTests {
    @Test func reconnectsAfterConnectionClose() throws {
        // Each connection gets two answers; the second says Connection: close.
        let server = try ScriptedServer(answersPerConnection: 2)
        let connection = ClientConnection(target: TargetURL(host: "127.0.0.1", port: server.port, path: "/"), timeoutSeconds: 5)
        let request = Array("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}".utf8)
        var bodies: [String] = []
        for _ in 0..<5 {
            let response = try connection.exchange(request)
            bodies.append(String(decoding: response.body, as: UTF8.self))
        }
        #expect(bodies == ["answer 1", "answer 2", "answer 1", "answer 2", "answer 1"])
        #expect(connection.connects == 3)
        server.stop()
    }

    @Test func retriesOnceWhenAnIdleConnectionWasClosed() throws {
        // The server closes after one answer without saying so (an idle timeout).
        let server = try ScriptedServer(answersPerConnection: 1, announceClose: false)
        let connection = ClientConnection(target: TargetURL(host: "127.0.0.1", port: server.port, path: "/"), timeoutSeconds: 5)
        let request = Array("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}".utf8)
        for _ in 0..<3 {
            #expect(try connection.exchange(request).status == 200)
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(connection.connects == 3)
        server.stop()
    }
}

/// A blocking one-thread HTTP server that answers each request with what `respond`
/// makes of its body, chunked, and closes each connection after a fixed number of answers.
final class ScriptedServer: Sendable {
    let port: Int
    private let listener: Int32

    convenience init(answersPerConnection: Int, announceClose: Bool = true) throws {
        try self.init(answersPerConnection: answersPerConnection, announceClose: announceClose) { number, _ in
            (200, "answer \(number)")
        }
    }

    /// `respond(number on this connection, request body) -> (status, response body)`.
    init(
        answersPerConnection: Int, announceClose: Bool = true,
        respond: @escaping @Sendable (Int, String) -> (Int, String)
    ) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard fd >= 0, bound == 0, listen(fd, 64) == 0 else { throw POSIXError(.EADDRINUSE) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        listener = fd
        let thread = Thread {
            while true {
                let client = accept(fd, nil, nil)
                guard client >= 0 else { return }
                // One thread per connection, so keep-alive clients can overlap.
                let connection = Thread {
                    Self.serve(client, answers: answersPerConnection, announceClose: announceClose, respond: respond)
                    close(client)
                }
                connection.start()
            }
        }
        thread.start()
    }

    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private static func serve(
        _ client: Int32, answers: Int, announceClose: Bool, respond: (Int, String) -> (Int, String)
    ) {
        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        for number in 1...answers {
            guard let body = readRequest(client, &pending, &buffer) else { return }
            let (status, answer) = respond(number, body)
            let last = number == answers && announceClose
            let text = "HTTP/1.1 \(status) X\r\nTransfer-Encoding: chunked\r\n\(last ? "Connection: close\r\n" : "")\r\n"
                + String(answer.utf8.count, radix: 16) + "\r\n\(answer)\r\n0\r\n\r\n"
            let bytes = Array(text.utf8)
            _ = bytes.withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        }
    }

    /// One request's body (head parsed for Content-Length only); nil at EOF.
    private static func readRequest(_ client: Int32, _ pending: inout [UInt8], _ buffer: inout [UInt8]) -> String? {
        while true {
            let text = String(decoding: pending, as: UTF8.self)
            if let headEnd = text.range(of: "\r\n\r\n") {
                let head = text[..<headEnd.lowerBound].lowercased()
                let length = head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
                    .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
                let headBytes = text[..<headEnd.upperBound].utf8.count
                if pending.count >= headBytes + length {
                    let body = String(decoding: pending[headBytes..<(headBytes + length)], as: UTF8.self)
                    pending.removeFirst(headBytes + length)
                    return body
                }
            }
            let count = buffer.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return nil }
            pending.append(contentsOf: buffer[0..<count])
        }
    }
}
