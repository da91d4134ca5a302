/// A JSON syntax error at a byte offset.
struct JSONSyntaxError: Error {
    var offset: Int
    var message: String
    /// Nesting too deep is a size problem (413), not malformed input (400).
    var isNestingLimit = false
}

/// One pass over the bytes (RFC 8259): validates the grammar, UTF-8 and escapes, and
/// builds the tape. Iterative with an explicit stack, so no input can exhaust the call
/// stack; nesting is bounded by `maxNesting`. Writes the entries straight into the buffer
/// the tape keeps, and works in raw buffers borrowed from `TapeScratchPool` (no per-value
/// bounds or uniqueness checks, no allocation once warm).
struct JSONTapeParser {
    /// An open container: its tape index, where its keys start on the key stack, its
    /// members so far and whether it is an object.
    struct OpenContainer {
        var entry: Int32
        var keyBase: Int32
        var count: Int32 = 0
        var isObject = false
    }

    /// What the parser expects next.
    private enum Expecting {
        case value, key, separator
    }

    private let base: UnsafePointer<UInt8>
    private let count: Int
    private let maxNesting: Int

    /// The entries' buffer (replaced when it grows) and its first element.
    private var buffer: TapeEntryBuffer
    private var entries: UnsafeMutablePointer<JSONTape.Entry>
    private var entryCount = 0
    private var entryCapacity: Int
    /// The enclosing open containers, outermost first (the innermost is kept apart).
    private var open: UnsafeMutablePointer<OpenContainer>
    private var openCapacity: Int
    /// Fingerprints of the keys of the open objects, innermost last.
    private var keys: UnsafeMutablePointer<UInt64>
    private var keyCapacity: Int
    /// Some object may hold a key twice (equal fingerprints, an escaped key, or too many
    /// keys to compare cheaply): `JSONTape.rejectDuplicateKeys` then compares the keys.
    private var duplicateRisk = false

    static func parse(_ bytes: [UInt8], maxNesting: Int) throws(JSONSyntaxError) -> JSONTape {
        guard bytes.count < Int(Int32.max) else {
            throw JSONSyntaxError(offset: 0, message: "document too large", isNestingLimit: true)
        }
        let scratch = TapeScratchPool.take(bodyBytes: bytes.count)
        defer { TapeScratchPool.give(scratch) }
        var buffer = TapeScratchPool.takeEntries(bodyBytes: bytes.count)
        do {
            let duplicateRisk = try bytes.withUnsafeBufferPointer { all throws(JSONSyntaxError) -> Bool in
                // An empty body has no base address; one byte of padding stands in for it.
                let padding: UInt8 = 0
                return try withUnsafePointer(to: padding) { empty throws(JSONSyntaxError) in
                    var parser = JSONTapeParser(
                        base: all.baseAddress ?? empty, count: all.count, maxNesting: maxNesting, scratch: scratch,
                        entries: buffer)
                    defer { parser.handBack(to: scratch, entries: &buffer) }
                    try parser.run()
                    return parser.duplicateRisk
                }
            }
            return JSONTape(bytes: bytes, entries: TapeEntries(storage: buffer), mayHaveDuplicateKeys: duplicateRisk)
        } catch {
            TapeScratchPool.giveEntryBuffer(buffer)
            throw error
        }
    }

    private init(
        base: UnsafePointer<UInt8>, count: Int, maxNesting: Int, scratch: TapeScratch, entries: TapeEntryBuffer
    ) {
        self.base = base
        self.count = count
        self.maxNesting = maxNesting
        buffer = entries
        self.entries = entries.entryPointer
        entryCapacity = entries.header.capacity
        open = scratch.open
        openCapacity = scratch.openCapacity
        keys = scratch.keys
        keyCapacity = scratch.keyCapacity
    }

