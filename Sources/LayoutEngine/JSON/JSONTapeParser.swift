/// A JSON syntax error at a byte offset.
struct JSONSyntaxError: Error {
    var offset: Int
    var message: String
    /// Nesting too deep is a size problem (413), not malformed input (400).
    var isNestingLimit = false
}

/// One pass over the bytes (RFC 8259): validates the grammar, UTF-8 and escapes, and
/// builds the tape. Iterative with an explicit stack, so no input can exhaust the call
/// stack; nesting is bounded by `maxNesting`.
struct JSONTapeParser {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0
    private var entries: [JSONTape.Entry] = []
    private var open: [Int32] = []
    private let maxNesting: Int

    static func parse(_ bytes: [UInt8], maxNesting: Int) throws(JSONSyntaxError) -> JSONTape {
        guard bytes.count < Int(Int32.max) else {
            throw JSONSyntaxError(offset: 0, message: "document too large", isNestingLimit: true)
        }
        let entries = try bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in
            var parser = JSONTapeParser(bytes: buffer, maxNesting: maxNesting)
            try parser.run()
            return parser.entries
        }
        return JSONTape(bytes: bytes, entries: entries)
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, maxNesting: Int) {
        self.bytes = bytes
        self.maxNesting = maxNesting
        entries.reserveCapacity(bytes.count / 6 + 4)
    }

    private func fail(_ message: String, at offset: Int? = nil) -> JSONSyntaxError {
        JSONSyntaxError(offset: offset ?? position, message: message)
    }

    @inline(__always)
    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    private mutating func run() throws(JSONSyntaxError) {
        var expectingValue = true
        while true {
            skipWhitespace()
            if expectingValue {
                guard position < bytes.count else { throw fail("unexpected end of input, expected a value") }
                switch bytes[position] {
                case UInt8(ascii: "{"):
                    try openContainer(.object)
                    skipWhitespace()
                    if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
                        position += 1
                        closeContainer()
                        expectingValue = false
                    } else {
                        try readKeyAndColon()
                    }
                    continue
                case UInt8(ascii: "["):
                    try openContainer(.array)
                    skipWhitespace()
                    if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
                        position += 1
                        closeContainer()
                        expectingValue = false
                    }
                    continue
                case UInt8(ascii: "\""):
                    try readString()
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    try readNumber()
                case UInt8(ascii: "t"):
                    try readLiteral("true", kind: .true)
                case UInt8(ascii: "f"):
                    try readLiteral("false", kind: .false)
                case UInt8(ascii: "n"):
                    try readLiteral("null", kind: .null)
                default:
                    throw fail("unexpected character '\(Self.describe(bytes[position]))', expected a value")
                }
                countMember()
                expectingValue = false
            } else {
                guard let top = open.last else {
                    guard position == bytes.count else {
                        throw fail("unexpected '\(Self.describe(bytes[position]))' after the end of the document")
                    }
                    return
                }
                guard position < bytes.count else { throw fail("unexpected end of input, the document is incomplete") }
                let isObject = entries[Int(top)].kind == .object
                switch bytes[position] {
                case UInt8(ascii: ","):
                    position += 1
                    if isObject {
                        skipWhitespace()
                        try readKeyAndColon()
                    }
                    expectingValue = true
                case UInt8(ascii: "}") where isObject, UInt8(ascii: "]") where !isObject:
                    position += 1
                    closeContainer()
                default:
                    throw fail(isObject ? "expected ',' or '}' in an object" : "expected ',' or ']' in an array")
                }
            }
        }
    }

    private mutating func openContainer(_ kind: JSONTape.Kind) throws(JSONSyntaxError) {
        guard open.count < maxNesting else {
            throw JSONSyntaxError(
                offset: position, message: "nesting deeper than \(maxNesting) levels", isNestingLimit: true)
        }
        open.append(Int32(entries.count))
        entries.append(JSONTape.Entry(kind: kind, hasEscapes: false, start: Int32(position), end: 0, count: 0))
        position += 1
    }

    private mutating func closeContainer() {
        guard let index = open.popLast() else { return }
        entries[Int(index)].end = Int32(entries.count)
        countMember()
    }

    @inline(__always)
    private mutating func countMember() {
        if let top = open.last { entries[Int(top)].count += 1 }
    }

    private mutating func readKeyAndColon() throws(JSONSyntaxError) {
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
            throw fail("expected a string key in an object")
        }
        try readString()
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
            throw fail("expected ':' after an object key")
        }
        position += 1
    }

    private mutating func readString() throws(JSONSyntaxError) {
        let quote = position
        position += 1
        let start = position
        var hasEscapes = false
        while true {
            skipPlainStringBytes()
            guard position < bytes.count else { throw fail("unterminated string", at: quote) }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\") {
                hasEscapes = true
                try readEscape()
            } else if byte < 0x20 {
                throw fail("control character U+\(String(byte, radix: 16, uppercase: true)) must be escaped in a string")
            } else if byte >= 0x80 {
                try readUTF8Sequence()
            } else {
                position += 1
            }
        }
        entries.append(
            JSONTape.Entry(kind: .string, hasEscapes: hasEscapes, start: Int32(start), end: Int32(position), count: 0))
        position += 1
    }

    /// Skips 8 bytes at a time while none of them is a quote, a backslash, a control
    /// character or non-ASCII (SWAR: "has a zero byte" tests on the whole word).
    @inline(__always)
    private mutating func skipPlainStringBytes() {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        guard let base = bytes.baseAddress else { return }
        while position + 8 <= bytes.count {
            let word = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)
            let quote = word ^ (ones &* 0x22)
            let backslash = word ^ (ones &* 0x5C)
            let special =
                ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | (word &- (ones &* 0x20)) | word
            if special & highs != 0 { return }
            position += 8
        }
    }

    private mutating func readEscape() throws(JSONSyntaxError) {
        guard position + 1 < bytes.count else { throw fail("unterminated escape") }
        switch bytes[position + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            position += 2
        case UInt8(ascii: "u"):
            guard position + 5 < bytes.count else { throw fail("incomplete \\u escape") }
            for offset in 2...5 where JSONEscapes.hexValue(bytes[position + offset]) == 0xFF {
                throw fail("invalid hex digit in \\u escape", at: position + offset)
            }
            position += 6
        default:
            throw fail("invalid escape '\\\(Self.describe(bytes[position + 1]))'")
        }
    }

    /// Validates one UTF-8 encoded scalar (no overlongs, no surrogates, at most U+10FFFF).
    private mutating func readUTF8Sequence() throws(JSONSyntaxError) {
        let lead = bytes[position]
        let length: Int
        var lowerBound: UInt8 = 0x80, upperBound: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; lowerBound = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; upperBound = 0x9F
        case 0xF0: length = 4; lowerBound = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; upperBound = 0x8F
        default: throw fail("invalid UTF-8 byte 0x\(String(lead, radix: 16, uppercase: true))")
        }
        guard position + length <= bytes.count else { throw fail("truncated UTF-8 sequence") }
        let second = bytes[position + 1]
        guard second >= lowerBound, second <= upperBound else { throw fail("invalid UTF-8 sequence") }
        for offset in 2..<length where bytes[position + offset] & 0xC0 != 0x80 {
            throw fail("invalid UTF-8 sequence")
        }
        position += length
    }

    private mutating func readNumber() throws(JSONSyntaxError) {
        let start = position
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard position < bytes.count, isDigit(bytes[position]) else { throw fail("invalid number: expected a digit") }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
            if position < bytes.count, isDigit(bytes[position]) {
                throw fail("invalid number: leading zeros are not allowed", at: start)
            }
        } else {
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard position < bytes.count, isDigit(bytes[position]) else {
                throw fail("invalid number: expected a digit after '.'")
            }
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard position < bytes.count, isDigit(bytes[position]) else {
                throw fail("invalid number: expected a digit in the exponent")
            }
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        entries.append(
            JSONTape.Entry(kind: .number, hasEscapes: false, start: Int32(start), end: Int32(position), count: 0))
    }

    @inline(__always)
    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private mutating func readLiteral(_ word: StaticString, kind: JSONTape.Kind) throws(JSONSyntaxError) {
        let count = word.utf8CodeUnitCount
        guard position + count <= bytes.count else { throw fail("invalid literal, expected '\(word)'") }
        let pointer = word.utf8Start
        for offset in 0..<count where bytes[position + offset] != pointer[offset] {
            throw fail("invalid literal, expected '\(word)'")
        }
        entries.append(
            JSONTape.Entry(kind: kind, hasEscapes: false, start: Int32(position), end: Int32(position + count), count: 0))
        position += count
    }

    static func describe(_ byte: UInt8) -> String {
        (0x21...0x7E).contains(byte) ? String(UnicodeScalar(byte)) : "0x" + String(byte, radix: 16, uppercase: true)
    }

    /// 1-based line and column (in bytes) of `offset`, for error messages.
    static func lineAndColumn(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        for index in 0..<min(offset, bytes.count) where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        return (line, offset - lineStart + 1)
    }
}
