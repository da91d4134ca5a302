/// Converts validated JSON number text to Double.
enum JSONNumberParser {
    /// Exact powers of ten representable in a Double (Clinger's fast path).
    private static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    static func parse(_ bytes: [UInt8], from start: Int, to end: Int) -> Double {
        // Fast path: at most 15 significant digits and no exponent, where the integer
        // mantissa and the power of ten are both exact, so one division rounds correctly.
        var i = start
        var negative = false
        if bytes[i] == UInt8(ascii: "-") {
            negative = true
            i += 1
        }
        var mantissa: UInt64 = 0
        var digits = 0
        var fractionDigits = 0
        var seenPoint = false
        while i < end {
            let byte = bytes[i]
            if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                mantissa = mantissa &* 10 &+ UInt64(byte - UInt8(ascii: "0"))
                digits += 1
                if seenPoint { fractionDigits += 1 }
            } else if byte == UInt8(ascii: ".") {
                seenPoint = true
            } else {
                return slowParse(bytes, from: start, to: end)  // exponent
            }
            i += 1
        }
        if digits > 15 { return slowParse(bytes, from: start, to: end) }
        let value = Double(mantissa) / exactPowersOfTen[fractionDigits]
        return negative ? -value : value
    }

    private static func slowParse(_ bytes: [UInt8], from start: Int, to end: Int) -> Double {
        let text = String(decoding: bytes[start..<end], as: UTF8.self)
        return Double(text) ?? .nan
    }
}
