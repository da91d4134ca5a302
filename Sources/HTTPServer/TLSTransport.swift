import COpenSSL
#if canImport(Glibc)
import Glibc
#endif

/// TLS over a non-blocking socket. Every call clears the thread's error queue first,
/// because a stale entry makes `SSL_get_error` misreport the next result.
final class TLSTransport: Transport, @unchecked Sendable {
    private let ssl: OpaquePointer
    private let fd: Int32
    private var released = false
    /// The first byte was looked at (plaintext HTTP is caught before OpenSSL sees it).
    private var sawFirstByte = false

    init?(context: TLSContext, fd: Int32) {
        guard let ssl = SSL_new(context.context) else {
            ERR_clear_error()
            return nil
        }
        self.ssl = ssl
        self.fd = fd
        SSL_set_fd(ssl, fd)
        SSL_set_accept_state(ssl)
    }

    func handshake() -> HandshakeResult {
        if !sawFirstByte {
            guard let first = peekFirstByte() else { return .wantsRead }
            // A request line starts with an upper-case method; a TLS client with 0x16 (a
            // handshake record). Anything else is left for OpenSSL to refuse.
            if (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first) { return .plaintextHTTP }
            sawFirstByte = true
        }
        ERR_clear_error()
        let rc = SSL_do_handshake(ssl)
        if rc == 1 { return .complete }
        switch SSL_get_error(ssl, rc) {
        case SSL_ERROR_WANT_READ: return .wantsRead
        case SSL_ERROR_WANT_WRITE: return .wantsWrite
        default:
            // A plaintext client or garbage: nothing to say to it in TLS, just close.
            ERR_clear_error()
            return .failed
        }
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) -> TransportResult {
        ERR_clear_error()
        let rc = SSL_read(ssl, buffer.baseAddress, Int32(clamping: buffer.count))
        if rc > 0 { return .transferred(Int(rc)) }
        return classify(rc)
    }

    func write(_ bytes: UnsafeRawBufferPointer) -> TransportResult {
        guard !bytes.isEmpty else { return .transferred(0) }
        ERR_clear_error()
        let rc = SSL_write(ssl, bytes.baseAddress, Int32(clamping: bytes.count))
        if rc > 0 { return .transferred(Int(rc)) }
        return classify(rc)
    }

    /// Looks at the first byte without consuming it, so OpenSSL still reads it.
    /// nil: nothing has arrived yet. EOF reads as 0, a byte no TLS client or HTTP method
    /// starts with, so the handshake goes on and OpenSSL reports the failure.
    private func peekFirstByte() -> UInt8? {
        var byte: UInt8 = 0
        while true {
            let count = recv(fd, &byte, 1, Int32(MSG_PEEK))
            if count == 1 { return byte }
            if count < 0 && errno == EINTR { continue }
            if count == 0 { return 0 }
            return nil
        }
    }

    private func classify(_ rc: Int32) -> TransportResult {
        let error = SSL_get_error(ssl, rc)
        switch error {
        case SSL_ERROR_WANT_READ: return .wouldBlock(wantsWrite: false)
        case SSL_ERROR_WANT_WRITE: return .wouldBlock(wantsWrite: true)
        case SSL_ERROR_ZERO_RETURN:
            return .closed
        case SSL_ERROR_SYSCALL, SSL_ERROR_SSL:
            // OpenSSL 3 reports a peer that vanished without close_notify as
            // SSL_ERROR_SSL ("unexpected eof"); for a server that is just a close.
            ERR_clear_error()
            return .closed
        default:
            ERR_clear_error()
            return .failed
        }
    }

    func shutdownWrite() {
        ERR_clear_error()
        // Sends close_notify without waiting for the peer's; non-blocking, best effort.
        _ = SSL_shutdown(ssl)
        ERR_clear_error()
        _ = Glibc.shutdown(fd, Int32(SHUT_WR))
    }

    func release() {
        guard !released else { return }
        released = true
        SSL_free(ssl)
    }
}
