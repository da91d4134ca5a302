/// The protocol version of a request line; only 1.0 and 1.1 are served.
public struct HTTPVersion: Sendable, Hashable, CustomStringConvertible {
    public var major: Int
    public var minor: Int

    public init(major: Int, minor: Int) {
        self.major = major
        self.minor = minor
    }

    public static let http1_0 = HTTPVersion(major: 1, minor: 0)
    public static let http1_1 = HTTPVersion(major: 1, minor: 1)

    public var description: String { "HTTP/\(major).\(minor)" }

    /// HTTP/1.1 keeps connections open by default; 1.0 only when asked (RFC 9112 §9.3).
    var keepsAliveByDefault: Bool { self != .http1_0 }
}
