import Testing

@testable import HTTPServer

/// The response encoder checks header values eight bytes at a time
/// (`HTTPResponseEncoder.isFieldValue`); it must agree with the byte rule of RFC 9110
/// §5.5 (`field-vchar`, SP and HTAB; no other control character, no DEL) for every byte
/// value at every position of a word and of the tail.
@Suite struct FieldValueCheckTests {
    private func check(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { HTTPResponseEncoder.isFieldValue($0) }
    }

    @Test func everyByteAtEveryPosition() {
        let clean = Array("abcdefghijklmnopqrstu".utf8)  // two words and a 5-byte tail
        for position in clean.indices {
            for value in 0...255 {
                var bytes = clean
                bytes[position] = UInt8(value)
                let expected = value == 0x09 || (value >= 0x20 && value != 0x7F)
                #expect(check(bytes) == expected, "byte \(value) at \(position)")
            }
        }
    }

    @Test func emptyAndHighBytes() {
        #expect(check([]))
        #expect(check(Array("café ünïcode values\t tabbed".utf8)))
        #expect(!check(Array("split\r\nX-Injected: 1".utf8)))
    }
}

/// `ASCII.isTokenCharacter` is a bit map; it must be exactly RFC 9110 §5.6.2's `tchar`.
@Suite struct TokenCharacterTests {
    @Test func everyByte() {
        let specials = Array("!#$%&'*+-.^_`|~".utf8)
        for value in 0...255 {
            let byte = UInt8(value)
            let isAlpha = (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
            let expected = isAlpha || (0x30...0x39).contains(byte) || specials.contains(byte)
            #expect(ASCII.isTokenCharacter(byte) == expected, "byte \(value)")
        }
    }
}
