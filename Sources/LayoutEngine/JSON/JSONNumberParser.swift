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
            if let value = smallInteger(base, from: start, to: end, count: buffer.count) { return value }
            return parse(base, from: start, to: end) ?? slowParse(bytes, from: start, to: end)
        }
    }

    /// Integers of one to eight digits (nearly every number of a request: sizes, paddings,
    /// spacings), optionally negative, read as one word: eight digits or fewer are exact
    /// in a Double. Nil for anything else (a fraction, an exponent, more digits, or fewer
    /// than eight bytes left in the buffer), which `parse` reads digit by digit.
    @inline(__always)
    static func smallInteger(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int, count: Int) -> Double? {
        let negative = base[start] == UInt8(ascii: "-")
        let first = negative ? start &+ 1 : start
        let length = end &- first
        guard length >= 1, length <= 8, first &+ 8 <= count else { return nil }
        // Little-endian: the first digit is the lowest byte. Shifted up so that the digits
        // fill the high bytes, with '0's below them (leading zeros change nothing); the
        // shift is below 64 since `length` is at least 1.
        let shift = UInt64(truncatingIfNeeded: (8 &- length) &* 8)
        let loaded = UnsafeRawPointer(base + first).loadUnaligned(as: UInt64.self)
        let zeros: UInt64 = 0x3030_3030_3030_3030
        let word = (loaded &<< shift) | (zeros & ((1 &<< shift) &- 1))
        // Every byte '0'...'9': its high nibble is 3, and adding 6 does not carry out of
        // its low nibble (no carry crosses a byte, since no byte exceeds 0x3F + 6).
        let nibbles: UInt64 = 0xF0F0_F0F0_F0F0_F0F0
        guard word & nibbles == zeros, (word &+ 0x0606_0606_0606_0606) & nibbles == zeros else { return nil }
        // Eight digit bytes to one number: pairs, then fours, then all eight.
        var digits = word &- zeros
        digits = (digits &* 10 &+ (digits &>> 8)) & 0x00FF_00FF_00FF_00FF
        digits = (digits &* 100 &+ (digits &>> 16)) & 0x0000_FFFF_0000_FFFF
        digits = (digits &* 10_000 &+ (digits &>> 32)) & 0x0000_0000_FFFF_FFFF
        let value = Double(digits)
        return negative ? -value : value
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
