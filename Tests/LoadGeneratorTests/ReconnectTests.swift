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

/// A blocking one-thread HTTP server that answers each request with a chunked body
/// and closes each connection after a fixed number of answers.
final class ScriptedServer: Sendable {
    let port: Int
    private let listener: Int32

    init(answersPerConnection: Int, announceClose: Bool = true) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard fd >= 0, bound == 0, listen(fd, 8) == 0 else { throw POSIXError(.EADDRINUSE) }
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
                Self.serve(client, answers: answersPerConnection, announceClose: announceClose)
                close(client)
            }
        }
        thread.start()
    }

    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private static func serve(_ client: Int32, answers: Int, announceClose: Bool) {
        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        for number in 1...answers {
            // Requests are "…\r\n\r\n{}": wait for the two body bytes after the head.
            while !(String(decoding: pending, as: UTF8.self).contains("\r\n\r\n{}")) {
                let count = buffer.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
                guard count > 0 else { return }
                pending.append(contentsOf: buffer[0..<count])
            }
            pending.removeAll()
            let last = number == answers && announceClose
            let body = "answer \(number)"
            let text = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\(last ? "Connection: close\r\n" : "")\r\n"
                + String(body.utf8.count, radix: 16) + "\r\n\(body)\r\n0\r\n\r\n"
            let bytes = Array(text.utf8)
            _ = bytes.withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        }
    }
}
