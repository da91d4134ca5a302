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
        /// One bit per key of number 1...64 (`InternedKeys`) seen in this object.
        var keyMask: UInt64 = 0
    }

    private let base: UnsafePointer<UInt8>
    private let count: Int
    private var position = 0
    private let maxNesting: Int

    private var entries: UnsafeMutablePointer<JSONTape.Entry>
    private var entryCount = 0
    private var entryCapacity: Int
    /// The enclosing open containers, outermost first; the innermost is `top`.
    private var open: UnsafeMutablePointer<OpenContainer>
    private var openCount = 0
    private var openCapacity: Int
    /// The innermost open container (when `openCount > 0`), kept out of the stack and the
    /// tape so that counting a member is one add, not two dependent loads and a store
    /// the next member's count waits on.
    private var top = OpenContainer(entry: 0, keyBase: 0)
    /// Fingerprints of the keys of the open objects, innermost last.
    private var keys: UnsafeMutablePointer<UInt64>
    private var keyCount = 0
    private var keyCapacity: Int
    /// Some object may hold a key twice (equal fingerprints, an escaped key, or too many
    /// keys to compare cheaply): `JSONTape.rejectDuplicateKeys` then compares the keys.
    private var duplicateRisk = false
    private let internedKeys = InternedKeys.table

    static func parse(_ bytes: [UInt8], maxNesting: Int) throws(JSONSyntaxError) -> JSONTape {
        try parse(bytes, maxNesting: maxNesting, paths: .fastThenDiagnosing)
    }

    /// Which of the parser's two loops run (the fuzz target and the tests compare them).
    enum Paths {
        /// The fast path, and the diagnosing loop for what it refuses.
        case fastThenDiagnosing
        case diagnosingOnly
        /// Refusals say only that the fast path refused.
        case fastOnly
    }

    static func parse(_ bytes: [UInt8], maxNesting: Int, paths: Paths) throws(JSONSyntaxError) -> JSONTape {
        guard bytes.count < Int(Int32.max) else {
            throw JSONSyntaxError(offset: 0, message: "document too large", isNestingLimit: true)
        }
        let scratch = TapeScratchPool.take(bodyBytes: bytes.count)
        defer { TapeScratchPool.give(scratch) }
        let buffer = TapeScratchPool.takeEntries(bodyBytes: bytes.count)
        let accepted =
            paths == .diagnosingOnly
            ? nil
            : bytes.withUnsafeBufferPointer { parseFast($0, maxNesting: maxNesting, scratch: scratch, entries: buffer) }
        if let duplicateRisk = accepted {
            return JSONTape(bytes: bytes, entries: TapeEntries(storage: buffer), mayHaveDuplicateKeys: duplicateRisk)
        }
        if paths == .fastOnly {
            TapeScratchPool.giveEntryBuffer(buffer)
            throw JSONSyntaxError(offset: 0, message: "refused by the fast path")
        }
        // Refused by the fast path: the diagnosing loop finds the error and its offset.
        do {
            let duplicateRisk = try bytes.withUnsafeBufferPointer { all throws(JSONSyntaxError) -> Bool in
                // An empty body has no base address; one byte of padding stands in for it.
                let padding: UInt8 = 0
                return try withUnsafePointer(to: padding) { empty throws(JSONSyntaxError) in
                    var parser = JSONTapeParser(
                        base: all.baseAddress ?? empty, count: all.count, maxNesting: maxNesting, scratch: scratch,
                        entries: buffer)
                    defer { parser.handBack(to: scratch, entries: buffer) }
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
        self.entries = entries.pointer
        entryCapacity = entries.capacity
        open = scratch.open
        openCapacity = scratch.openCapacity
        keys = scratch.keys
        keyCapacity = scratch.keyCapacity
    }

    /// Returns the (possibly grown) buffers to their owners.
    private func handBack(to scratch: TapeScratch, entries buffer: TapeEntryBuffer) {
        buffer.adopt(entries, capacity: entryCapacity, count: entryCount)
        scratch.open = open
        scratch.openCapacity = openCapacity
        scratch.keys = keys
        scratch.keyCapacity = keyCapacity
    }

    private func fail(_ message: String, at offset: Int? = nil) -> JSONSyntaxError {
        JSONSyntaxError(offset: offset ?? position, message: message)
    }

    /// Doubles a buffer, keeping its first `used` elements.
    static func grow<Element>(_ buffer: inout UnsafeMutablePointer<Element>, _ capacity: inout Int, used: Int) {
        buffer = buffer.regrown(toCapacity: capacity * 2, keeping: used)
        capacity *= 2
    }

    @inline(__always)
    private mutating func append(_ kind: JSONTape.Kind, _ hasEscapes: Bool, _ start: Int, _ end: Int) {
        if entryCount == entryCapacity { Self.grow(&entries, &entryCapacity, used: entryCount) }
        (entries + entryCount).initialize(
            to: JSONTape.Entry(
                kind: kind, hasEscapes: hasEscapes, start: Int32(truncatingIfNeeded: start),
                end: Int32(truncatingIfNeeded: end), count: 0))
        entryCount += 1
    }

    @inline(__always)
    private mutating func skipWhitespace() {
        while position < count {
            let byte = base[position]
            if byte > 0x20 { return }
            switch byte {
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
                guard position < count else { throw fail("unexpected end of input, expected a value") }
                switch base[position] {
                case UInt8(ascii: "{"):
                    try openContainer(.object)
                    skipWhitespace()
                    if position < count, base[position] == UInt8(ascii: "}") {
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
                    if position < count, base[position] == UInt8(ascii: "]") {
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
                    throw fail("unexpected character '\(Self.describe(base[position]))', expected a value")
                }
                countMember()
                expectingValue = false
            } else {
                guard openCount > 0 else {
                    guard position == count else {
                        throw fail("unexpected '\(Self.describe(base[position]))' after the end of the document")
                    }
                    return
                }
                guard position < count else { throw fail("unexpected end of input, the document is incomplete") }
                let isObject = top.isObject
                switch base[position] {
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

    @inline(__always)
    private mutating func openContainer(_ kind: JSONTape.Kind) throws(JSONSyntaxError) {
        guard openCount < maxNesting else {
            throw JSONSyntaxError(
                offset: position, message: "nesting deeper than \(maxNesting) levels", isNestingLimit: true)
        }
        if openCount > 0 {
            if openCount > openCapacity { Self.grow(&open, &openCapacity, used: openCount - 1) }
            (open + openCount - 1).initialize(to: top)
        }
        top = OpenContainer(
            entry: Int32(truncatingIfNeeded: entryCount), keyBase: Int32(truncatingIfNeeded: keyCount),
            isObject: kind == .object)
        openCount += 1
        append(kind, false, position, 0)
        position += 1
    }

    @inline(__always)
    private mutating func closeContainer() {
        guard openCount > 0 else { return }
        openCount -= 1
        let closed = top
        let entry = entries + Int(closed.entry)
        entry.pointee.end = Int32(truncatingIfNeeded: entryCount)
        entry.pointee.count = closed.count
        if closed.isObject {
            checkKeys(from: Int(closed.keyBase))
            keyCount = Int(closed.keyBase)
        }
        if openCount > 0 { top = open[openCount - 1] }
        countMember()
    }

    /// Compares the fingerprints of one object's keys; equal ones (or too many to compare
    /// pairwise) only mark the document for the exact check.
    @inline(__always)
    private mutating func checkKeys(from first: Int) {
        if Self.keysMayRepeat(keys, from: first, to: keyCount) { duplicateRisk = true }
    }

    /// Whether two of the fingerprints `keys[first..<end]` (one object's keys) are equal,
    /// or there are too many to compare pairwise.
    @inline(__always)
    static func keysMayRepeat(_ keys: UnsafeMutablePointer<UInt64>, from first: Int, to end: Int) -> Bool {
        let keyTotal = end &- first
        guard keyTotal > 1 else { return false }
        guard keyTotal <= 16 else { return true }
        for later in first + 1..<end {
            let key = keys[later]
            for earlier in first..<later where keys[earlier] == key { return true }
        }
        return false
    }

    @inline(__always)
    private mutating func countMember() {
        if openCount > 0 { top.count += 1 }
    }

    @inline(__always)
    private mutating func readKeyAndColon() throws(JSONSyntaxError) {
        guard position < count, base[position] == UInt8(ascii: "\"") else {
            throw fail("expected a string key in an object")
        }
        try readString()
        let key = entries[entryCount - 1]
        if key.hasEscapes { duplicateRisk = true }
        let start = Int(key.start), length = Int(key.end) - start
        let (head, tail) = InternedKeys.words(length) { base[start + $0] }
        let number =
            key.hasEscapes || length > 16 ? 0 : internedKeys.number(head: head, tail: tail, length: length)
        entries[entryCount - 1].key = number
        if Self.isMasked(number) {
            let bit: UInt64 = 1 << UInt64(number &- 1)
            if top.keyMask & bit != 0 { duplicateRisk = true }
            top.keyMask |= bit
        } else {
            if keyCount == keyCapacity { Self.grow(&keys, &keyCapacity, used: keyCount) }
            (keys + keyCount).initialize(to: Self.fingerprint(head: head, tail: tail, length: length))
            keyCount += 1
        }
        skipWhitespace()
        guard position < count, base[position] == UInt8(ascii: ":") else {
            throw fail("expected ':' after an object key")
        }
        position += 1
    }

    /// A hash of a key's raw bytes by its length and `InternedKeys.words` (exact for keys
    /// of up to 16 bytes, up to hash collisions, which only cost the exact check).
    @inline(__always)
    static func fingerprint(head: UInt64, tail: UInt64, length: Int) -> UInt64 {
        let mixed = (head &* 0x9E37_79B9_7F4A_7C15) ^ (tail &* 0xC2B2_AE3D_27D4_EB4F).rotated(by: 29)
        return mixed ^ UInt64(length)
    }

    /// Whether a key of this number is checked for repeats by its mask bit (else by its
    /// fingerprint).
    @inline(__always)
    static func isMasked(_ number: UInt8) -> Bool { number &- 1 < UInt8(InternedKeys.maskedCount) }

    @inline(__always)
    private mutating func readString() throws(JSONSyntaxError) {
        let quote = position
        position += 1
        let start = position
        var hasEscapes = false
        while true {
            skipPlainStringBytes()
            guard position < count else { throw fail("unterminated string", at: quote) }
            let byte = base[position]
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
        append(.string, hasEscapes, start, position)
        position += 1
    }

    /// Skips 8 bytes at a time to the first quote, backslash, control character or
    /// non-ASCII byte (SWAR: "has a zero byte" tests on the whole word; the lowest flagged
    /// byte is exact, since a borrow only runs upward from a flagged byte).
    @inline(__always)
    private mutating func skipPlainStringBytes() {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        while position + 8 <= count {
            let word = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)
            let quote = word ^ (ones &* 0x22)
            let backslash = word ^ (ones &* 0x5C)
            let special =
                (((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | (word &- (ones &* 0x20)) | word)
                & highs
            if special != 0 {
                position += special.trailingZeroBitCount &>> 3
                return
            }
            position += 8
        }
    }

    private mutating func readEscape() throws(JSONSyntaxError) {
        guard position + 1 < count else { throw fail("unterminated escape") }
        switch base[position + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            position += 2
        case UInt8(ascii: "u"):
            guard position + 5 < count else { throw fail("incomplete \\u escape") }
            for offset in 2...5 where JSONEscapes.hexValue(base[position + offset]) == 0xFF {
                throw fail("invalid hex digit in \\u escape", at: position + offset)
            }
            position += 6
        default:
            throw fail("invalid escape '\\\(Self.describe(base[position + 1]))'")
        }
    }

    /// Validates one UTF-8 encoded scalar (no overlongs, no surrogates, at most U+10FFFF).
    private mutating func readUTF8Sequence() throws(JSONSyntaxError) {
        let byte = base[position]
        guard let lead = UTF8Lead(byte) else {
            throw fail("invalid UTF-8 byte 0x\(String(byte, radix: 16, uppercase: true))")
        }
        let length = lead.length
        guard position + length <= count else { throw fail("truncated UTF-8 sequence") }
        guard lead.allowsSecond(base[position + 1]) else { throw fail("invalid UTF-8 sequence") }
        for offset in 2..<length where base[position + offset] & 0xC0 != 0x80 {
            throw fail("invalid UTF-8 sequence")
        }
        position += length
    }

    @inline(__always)
    private mutating func readNumber() throws(JSONSyntaxError) {
        let start = position
        if base[position] == UInt8(ascii: "-") { position += 1 }
        guard position < count, isDigit(base[position]) else { throw fail("invalid number: expected a digit") }
        if base[position] == UInt8(ascii: "0") {
            position += 1
            if position < count, isDigit(base[position]) {
                throw fail("invalid number: leading zeros are not allowed", at: start)
            }
        } else {
            while position < count, isDigit(base[position]) { position += 1 }
        }
        if position < count, base[position] == UInt8(ascii: ".") {
            position += 1
            guard position < count, isDigit(base[position]) else {
                throw fail("invalid number: expected a digit after '.'")
            }
            while position < count, isDigit(base[position]) { position += 1 }
        }
        if position < count, base[position] == UInt8(ascii: "e") || base[position] == UInt8(ascii: "E") {
            position += 1
            if position < count, base[position] == UInt8(ascii: "+") || base[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard position < count, isDigit(base[position]) else {
                throw fail("invalid number: expected a digit in the exponent")
            }
            while position < count, isDigit(base[position]) { position += 1 }
        }
        append(.number, false, start, position)
    }

    @inline(__always)
    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private mutating func readLiteral(_ word: StaticString, kind: JSONTape.Kind) throws(JSONSyntaxError) {
        let length = word.utf8CodeUnitCount
        guard position + length <= count else { throw fail("invalid literal, expected '\(word)'") }
        let pointer = word.utf8Start
        for offset in 0..<length where base[position + offset] != pointer[offset] {
            throw fail("invalid literal, expected '\(word)'")
        }
        append(kind, false, position, position + length)
        position += length
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
