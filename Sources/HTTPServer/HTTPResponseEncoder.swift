/// Serializes a response head and body into wire bytes (RFC 9112 §4, §6).
enum HTTPResponseEncoder {
    /// Fields the server owns; a handler's copies are ignored so framing stays correct.
    private static let serverOwnedFields = ["Content-Length", "Transfer-Encoding", "Connection", "Date"]

    /// Compared only when the length is one of theirs (4, 10, 14 or 17 bytes).
    private static func isServerOwned(_ name: String) -> Bool {
        switch name.utf8.count {
        case 4, 10, 14, 17: serverOwnedFields.contains { HTTPHeaders.namesMatch($0, name) }
        default: false
        }
    }

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
        for field in response.headers where !isServerOwned(field.name) {
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
    /// values may come from request data the application echoed. The bytes are appended
    /// and checked in one pass, and taken back if they fail.
    private static func appendField(_ name: String, _ value: String, to out: inout [UInt8]) {
        let mark = out.count
        guard !name.isEmpty, appendChecked(name, isValue: false, to: &out) else {
            out.removeSubrange(mark...)
            return
        }
        out.append(UInt8(ascii: ":"))
        out.append(UInt8(ascii: " "))
        guard appendChecked(value, isValue: true, to: &out) else {
            out.removeSubrange(mark...)
            return
        }
        out.append(UInt8(ascii: "\r"))
        out.append(UInt8(ascii: "\n"))
    }

    /// Appends the text; whether every byte is a token character (a name) or a field-value
    /// character (a value).
    @inline(__always)
    private static func appendChecked(_ text: String, isValue: Bool, to out: inout [UInt8]) -> Bool {
        let checked = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            out.append(contentsOf: bytes)
            return isValue ? isFieldValue(bytes) : bytes.allSatisfy(ASCII.isTokenCharacter)
        }
        if let checked { return checked }
        out.append(contentsOf: text.utf8)
        return isValue ? text.utf8.allSatisfy(ASCII.isFieldValueCharacter) : text.utf8.allSatisfy(ASCII.isTokenCharacter)
    }

    /// `field-value` bytes, eight at a time: a word with no byte below 0x20 and none equal
    /// to 0x7F passes at once (the classic has-less-than and has-zero-byte word tests);
    /// a word that trips either is checked byte by byte (HTAB is allowed).
    static func isFieldValue(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let raw = UnsafeRawBufferPointer(bytes)
        var index = 0
        while index + 8 <= raw.count {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            let below = (word &- ones &* 0x20) & ~word & highs
            let delete = word ^ (ones &* 0x7F)
            let deletes = (delete &- ones) & ~delete & highs
            if below | deletes != 0 {
                for offset in index..<(index + 8) where !ASCII.isFieldValueCharacter(bytes[offset]) { return false }
            }
            index += 8
        }
        while index < raw.count {
            guard ASCII.isFieldValueCharacter(bytes[index]) else { return false }
            index += 1
        }
        return true
    }

    /// A string's bytes, copied as one block when they are contiguous.
    @inline(__always)
    private static func appendUTF8(_ text: String, to out: inout [UInt8]) {
        if text.utf8.withContiguousStorageIfAvailable({ out.append(contentsOf: $0) }) == nil {
            out.append(contentsOf: text.utf8)
        }
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
