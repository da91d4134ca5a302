/// An RFC 9457 problem document (`application/problem+json`).
public struct Problem: Error, Sendable, Equatable {
    public struct FieldError: Sendable, Equatable {
        /// RFC 6901 JSON Pointer into the request body.
        public var pointer: String
        public var detail: String
    }

    public var status: Int
    public var title: String
    public var detail: String
    public var errors: [FieldError] = []
    /// For malformed JSON: where the parser stopped (1-based; column in bytes).
    public var line: Int?
    public var column: Int?
    /// Extra members (e.g. the current `treeHash` of a 409); nil values are JSON null.
    public var extra: [(String, String?)] = []

    public init(status: Int, title: String, detail: String, errors: [FieldError] = []) {
        self.status = status
        self.title = title
        self.detail = detail
        self.errors = errors
    }

    public static func == (lhs: Problem, rhs: Problem) -> Bool {
        lhs.status == rhs.status && lhs.detail == rhs.detail && lhs.errors == rhs.errors && lhs.line == rhs.line
            && lhs.column == rhs.column
    }

    /// The kind of problem (openapi.yaml, `Problem`): `urn:layoutd:problem:…` for the
    /// request body's own faults, `about:blank` for plain HTTP errors.
    public var type: String {
        if let typeOverride { return typeOverride }
        switch status {
        case 400: return "urn:layoutd:problem:malformed-json"
        case 413: return "urn:layoutd:problem:tree-too-large"
        case 422: return "urn:layoutd:problem:invalid-request"
        default: return "about:blank"
        }
    }

    /// A `type` other than the one the status implies (e.g. `stale-baseline`).
    public var typeOverride: String?

    /// A tree whose layout needs more work than its budget allows.
    static func tooMuchWork(_ limits: DecodeLimits, nodes: Int) -> Problem {
        Problem(
            status: 413, title: "Tree too large",
            detail:
                "Laying out this tree of \(nodes) nodes takes more than \(limits.layoutWorkBudget(nodes: nodes)) measurements (nested flexible containers that size each other); flatten or fix some of its sizes.")
    }

    static func responseTooLarge(_ bytes: Int, limit: Int) -> Problem {
        Problem(
            status: 413, title: "Response too large",
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
        for (key, value) in extra {
            writer.key(key)
            if let value { writer.string(value) } else { writer.null() }
        }
        writer.endObject()
        return writer.bytes
    }
}
