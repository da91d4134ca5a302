#if canImport(Glibc)
import Glibc
#endif

/// An incremental HTTP/1.1 request parser (RFC 9112): a value type state machine over
/// bytes, with no sockets, so tables of raw requests can test it directly.
///
/// `parse` never consumes a partial line: the caller keeps unconsumed bytes and offers
/// them again with more data. That keeps the parser free of its own line buffer while
/// the limits still bound how much the caller must hold.
public struct RequestParser: Sendable {
    public enum Result: Sendable, Equatable {
        /// Everything offered that could be used was consumed; offer more bytes.
        case needMoreData
        /// The head is complete and framing is known; the body (if any) follows.
        /// The caller may answer early (100-continue, errors) before offering more.
        case headComplete(RequestHead)
        case messageComplete(RequestHead, body: [UInt8])
        /// Sticky: the stream cannot be parsed further.
        case failed(HTTPError)
    }

    enum State: Sendable, Equatable {
        case requestLine
        case headerFields
        case fixedLengthBody(remaining: Int)
        case chunkSizeLine
        case chunkData(remaining: Int)
        case chunkDataTerminator
        case trailerFields
        case messageDone
        case failed(HTTPError)
    }

    /// Methods this server knows; other well-formed methods get 501 (RFC 9110 §9.1). TRACE
    /// is known so that the application answers it 405 with `Allow` (§15.5.6): no route
    /// allows it, since echoing requests back would expose credentials (XST).
    /// A switch rather than a set: every request asks, and hashing cost more.
    static func isImplemented(_ method: String) -> Bool {
        switch method {
        case "GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS", "PATCH", "TRACE": true
        default: false
        }
    }

    /// Methods whose requests carry content, so a missing length is a 411 rather than an empty body.
    static let methodsRequiringLength: Set<String> = ["POST", "PUT", "PATCH"]

    public let limits: RequestParserLimits
    private(set) var state: State = .requestLine
    private var head = RequestHead(method: "", target: "", version: .http1_1, headers: [:])
    private var body: [UInt8] = []
    private var headerSectionLength = 0
    private var skippedEmptyLineBytes = 0

    public init(limits: RequestParserLimits = RequestParserLimits()) {
        self.limits = limits
    }

    /// Whether bytes of a request (beyond ignorable empty lines) have been consumed since
    /// the last complete message. An EOF here means a truncated request.
    public var isInsideMessage: Bool {
        state != .requestLine
    }

    /// Whether anything at all, empty lines included, has arrived since the last message;
    /// this starts the header deadline, so a stream of CRLFs cannot idle for free.
    public var hasStartedMessage: Bool {
        state != .requestLine || skippedEmptyLineBytes > 0
    }

    /// Whether the head has been read and body bytes are still expected.
    public var isReadingBody: Bool {
        switch state {
        case .fixedLengthBody, .chunkSizeLine, .chunkData, .chunkDataTerminator, .trailerFields: true
        default: false
        }
    }

    /// Consumes what it can of `input` and reports the next event.
    public mutating func parse(_ input: UnsafeRawBufferPointer) -> (consumed: Int, result: Result) {
        var offset = 0
        while true {
            let step = advance(input, &offset)
            if let step { return (offset, step) }
        }
    }

