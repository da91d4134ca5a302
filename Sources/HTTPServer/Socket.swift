#if canImport(Glibc)
import Glibc
#endif

/// Thin wrappers over the BSD socket calls the server uses; every descriptor is
/// non-blocking and close-on-exec from birth.
enum Socket {
    /// Resolves `host`, binds and listens. Returns the descriptor and the bound port.
    static func listen(host: String, port: Int, backlog: Int32 = 1024) throws -> (fd: Int32, port: Int) {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw ServerError.addressResolution(host: host, message: String(cString: gai_strerror(status)))
        }
        defer { freeaddrinfo(list) }

        var lastError: Int32 = 0
        var candidate: UnsafeMutablePointer<addrinfo>? = first
        while let info = candidate {
            candidate = info.pointee.ai_next
            let fd = socket(info.pointee.ai_family, Int32(SOCK_STREAM.rawValue | SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue), 0)
            guard fd >= 0 else {
                lastError = errno
                continue
            }
            var one: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
            guard bind(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0, Glibc.listen(fd, backlog) == 0 else {
                lastError = errno
                close(fd)
                continue
            }
            return (fd, boundPort(fd))
        }
        throw ServerError.socket(operation: "bind \(host):\(port)", errno: lastError)
    }

    static func boundPort(_ fd: Int32) -> Int {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = getsockname(fd, $0, &length) }
        }
        return describe(storage).port
    }

    enum AcceptResult {
        case accepted(fd: Int32, remoteAddress: String)
        case wouldBlock
        /// Transient failures (ECONNABORTED, EMFILE...) that must not stop the loop.
        case failed(Int32)
    }

    static func accept(_ listener: Int32) -> AcceptResult {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let fd = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.accept(listener, $0, &length)
            }
        }
        if fd < 0 {
            let code = errno
            return code == EAGAIN || code == EWOULDBLOCK ? .wouldBlock : .failed(code)
        }
        // accept4 is hidden behind _GNU_SOURCE in Glibc's module map, so set the flags after.
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        var one: Int32 = 1
        // Responses go out in one write; Nagle would only delay the last segment.
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        let peer = describe(storage)
        return .accepted(fd: fd, remoteAddress: peer.text)
    }

    /// `ip:port`, IPv6 in brackets.
    static func describe(_ storage: sockaddr_storage) -> (text: String, port: Int) {
        var copy = storage
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        return withUnsafePointer(to: &copy) { pointer -> (String, Int) in
            switch Int32(storage.ss_family) {
            case AF_INET:
                return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { address in
                    var ip = address.pointee.sin_addr
                    inet_ntop(AF_INET, &ip, &buffer, socklen_t(buffer.count))
                    let port = Int(UInt16(bigEndian: address.pointee.sin_port))
                    return ("\(String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)):\(port)", port)
                }
            case AF_INET6:
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { address in
                    var ip = address.pointee.sin6_addr
                    inet_ntop(AF_INET6, &ip, &buffer, socklen_t(buffer.count))
                    let port = Int(UInt16(bigEndian: address.pointee.sin6_port))
                    return ("[\(String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))]:\(port)", port)
                }
            default:
                return ("unknown", 0)
            }
        }
    }

    /// Best-effort write of a canned answer on a socket we are about to close.
    static func sendImmediately(_ fd: Int32, _ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }
}
