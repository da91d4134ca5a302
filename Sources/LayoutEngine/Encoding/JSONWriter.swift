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
        var key = key
        key.withUTF8 { self.key(bytes: $0) }
    }

    mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { rawString($0) }
    }

    mutating func string<C: Collection<UInt8>>(bytes value: C) {
        rawString(value)
    }

    mutating func null() {
        separate()
        bytes.append(contentsOf: [UInt8(ascii: "n"), UInt8(ascii: "u"), UInt8(ascii: "l"), UInt8(ascii: "l")])
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
        if value < 0 {
            bytes.append(UInt8(ascii: "-"))
            if value == Int.min {
                bytes.append(contentsOf: Array("9223372036854775808".utf8))
                return
            }
        }
        var magnitude = UInt64(value.magnitude)
        var scratch: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: enough for 20 digits
        let count = withUnsafeMutableBytes(of: &scratch) { buffer -> Int in
            var index = buffer.count
            repeat {
                index -= 1
                buffer[index] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            bytes.append(contentsOf: buffer[index...])
            return buffer.count - index
        }
        _ = count
    }

    /// A finite number, shortest round-trip; integral values print without a fraction.
    mutating func number(_ value: Double) {
        separate()
        if value == value.rounded(), abs(value) < 9.0e15 {
            appendDigits(Int(value))  // -0 prints as 0
            return
        }
        guard value.isFinite else {
            // JSON has no infinities; frames never hold one, but never emit invalid JSON.
            bytes.append(contentsOf: Array("null".utf8))
            return
        }
        // Most frame values have a few decimals (halves, quarters, pixel multiples): when
        // k ≤ 4 decimals read back to exactly this value, they are its shortest form.
        var scale = 10.0
        for decimals in 1...4 {
            let scaled = value * scale
            if scaled == scaled.rounded(), abs(scaled) < 9.0e15, Double(Int(scaled)) / scale == value {
                appendDecimal(Int(scaled), decimals: decimals)
                return
            }
            scale *= 10
        }
        // Swift's description is the shortest representation that round-trips.
        var text = value.description
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// `scaled / 10^decimals` in positional notation, e.g. (-125, 2) → "-1.25", written
    /// from the last digit backwards into a stack buffer (no allocation).
    private mutating func appendDecimal(_ scaled: Int, decimals: Int) {
        if scaled < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = scaled.magnitude
        var scratch: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)  // 32 bytes: 20 digits, a point, zeros
        withUnsafeMutableBytes(of: &scratch) { buffer in
            var index = buffer.count
            // Trailing zeros cannot occur: a shorter k would have matched first.
            for _ in 0..<decimals {
                index -= 1
                buffer[index] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            }
            index -= 1
            buffer[index] = UInt8(ascii: ".")
            repeat {
                index -= 1
                buffer[index] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[index...]))
        }
    }

    /// Appends bytes that are already valid JSON for one value.
    mutating func raw<C: Collection<UInt8>>(_ json: C) {
        separate()
        bytes.append(contentsOf: json)
    }
}
