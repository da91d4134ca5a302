import Testing
import Workloads

@testable import LayoutEngine

/// `JSONWriter.writeShortNumber` is a shortcut of Swift's `description` (the shortest text
/// that reads back to the value): where it writes a number at all, the text is the same.
/// Integral values are written without `.0`, on purpose, and left out here.
@Suite struct ShortNumberTests {
    /// The shortcut's text, or nil where it leaves the value to `description`.
    static func short(_ value: Double) -> String? {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer -> String? in
            guard let base = buffer.baseAddress else { return nil }
            let count = JSONWriter.writeShortNumber(value, to: base)
            return count > 0 ? String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self) : nil
        }
    }

    static func agree(_ value: Double) -> Bool {
        value == value.rounded() || short(value).map { $0 == value.description } ?? true
    }

    /// A text measured in a real font is a whole number of 64ths of a point: up to six
    /// decimals, all written by the shortcut.
    @Test func sixtyFourthsAreWrittenAsSwiftWritesThem() {
        var written = 0
        for sixtyFourths in -6_400...64_000 where sixtyFourths % 64 != 0 {
            let value = Double(sixtyFourths) / 64
            #expect(Self.agree(value), "\(value)")
            if Self.short(value) != nil { written += 1 }
        }
        #expect(written == 70_401 - 1_101)
    }

    /// Values of one to six decimals over magnitudes from a thousandth to 10^11, and
    /// arbitrary doubles (which mostly fall back).
    @Test func decimalsOfEveryMagnitudeAgreeWithDescription() {
        var random = SplitMix64(seed: 20_261_127)
        var mismatches: [Double] = []
        for _ in 0..<50_000 {
            let decimals = Int.random(in: 1...6, using: &random)
            var scale = 1.0
            for _ in 0..<decimals { scale *= 10 }
            let digits = Int.random(in: 1...11, using: &random)
            var bound = 1
            for _ in 0..<digits { bound *= 10 }
            let value = Double(Int.random(in: -bound...bound, using: &random)) / scale
            if !Self.agree(value) { mismatches.append(value) }
            let arbitrary = Double.random(in: -1e12...1e12, using: &random)
            if !Self.agree(arbitrary) { mismatches.append(arbitrary) }
        }
        // (Two decimals at this size once came out with a trailing zero.)
        for value in [604_147_955.67, 16_895_457.188, 0.29, 0.001_5, 0.000_15, 99_999_999.999_999] where !Self.agree(value) {
            mismatches.append(value)
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    /// A real font's advances scaled by the text's size: a whole number over a power of
    /// two, many decimals but few significant digits.
    @Test func fewBinaryDigitsAreWrittenExactly() {
        #expect(Self.short(1_101.370_605_468_75) == "1101.37060546875")
        #expect(Self.short(-355.685_302_734_375) == "-355.685302734375")
        var random = SplitMix64(seed: 1_101)
        var mismatches: [Double] = []
        var written = 0
        for _ in 0..<50_000 {
            let power = Int.random(in: 1...30, using: &random)
            let whole = Int.random(in: -(1 << 40)...(1 << 40), using: &random)
            let value = Double(whole) / Double(sign: .plus, exponent: power, significand: 1)
            if !Self.agree(value) { mismatches.append(value) }
            if Self.short(value) != nil { written += 1 }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
        #expect(written > 5_000)
        // Some 4,096ths from -256 to 1,000 (at most 15 digits), but the whole ones and those
        // under 0.001 (which the shortcut leaves, though Swift writes them without an
        // exponent down to 0.0001): all written.
        var fourThousandNinetySixths = 0
        for whole in stride(from: -(1 << 20), to: 4_096_000, by: 11) where whole % 4_096 != 0 && abs(whole) > 4 {
            let value = Double(whole) / 4_096
            #expect(Self.short(value) == value.description)
            fourThousandNinetySixths += 1
        }
        #expect(fourThousandNinetySixths > 450_000)
    }

    /// Below 0.001 the shortcut leaves five or more decimals to `description` (which writes
    /// an exponent below 0.0001), and elsewhere those that are no short binary fraction.
    @Test func smallFineValuesAreLeftToTheGeneralFormatter() {
        #expect(Self.short(0.000_15) == nil)
        #expect(0.000_15.description == "0.00015")
        #expect(Self.short(0.000_015) == nil)
        #expect(0.000_015.description == "1.5e-05")
        #expect(Self.short(0.0015) == "0.0015")
        // Six decimals that are no binary fraction: left to `description` too.
        #expect(Self.short(123.456_789) == nil)
    }
}
