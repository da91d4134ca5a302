/// An RFC 9457 problem document (`application/problem+json`) for a request the engine
/// refuses. Its `kind` decides the status, title and type; the rest says where and why.
public struct Problem: Error, Sendable, Equatable {
    /// Why a request was refused, one case per cause. Status, title and problem type
    /// (openapi.yaml, `Problem`) are decided here and nowhere else.
    public enum Kind: Sendable, Equatable {
        /// Not JSON (400).
        case malformedJSON
        /// JSON nested deeper than the parser allows (413).
        case requestTooLarge
        /// More nodes, ids, modifiers or text than the limits allow (413).
        case treeTooLarge
        /// Laying the tree out takes more work than its budget (413).
        case tooMuchWork
        /// The frames would make a body larger than the server allows (413).
        case responseTooLarge
        /// Valid JSON that is not a valid request or patch (422).
        case invalidTree
        /// A patch against a tree the session no longer holds (409), with the session's
        /// current tree hash (nil: the session has no tree).
        case staleBaseline(currentTreeHash: String?)
        /// The `Layout-Session` header and the body's `session` differ (400).
        case sessionMismatch

        /// Every specific problem type is a URN under this prefix.
        public static let typePrefix = "urn:layoutd:problem:"

        public var status: Int {
            switch self {
            case .malformedJSON, .sessionMismatch: 400
            case .staleBaseline: 409
            case .requestTooLarge, .treeTooLarge, .tooMuchWork, .responseTooLarge: 413
            case .invalidTree: 422
            }
        }

        public var title: String {
            switch self {
            case .malformedJSON: "Malformed JSON"
            case .requestTooLarge: "Request too large"
            case .treeTooLarge, .tooMuchWork: "Tree too large"
            case .responseTooLarge: "Response too large"
            case .invalidTree: "Invalid tree"
            case .staleBaseline: "Stale baseline"
            case .sessionMismatch: "Session mismatch"
            }
        }

        /// The `type` member: every size limit shares `tree-too-large`.
        public var type: String {
            switch self {
            case .malformedJSON: Self.typePrefix + "malformed-json"
            case .requestTooLarge, .treeTooLarge, .tooMuchWork, .responseTooLarge: Self.typePrefix + "tree-too-large"
            case .invalidTree: Self.typePrefix + "invalid-request"
            case .staleBaseline: Self.typePrefix + "stale-baseline"
            case .sessionMismatch: Self.typePrefix + "session-mismatch"
            }
        }
    }

    public struct FieldError: Sendable, Equatable {
        /// RFC 6901 JSON Pointer into the request body.
        public var pointer: String
        public var detail: String
    }

    public var kind: Kind
    public var detail: String
    public var errors: [FieldError] = []
    /// For malformed JSON: where the parser stopped (1-based; column in bytes).
    public var line: Int?
    public var column: Int?

    public init(_ kind: Kind, detail: String, errors: [FieldError] = []) {
        self.kind = kind
        self.detail = detail
        self.errors = errors
    }

    public var status: Int { kind.status }
    public var title: String { kind.title }
    public var type: String { kind.type }

    /// A tree whose layout needs more work than its budget allows.
    static func tooMuchWork(_ limits: DecodeLimits, nodes: Int) -> Problem {
        Problem(
            .tooMuchWork,
            detail:
                "Laying out this tree of \(nodes) nodes takes more than \(limits.layoutWorkBudget(nodes: nodes)) measurements (nested flexible containers that size each other); flatten or fix some of its sizes.")
    }

    static func responseTooLarge(_ bytes: Int, limit: Int) -> Problem {
        Problem(
            .responseTooLarge,
            detail:
                "The frames of this tree take \(bytes) bytes, more than the server's limit of \(limit) (--max-response-bytes); shorten the ids or lay out fewer nodes.")
    }

    /// The document as JSON bytes.
    public func encoded() -> [UInt8] {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("type")
        writer.string(type)
        writer.key("title")
        writer.string(title)
        writer.key("status")
        writer.integer(status)
        writer.key("detail")
        writer.string(detail)
        if let line, let column {
            writer.key("line")
            writer.integer(line)
            writer.key("column")
            writer.integer(column)
        }
        if !errors.isEmpty {
            writer.key("errors")
            writer.beginArray()
            for error in errors {
                writer.beginObject()
                writer.key("pointer")
                writer.string(error.pointer)
                writer.key("detail")
                writer.string(error.detail)
                writer.endObject()
            }
            writer.endArray()
        }
        if case .staleBaseline(let current) = kind {
            writer.key("treeHash")
            if let current { writer.string(current) } else { writer.null() }
        }
        writer.endObject()
        return writer.bytes
    }
}
