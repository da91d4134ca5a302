#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

public enum ClientError: Error, Equatable, CustomStringConvertible {
    case resolve(String)
    case connect(Int32)
    case send(Int32)
    case receive(Int32)
    case timeout
    case closedBeforeResponse
    case parse(ResponseParseError)

    /// A short stable name, used as the key of the error counts in the summary.
    public var kind: String {
        switch self {
        case .resolve: "resolve"
        case .connect(let code): "connect: \(Self.describe(code))"
        case .send(let code): "send: \(Self.describe(code))"
        case .receive(let code): "receive: \(Self.describe(code))"
        case .timeout: "timeout"
        case .closedBeforeResponse: "closed before response"
        case .parse(let error): "bad response: \(error)"
        }
    }

    public var description: String {
        if case .resolve(let detail) = self { return "cannot resolve host: \(detail)" }
        return kind
    }

    private static func describe(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "errno \(code)" }
        return String(cString: text)
    }
}

/// One keep-alive HTTP/1.1 connection on a blocking BSD socket, used by one thread.
/// It opens lazily, reopens after the server closes (`Connection: close` or EOF), and
/// retries a request once when a reused connection turns out to have been closed while
/// idle (the server's idle timeout), since no byte of an answer was lost then.
public final class ClientConnection {
    private let target: TargetURL
    private let timeoutSeconds: Double
    private var descriptor: Int32 = -1
    private var parser = ResponseParser()
    private var readBuffer = [UInt8](repeating: 0, count: 64 << 10)
    /// Connections opened so far (the first one included).
    public private(set) var connects = 0

    public init(target: TargetURL, timeoutSeconds: Double = 10) {
        self.target = target
        self.timeoutSeconds = timeoutSeconds
    }

    deinit { close() }

    public var isOpen: Bool { descriptor >= 0 }

    /// Sends one request (complete bytes) and reads its response.
    public func exchange(_ request: [UInt8]) throws(ClientError) -> ClientResponse {
        let reused = isOpen
        do {
            return try attempt(request)
        } catch .closedBeforeResponse where reused {
            return try attempt(request)
        } catch .send(EPIPE) where reused {
            return try attempt(request)
        } catch .send(ECONNRESET) where reused {
            return try attempt(request)
        }
    }

    public func close() {
        if descriptor >= 0 {
            _ = Glibc.close(descriptor)
            descriptor = -1
        }
        parser = ResponseParser()
    }

    private func attempt(_ request: [UInt8]) throws(ClientError) -> ClientResponse {
        if !isOpen { try open() }
        do {
            try sendAll(request)
            let response = try receiveResponse()
            if !response.keepAlive { close() }
            return response
        } catch {
            close()
            throw error
        }
    }

    private func open() throws(ClientError) {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_family = AF_UNSPEC
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(target.host, String(target.port), &hints, &list)
        guard status == 0, let first = list else {
            throw .resolve(String(cString: gai_strerror(status)))
        }
        defer { freeaddrinfo(list) }
        var lastError: Int32 = ECONNREFUSED
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let info = entry {
            entry = info.pointee.ai_next
            let socket = Glibc.socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
            guard socket >= 0 else {
                lastError = errno
                continue
            }
            configure(socket)
            if connect(socket, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 {
                descriptor = socket
                connects += 1
                return
            }
            lastError = errno
            _ = Glibc.close(socket)
        }
        throw .connect(lastError)
    }

    /// No Nagle delay (requests are written whole) and send/receive timeouts, so a
    /// stalled server costs a bounded wait instead of hanging the run.
    private func configure(_ socket: Int32) {
        var one: Int32 = 1
        _ = setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        let whole = Int(timeoutSeconds)
        var timeout = timeval(tv_sec: whole, tv_usec: Int((timeoutSeconds - Double(whole)) * 1_000_000))
        _ = setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        _ = setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    private func sendAll(_ bytes: [UInt8]) throws(ClientError) {
        var offset = 0
        while offset < bytes.count {
            // MSG_NOSIGNAL: a peer that closed gives EPIPE here instead of killing the process.
            let sent = bytes.withUnsafeBytes { raw in
                send(descriptor, raw.baseAddress.map { $0 + offset }, raw.count - offset, Int32(MSG_NOSIGNAL))
            }
            if sent < 0 {
                let code = errno
                if code == EINTR { continue }
                if code == EAGAIN || code == EWOULDBLOCK { throw .timeout }
                throw .send(code)
            }
            offset += sent
        }
    }

    private func receiveResponse() throws(ClientError) -> ClientResponse {
        var receivedAny = false
        while true {
            do {
                if let response = try parser.next() { return response }
            } catch {
                throw .parse(error)
            }
            let count = readBuffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count < 0 {
                let code = errno
                if code == EINTR { continue }
                if code == EAGAIN || code == EWOULDBLOCK { throw .timeout }
                if code == ECONNRESET && !receivedAny { throw .closedBeforeResponse }
                throw .receive(code)
            }
            if count == 0 {
                do {
                    if let response = try parser.finish() { return response }
                } catch {
                    throw .parse(error)
                }
                throw .closedBeforeResponse
            }
            receivedAny = true
            parser.append(readBuffer[0..<count])
        }
    }
}
