#if canImport(Glibc)
import Glibc
#endif

/// The outcome of one non-blocking read or write.
enum TransportResult: Equatable {
    case transferred(Int)
    /// Try again when the socket is readable (or writable, when `wantsWrite`).
    case wouldBlock(wantsWrite: Bool)
    /// Orderly end of the peer's stream.
    case closed
    case failed
}

enum HandshakeResult: Equatable {
    case complete
    case wantsRead
    case wantsWrite
    case failed
    /// The client spoke plaintext HTTP instead of TLS; it can be answered in plaintext.
    case plaintextHTTP
}

/// Bytes to and from one connected socket, plain or TLS. Used by one thread at a time:
/// the I/O queue, or the handshake pool while the connection waits for a handshake step.
protocol Transport: AnyObject, Sendable {
    func handshake() -> HandshakeResult
    func read(into buffer: UnsafeMutableRawBufferPointer) -> TransportResult
    func write(_ bytes: UnsafeRawBufferPointer) -> TransportResult
    /// Ends our direction of the stream while still letting us read (half-close).
    func shutdownWrite()
    /// Frees per-connection state; the descriptor itself is closed by the caller.
    func release()
}

/// Plain TCP: `recv`/`send`, with `MSG_NOSIGNAL` so a reset peer cannot raise SIGPIPE.
final class PlainTransport: Transport, @unchecked Sendable {
    let fd: Int32

    init(fd: Int32) {
        self.fd = fd
    }

    func handshake() -> HandshakeResult { .complete }

    func read(into buffer: UnsafeMutableRawBufferPointer) -> TransportResult {
        while true {
            let count = recv(fd, buffer.baseAddress, buffer.count, 0)
            if count > 0 { return .transferred(count) }
            if count == 0 { return .closed }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .wouldBlock(wantsWrite: false)
            case ECONNRESET: return .closed
            default: return .failed
            }
        }
    }

    func write(_ bytes: UnsafeRawBufferPointer) -> TransportResult {
        while true {
            let count = send(fd, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
            if count >= 0 { return .transferred(count) }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .wouldBlock(wantsWrite: true)
            default: return .failed
            }
        }
    }

    func shutdownWrite() {
        _ = Glibc.shutdown(fd, Int32(SHUT_WR))
    }

    func release() {}
}
