/// Every way a request can fail at the protocol level, one case per cause.
///
/// The status, title and whether the connection must close are decided here and only
/// here, so the checklist of HTTP.md maps onto one switch.
public enum HTTPError: Error, Sendable, Equatable {
    // Request line (RFC 9112 §3)
    case requestLineTooLong
    case malformedRequestLine
    case invalidMethod
    case unknownMethod(String)
    case invalidTarget
    case malformedVersion
    case unsupportedVersion(String)
    // Header section (RFC 9112 §5, RFC 9110 §5)
    case headerSectionTooLarge
    case tooManyHeaders
    case invalidHeaderName
    case whitespaceBeforeColon
    case obsoleteLineFolding
    case invalidHeaderValue
    case bareCarriageReturn
    case bareLineFeed
    case missingHost
    case duplicateHost
    case unsupportedExpectation
    // Framing (RFC 9112 §6)
    case contentLengthWithTransferEncoding
    case invalidContentLength
    case conflictingContentLengths
    case transferEncodingInHTTP10
    case chunkedNotFinal
    case unsupportedTransferCoding
    case lengthRequired
    case bodyTooLarge
    case invalidChunkSize
    case chunkLineTooLong
    case missingChunkTerminator
    case incompleteMessage
    /// Plaintext HTTP sent to a TLS port (answered in plaintext, then closed).
    case plaintextOnTLSPort
    // Deadlines and capacity
    case headerTimeout
    case bodyTimeout
    case overloaded
    case tooManyConnections
    /// Still waiting for a worker when shutdown's grace ran out.
    case shuttingDown

    public var status: Int {
        switch self {
        case .requestLineTooLong: 414
        case .headerSectionTooLarge, .tooManyHeaders: 431
        case .bodyTooLarge: 413
        case .lengthRequired: 411
        case .unknownMethod, .unsupportedTransferCoding: 501
        case .unsupportedVersion: 505
        case .unsupportedExpectation: 417
        case .headerTimeout, .bodyTimeout: 408
        case .overloaded, .tooManyConnections, .shuttingDown: 503
        case .malformedRequestLine, .invalidMethod, .invalidTarget, .malformedVersion,
            .invalidHeaderName, .whitespaceBeforeColon, .obsoleteLineFolding, .invalidHeaderValue,
            .bareCarriageReturn, .bareLineFeed, .missingHost, .duplicateHost,
            .contentLengthWithTransferEncoding, .invalidContentLength, .conflictingContentLengths,
            .transferEncodingInHTTP10, .chunkedNotFinal, .invalidChunkSize, .chunkLineTooLong,
            .missingChunkTerminator, .incompleteMessage, .plaintextOnTLSPort:
            400
        }
    }

    /// After a framing or syntax error the rest of the byte stream cannot be trusted to
    /// hold message boundaries, so the connection ends. Only overload keeps it: that
    /// request was read completely.
    public var closesConnection: Bool {
        self != .overloaded
    }

    /// Seconds a client should wait before retrying (RFC 9110 §10.2.3).
    public var retryAfterSeconds: Int? {
        switch self {
        case .overloaded, .tooManyConnections, .shuttingDown: 1
        default: nil
        }
    }

    /// The specific problem type (a URN under `ProblemDocument.typePrefix`) and its
    /// title, for the causes the contract names; the rest are plain HTTP errors
    /// (`about:blank`), told apart by `detail`.
    public var problemType: (type: String, title: String)? {
        switch self {
        case .bodyTooLarge: (ProblemDocument.typePrefix + "body-too-large", "Body too large")
        case .overloaded, .tooManyConnections, .shuttingDown:
            (ProblemDocument.typePrefix + "overloaded", "Service unavailable")
        default: nil
        }
    }

