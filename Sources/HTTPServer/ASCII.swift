/// Byte classes of RFC 9110 §5.6 (tokens, field values) used by the parser.
enum ASCII {
    static let cr: UInt8 = 0x0D
    static let lf: UInt8 = 0x0A
    static let space: UInt8 = 0x20
    static let tab: UInt8 = 0x09
    static let colon: UInt8 = 0x3A
    static let semicolon: UInt8 = 0x3B
    static let slash: UInt8 = 0x2F
    static let dot: UInt8 = 0x2E
    static let question: UInt8 = 0x3F
    static let asterisk: UInt8 = 0x2A

    /// `tchar` of RFC 9110 §5.6.2 (DIGIT, ALPHA and ``!#$%&'*+-.^_`|~``) as a 128-bit
    /// map in two constants: a shift and a mask per byte, no table to load.
    private static let tokenMapLow: UInt64 = 0x03FF_6CFA_0000_0000
    private static let tokenMapHigh: UInt64 = 0x57FF_FFFF_C7FF_FFFE

    @inline(__always) static func isTokenCharacter(_ byte: UInt8) -> Bool {
        byte < 64 ? tokenMapLow >> UInt64(byte) & 1 == 1 : byte < 128 && tokenMapHigh >> UInt64(byte - 64) & 1 == 1
    }

    /// `field-vchar` / SP / HTAB: everything but control characters and DEL.
    @inline(__always) static func isFieldValueCharacter(_ byte: UInt8) -> Bool {
        byte == tab || (byte >= 0x20 && byte != 0x7F)
    }

    /// Visible ASCII, the characters a request-target may use (RFC 3986 plus lenient `%`).
    @inline(__always) static func isVisible(_ byte: UInt8) -> Bool { byte > 0x20 && byte < 0x7F }

    @inline(__always) static func isWhitespace(_ byte: UInt8) -> Bool { byte == space || byte == tab }

    @inline(__always) static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    @inline(__always) static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
