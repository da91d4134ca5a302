import Foundation

/// An `application/problem+json` answer (RFC 9457, openapi.yaml `Problem`) as an error.
public struct LayoutProblem: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// One error in the request body, at a JSON Pointer (RFC 6901).
    public struct Entry: Sendable, Hashable, Codable {
        public var pointer: String
        public var detail: String
    }

    public var type: String
    public var title: String
    public var status: Int
    public var detail: String?
    public var errors: [Entry]?
    /// Malformed JSON only.
    public var line: Int?
    public var column: Int?
    /// Stale baseline (409) only: the session's current hash, nil if it has none.
    public var treeHash: String?
    /// `Retry-After` seconds of a 429/503 (from the header, not the JSON).
    public var retryAfter: Double?

    private enum CodingKeys: String, CodingKey {
        case type, title, status, detail, errors, line, column, treeHash
    }

    public init(type: String = "about:blank", title: String, status: Int, detail: String? = nil) {
        self.type = type
        self.title = title
        self.status = status
        self.detail = detail
    }

    /// The JSON Pointers of the errors, in order.
    public var pointers: [String] { (errors ?? []).map(\.pointer) }

    public var isStaleBaseline: Bool { status == 409 }

    public var description: String {
        var text = "\(status) \(title)"
        if let detail { text += ": \(detail)" }
        for entry in errors ?? [] { text += "\n  \(entry.pointer): \(entry.detail)" }
        return text
    }
}

/// Failures that are not problem documents from the service.
public enum LayoutClientError: Error, Sendable, CustomStringConvertible {
    /// The transport failed (connection refused, TLS, timeout).
    case transport(String)
    /// The server answered something that is not the contract's JSON.
    case unexpectedResponse(status: Int, String)

    public var description: String {
        switch self {
        case .transport(let detail): "transport: \(detail)"
        case .unexpectedResponse(let status, let detail): "unexpected response \(status): \(detail)"
        }
    }
}