    /// Stable name of the cause, for logs and metrics.
    public var problemSlug: String {
        switch self {
        case .requestLineTooLong: "request-line-too-long"
        case .malformedRequestLine: "malformed-request-line"
        case .invalidMethod: "invalid-method"
        case .unknownMethod: "unknown-method"
        case .invalidTarget: "invalid-target"
        case .malformedVersion: "malformed-version"
        case .unsupportedVersion: "unsupported-version"
        case .headerSectionTooLarge: "header-section-too-large"
        case .tooManyHeaders: "too-many-headers"
        case .invalidHeaderName: "invalid-header-name"
        case .whitespaceBeforeColon: "whitespace-before-colon"
        case .obsoleteLineFolding: "obsolete-line-folding"
        case .invalidHeaderValue: "invalid-header-value"
        case .bareCarriageReturn: "bare-carriage-return"
        case .bareLineFeed: "bare-line-feed"
        case .missingHost: "missing-host"
        case .duplicateHost: "duplicate-host"
        case .unsupportedExpectation: "unsupported-expectation"
        case .contentLengthWithTransferEncoding: "content-length-with-transfer-encoding"
        case .invalidContentLength: "invalid-content-length"
        case .conflictingContentLengths: "conflicting-content-lengths"
        case .transferEncodingInHTTP10: "transfer-encoding-in-http-1.0"
        case .chunkedNotFinal: "chunked-not-final"
        case .unsupportedTransferCoding: "unsupported-transfer-coding"
        case .lengthRequired: "length-required"
        case .bodyTooLarge: "body-too-large"
        case .invalidChunkSize: "invalid-chunk-size"
        case .chunkLineTooLong: "chunk-line-too-long"
        case .missingChunkTerminator: "missing-chunk-terminator"
        case .incompleteMessage: "incomplete-message"
        case .plaintextOnTLSPort: "plaintext-on-tls-port"
        case .headerTimeout: "header-timeout"
        case .bodyTimeout: "body-timeout"
        case .overloaded: "overloaded"
        case .tooManyConnections: "too-many-connections"
        case .shuttingDown: "shutting-down"
        }
    }

    public var detail: String {
        switch self {
        case .requestLineTooLong: "The request line exceeds the configured limit."
        case .malformedRequestLine: "The request line is not `method SP target SP version`."
        case .invalidMethod: "The method is not a token."
        case .unknownMethod(let method): "The method \(method) is not implemented."
        case .invalidTarget: "The request target is empty, malformed or contains invalid characters."
        case .malformedVersion: "The protocol version is not `HTTP/<digit>.<digit>`."
        case .unsupportedVersion(let version): "\(version) is not supported; use HTTP/1.1."
        case .headerSectionTooLarge: "The header section exceeds the configured limit."
        case .tooManyHeaders: "The request has more header fields than the configured limit."
        case .invalidHeaderName: "A header field name is empty or not a token."
        case .whitespaceBeforeColon: "Whitespace between a header field name and the colon is not allowed."
        case .obsoleteLineFolding: "Obsolete line folding is not accepted."
        case .invalidHeaderValue: "A header field value contains a control character."
        case .bareCarriageReturn: "A carriage return not followed by a line feed."
        case .bareLineFeed: "Lines must end with CRLF."
        case .missingHost: "An HTTP/1.1 request must carry exactly one Host header."
        case .duplicateHost: "The request carries more than one Host header."
        case .unsupportedExpectation: "Only `Expect: 100-continue` is supported."
        case .contentLengthWithTransferEncoding: "Content-Length and Transfer-Encoding must not both be present."
        case .invalidContentLength: "Content-Length is not a plain decimal number."
        case .conflictingContentLengths: "The request carries differing Content-Length values."
        case .transferEncodingInHTTP10: "Transfer-Encoding is not defined for HTTP/1.0."
        case .chunkedNotFinal: "chunked must be the final and only-once transfer coding."
        case .unsupportedTransferCoding: "Only the chunked transfer coding is supported."
        case .lengthRequired: "The request needs a Content-Length or chunked body."
        case .bodyTooLarge: "The request body exceeds the configured limit."
        case .invalidChunkSize: "A chunk size is not a hexadecimal number of acceptable size."
        case .chunkLineTooLong: "A chunk size line exceeds the limit."
        case .missingChunkTerminator: "Chunk data is not followed by CRLF."
        case .incompleteMessage: "The connection ended before the request was complete."
        case .plaintextOnTLSPort: "This port speaks HTTPS (TLS); a plaintext HTTP request was sent to it."
        case .headerTimeout: "The header section did not arrive within the deadline."
        case .bodyTimeout: "The request body did not arrive within the deadline."
        case .overloaded: "Too many requests are in flight; retry shortly."
        case .tooManyConnections: "Too many open connections; retry shortly."
        case .shuttingDown: "The server is shutting down; retry, and another instance will answer."
        }
    }

    /// The problem+json response for this error.
    public var response: HTTPResponse {
        var extra: HTTPHeaders = [:]
        if let retryAfterSeconds { extra.add("Retry-After", String(retryAfterSeconds)) }
        return HTTPResponse.problem(
            status: status, type: problemType?.type, title: problemType?.title, detail: detail, extraHeaders: extra)
    }
}
