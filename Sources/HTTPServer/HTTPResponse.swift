/// A response the application returns. The server adds `Date`, `Server`,
/// `Content-Length` and `Connection`, and drops the body for HEAD.
public struct HTTPResponse: Sendable, Equatable {
    public var status: Int
    public var headers: HTTPHeaders
    public var body: [UInt8]
    /// Facts for the request log and metrics (never sent): cache result, tenant...
    public var annotations: Annotations = [:]

    public init(status: Int, headers: HTTPHeaders = [:], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    public init(status: Int, contentType: String, body: String) {
        self.init(status: status, headers: ["Content-Type": contentType], body: Array(body.utf8))
    }

    /// An RFC 9457 problem document; `extraHeaders` carries e.g. `Allow` or `Retry-After`.
    /// Without a `type` it is `about:blank` and the title is the status phrase.
    public static func problem(
        status: Int, type: String? = nil, title: String? = nil, detail: String,
        extraHeaders: HTTPHeaders = [:]
    ) -> HTTPResponse {
        let document = ProblemDocument(
            type: type ?? "about:blank",
            title: title ?? HTTPStatus.reasonPhrase(status),
            status: status, detail: detail)
        var headers = extraHeaders
        headers.set("Content-Type", ProblemDocument.mediaType)
        return HTTPResponse(status: status, headers: headers, body: document.encoded())
    }
}

/// Reason phrases of RFC 9110 §15, for the status line and default problem titles.
public enum HTTPStatus {
    public static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 100: "Continue"
        case 200: "OK"
        case 201: "Created"
        case 202: "Accepted"
        case 204: "No Content"
        case 206: "Partial Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 406: "Not Acceptable"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 411: "Length Required"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 415: "Unsupported Media Type"
        case 417: "Expectation Failed"
        case 422: "Unprocessable Content"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 503: "Service Unavailable"
        case 505: "HTTP Version Not Supported"
        default: "Status \(status)"
        }
    }

    /// 1xx, 204 and 304 never carry content (RFC 9110 §6.4.1).
    static func allowsContent(_ status: Int) -> Bool {
        !(100..<200).contains(status) && status != 204 && status != 304
    }
}
