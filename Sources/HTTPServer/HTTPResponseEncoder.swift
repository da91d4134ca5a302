/// Serializes a response head and body into wire bytes (RFC 9112 §4, §6).
enum HTTPResponseEncoder {
    /// Fields the server owns; a handler's copies are ignored so framing stays correct.
    private static let serverOwnedFields = ["Content-Length", "Transfer-Encoding", "Connection", "Date"]

    static func encode(
        _ response: HTTPResponse, date: String, serverName: String,
        closeConnection: Bool, keepAliveForHTTP10: Bool, omitBody: Bool, into out: inout [UInt8]
    ) {
        let status = (100...999).contains(response.status) ? response.status : 500
        out.append(contentsOf: "HTTP/1.1 \(status) \(HTTPStatus.reasonPhrase(status))\r\n".utf8)
        appendField("Date", date, to: &out)
        if !response.headers.contains("Server") { appendField("Server", serverName, to: &out) }
        for field in response.headers
        where !serverOwnedFields.contains(where: { HTTPHeaders.namesMatch($0, field.name) }) {
            appendField(field.name, field.value, to: &out)
        }
        if HTTPStatus.allowsContent(status) {
            appendField("Content-Length", String(response.body.count), to: &out)
        }
        if closeConnection {
            appendField("Connection", "close", to: &out)
        } else if keepAliveForHTTP10 {
            appendField("Connection", "keep-alive", to: &out)
        }
        out.append(contentsOf: "\r\n".utf8)
        if !omitBody && HTTPStatus.allowsContent(status) { out.append(contentsOf: response.body) }
    }

    /// Drops a field whose name or value could split the response (CR, LF, NUL), since
    /// values may come from request data the application echoed.
    private static func appendField(_ name: String, _ value: String, to out: inout [UInt8]) {
        guard !name.isEmpty, name.utf8.allSatisfy(ASCII.isTokenCharacter),
            value.utf8.allSatisfy(ASCII.isFieldValueCharacter)
        else { return }
        out.append(contentsOf: name.utf8)
        out.append(contentsOf: ": ".utf8)
        out.append(contentsOf: value.utf8)
        out.append(contentsOf: "\r\n".utf8)
    }

    static let continueResponse: [UInt8] = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)
}
