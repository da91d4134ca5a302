import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A blocking loopback client that speaks raw bytes, so tests can send exactly what a
/// hostile or sloppy client would.
final class RawClient {
    struct Response {
        var status: Int
        var headers: [(String, String)]
        var body: [UInt8]

        func header(_ name: String) -> String? {
            headers.first { $0.0.lowercased() == name.lowercased() }?.1
        }
        var bodyText: String { String(decoding: body, as: UTF8.self) }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let fd: Int32
    private var buffer: [UInt8] = []

    init(port: Int, receiveTimeout: Double = 5) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket failed") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let rc = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard rc == 0 else {
            Glibc.close(fd)
            throw Failure(description: "connect failed: \(errno)")
        }
        setTimeout(receiveTimeout)
    }

    deinit { Glibc.close(fd) }

    func setTimeout(_ seconds: Double) {
        var timeout = timeval(tv_sec: Int(seconds), tv_usec: Int((seconds - Double(Int(seconds))) * 1_000_000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    @discardableResult
    func send(_ text: String) -> Bool { send(Array(text.utf8)) }

    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent <= 0 { return false }
            offset += sent
        }
        return true
    }

    func shutdownWrite() { _ = Glibc.shutdown(fd, Int32(SHUT_WR)) }

    /// Reads more bytes; `false` on EOF, reset or timeout.
    private func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return false }
        buffer.append(contentsOf: chunk[..<count])
        return true
    }

    /// Reads one response; `bodyExpected: false` for answers to HEAD.
    func readResponse(bodyExpected: Bool = true) throws -> Response {
        var headEnd: Int?
        while true {
            if let index = Self.find([13, 10, 13, 10], in: buffer) {
                headEnd = index
                break
            }
            guard fill() else { throw Failure(description: "connection ended before a response head (\(buffer.count) bytes)") }
        }
        guard let headEnd else { throw Failure(description: "no head") }
        let headText = String(decoding: buffer[..<headEnd], as: UTF8.self)
        buffer.removeFirst(headEnd + 4)
        var lines = headText.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst()
        let parts = statusLine.split(separator: " ")
        guard parts.count >= 2, parts[0] == "HTTP/1.1", let status = Int(parts[1]) else {
            throw Failure(description: "bad status line \(statusLine)")
        }
        let headers: [(String, String)] = lines.map { line in
            let pieces = line.split(separator: ":", maxSplits: 1)
            return (String(pieces[0]), pieces.count > 1 ? String(pieces[1]).trimmingCharacters(in: .whitespaces) : "")
        }
        var response = Response(status: status, headers: headers, body: [])
        if bodyExpected, status >= 200, let length = response.header("Content-Length").flatMap(Int.init) {
            while buffer.count < length {
                guard fill() else { throw Failure(description: "connection ended inside a body") }
            }
            response.body = Array(buffer[..<length])
            buffer.removeFirst(length)
        }
        return response
    }

    /// Whether the server has closed (EOF or reset) within the timeout, with no extra bytes.
    func isClosedByPeer(within seconds: Double = 3) -> Bool {
        setTimeout(seconds)
        defer { setTimeout(5) }
        guard buffer.isEmpty else { return false }
        var byte: UInt8 = 0
        let count = recv(fd, &byte, 1, 0)
        if count == 0 { return true }
        if count < 0 { return errno == ECONNRESET }
        buffer.append(byte)
        return false
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start..<(start + needle.count)].elementsEqual(needle) {
            return start
        }
        return nil
    }
}
