/// Serializes a response head and body into wire bytes (RFC 9112 §4, §6).
enum HTTPResponseEncoder {
    /// Fields the server owns; a handler's copies are ignored so framing stays correct.
    private static let serverOwnedFields = ["Content-Length", "Transfer-Encoding", "Connection", "Date"]

    static func encode(
        _ response: HTTPResponse, date: String, serverName: String,
        closeConnection: Bool, keepAliveForHTTP10: Bool, omitBody: Bool, into out: inout [UInt8]
    ) {
        let status = (100...999).contains(response.status) ? response.status : 500
        out.append(contentsOf: "HTTP/1.1 ".utf8)
        appendDecimal(status, to: &out)
        out.append(UInt8(ascii: " "))
        appendUTF8(HTTPStatus.reasonPhrase(status), to: &out)
        out.append(contentsOf: "\r\n".utf8)
        appendField("Date", date, to: &out)
        if !response.headers.contains("Server") { appendField("Server", serverName, to: &out) }
        for field in response.headers
        where !serverOwnedFields.contains(where: { HTTPHeaders.namesMatch($0, field.name) }) {
            appendField(field.name, field.value, to: &out)
        }
        if HTTPStatus.allowsContent(status) {
            out.append(contentsOf: "Content-Length: ".utf8)
            appendDecimal(response.body.count, to: &out)
            out.append(contentsOf: "\r\n".utf8)
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
        guard !name.isEmpty, all(name, ASCII.isTokenCharacter), all(value, ASCII.isFieldValueCharacter) else { return }
        appendUTF8(name, to: &out)
        out.append(UInt8(ascii: ":"))
        out.append(UInt8(ascii: " "))
        appendUTF8(value, to: &out)
        out.append(UInt8(ascii: "\r"))
        out.append(UInt8(ascii: "\n"))
    }

    /// A string's bytes, copied as one block when they are contiguous.
    @inline(__always)
    private static func appendUTF8(_ text: String, to out: inout [UInt8]) {
        if text.utf8.withContiguousStorageIfAvailable({ out.append(contentsOf: $0) }) == nil {
            out.append(contentsOf: text.utf8)
        }
    }

    /// Whether every byte passes; over contiguous bytes when the string has them (this
    /// runs for every field of every response).
    @inline(__always)
    private static func all(_ text: String, _ test: (UInt8) -> Bool) -> Bool {
        if let result = text.utf8.withContiguousStorageIfAvailable({ bytes in
            for byte in bytes where !test(byte) { return false }
            return true
        }) {
            return result
        }
        return text.utf8.allSatisfy(test)
    }

    /// A non-negative integer in decimal, without making a String.
    private static func appendDecimal(_ value: Int, to out: inout [UInt8]) {
        guard value > 0 else {
            out.append(UInt8(ascii: "0"))
            return
        }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // room for 24 digits, on the stack
        var count = 0
        var rest = UInt64(value)
        withUnsafeMutableBytes(of: &digits) { buffer in
            while rest > 0 {
                buffer[count] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
                count += 1
            }
            for index in stride(from: count - 1, through: 0, by: -1) { out.append(buffer[index]) }
        }
    }

    static let continueResponse: [UInt8] = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)
}
