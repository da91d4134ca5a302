/// The tape parser's fast path for documents it accepts: the same grammar and the same
/// tape as the diagnosing loop in `JSONTapeParser`, but on a copy of the body padded with
/// zero bytes, so that no read needs a bounds check (a zero byte ends every scan and is
/// valid nowhere), and with all of its state in locals (no stores through `self` per
/// byte). It says nothing about errors: on any refusal it returns nil and the caller runs
/// the diagnosing parser, whose message and offset are the answer.
extension JSONTapeParser {
    /// `type` and `id` as `InternedKeys.words` reads them (little-endian).
    private static let typeWord: UInt64 = 0x6570_7974
    private static let idWord: UInt64 = 0x6469

    /// Zero bytes after the copy: more than the longest read past a scan's position
    /// (an 8-byte word, or a `\u` escape's five bytes).
    static let fastPathPadding = 64

    /// Parses `bytes` into `buffer`, working in `scratch`: whether some object may hold a
    /// key twice, or nil if the document is refused (or nests deeper than `maxNesting`).
    static func parseFast(
        _ bytes: UnsafeBufferPointer<UInt8>, maxNesting: Int, scratch: TapeScratch, entries buffer: TapeEntryBuffer
    ) -> Bool? {
        let count = bytes.count
        let b = UnsafePointer(scratch.paddedCopy(of: bytes, padding: fastPathPadding))

        // Every piece of state is a local of this one function, and nothing takes the
        // address of one (no nested functions, no `inout` calls), so that the hot ones can
        // live in registers: the diagnosing loop's state lives in `self`, in memory. Entries
        // are written through a cursor (`slot`), not at an index, which saves a register.
        var entries = buffer.pointer
        var entryCapacity = buffer.capacity
        var slot = entries
        var open = scratch.open
        var openCapacity = scratch.openCapacity
        var openCount = 0
        /// The innermost open container, in the stack at `open[openCount]` (the document
        /// itself at `open[0]`, never read): counting members and marking keys in memory
        /// costs less than the registers its fields took from the rest of the loop.
        var top = open
        var keys = scratch.keys
        var keyCapacity = scratch.keyCapacity
        var keyCount = 0
        var duplicateRisk = false
        let internedKeys = InternedKeys.table
        var i = 0
        /// A key comes before the next value (after `{` or a `,` in an object).
        var needsKey = false
        var accepted: Bool?

        growing: while true {
            if entries + entryCapacity - slot < 2 {
                let used = slot - entries
                (entries, entryCapacity) = grown(entries, entryCapacity, used: used)
                slot = entries + used
            }
            // At most a key and a value (or a container) are added per pass. The growth
            // call stays outside this loop: inside it, six of the loop's variables went to
            // the stack and back on every pass.
            let limit = entries + (entryCapacity &- 2)
            parsing: while slot <= limit {
                if needsKey {
                    needsKey = false
                    i = skipWhitespace(b, i)
                    guard b[i] == UInt8(ascii: "\"") else { break growing }
                    let start = i &+ 1
                    // Most keys are numbered: found by their first quote alone (a match
                    // has no quote, backslash, control or non-ASCII byte, as no listed
                    // name has), without checking their bytes for those first.
                    var (end, head, tail) = quotedKeyWords(b, from: start)
                    var length = end &- start
                    // `type` and `id`, a third of a request's keys, by their words alone.
                    var number: UInt8
                    if length == 4 && head == Self.typeWord {
                        number = InternedKeys.type
                    } else if length == 2 && head == Self.idWord {
                        number = InternedKeys.id
                    } else {
                        number = end < 0 ? 0 : internedKeys.number(head: head, tail: tail, length: length)
                    }
                    var hasEscapes = false
                    if number == 0 {
                        (end, hasEscapes, number, head, tail) = otherKey(b, from: start, internedKeys)
                        guard end >= 0 else { break growing }
                        length = end &- start
                        if hasEscapes { duplicateRisk = true }
                    }
                    put(slot, .string, hasEscapes, start, end, key: number)
                    slot += 1
                    if isMasked(number) {
                        // A masked number is 1...64, so the shift is below 64 (no smart-shift checks).
                        let bit: UInt64 = 1 &<< UInt64(truncatingIfNeeded: number &- 1)
                        if top.pointee.keyMask & bit != 0 { duplicateRisk = true }
                        top.pointee.keyMask |= bit
                    } else {
                        if keyCount == keyCapacity { (keys, keyCapacity) = grown(keys, keyCapacity, used: keyCount) }
                        (keys + keyCount).initialize(to: fingerprint(head: head, tail: tail, length: length))
                        keyCount &+= 1
                    }
                    // The colon nearly always follows the key at once.
                    i = end &+ 1
                    if b[i] != UInt8(ascii: ":") {
                        i = skipWhitespace(b, i)
                        guard b[i] == UInt8(ascii: ":") else { break growing }
                    }
                    i &+= 1
                }
                // A value starts here.
                i = skipWhitespace(b, i)
                let first = b[i]
                switch first {
                case UInt8(ascii: "\""):
                    let start = i &+ 1
                    var end = plainStringEnd(b, from: start)
                    var hasEscapes = false
                    if end < 0 { (end, hasEscapes) = scanString(b, from: start) }
                    guard end >= 0 else { break growing }
                    put(slot, .string, hasEscapes, start, end)
                    slot += 1
                    i = end &+ 1
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    guard openCount < maxNesting else { break growing }
                    let isObject = first == UInt8(ascii: "{")
                    let index = offset(of: slot, in: entries)
                    let inside = skipWhitespace(b, i &+ 1)
                    if b[inside] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                        // Empty: closed at once (never opened), as the diagnosing loop's
                        // open and close leave it.
                        put(slot, isObject ? .object : .array, false, i, index &+ 1)
                        slot += 1
                        i = inside &+ 1
                    } else {
                        openCount &+= 1
                        if openCount == openCapacity {
                            (open, openCapacity) = grown(open, openCapacity, used: openCount)
                        }
                        top = open + openCount
                        top.initialize(
                            to: OpenContainer(
                                entry: Int32(truncatingIfNeeded: index),
                                keyBase: Int32(truncatingIfNeeded: keyCount), isObject: isObject))
                        put(slot, isObject ? .object : .array, false, i, 0)
                        slot += 1
                        i = inside
                        needsKey = isObject
                        continue parsing
                    }
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    let end = scanNumber(b, from: i)
                    guard end >= 0 else { break growing }
                    put(slot, .number, false, i, end)
                    slot += 1
                    i = end
                case UInt8(ascii: "t"), UInt8(ascii: "n"):
                    let isTrue = first == UInt8(ascii: "t")
                    guard matches(b, i, isTrue ? "true" : "null") else { break growing }
                    put(slot, isTrue ? .true : .null, false, i, i &+ 4)
                    slot += 1
                    i &+= 4
                case UInt8(ascii: "f"):
                    guard matches(b, i &+ 1, "alse") else { break growing }
                    put(slot, .false, false, i, i &+ 5)
                    slot += 1
                    i &+= 5
                default:
                    break growing
                }
                // A value ended: count it as a member of the enclosing container, then close
                // every container that ends here.
                while true {
                    guard openCount > 0 else {
                        if skipWhitespace(b, i) == count { accepted = duplicateRisk }
                        break growing
                    }
                    top.pointee.count &+= 1
                    i = skipWhitespace(b, i)
                    let byte = b[i]
                    let isObject = top.pointee.isObject
                    if byte == UInt8(ascii: ",") {
                        i &+= 1
                        needsKey = isObject
                        continue parsing
                    }
                    guard byte == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else { break growing }
                    i &+= 1
                    let closed = top.pointee
                    let entry = entries + Int(closed.entry)
                    entry.pointee.end = Int32(truncatingIfNeeded: offset(of: slot, in: entries))
                    entry.pointee.count = closed.count
                    if isObject {
                        if keysMayRepeat(keys, from: Int(closed.keyBase), to: keyCount) { duplicateRisk = true }
                        keyCount = Int(closed.keyBase)
                    }
                    openCount &-= 1
                    top -= 1
                }
            }
        }
        buffer.adopt(entries, capacity: entryCapacity, count: slot - entries)
        scratch.open = open
        scratch.openCapacity = openCapacity
        scratch.keys = keys
        scratch.keyCapacity = keyCapacity
        return accepted
    }

    /// `slot - entries`, by an unsigned division (a pointer difference's division also
    /// handles negative distances, which `slot` never is from `entries`).
    @inline(__always)
    private static func offset(
        of slot: UnsafeMutablePointer<JSONTape.Entry>, in entries: UnsafeMutablePointer<JSONTape.Entry>
    ) -> Int {
        let bytes = UInt(bitPattern: Int(bitPattern: slot) &- Int(bitPattern: entries))
        return Int(bitPattern: bytes / UInt(MemoryLayout<JSONTape.Entry>.stride))
    }

    @inline(__always)
    private static func put(
        _ slot: UnsafeMutablePointer<JSONTape.Entry>, _ kind: JSONTape.Kind, _ hasEscapes: Bool, _ start: Int,
        _ end: Int, key: UInt8 = 0
    ) {
        slot.initialize(
            to: JSONTape.Entry(
                kind: kind, hasEscapes: hasEscapes, key: key, start: Int32(truncatingIfNeeded: start),
                end: Int32(truncatingIfNeeded: end), count: 0))
    }

    /// `buffer` doubled (its first `used` elements moved), by value: a call taking a local
    /// `inout` would keep that local in memory for the whole loop.
    private static func grown<Element>(
        _ buffer: UnsafeMutablePointer<Element>, _ capacity: Int, used: Int
    ) -> (UnsafeMutablePointer<Element>, Int) {
        var buffer = buffer, capacity = capacity
        grow(&buffer, &capacity, used: used)
        return (buffer, capacity)
    }

    @inline(__always)
    private static func skipWhitespace(_ b: UnsafePointer<UInt8>, _ start: Int) -> Int {
        var i = start
        while b[i] <= 0x20 {
            switch b[i] {
            case 0x20, 0x09, 0x0A, 0x0D: i &+= 1
            default: return i
            }
        }
        return i
    }

    /// The closing quote's offset of a string of at most 16 plain bytes (ASCII, no
    /// backslash or control character) whose content starts at `start`, else -1 (then
    /// `scanString` reads it). Nearly every key and value string of a request is one of
    /// these, and two words checked here cost less than the call to `scanString`.
    @inline(__always)
    private static func plainStringEnd(_ b: UnsafePointer<UInt8>, from start: Int) -> Int {
        var special = specialBytes(UnsafeRawPointer(b + start).loadUnaligned(as: UInt64.self))
        var base = start
        if special == 0 {
            base = start &+ 8
            special = specialBytes(UnsafeRawPointer(b + base).loadUnaligned(as: UInt64.self))
            if special == 0 { return -1 }
        }
        let end = base &+ (special.trailingZeroBitCount &>> 3)
        return b[end] == UInt8(ascii: "\"") ? end : -1
    }

    /// The high bit of each byte of `word` that is a quote, a backslash, a control
    /// character or non-ASCII (SWAR "has a zero byte" tests; the lowest flagged byte is
    /// exact, since a borrow only runs upward from a flagged byte).
    @inline(__always)
    private static func specialBytes(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        return (((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | (word &- (ones &* 0x20)) | word)
            & highs
    }

    /// The closing quote's offset of the string whose content starts at `start`, and
    /// whether it holds escapes; -1 if it is refused (unterminated, a control character,
    /// a bad escape or bad UTF-8).
    @inline(__always)
    private static func scanString(_ b: UnsafePointer<UInt8>, from start: Int) -> (Int, Bool) {
        var i = start
        var hasEscapes = false
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        while true {
            // 8 bytes at a time to the first quote, backslash, control or non-ASCII byte
            // (as `skipPlainStringBytes`); the padding's zeros stop it at the end.
            let word = UnsafeRawPointer(b + i).loadUnaligned(as: UInt64.self)
            let quote = word ^ (ones &* 0x22)
            let backslash = word ^ (ones &* 0x5C)
            let special =
                (((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | (word &- (ones &* 0x20)) | word)
                & highs
            if special == 0 {
                i &+= 8
                continue
            }
            i &+= special.trailingZeroBitCount &>> 3
            let byte = b[i]
            if byte == UInt8(ascii: "\"") { return (i, hasEscapes) }
            if byte == UInt8(ascii: "\\") {
                hasEscapes = true
                switch b[i &+ 1] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                    UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    i &+= 2
                case UInt8(ascii: "u"):
                    for offset in 2...5 where JSONEscapes.hexValue(b[i &+ offset]) == 0xFF { return (-1, false) }
                    i &+= 6
                default:
                    return (-1, false)
                }
            } else if byte < 0x20 {
                return (-1, false)
            } else {
                let length = utf8SequenceLength(b, at: i)
                guard length > 0 else { return (-1, false) }
                i &+= length
            }
        }
    }

    /// The length of the valid UTF-8 scalar at `i` (no overlongs, no surrogates, at most
    /// U+10FFFF), or 0.
    private static func utf8SequenceLength(_ b: UnsafePointer<UInt8>, at i: Int) -> Int {
        guard let lead = UTF8Lead(b[i]), lead.allowsSecond(b[i &+ 1]) else { return 0 }
        for offset in 2..<lead.length where b[i &+ offset] & 0xC0 != 0x80 { return 0 }
        return lead.length
    }

    /// One past the number starting at `start`, or -1 if it is refused.
    @inline(__always)
    private static func scanNumber(_ b: UnsafePointer<UInt8>, from start: Int) -> Int {
        var i = start
        if b[i] == UInt8(ascii: "-") { i &+= 1 }
        if b[i] == UInt8(ascii: "0") {
            i &+= 1
            if isDigit(b[i]) { return -1 }
        } else {
            guard isDigit(b[i]) else { return -1 }
            repeat { i &+= 1 } while isDigit(b[i])
        }
        if b[i] == UInt8(ascii: ".") {
            i &+= 1
            guard isDigit(b[i]) else { return -1 }
            repeat { i &+= 1 } while isDigit(b[i])
        }
        if b[i] | 0x20 == UInt8(ascii: "e") {
            i &+= 1
            if b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") { i &+= 1 }
            guard isDigit(b[i]) else { return -1 }
            repeat { i &+= 1 } while isDigit(b[i])
        }
        return i
    }

    @inline(__always)
    private static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    /// Whether the four bytes at `i` spell `word`.
    @inline(__always)
    private static func matches(_ b: UnsafePointer<UInt8>, _ i: Int, _ word: StaticString) -> Bool {
        UnsafeRawPointer(b + i).loadUnaligned(as: UInt32.self)
            == UnsafeRawPointer(word.utf8Start).loadUnaligned(as: UInt32.self)
    }

    /// A key that is not a numbered one read by its first quote: its closing quote (-1 if
    /// refused), whether it holds escapes, its number (if any) and its `InternedKeys.words`.
    /// Out of line, so that its values take no registers from the loop.
    @inline(never)
    private static func otherKey(
        _ b: UnsafePointer<UInt8>, from start: Int, _ internedKeys: InternedKeys.Table
    ) -> (Int, Bool, UInt8, UInt64, UInt64) {
        var end = plainStringEnd(b, from: start)
        var hasEscapes = false
        if end < 0 { (end, hasEscapes) = scanString(b, from: start) }
        guard end >= 0 else { return (-1, false, 0, 0, 0) }
        let length = end &- start
        let (head, tail) = keyWords(b, from: start, to: end)
        let number = hasEscapes || length > 16 ? 0 : internedKeys.number(head: head, tail: tail, length: length)
        return (end, hasEscapes, number, head, tail)
    }

    /// The offset of the first quote at or after `start` if it is within 16 bytes (else
    /// -1), with `InternedKeys.words` of the bytes before it. Says nothing of what those
    /// bytes are: only a numbered key's match makes them a plain string.
    @inline(__always)
    private static func quotedKeyWords(_ b: UnsafePointer<UInt8>, from start: Int) -> (Int, UInt64, UInt64) {
        let head = UnsafeRawPointer(b + start).loadUnaligned(as: UInt64.self)
        let quotes = quoteBytes(head)
        if quotes != 0 {
            // Below 8 bytes before the quote, so the shift is below 64.
            let length = quotes.trailingZeroBitCount &>> 3
            return (start &+ length, head & ((1 &<< UInt64(truncatingIfNeeded: length &* 8)) &- 1), 0)
        }
        let second = quoteBytes(UnsafeRawPointer(b + (start &+ 8)).loadUnaligned(as: UInt64.self))
        guard second != 0 else { return (-1, 0, 0) }
        let end = start &+ 8 &+ (second.trailingZeroBitCount &>> 3)
        return (end, head, UnsafeRawPointer(b + (end &- 8)).loadUnaligned(as: UInt64.self))
    }

    /// The high bit of the lowest byte of `word` that is a quote (and perhaps of bytes
    /// above it: a borrow runs upward only from a flagged byte).
    @inline(__always)
    private static func quoteBytes(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let quote = word ^ (ones &* 0x22)
        return (quote &- ones) & ~quote & (ones &* 0x80)
    }

    /// `InternedKeys.words` of a key on the padded copy (eight bytes can always be read).
    @inline(__always)
    private static func keyWords(_ b: UnsafePointer<UInt8>, from start: Int, to end: Int) -> (UInt64, UInt64) {
        let length = end &- start
        var head = UnsafeRawPointer(b + start).loadUnaligned(as: UInt64.self)
        var tail: UInt64 = 0
        if length >= 8 {
            tail = UnsafeRawPointer(b + end - 8).loadUnaligned(as: UInt64.self)
        } else {
            // `length` is below 8 here, so the shift is below 64.
            head &= (1 &<< UInt64(truncatingIfNeeded: length &* 8)) &- 1
        }
        return (head, tail)
    }
}