    /// One state transition; `nil` means keep going.
    private mutating func advance(_ input: UnsafeRawBufferPointer, _ offset: inout Int) -> Result? {
        switch state {
        case .failed(let error):
            return .failed(error)

        case .requestLine:
            let available = input.count - offset
            let budget = limits.maxRequestLineLength + 2 - skippedEmptyLineBytes
            switch Self.findLine(input, from: offset, within: budget) {
            case .notYet:
                return available >= budget ? fail(.requestLineTooLong) : .needMoreData
            case .bareLineFeed:
                return fail(.bareLineFeed)
            case .line(let content, let next):
                offset = next
                if content.isEmpty {
                    // RFC 9112 §2.2: ignore empty lines before the request line (budgeted).
                    skippedEmptyLineBytes += 2
                    return nil
                }
                if let error = parseRequestLine(UnsafeRawBufferPointer(rebasing: input[content])) {
                    return fail(error)
                }
                state = .headerFields
                return nil
            }

        case .headerFields, .trailerFields:
            let isTrailer = state == .trailerFields
            let budget = limits.maxHeaderSectionLength - headerSectionLength
            switch Self.findLine(input, from: offset, within: budget) {
            case .notYet:
                return input.count - offset >= budget ? fail(.headerSectionTooLarge) : .needMoreData
            case .bareLineFeed:
                return fail(.bareLineFeed)
            case .line(let content, let next):
                headerSectionLength += next - offset
                offset = next
                if content.isEmpty {
                    if isTrailer {
                        state = .messageDone
                        return nil
                    }
                    if let error = decideFraming() { return fail(error) }
                    return .headComplete(head)
                }
                switch Self.parseFieldLine(UnsafeRawBufferPointer(rebasing: input[content])) {
                case .failure(let error):
                    return fail(error)
                case .success(let field):
                    guard head.headers.count < limits.maxHeaderCount else { return fail(.tooManyHeaders) }
                    // Trailers are validated and counted but not merged: nothing here needs them,
                    // and merging would let a trailer override a checked header.
                    if !isTrailer { head.headers.add(field.name, field.value) }
                    return nil
                }
            }

        case .fixedLengthBody(let remaining):
            let taken = min(remaining, input.count - offset)
            body.append(contentsOf: UnsafeRawBufferPointer(rebasing: input[offset..<(offset + taken)]))
            offset += taken
            if taken == remaining {
                state = .messageDone
                return nil
            }
            state = .fixedLengthBody(remaining: remaining - taken)
            return .needMoreData

        case .chunkSizeLine:
            let budget = limits.maxChunkLineLength + 2
            switch Self.findLine(input, from: offset, within: budget) {
            case .notYet:
                return input.count - offset >= budget ? fail(.chunkLineTooLong) : .needMoreData
            case .bareLineFeed:
                return fail(.invalidChunkSize)
            case .line(let content, let next):
                offset = next
                guard let size = Self.parseChunkSize(UnsafeRawBufferPointer(rebasing: input[content])) else {
                    return fail(.invalidChunkSize)
                }
                if size == 0 {
                    state = .trailerFields
                    return nil
                }
                guard size <= limits.maxBodyLength - body.count else { return fail(.bodyTooLarge) }
                state = .chunkData(remaining: size)
                return nil
            }

        case .chunkData(let remaining):
            let taken = min(remaining, input.count - offset)
            body.append(contentsOf: UnsafeRawBufferPointer(rebasing: input[offset..<(offset + taken)]))
            offset += taken
            if taken == remaining {
                state = .chunkDataTerminator
                return nil
            }
            state = .chunkData(remaining: remaining - taken)
            return .needMoreData

        case .chunkDataTerminator:
            let available = input.count - offset
            if available >= 1 && input[offset] != ASCII.cr { return fail(.missingChunkTerminator) }
            if available < 2 { return .needMoreData }
            guard input[offset + 1] == ASCII.lf else { return fail(.missingChunkTerminator) }
            offset += 2
            state = .chunkSizeLine
            return nil

        case .messageDone:
            let message = Result.messageComplete(head, body: body)
            resetForNextMessage()
            return message
        }
    }

    private mutating func fail(_ error: HTTPError) -> Result {
        state = .failed(error)
        return .failed(error)
    }

    private mutating func resetForNextMessage() {
        state = .requestLine
        head = RequestHead(method: "", target: "", version: .http1_1, headers: [:])
        body = []
        headerSectionLength = 0
        skippedEmptyLineBytes = 0
    }

    // MARK: Lines

    enum LineSearch {
        case notYet
        case bareLineFeed
        /// `content` excludes the CRLF; `next` is the index after it.
        case line(content: Range<Int>, next: Int)
    }

