/// Incremental HTTP/1.1 response parser (RFC 9112): feed it bytes as they arrive, in
/// any split, and take complete responses out in order. Framing follows §6.3: no body
/// for 1xx/204/304, chunked when Transfer-Encoding ends in chunked, else Content-Length,
/// else the body runs to the end of the connection.
public struct ResponseParser: Sendable {
    /// Bounds so a broken or hostile server cannot make the generator eat memory.
    public static let maxHeadBytes = 64 << 10
    public static let maxBodyBytes = 256 << 20

    private enum State: Sendable {
        case head
        case fixedBody(remaining: Int)
        case chunkSize
        case chunkData(remaining: Int)
        case chunkDataEnd
        case trailers
        case untilClose
    }

    private var buffer: [UInt8] = []
    private var position = 0
    private var state = State.head
    private var current: ClientResponse?
    private var messageStart = 0
    /// Where the `CRLF CRLF` search resumes, so a head split across reads is not rescanned.
    private var scanFrom = 0

    public init() {}

    /// True when a response has begun but is not complete (an EOF now would truncate it).
    public var isMidResponse: Bool {
        if case .head = state { return position < buffer.count }
        return true
    }

    public mutating func append(_ bytes: some Collection<UInt8>) {
        // Drop what has been consumed before growing, so a long keep-alive run stays small.
        if current == nil && position > 0 && (position == buffer.count || position >= 64 << 10) {
            buffer.removeFirst(position)
            scanFrom = max(0, scanFrom - position)
            position = 0
            messageStart = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next complete response, or nil when more bytes are needed.
    public mutating func next() throws(ResponseParseError) -> ClientResponse? {
        while true {
            switch state {
            case .head:
                guard try parseHead() else { return nil }
            case .fixedBody(let remaining):
                let take = min(remaining, buffer.count - position)
                current?.body.append(contentsOf: buffer[position..<position + take])
                position += take
                if take == remaining { return finishMessage() }
                state = .fixedBody(remaining: remaining - take)
                return nil
            case .chunkSize:
                guard let line = takeLine() else {
                    if buffer.count - position > 1024 { throw .badChunk }
                    return nil
                }
                let size = try Self.chunkSize(line)
                if size == 0 {
                    state = .trailers
                } else {
                    guard (current?.body.count ?? 0) + size <= Self.maxBodyBytes else { throw .bodyTooLarge }
                    state = .chunkData(remaining: size)
                }
            case .chunkData(let remaining):
                let take = min(remaining, buffer.count - position)
                current?.body.append(contentsOf: buffer[position..<position + take])
                position += take
                guard take == remaining else {
                    state = .chunkData(remaining: remaining - take)
                    return nil
                }
                state = .chunkDataEnd
            case .chunkDataEnd:
                guard buffer.count - position >= 2 else { return nil }
                guard buffer[position] == 13, buffer[position + 1] == 10 else { throw .badChunk }
                position += 2
                state = .chunkSize
            case .trailers:
                // Trailer fields are read and ignored; an empty line ends the message.
                guard let line = takeLine() else {
                    if buffer.count - position > Self.maxHeadBytes { throw .headTooLarge }
                    return nil
                }
                if line.isEmpty { return finishMessage() }
            case .untilClose:
                current?.body.append(contentsOf: buffer[position...])
                position = buffer.count
                guard (current?.body.count ?? 0) <= Self.maxBodyBytes else { throw .bodyTooLarge }
                return nil
            }
        }
    }

    /// Call at EOF: completes a body that runs to the close, else reports a truncation.
    public mutating func finish() throws(ResponseParseError) -> ClientResponse? {
        if case .untilClose = state {
            current?.keepAlive = false
            return finishMessage()
        }
        if isMidResponse { throw .truncated }
        return nil
    }

    // MARK: - Head

    private mutating func parseHead() throws(ResponseParseError) -> Bool {
        guard let end = findHeadEnd() else {
            if buffer.count - position > Self.maxHeadBytes { throw .headTooLarge }
            return false
        }
        guard end - position <= Self.maxHeadBytes else { throw .headTooLarge }
        messageStart = position
        let lines = buffer[position..<end].split(separator: 10, omittingEmptySubsequences: false).map {
            $0.last == 13 ? $0.dropLast() : $0
        }
        position = end + 4
        scanFrom = position
        guard let statusLine = lines.first else { throw .malformedStatusLine }
        let (minor, status) = try Self.statusLine(statusLine)
        var headers: [(name: String, value: String)] = []
        // Byte-level work: this runs once per response, in the generator's hot loop.
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: 58), colon > line.startIndex else { throw .malformedHeader }
            let name = line[line.startIndex..<colon]
            guard !name.contains(where: Self.isOWS) else { throw .malformedHeader }
            var value = line[(colon + 1)...]
            while let first = value.first, Self.isOWS(first) { value = value.dropFirst() }
            while let last = value.last, Self.isOWS(last) { value = value.dropLast() }
            headers.append((String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self)))
        }
        var response = ClientResponse(status: status, headers: headers, body: [], wireBytes: 0, keepAlive: true)
        response.keepAlive = Self.keepAlive(minorVersion: minor, connection: response.header("Connection"))
        current = response
        state = try Self.framing(of: response)
        // 1xx responses are interim: the parser drops them and waits for the final one.
        if (100..<200).contains(status) {
            current = nil
            state = .head
        }
        return true
    }

    private mutating func findHeadEnd() -> Int? {
        var index = max(scanFrom, position)
        while index + 3 < buffer.count {
            if buffer[index] == 13 && buffer[index + 1] == 10 && buffer[index + 2] == 13 && buffer[index + 3] == 10 {
                return index
            }
            index += 1
        }
        scanFrom = max(position, buffer.count - 3)
        return nil
    }

    private static func statusLine(_ line: ArraySlice<UInt8>) throws(ResponseParseError) -> (minor: Int, status: Int) {
        // "HTTP/1.x NNN reason"; the reason phrase may be empty.
        let bytes = Array(line)
        guard bytes.count >= 12, bytes.starts(with: Array("HTTP/1.".utf8)), bytes[8] == 32,
            bytes[7] >= 48, bytes[7] <= 57
        else { throw .malformedStatusLine }
        let digits = bytes[9..<12]
        guard digits.allSatisfy({ $0 >= 48 && $0 <= 57 }), bytes.count == 12 || bytes[12] == 32 else {
            throw .malformedStatusLine
        }
        let status = digits.reduce(0) { $0 * 10 + Int($1 - 48) }
        return (Int(bytes[7] - 48), status)
    }

    private static func isOWS(_ byte: UInt8) -> Bool { byte == 32 || byte == 9 }

    private static func keepAlive(minorVersion: Int, connection: String?) -> Bool {
        let tokens = (connection ?? "").lowercased().split(separator: ",").map { $0.trimmingCharacters() }
        if tokens.contains("close") { return false }
        return minorVersion >= 1 || tokens.contains("keep-alive")
    }

    private static func framing(of response: ClientResponse) throws(ResponseParseError) -> State {
        if (100..<200).contains(response.status) || response.status == 204 || response.status == 304 {
            return .fixedBody(remaining: 0)
        }
        if let coding = response.header("Transfer-Encoding") {
            let last = coding.lowercased().split(separator: ",").last.map { $0.trimmingCharacters() }
            return last == "chunked" ? .chunkSize : .untilClose
        }
        if let length = response.header("Content-Length") {
            // Repeated identical values ("5, 5") are allowed by RFC 9110 §8.6.
            let values = Set(length.split(separator: ",").map { $0.trimmingCharacters() })
            guard values.count == 1, let text = values.first, !text.isEmpty, text.allSatisfy(\.isASCIIDigitByte),
                let value = Int(text)
            else { throw .badContentLength }
            guard value <= maxBodyBytes else { throw .bodyTooLarge }
            return .fixedBody(remaining: value)
        }
        return .untilClose
    }

    // MARK: - Chunks and lines

    private static func chunkSize(_ line: ArraySlice<UInt8>) throws(ResponseParseError) -> Int {
        var size = 0
        var digits = 0
        for byte in line {
            let value: Int
            switch byte {
            case 48...57: value = Int(byte - 48)
            case 65...70: value = Int(byte - 55)
            case 97...102: value = Int(byte - 87)
            case 59, 32, 9: // chunk extensions (";name=value") are ignored
                guard digits > 0 else { throw .badChunk }
                return size
            default: throw .badChunk
            }
            digits += 1
            guard digits <= 8 else { throw .badChunk }
            size = size * 16 + value
        }
        guard digits > 0 else { throw .badChunk }
        return size
    }

    /// The next CRLF-terminated line (without the CRLF), consumed; nil if incomplete.
    private mutating func takeLine() -> ArraySlice<UInt8>? {
        var index = position
        while index + 1 < buffer.count {
            if buffer[index] == 13 && buffer[index + 1] == 10 {
                let line = buffer[position..<index]
                position = index + 2
                return line
            }
            index += 1
        }
        return nil
    }

    private mutating func finishMessage() -> ClientResponse? {
        guard var response = current else { return nil }
        response.wireBytes = position - messageStart
        current = nil
        state = .head
        scanFrom = position
        return response
    }
}

extension Character {
    fileprivate var isASCIIDigitByte: Bool { isASCII && isNumber }
}

extension Substring {
    /// Without leading and trailing spaces and tabs (HTTP's optional whitespace), on
    /// UTF-8 indices: the generic Collection route cost more than the rest of the client.
    fileprivate func trimmingCharacters() -> String {
        var start = utf8.startIndex
        var end = utf8.endIndex
        while start < end && (utf8[start] == 32 || utf8[start] == 9) { start = utf8.index(after: start) }
        while end > start {
            let before = utf8.index(before: end)
            guard utf8[before] == 32 || utf8[before] == 9 else { break }
            end = before
        }
        return String(self[start..<end])
    }
}
