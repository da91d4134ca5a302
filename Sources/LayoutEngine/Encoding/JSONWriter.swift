/// Writes JSON straight into a byte buffer. Commas are inserted automatically; keys and
/// strings are escaped; numbers are the shortest text that reads back to the same Double,
/// integers without a fraction.
struct JSONWriter {
    private(set) var bytes: [UInt8] = []
    /// Whether the current container already holds a member (a comma is due).
    private var needsComma = false

    init(capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
    }

    /// Continues an object whose first members are already in `bytes`.
    init(continuing bytes: [UInt8]) {
        self.bytes = bytes
        needsComma = true
    }

    @inline(__always)
    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        needsComma = true
    }

    mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
    }

    mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
    }

    mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// A key (a literal of plain ASCII without characters needing escapes).
    @inline(__always)
    mutating func key(_ key: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// A key from arbitrary UTF-8 bytes (escaped as needed).
    mutating func key<C: Collection<UInt8>>(bytes key: C) {
        rawString(key)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    mutating func key(_ key: String) {
        key.withContiguousUTF8 { self.key(bytes: $0) }
    }

    mutating func string(_ value: String) {
        value.withContiguousUTF8 { rawString($0) }
    }

    mutating func string<C: Collection<UInt8>>(bytes value: C) {
        rawString(value)
    }

    mutating func null() {
        separate()
        bytes.append(contentsOf: UnsafeBufferPointer(start: Self.nullLiteral.utf8Start, count: 4))
    }

    mutating func bool(_ value: Bool) {
        separate()
        bytes.append(contentsOf: value ? Array("true".utf8) : Array("false".utf8))
    }

    private mutating func rawString<C: Collection<UInt8>>(_ value: C) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        if !value.contains(where: JSONEscapes.needsEscape) {
            // Nearly every id: nothing to escape, so one copy.
            bytes.append(contentsOf: value)
            bytes.append(UInt8(ascii: "\""))
            return
        }
        for byte in value {
            if JSONEscapes.needsEscape(byte) {
                appendEscaped(byte)
            } else {
                bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func appendEscaped(_ byte: UInt8) {
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\"))
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        default:
            let hex: [UInt8] = Array("0123456789abcdef".utf8)
            bytes.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
            bytes.append(hex[Int(byte >> 4)])
            bytes.append(hex[Int(byte & 0xF)])
        }
    }

    mutating func integer(_ value: Int) {
        separate()
        appendDigits(value)
    }

    /// Appends the decimal digits of `value` without allocating.
    private mutating func appendDigits(_ value: Int) {
        withScratch { text in Self.writeDigits(value, to: text) }
    }

    /// A finite number, shortest round-trip; integral values print without a fraction.
    mutating func number(_ value: Double) {
        separate()
        let written = withScratch { text in Self.writeShortNumber(value, to: text) }
        if !written {
            // Swift's description is the shortest representation that round-trips.
            var text = value.description
            text.withUTF8 { bytes.append(contentsOf: $0) }
        }
    }

    /// `{"width": …, "height": …}`.
    mutating func size(_ value: Size) {
        size(width: value.width, height: value.height)
    }

    /// `{"width": …, "height": …}`, where nil (an unspecified proposal) is `null`.
    mutating func size(width: Double?, height: Double?) {
        beginObject()
        key("width")
        if let width { number(width) } else { null() }
        key("height")
        if let height { number(height) } else { null() }
        endObject()
    }

    /// A frame, `{"x": …, "y": …, "width": …, "height": …}`: the same text as four keys and
    /// `number`s, formatted on the stack and appended at once.
    mutating func frame(_ frame: Rect) {
        separate()
        var scratch: FrameScratch = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let written = withUnsafeMutableBytes(of: &scratch) { raw -> Bool in
            guard let base = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return false }
            let count = Self.writeFrame(frame, to: base)
            guard count > 0 else { return false }
            bytes.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
            return true
        }
        if !written { slowFrame(frame) }
    }

    /// The member `"key": frame` (the response's inner loop: one append per node when the
    /// key is short and needs no escapes, as ids nearly always are).
    mutating func member(key: UnsafeBufferPointer<UInt8>, frame: Rect) {
        var written = false
        if key.count <= Self.maxInlineKey, let keyBase = key.baseAddress,
            !key.contains(where: JSONEscapes.needsEscape)
        {
            var scratch: MemberScratch = (
                0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
            )
            written = withUnsafeMutableBytes(of: &scratch) { raw -> Bool in
                guard let base = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return false }
                var cursor = base
                if needsComma {
                    cursor.pointee = UInt8(ascii: ",")
                    cursor += 1
                }
                cursor.pointee = UInt8(ascii: "\"")
                (cursor + 1).update(from: keyBase, count: key.count)
                cursor += 1 + key.count
                cursor[0] = UInt8(ascii: "\"")
                cursor[1] = UInt8(ascii: ":")
                cursor += 2
                let count = Self.writeFrame(frame, to: cursor)
                guard count > 0 else { return false }
                bytes.append(contentsOf: UnsafeBufferPointer(start: base, count: cursor + count - base))
                return true
            }
        }
        if written {
            needsComma = true
        } else {
            self.key(bytes: key)
            self.frame(frame)
        }
    }

    /// A frame with a value needing the general formatter (many decimals), written field
    /// by field; the comma, if due, is already written.
    private mutating func slowFrame(_ frame: Rect) {
        needsComma = false
        beginObject()
        key("x")
        number(frame.x)
        key("y")
        number(frame.y)
        key("width")
        number(frame.width)
        key("height")
        number(frame.height)
        endObject()
    }

    /// Writes `{"x":…,"y":…,"width":…,"height":…}` (at most 118 bytes), or nothing and
    /// returns 0 when a value needs the general formatter.
    static func writeFrame(_ frame: Rect, to text: UnsafeMutablePointer<UInt8>) -> Int {
        // The labels are stored as words (little-endian byte order), not copied: four
        // memcpy calls were a sixth of encoding. A word's bytes past its label are
        // overwritten by the number and label after it.
        let raw = UnsafeMutableRawPointer(text)
        raw.storeBytes(of: 0x3A_2278_227B as UInt64, as: UInt64.self)  // {"x":
        var offset = 5
        var count = writeShortNumber(frame.x, to: text + offset)
        guard count > 0 else { return 0 }
        offset += count
        raw.storeBytes(of: 0x3A_2279_222C as UInt64, toByteOffset: offset, as: UInt64.self)  // ,"y":
        offset += 5
        count = writeShortNumber(frame.y, to: text + offset)
        guard count > 0 else { return 0 }
        offset += count
        raw.storeBytes(of: 0x2268_7464_6977_222C as UInt64, toByteOffset: offset, as: UInt64.self)  // ,"width
        raw.storeBytes(of: 0x3A as UInt8, toByteOffset: offset + 8, as: UInt8.self)  // :
        offset += 9
        count = writeShortNumber(frame.width, to: text + offset)
        guard count > 0 else { return 0 }
        offset += count
        raw.storeBytes(of: 0x7468_6769_6568_222C as UInt64, toByteOffset: offset, as: UInt64.self)  // ,"height
        raw.storeBytes(of: 0x3A22 as UInt16, toByteOffset: offset + 8, as: UInt16.self)  // ":
        offset += 10
        count = writeShortNumber(frame.height, to: text + offset)
        guard count > 0 else { return 0 }
        offset += count
        text[offset] = UInt8(ascii: "}")
        return offset + 1
    }

    /// Longer keys go the general way: the member scratch holds a comma, the quoted key,
    /// a colon and a frame.
    private static let maxInlineKey = 96

    /// 128 bytes: a frame's four labels (30 bytes) and four numbers of at most 22 each.
    private typealias FrameScratch = (
        UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
        UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64
    )
    /// 256 bytes: a comma, a quoted key of at most `maxInlineKey` bytes, a colon, a frame.
    private typealias MemberScratch = (
        UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
        UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
        UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
        UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64
    )

    /// Runs `write` on a 32-byte stack buffer and appends what it wrote (a count ≤ 0
    /// appends nothing); returns whether it wrote anything.
    @inline(__always)
    @discardableResult
    private mutating func withScratch(_ write: (UnsafeMutablePointer<UInt8>) -> Int) -> Bool {
        var scratch: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        return withUnsafeMutableBytes(of: &scratch) { raw in
            guard let base = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return false }
            let count = write(base)
            guard count > 0 else { return false }
            bytes.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
            return true
        }
    }

    /// Writes `value` as `number` does, unless it needs Swift's general formatter (more
    /// than four decimals, unless a binary fraction of at most 15 significant digits from
    /// 0.001 on; or huge): then writes nothing and returns 0. At most 22 bytes.
    static func writeShortNumber(_ value: Double, to text: UnsafeMutablePointer<UInt8>) -> Int {
        // Within ±9e15 the truncation is exact and cannot trap (NaN fails the bound).
        if abs(value) < 9.0e15, Double(Int(value)) == value {
            return writeDigits(Int(value), to: text)  // -0 prints as 0
        }
        guard value.isFinite else {
            // JSON has no infinities; frames never hold one, but never emit invalid JSON.
            text.update(from: Self.nullLiteral.utf8Start, count: 4)
            return 4
        }
        // Most frame values have a few decimals (halves, quarters, pixel multiples): when
        // the k-decimal number nearest the value reads back to exactly it, and fewer
        // decimals do not, it is the value's shortest form, as Swift writes it. (The
        // nearest, not the product itself: `604147955.67 * 100` is not a whole number, and
        // taking the next k wrote "604147955.670". Checked against `description` on some
        // 1.5 million values, ShortNumberTests.)
        var scale = 10.0
        for decimals in 1...4 {
            let product = value * scale
            guard abs(product) < 9.0e15 else { break }
            // Rounded by hand: `rounded()` is a call into libm on baseline x86-64.
            var nearest = Int(product)
            let rest = product - Double(nearest)
            if rest >= 0.5 { nearest += 1 } else if rest <= -0.5 { nearest -= 1 }
            if Double(nearest) / scale == value {
                return writeDecimal(nearest, decimals: decimals, to: text)
            }
            scale *= 10
        }
        // Text measured in a real font has more: 1101.37060546875 is 4,510,702.5 / 4,096,
        // a binary fraction of few digits, written exactly.
        return writeDyadic(value, to: text)
    }

    /// A value with few binary fractional digits (a font's advances scaled by its size:
    /// 1101.37060546875 is 4,510,702.5 / 4,096) written exactly: `n / 2^k` is
    /// `n × 5^k / 10^k`, k decimals. With at most 15 significant digits that exact form is
    /// the only shortest one that reads back (any shorter number is at least 5 units of
    /// its 15th digit away, more than half a double's spacing), so it is what
    /// `description` writes. 0 where it does not apply: more digits, or below 0.001 (Swift
    /// writes an exponent below 0.0001).
    private static func writeDyadic(_ value: Double, to text: UnsafeMutablePointer<UInt8>) -> Int {
        guard abs(value) >= 0.001, abs(value) < 1.0e15 else { return 0 }
        // Binary digits after the point; the value is not whole here, so at least one.
        let binaryDecimals = value.significandWidth - Int(value.exponent)
        // (15 digits at 0.001 or more have at most 17 decimals.)
        guard binaryDecimals > 0, binaryDecimals <= 17 else { return 0 }
        // Exact: a scaling by a power of two.
        let scaled = value * Double(sign: .plus, exponent: binaryDecimals, significand: 1)
        guard abs(scaled) < 9.0e15 else { return 0 }
        let (digits, overflow) = Int(scaled).magnitude.multipliedReportingOverflow(by: powersOfFive[binaryDecimals])
        guard !overflow, digits < 1_000_000_000_000_000 else { return 0 }
        return writeDecimal(value < 0 ? -Int(digits) : Int(digits), decimals: binaryDecimals, to: text)
    }

    private static let nullLiteral: StaticString = "null"

    /// 5^0 to 5^17 (`writeDyadic`'s largest scale).
    private static let powersOfFive: [UInt] = (0...17).map { power in (0..<power).reduce(1) { product, _ in product * 5 } }

    /// "00", "01", … "99": two digits per division.
    private static let digitPairs: StaticString =
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

    /// How many decimal digits `magnitude` has (1 for 0).
    @inline(__always)
    private static func digitCount(_ magnitude: UInt) -> Int {
        if magnitude < 10 { return 1 }
        if magnitude < 100 { return 2 }
        if magnitude < 1000 { return 3 }
        if magnitude < 10000 { return 4 }
        var count = 5
        var rest = magnitude / 100_000
        while rest > 0 {
            count += 1
            rest /= 10
        }
        return count
    }

    /// Writes the `count` lowest decimal digits of `magnitude` ending just before `end`.
    @inline(__always)
    private static func writeDigits(of magnitude: UInt, count: Int, endingAt end: UnsafeMutablePointer<UInt8>) {
        let pairs = digitPairs.utf8Start
        var magnitude = magnitude
        var cursor = end
        var left = count
        while left >= 2 {
            let pair = Int(magnitude % 100) &* 2
            magnitude /= 100
            cursor -= 2
            cursor[0] = pairs[pair]
            cursor[1] = pairs[pair &+ 1]
            left -= 2
        }
        if left == 1 {
            cursor -= 1
            cursor[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
        }
    }

    /// The decimal digits of `value` (at most 20 and a sign).
    private static func writeDigits(_ value: Int, to text: UnsafeMutablePointer<UInt8>) -> Int {
        var cursor = text
        if value < 0 {
            cursor.pointee = UInt8(ascii: "-")
            cursor += 1
        }
        let magnitude = value.magnitude
        let count = digitCount(magnitude)
        writeDigits(of: magnitude, count: count, endingAt: cursor + count)
        return cursor + count - text
    }

    /// `scaled / 10^decimals` in positional notation, e.g. (-125, 2) → "-1.25" (trailing
    /// zeros cannot occur: fewer decimals would have read back first). At most 22 bytes.
    private static func writeDecimal(_ scaled: Int, decimals: Int, to text: UnsafeMutablePointer<UInt8>) -> Int {
        var cursor = text
        if scaled < 0 {
            cursor.pointee = UInt8(ascii: "-")
            cursor += 1
        }
        let magnitude = scaled.magnitude
        var unit: UInt = 10
        for _ in 1..<decimals { unit &*= 10 }
        let integerPart = magnitude / unit
        let integerDigits = digitCount(integerPart)
        writeDigits(of: integerPart, count: integerDigits, endingAt: cursor + integerDigits)
        cursor[integerDigits] = UInt8(ascii: ".")
        let count = integerDigits + 1 + decimals
        writeDigits(of: magnitude % unit, count: decimals, endingAt: cursor + count)
        return cursor + count - text
    }

    /// Appends bytes that are already valid JSON for one value.
    mutating func raw<C: Collection<UInt8>>(_ json: C) {
        separate()
        bytes.append(contentsOf: json)
    }
}
