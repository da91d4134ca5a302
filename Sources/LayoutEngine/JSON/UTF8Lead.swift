/// What a UTF-8 lead byte allows (Unicode's table of well-formed byte sequences): the
/// sequence's length and the range of its second byte, which rules out overlongs,
/// surrogates and scalars past U+10FFFF. Both tape parsers validate strings with it.
struct UTF8Lead {
    let length: Int
    let secondLow: UInt8
    let secondHigh: UInt8

    /// Nil for a byte that cannot start a multi-byte sequence.
    @inline(__always)
    init?(_ lead: UInt8) {
        var low: UInt8 = 0x80, high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: return nil
        }
        (secondLow, secondHigh) = (low, high)
    }

    @inline(__always)
    func allowsSecond(_ byte: UInt8) -> Bool { byte >= secondLow && byte <= secondHigh }
}
