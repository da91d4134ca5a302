import Testing

@testable import LayoutEngine

/// The number reader's word-at-a-time path for short integers must give exactly what
/// the standard library's conversion gives, and leave everything else to the general path.
@Suite struct JSONNumberParserTests {
    /// `text` parsed as the tape's readers parse it: at the start of a buffer followed by
    /// `trailing` bytes (so that the eight-byte read has room, or not).
    private func parsed(_ text: String, trailing: [UInt8] = Array("}]]]]]]]]".utf8)) -> Double {
        let bytes = Array(text.utf8) + trailing
        return JSONNumberParser.parse(bytes, from: 0, to: text.utf8.count)
    }

    private func small(_ text: String) -> Double? {
        let bytes = Array(text.utf8) + Array(",,,,,,,,".utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.flatMap {
                JSONNumberParser.smallInteger($0, from: 0, to: text.utf8.count, count: buffer.count)
            }
        }
    }

    /// Same value and same sign (so -0 stays -0).
    private func same(_ a: Double, _ b: Double) -> Bool {
        a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN)
    }

    @Test func shortIntegersMatchTheStandardConversion() throws {
        var texts: [String] = []
        for value in 0...20_000 { texts.append(String(value)) }
        var random = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let digits = Int.random(in: 1...8, using: &random)
            var text = String(Int.random(in: 1...9, using: &random))
            for _ in 1..<digits { text += String(Int.random(in: 0...9, using: &random)) }
            texts.append(text)
        }
        texts += ["0", "9", "10", "99999999", "10000000", "12345678", "87654321", "90000009"]
        for text in texts + texts.map({ "-" + $0 }) {
            let expected = try #require(Double(text))
            let fast = try #require(small(text), "\(text)")
            #expect(same(fast, expected), "\(text)")
            #expect(same(parsed(text), expected), "\(text)")
            // With no room for the word read, the general path gives the same.
            #expect(same(parsed(text, trailing: []), expected), "\(text)")
        }
        #expect(same(try #require(small("-0")), -0.0))
    }

    @Test func everythingElseIsLeftToTheGeneralPath() {
        for text in [
            "123456789", "-123456789", "1.5", "-0.5", "10.25", "1e5", "1E5", "-1e-5", "2.5e+3", "12345678.9",
            "-", "", "1a", "a1", "1 ", "1/", "1:", "12\u{0}4",
        ] {
            #expect(small(text) == nil, "\(text)")
        }
    }

    @Test func generalNumbersMatchTheStandardConversion() throws {
        var texts = [
            "0.1", "0.2", "0.30000000000000004", "1.7976931348623157e308", "-1.7976931348623157e308", "5e-324",
            "4.9e-324", "1e309", "-1e309", "1e-400", "123456789012345678901234567890", "9007199254740993",
            "-9007199254740993", "0.000001", "1234567.125", "-0.0", "1E22", "1e23", "123456789", "999999999",
            "1000000000", "1000000001", "-1000000000.5", "3.14159265358979323846", "2.2250738585072014e-308",
        ]
        var random = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            let whole = String(UInt64.random(in: 0...UInt64.max, using: &random) % 10_000_000_000)
            let fraction = String(UInt64.random(in: 0...UInt64.max, using: &random) % 100_000_000)
            texts.append(whole + "." + fraction)
            texts.append("-" + whole + "." + fraction + "e" + String(Int.random(in: -30...30, using: &random)))
        }
        for text in texts {
            let expected = try #require(Double(text), "\(text)")
            #expect(same(parsed(text), expected), "\(text)")
            #expect(same(parsed(text, trailing: []), expected), "\(text)")
        }
    }

    /// Through a request: sizes, paddings and spacings of every short form decode to
    /// the values the standard conversion gives, at the end of the body too.
    @Test func requestNumbersDecodeExactly() throws {
        for text in ["0", "7", "24", "390", "12345678", "99999999", "12.5", "1e2", "0.1", "100000000"] {
            let body = #"{"bounds":{"width":\#(text),"height":\#(text)},"root":{"type":"view","size":{"width":\#(text),"height":\#(text)}}}"#
            let request = try RequestDecoder.decode(Array(body.utf8))
            let expected = try #require(Double(text))
            #expect(request.bounds.width == expected && request.bounds.height == expected, "\(text)")
        }
    }
}
