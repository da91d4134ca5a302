/// One response as the load generator sees it: enough to count statuses, cache
/// outcomes and bytes, and to read a `treeHash` in session mode.
public struct ClientResponse: Sendable, Equatable {
    public var status: Int
    /// Header fields in arrival order, names as sent.
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]
    /// Bytes of the whole message on the wire (head, framing and body).
    public var wireBytes: Int
    /// False when the server will close the connection after this response.
    public var keepAlive: Bool

    /// The first field of that name, compared case-insensitively (RFC 9110 §5.1).
    public func header(_ name: String) -> String? {
        headers.first { Self.equalIgnoringASCIICase($0.name, name) }?.value
    }

    /// Without allocating lowercased copies: called several times per response.
    static func equalIgnoringASCIICase(_ lhs: String, _ rhs: String) -> Bool {
        guard lhs.utf8.count == rhs.utf8.count else { return false }
        return zip(lhs.utf8, rhs.utf8).allSatisfy { a, b in
            a == b || (a | 0x20 == b | 0x20 && (a | 0x20) >= 97 && (a | 0x20) <= 122)
        }
    }

    public static func == (lhs: ClientResponse, rhs: ClientResponse) -> Bool {
        lhs.status == rhs.status && lhs.body == rhs.body && lhs.wireBytes == rhs.wireBytes
            && lhs.keepAlive == rhs.keepAlive && lhs.headers.map(\.name) == rhs.headers.map(\.name)
            && lhs.headers.map(\.value) == rhs.headers.map(\.value)
    }
}

public enum ResponseParseError: Error, Equatable, CustomStringConvertible {
    case malformedStatusLine
    case malformedHeader
    case headTooLarge
    case bodyTooLarge
    case badContentLength
    case badChunk
    case truncated

    public var description: String {
        switch self {
        case .malformedStatusLine: "malformed status line"
        case .malformedHeader: "malformed header field"
        case .headTooLarge: "response head too large"
        case .bodyTooLarge: "response body too large"
        case .badContentLength: "invalid Content-Length"
        case .badChunk: "invalid chunked framing"
        case .truncated: "connection closed mid-response"
        }
    }
}
