/// Converts validated JSON number text to Double.
enum JSONNumberParser {
    /// Inlined into its readers: most numbers are a few digits, and the call cost about
    /// as much as reading them.
    @inline(__always)
    static func parse(_ bytes: [UInt8], from start: Int, to end: Int) -> Double {
        bytes.withUnsafeBufferPointer { buffer in
            guard start >= 0, start < end, end <= buffer.count, let base = buffer.baseAddress else {
                return slowParse(bytes, from: start, to: end)
            }
            return parse(base, from: start, to: end) ?? slowParse(bytes, from: start, to: end)
        }
    }

    /// Fast path: at most 15 significant digits and no exponent, where the integer mantissa
    /// and the power of ten are both exact, so one division rounds correctly (nil: use
    /// the slow path).
    @inline(__always)
    private static func parse(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Double? {
        var index = start
        let negative = base[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        var mantissa: UInt64 = 0
        var digits = 0
        var fractionDigits = -1
        while index < end {
            let digit = base[index] &- UInt8(ascii: "0")
            if digit < 10 {
                mantissa = mantissa &* 10 &+ UInt64(digit)
                digits += 1
            } else if base[index] == UInt8(ascii: "."), fractionDigits < 0 {
                fractionDigits = end - index - 1
            } else {
                return nil  // exponent
            }
            index += 1
        }
        if digits > 15 { return nil }
        var value = Double(mantissa)
        if fractionDigits > 0 {
            // 10^k is exact in a Double for k ≤ 22, and k ≤ 15 here.
            var power = 1.0
            for _ in 0..<fractionDigits { power *= 10 }
            value /= power
        }
        return negative ? -value : value
    }

    @inline(never)
    private static func slowParse(_ bytes: [UInt8], from start: Int, to end: Int) -> Double {
        guard start >= 0, start <= end, end <= bytes.count else { return .nan }
        let text = String(decoding: bytes[start..<end], as: UTF8.self)
        return Double(text) ?? .nan
    }
}