    /// Finds the next CRLF-terminated line starting at `start` within `budget` bytes.
    static func findLine(_ input: UnsafeRawBufferPointer, from start: Int, within budget: Int) -> LineSearch {
        let end = min(input.count, start + max(budget, 0))
        guard end > start, let base = input.baseAddress else { return .notYet }
        guard let found = memchr(base + start, Int32(ASCII.lf), end - start) else { return .notYet }
        let lineFeed = base.distance(to: UnsafeRawPointer(found))
        guard lineFeed > start, input[lineFeed - 1] == ASCII.cr else { return .bareLineFeed }
        return .line(content: start..<(lineFeed - 1), next: lineFeed + 1)
    }

    // MARK: Request line (RFC 9112 §3)

    private mutating func parseRequestLine(_ line: UnsafeRawBufferPointer) -> HTTPError? {
        guard let firstSpace = line.firstIndex(of: ASCII.space), firstSpace > 0 else {
            return .malformedRequestLine
        }
        let method = UnsafeRawBufferPointer(rebasing: line[..<firstSpace])
        guard method.allSatisfy(ASCII.isTokenCharacter) else { return .invalidMethod }

        let afterMethod = firstSpace + 1
        guard let secondSpace = line[afterMethod...].firstIndex(of: ASCII.space), secondSpace > afterMethod else {
            return .malformedRequestLine
        }
        let target = UnsafeRawBufferPointer(rebasing: line[afterMethod..<secondSpace])
        let version = UnsafeRawBufferPointer(rebasing: line[(secondSpace + 1)...])
        if version.contains(ASCII.space) { return .malformedRequestLine }
        if line.contains(ASCII.cr) { return .bareCarriageReturn }
        guard Self.isValidTarget(target) else { return .invalidTarget }
        guard let parsedVersion = Self.parseVersion(version) else { return .malformedVersion }
        guard parsedVersion.major == 1 else { return .unsupportedVersion(parsedVersion.description) }

        let methodName = String(decoding: method, as: UTF8.self)
        guard Self.isImplemented(methodName) else { return .unknownMethod(methodName) }
        head.method = methodName
        head.target = String(decoding: target, as: UTF8.self)
        head.version = parsedVersion
        return nil
    }

    /// origin-form (`/path?query`), absolute-form (`http://host/path`) or `*`.
    static func isValidTarget(_ target: UnsafeRawBufferPointer) -> Bool {
        guard let first = target.first, target.allSatisfy(ASCII.isVisible) else { return false }
        if first == ASCII.slash { return true }
        if target.count == 1 && first == ASCII.asterisk { return true }
        // absolute-form: scheme "://" ...
        guard let colon = target.firstIndex(of: ASCII.colon), colon > 0, colon + 2 < target.count else {
            return false
        }
        return target[colon + 1] == ASCII.slash && target[colon + 2] == ASCII.slash
    }

    /// `HTTP/` DIGIT `.` DIGIT, case-sensitive (RFC 9112 §2.3).
    static func parseVersion(_ bytes: UnsafeRawBufferPointer) -> HTTPVersion? {
        guard bytes.count == 8, bytes.starts(with: "HTTP/".utf8),
            ASCII.isDigit(bytes[5]), bytes[6] == ASCII.dot, ASCII.isDigit(bytes[7])
        else { return nil }
        return HTTPVersion(major: Int(bytes[5] - 0x30), minor: Int(bytes[7] - 0x30))
    }

    // MARK: Field lines (RFC 9112 §5)

    static func parseFieldLine(_ line: UnsafeRawBufferPointer) -> Swift.Result<HTTPHeaders.Field, HTTPError> {
        guard let first = line.first else { return .failure(.invalidHeaderName) }
        if ASCII.isWhitespace(first) { return .failure(.obsoleteLineFolding) }
        guard let colon = line.firstIndex(of: ASCII.colon), colon > 0 else { return .failure(.invalidHeaderName) }
        for byte in line[..<colon] where !ASCII.isTokenCharacter(byte) {
            return .failure(ASCII.isWhitespace(line[colon - 1]) ? .whitespaceBeforeColon : .invalidHeaderName)
        }
        var start = colon + 1, end = line.count
        while start < end, ASCII.isWhitespace(line[start]) { start += 1 }
        while end > start, ASCII.isWhitespace(line[end - 1]) { end -= 1 }
        for byte in line[start..<end] where !ASCII.isFieldValueCharacter(byte) {
            return .failure(byte == ASCII.cr ? .bareCarriageReturn : .invalidHeaderValue)
        }
        let name = String(decoding: UnsafeRawBufferPointer(rebasing: line[..<colon]), as: UTF8.self)
        let value = String(decoding: UnsafeRawBufferPointer(rebasing: line[start..<end]), as: UTF8.self)
        return .success(HTTPHeaders.Field(name: name, value: value))
    }

