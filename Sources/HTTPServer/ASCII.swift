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

    /// `tchar` of RFC 9110 §5.6.2, as a 256-entry table so the hot loop is one load.
    private static let tokenTable: [Bool] = (0..<256).map { byte in
        switch UInt8(byte) {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "A")...UInt8(ascii: "Z"):
            return true
        default:
            return "!#$%&'*+-.^_`|~".utf8.contains(UInt8(byte))
        }
    }

    @inline(__always) static func isTokenCharacter(_ byte: UInt8) -> Bool { tokenTable[Int(byte)] }

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