    /// Returns the (possibly grown) buffers to their owners.
    private func handBack(to scratch: TapeScratch, entries: inout TapeEntryBuffer) {
        entries = buffer
        entries.header.count = entryCount
        scratch.open = open
        scratch.openCapacity = openCapacity
        scratch.keys = keys
        scratch.keyCapacity = keyCapacity
    }

    /// A buffer of twice the entries, holding the first `used` of `buffer`'s.
    private static func grown(_ buffer: TapeEntryBuffer, used: Int) -> TapeEntryBuffer {
        let larger = TapeEntryBuffer.make(capacity: buffer.header.capacity * 2)
        larger.entryPointer.initialize(from: buffer.entryPointer, count: used)
        return larger
    }

    /// Doubles a buffer, keeping its first `used` elements.
    private static func grown<Element>(
        _ buffer: UnsafeMutablePointer<Element>, _ capacity: Int, used: Int
    ) -> UnsafeMutablePointer<Element> {
        let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: buffer, count: used)
        buffer.deallocate()
        return larger
    }

    /// The grammar as a loop over local state (no stores through `self` per byte, which
    /// the compiler could not keep in registers across writes to the tape); only the rare
    /// paths (escapes, non-ASCII, errors, growth) leave it.
    private mutating func run() throws(JSONSyntaxError) {
        let base = self.base, count = self.count, maxNesting = self.maxNesting
        var position = 0
        var buffer = self.buffer
        var entries = self.entries, entryCount = 0, entryCapacity = self.entryCapacity
        var open = self.open, openCount = 0, openCapacity = self.openCapacity
        var keys = self.keys, keyCount = 0, keyCapacity = self.keyCapacity
        var duplicateRisk = false
        // The innermost open container (when `openCount > 0`), kept out of the stack and
        // the tape, so that counting a member is one add.
        var top = OpenContainer(entry: 0, keyBase: 0)
        defer {
            self.buffer = buffer
            self.entries = entries
            self.entryCount = entryCount
            self.entryCapacity = entryCapacity
            self.open = open
            self.openCapacity = openCapacity
            self.keys = keys
            self.keyCapacity = keyCapacity
            self.duplicateRisk = duplicateRisk
        }

        @inline(__always)
        func append(_ kind: JSONTape.Kind, _ hasEscapes: Bool, _ start: Int, _ end: Int) {
            if entryCount == entryCapacity {
                buffer = Self.grown(buffer, used: entryCount)
                entries = buffer.entryPointer
                entryCapacity = buffer.header.capacity
            }
            (entries + entryCount).initialize(
                to: JSONTape.Entry(
                    kind: kind, hasEscapes: hasEscapes, start: Int32(truncatingIfNeeded: start),
                    end: Int32(truncatingIfNeeded: end), count: 0))
            entryCount += 1
        }

        var expecting = Expecting.value
        while true {
            if position < count, base[position] <= 0x20 { position = Self.skipWhitespace(base, count, position) }
            switch expecting {
            case .value:
                guard position < count else { throw Self.fail("unexpected end of input, expected a value", at: position) }
                let byte = base[position]
                switch byte {
                case UInt8(ascii: "\""):
                    let (end, hasEscapes) = try Self.scanString(base, count, quote: position)
                    append(.string, hasEscapes, position + 1, end)
                    position = end + 1
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    let end = try Self.scanNumber(base, count, from: position)
                    append(.number, false, position, end)
                    position = end
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    guard openCount < maxNesting else {
                        throw JSONSyntaxError(
                            offset: position, message: "nesting deeper than \(maxNesting) levels", isNestingLimit: true)
                    }
                    let isObject = byte == UInt8(ascii: "{")
                    if openCount > 0 {
                        if openCount > openCapacity {
                            open = Self.grown(open, openCapacity, used: openCount - 1)
                            openCapacity *= 2
                        }
                        (open + openCount - 1).initialize(to: top)
                    }
                    top = OpenContainer(
                        entry: Int32(truncatingIfNeeded: entryCount), keyBase: Int32(truncatingIfNeeded: keyCount),
                        isObject: isObject)
                    openCount += 1
                    append(isObject ? .object : .array, false, position, 0)
                    position += 1
                    if position < count, base[position] <= 0x20 {
                        position = Self.skipWhitespace(base, count, position)
                    }
                    // An empty container closes where a separator would; anything else
                    // starts its first member.
                    let closer = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                    if position < count, base[position] == closer {
                        expecting = .separator
                    } else if isObject {
                        expecting = .key
                    }
                    continue
                case UInt8(ascii: "t"):
                    position = try Self.scanLiteral("true", base, count, at: position)
                    append(.true, false, position - 4, position)
                case UInt8(ascii: "f"):
                    position = try Self.scanLiteral("false", base, count, at: position)
                    append(.false, false, position - 5, position)
                case UInt8(ascii: "n"):
                    position = try Self.scanLiteral("null", base, count, at: position)
                    append(.null, false, position - 4, position)
                default:
                    throw Self.fail("unexpected character '\(Self.describe(byte))', expected a value", at: position)
                }
                if openCount > 0 { top.count += 1 }
                expecting = .separator
            case .key:
                guard position < count, base[position] == UInt8(ascii: "\"") else {
                    throw Self.fail("expected a string key in an object", at: position)
                }
                let (end, hasEscapes) = try Self.scanString(base, count, quote: position)
                let start = position + 1
                append(.string, hasEscapes, start, end)
                if hasEscapes { duplicateRisk = true }
                if keyCount == keyCapacity {
                    keys = Self.grown(keys, keyCapacity, used: keyCount)
                    keyCapacity *= 2
                }
                (keys + keyCount).initialize(to: Self.fingerprint(base, count, from: start, to: end))
                keyCount += 1
                position = end + 1
                if position < count, base[position] <= 0x20 { position = Self.skipWhitespace(base, count, position) }
                guard position < count, base[position] == UInt8(ascii: ":") else {
                    throw Self.fail("expected ':' after an object key", at: position)
                }
                position += 1
                expecting = .value
            case .separator:
                guard openCount > 0 else {
                    guard position == count else {
                        throw Self.fail(
                            "unexpected '\(Self.describe(base[position]))' after the end of the document", at: position)
                    }
                    return
                }
                guard position < count else {
                    throw Self.fail("unexpected end of input, the document is incomplete", at: position)
                }
                let byte = base[position]
                if byte == UInt8(ascii: ",") {
                    position += 1
                    expecting = top.isObject ? .key : .value
                    continue
                }
                guard byte == (top.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else {
                    throw Self.fail(
                        top.isObject ? "expected ',' or '}' in an object" : "expected ',' or ']' in an array",
                        at: position)
                }
                position += 1
                openCount -= 1
                let closed = top
                let entry = entries + Int(closed.entry)
                entry.pointee.end = Int32(truncatingIfNeeded: entryCount)
                entry.pointee.count = closed.count
                if closed.isObject {
                    let first = Int(closed.keyBase)
                    if Self.mayRepeat(keys, from: first, to: keyCount) { duplicateRisk = true }
                    keyCount = first
                }
                if openCount > 0 {
                    top = open[openCount - 1]
                    top.count += 1
                }
            }
        }
    }

    private static func fail(_ message: String, at offset: Int) -> JSONSyntaxError {
        JSONSyntaxError(offset: offset, message: message)
    }

    /// The offset of the first byte from `position` on that is not JSON whitespace.
    @inline(__always)
    private static func skipWhitespace(_ base: UnsafePointer<UInt8>, _ count: Int, _ position: Int) -> Int {
        var position = position
        while position < count {
            switch base[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return position
            }
        }
        return position
    }

    /// Whether two of one object's key fingerprints are equal (or the keys are too many
    /// to compare pairwise): only then does the document need the exact check.
    @inline(__always)
    private static func mayRepeat(_ keys: UnsafeMutablePointer<UInt64>, from first: Int, to end: Int) -> Bool {
        let keyTotal = end - first
        guard keyTotal > 1 else { return false }
        guard keyTotal <= 16 else { return true }
        for later in first + 1..<end {
            let key = keys[later]
            for earlier in first..<later where keys[earlier] == key { return true }
        }
        return false
    }

    /// A hash of a key's raw bytes: its length, first and last eight bytes (exact for keys
    /// of up to 16 bytes, up to hash collisions, which only cost the exact check).
    @inline(__always)
    private static func fingerprint(_ base: UnsafePointer<UInt8>, _ count: Int, from start: Int, to end: Int) -> UInt64 {
        let length = end - start
        var head: UInt64 = 0, tail: UInt64 = 0
        if length >= 8 {
            head = UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self)
            tail = UnsafeRawPointer(base + end - 8).loadUnaligned(as: UInt64.self)
        } else if start + 8 <= count {
            head = UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self) & ((1 << UInt64(length &* 8)) &- 1)
        } else {
            for offset in 0..<length { head |= UInt64(base[start + offset]) << UInt64(offset &* 8) }
        }
        let mixed = (head &* 0x9E37_79B9_7F4A_7C15) ^ (tail &* 0xC2B2_AE3D_27D4_EB4F).rotated(by: 29)
        return mixed ^ UInt64(length)
    }

    /// The SWAR mask of the bytes of `word` that end a plain run of string content: a quote,
    /// a backslash, a control character or a non-ASCII byte ("has a zero byte" tests on the
    /// whole word; the lowest flagged byte is exact, since a borrow only runs upward from a
    /// flagged byte).
    @inline(__always)
    private static func specialBytes(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        return (((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | (word &- (ones &* 0x20)) | word)
            & 0x8080_8080_8080_8080
    }

    /// The offset of the closing quote of the string opening at `quote`, and whether it
    /// holds escapes. Plain ASCII strings (nearly all keys and values) end in the first
    /// loop; the rest continue in `scanStringSlowly`.
    @inline(__always)
    private static func scanString(
        _ base: UnsafePointer<UInt8>, _ count: Int, quote: Int
    ) throws(JSONSyntaxError) -> (end: Int, hasEscapes: Bool) {
        var position = quote + 1
        while position + 8 <= count {
            let special = specialBytes(UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
            if special != 0 {
                position += special.trailingZeroBitCount &>> 3
                if base[position] == UInt8(ascii: "\"") { return (position, false) }
                break
            }
            position += 8
        }
        return try scanStringSlowly(base, count, quote: quote, from: position)
    }

    /// `scanString` from `position` on: escapes, UTF-8 sequences, control characters and
    /// the last bytes of the body.
    private static func scanStringSlowly(
        _ base: UnsafePointer<UInt8>, _ count: Int, quote: Int, from start: Int
    ) throws(JSONSyntaxError) -> (end: Int, hasEscapes: Bool) {
        var position = start
        var hasEscapes = false
        while true {
            while position + 8 <= count {
                let special = specialBytes(UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
                if special != 0 {
                    position += special.trailingZeroBitCount &>> 3
                    break
                }
                position += 8
            }
            guard position < count else { throw fail("unterminated string", at: quote) }
            let byte = base[position]
            if byte == UInt8(ascii: "\"") { return (position, hasEscapes) }
            if byte == UInt8(ascii: "\\") {
                hasEscapes = true
                position = try scanEscape(base, count, at: position)
            } else if byte < 0x20 {
                throw fail(
                    "control character U+\(String(byte, radix: 16, uppercase: true)) must be escaped in a string",
                    at: position)
            } else if byte >= 0x80 {
                position = try scanUTF8Sequence(base, count, at: position)
            } else {
                position += 1
            }
        }
    }

    /// The offset past the escape at `position` (a backslash).
    private static func scanEscape(
        _ base: UnsafePointer<UInt8>, _ count: Int, at position: Int
    ) throws(JSONSyntaxError) -> Int {
        guard position + 1 < count else { throw fail("unterminated escape", at: position) }
        switch base[position + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return position + 2
        case UInt8(ascii: "u"):
            guard position + 5 < count else { throw fail("incomplete \\u escape", at: position) }
            for offset in 2...5 where JSONEscapes.hexValue(base[position + offset]) == 0xFF {
                throw fail("invalid hex digit in \\u escape", at: position + offset)
            }
            return position + 6
        default:
            throw fail("invalid escape '\\\(describe(base[position + 1]))'", at: position)
        }
    }

    /// The offset past one UTF-8 encoded scalar at `position`, validated (no overlongs, no
    /// surrogates, at most U+10FFFF).
    private static func scanUTF8Sequence(
        _ base: UnsafePointer<UInt8>, _ count: Int, at position: Int
    ) throws(JSONSyntaxError) -> Int {
        let lead = base[position]
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
        default: throw fail("invalid UTF-8 byte 0x\(String(lead, radix: 16, uppercase: true))", at: position)
        }
        guard position + length <= count else { throw fail("truncated UTF-8 sequence", at: position) }
        let second = base[position + 1]
        guard second >= lowerBound, second <= upperBound else { throw fail("invalid UTF-8 sequence", at: position) }
        for offset in 2..<length where base[position + offset] & 0xC0 != 0x80 {
            throw fail("invalid UTF-8 sequence", at: position)
        }
        return position + length
    }

    /// The offset past the number starting at `start`; integers take the first loop only.
    @inline(__always)
    private static func scanNumber(
        _ base: UnsafePointer<UInt8>, _ count: Int, from start: Int
    ) throws(JSONSyntaxError) -> Int {
        var position = start
        if base[position] == UInt8(ascii: "-") { position += 1 }
        guard position < count, isDigit(base[position]) else {
            throw fail("invalid number: expected a digit", at: position)
        }
        if base[position] == UInt8(ascii: "0") {
            position += 1
            if position < count, isDigit(base[position]) {
                throw fail("invalid number: leading zeros are not allowed", at: start)
            }
        } else {
            position += 1
            while position < count, isDigit(base[position]) { position += 1 }
        }
        guard position < count, base[position] == UInt8(ascii: ".") || base[position] | 0x20 == UInt8(ascii: "e")
        else { return position }
        return try scanFractionAndExponent(base, count, at: position)
    }

    /// The offset past a number's fraction and exponent, starting at `position`.
    private static func scanFractionAndExponent(
        _ base: UnsafePointer<UInt8>, _ count: Int, at start: Int
    ) throws(JSONSyntaxError) -> Int {
        var position = start
        if base[position] == UInt8(ascii: ".") {
            position += 1
            guard position < count, isDigit(base[position]) else {
                throw fail("invalid number: expected a digit after '.'", at: position)
            }
            while position < count, isDigit(base[position]) { position += 1 }
        }
        if position < count, base[position] == UInt8(ascii: "e") || base[position] == UInt8(ascii: "E") {
            position += 1
            if position < count, base[position] == UInt8(ascii: "+") || base[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard position < count, isDigit(base[position]) else {
                throw fail("invalid number: expected a digit in the exponent", at: position)
            }
            while position < count, isDigit(base[position]) { position += 1 }
        }
        return position
    }

    @inline(__always)
    private static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    /// The offset past the literal `word` at `position`.
    private static func scanLiteral(
        _ word: StaticString, _ base: UnsafePointer<UInt8>, _ count: Int, at position: Int
    ) throws(JSONSyntaxError) -> Int {
        let length = word.utf8CodeUnitCount
        guard position + length <= count else { throw fail("invalid literal, expected '\(word)'", at: position) }
        let pointer = word.utf8Start
        for offset in 0..<length where base[position + offset] != pointer[offset] {
            throw fail("invalid literal, expected '\(word)'", at: position)
        }
        return position + length
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