    // MARK: Framing (RFC 9112 §6.3)

    /// Decides how the body is delimited, rejecting every ambiguity that enables
    /// request smuggling, and moves to the body state.
    private mutating func decideFraming() -> HTTPError? {
        let headers = head.headers
        let hostCount = headers.count(of: "Host")
        if hostCount > 1 { return .duplicateHost }
        if hostCount == 0 && head.version.minor >= 1 { return .missingHost }

        let transferEncodings = headers.values(for: "Transfer-Encoding")
        let contentLengths = headers.values(for: "Content-Length")
        if !transferEncodings.isEmpty && !contentLengths.isEmpty { return .contentLengthWithTransferEncoding }

        if !transferEncodings.isEmpty {
            if head.version == .http1_0 { return .transferEncodingInHTTP10 }
            let codings = transferEncodings.flatMap { $0.split(separator: ",") }
                .map { $0.trimmingASCIIWhitespace().lowercased() }
            let chunkedCount = codings.count { $0 == "chunked" }
            if chunkedCount > 1 || (chunkedCount == 1 && codings.last != "chunked") { return .chunkedNotFinal }
            guard codings == ["chunked"] else { return .unsupportedTransferCoding }
            state = .chunkSizeLine
            return nil
        }

        if !contentLengths.isEmpty {
            var length: Int?
            for value in contentLengths {
                guard let parsed = Self.parseContentLength(value) else { return .invalidContentLength }
                if let length, length != parsed { return .conflictingContentLengths }
                length = parsed
            }
            let announced = length ?? 0
            guard announced <= limits.maxBodyLength else { return .bodyTooLarge }
            if announced == 0 {
                state = .messageDone
            } else {
                // Reserve only a little up front: an announced length costs nothing to
                // send, so it must not buy the client memory before the bytes arrive.
                body.reserveCapacity(min(announced, 64 * 1024))
                state = .fixedLengthBody(remaining: announced)
            }
            return nil
        }

        if Self.methodsRequiringLength.contains(head.method) { return .lengthRequired }
        state = .messageDone
        return nil
    }

    /// `1*DIGIT` only: no sign, no hex, no list. Eighteen digits cannot overflow Int64,
    /// and anything that long is over every sane body limit anyway.
    static func parseContentLength(_ value: String) -> Int? {
        let digits = value.utf8
        guard (1...18).contains(digits.count) else { return nil }
        var result = 0
        for byte in digits {
            guard ASCII.isDigit(byte) else { return nil }
            result = result * 10 + Int(byte - 0x30)
        }
        return result
    }

    /// `chunk-size [ BWS ; chunk-ext ]` (RFC 9112 §7.1). At most 15 hex digits, so the
    /// size fits in Int without overflow checks.
    static func parseChunkSize(_ line: UnsafeRawBufferPointer) -> Int? {
        var index = 0, size = 0
        while index < line.count, let digit = ASCII.hexValue(line[index]) {
            guard index < 15 else { return nil }
            size = size << 4 | Int(digit)
            index += 1
        }
        guard index > 0 else { return nil }
        while index < line.count, ASCII.isWhitespace(line[index]) { index += 1 }
        guard index < line.count else { return size }
        guard line[index] == ASCII.semicolon else { return nil }
        // Extensions are ignored, but must not smuggle control characters.
        for byte in line[index...] where !ASCII.isFieldValueCharacter(byte) { return nil }
        return size
    }
}
