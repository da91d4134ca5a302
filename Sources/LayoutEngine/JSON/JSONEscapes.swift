/// JSON string escapes, both ways.
enum JSONEscapes {
    /// Unescapes `bytes[from..<to]` (already validated by the tape parser) into `out`.
    /// Lone surrogates become U+FFFD, as WHATWG's UTF-8 encoder does.
    static func unescape(_ bytes: [UInt8], from: Int, to: Int, into out: inout [UInt8]) {
        var i = from
        while i < to {
            let byte = bytes[i]
            if byte != UInt8(ascii: "\\") {
                out.append(byte)
                i += 1
                continue
            }
            let code = bytes[i + 1]
            i += 2
            switch code {
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = hex4(bytes, at: i)
                i += 4
                if (0xD800...0xDBFF).contains(scalar), i + 5 < to + 1, bytes[i] == UInt8(ascii: "\\"),
                    bytes[i + 1] == UInt8(ascii: "u")
                {
                    let low = hex4(bytes, at: i + 2)
                    if (0xDC00...0xDFFF).contains(low) {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        i += 6
                    }
                }
                appendUTF8(scalar, to: &out)
            default: out.append(code)  // \" \\ \/
            }
        }
    }

    private static func hex4(_ bytes: [UInt8], at index: Int) -> UInt32 {
        var value: UInt32 = 0
        for offset in 0..<4 {
            value = value << 4 | UInt32(hexValue(bytes[index + offset]))
        }
        return value
    }

    @inline(__always)
    static func hexValue(_ byte: UInt8) -> UInt8 {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return 0xFF
        }
    }

    private static func appendUTF8(_ scalar: UInt32, to out: inout [UInt8]) {
        let value = (0xD800...0xDFFF).contains(scalar) ? 0xFFFD : scalar
        switch value {
        case 0..<0x80:
            out.append(UInt8(value))
        case 0x80..<0x800:
            out.append(UInt8(0xC0 | (value >> 6)))
            out.append(UInt8(0x80 | (value & 0x3F)))
        case 0x800..<0x10000:
            out.append(UInt8(0xE0 | (value >> 12)))
            out.append(UInt8(0x80 | ((value >> 6) & 0x3F)))
            out.append(UInt8(0x80 | (value & 0x3F)))
        default:
            out.append(UInt8(0xF0 | (value >> 18)))
            out.append(UInt8(0x80 | ((value >> 12) & 0x3F)))
            out.append(UInt8(0x80 | ((value >> 6) & 0x3F)))
            out.append(UInt8(0x80 | (value & 0x3F)))
        }
    }

    /// Whether a byte must be escaped inside a JSON string.
    @inline(__always)
    static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }
}
