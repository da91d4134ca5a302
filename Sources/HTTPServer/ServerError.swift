/// Failures of starting the server (not of requests: those are `HTTPError`).
public enum ServerError: Error, Sendable, CustomStringConvertible {
    case addressResolution(host: String, message: String)
    case socket(operation: String, errno: Int32)
    case tls(String)
    case alreadyStarted

    public var description: String {
        switch self {
        case .addressResolution(let host, let message): "cannot resolve \(host): \(message)"
        case .socket(let operation, let code): "\(operation) failed: \(String(cString: strerror(code)))"
        case .tls(let message): "TLS: \(message)"
        case .alreadyStarted: "the server was already started"
        }
    }
}

#if canImport(Glibc)
import Glibc
#endif
