import Testing

@testable import LayoutEngine

/// The layout cache's body key (BodyHash.swift): equal bodies agree, and the changes a
/// sloppy chunked hash misses (one byte anywhere, trailing zeros that padding would hide,
/// two chunks swapped, a different key) all change it.
@Suite struct BodyHashTests {
    /// A fixed key, so that a failure reproduces.
    static let key = BodyHash.Key(
        first: (0..<BodyHash.chunkWords).map { UInt64($0) &* 0x9E37_79B9_7F4A_7C15 &+ 1 },
        second: (0..<BodyHash.chunkWords).map { UInt64($0) &* 0xC2B2_AE3D_27D4_EB4F &+ 7 },
        sip0: 0x0706_0504_0302_0100, sip1: 0x0f0e_0d0c_0b0a_0908)

    static func hash(_ bytes: [UInt8], key: BodyHash.Key = key) -> TreeHash {
        bytes.withUnsafeBytes { BodyHash.hash($0, key: key) }
    }

    /// 2.5 chunks and a few bytes: whole chunks, a partial chunk and a 5-byte tail. Bytes
    /// from a xorshift generator, so that no two chunks are alike.
    static let body: [UInt8] = {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        return (0..<(2 * 1024 + 517)).map { _ in
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return UInt8(truncatingIfNeeded: state >> 24)
        }
    }()

    /// The hash as BodyHash.swift defines it, one word at a time: NH over 128-word chunks
    /// (two keyed lanes), each chunk's lane sums, a zero-padded tail and the length through
    /// SipHash-2-4-128. The four-lane loop must give exactly this, for every length.
    static func reference(_ bytes: [UInt8], key: BodyHash.Key = key) -> TreeHash {
        var sip = SipHash24(key0: key.sip0, key1: key.sip1)
        func lane(_ word: UInt64, _ k: UInt64) -> UInt64 {
            UInt64(UInt32(truncatingIfNeeded: word) &+ UInt32(truncatingIfNeeded: k))
                &* UInt64(UInt32(truncatingIfNeeded: word >> 32) &+ UInt32(truncatingIfNeeded: k >> 32))
        }
        let words = bytes.count / 8
        var start = 0
        while start < words {
            var a: UInt64 = 0, b: UInt64 = 0
            for index in 0..<min(BodyHash.chunkWords, words - start) {
                var word: UInt64 = 0
                for byte in 0..<8 { word |= UInt64(bytes[(start + index) * 8 + byte]) << (8 * UInt64(byte)) }
                a &+= lane(word, key.first[index])
                b &+= lane(word, key.second[index])
            }
            sip.append(word: a)
            sip.append(word: b)
            start += BodyHash.chunkWords
        }
        if words * 8 < bytes.count {
            var tail: UInt64 = 0
            for index in (words * 8)..<bytes.count { tail |= UInt64(bytes[index]) << (8 * UInt64(index - words * 8)) }
            sip.append(word: lane(tail, key.first[0]))
            sip.append(word: lane(tail, key.second[0]))
        }
        sip.append(word: UInt64(bytes.count))
        let (high, low) = sip.finalize()
        return TreeHash(high: high, low: low)
    }

    @Test func matchesTheWordByWordDefinition() {
        for length in [0, 1, 7, 8, 9, 24, 31, 32, 33, 40, 1023, 1024, 1025, 1056, 2048 + 517] {
            let bytes = Array(Self.body.prefix(length))
            #expect(Self.hash(bytes) == Self.reference(bytes), "length \(length)")
        }
    }

    @Test func equalBodiesHashAlike() {
        #expect(Self.hash(Self.body) == Self.hash(Array(Self.body)))
    }

    @Test func everyByteChangesTheHash() {
        let original = Self.hash(Self.body)
        var seen: Set<TreeHash> = [original]
        for index in Self.body.indices {
            var changed = Self.body
            changed[index] ^= 0x01
            seen.insert(Self.hash(changed))
        }
        // Each one-bit change gives a hash of its own (2,565 bodies, 2,566 hashes).
        #expect(seen.count == Self.body.count + 1)
    }

    @Test func trailingZerosChangeTheHash() {
        var hashes: Set<TreeHash> = []
        for extra in 0..<17 { hashes.insert(Self.hash(Self.body + [UInt8](repeating: 0, count: extra))) }
        #expect(hashes.count == 17)
        #expect(Self.hash([]) != Self.hash([0]))
    }

    @Test func swappedChunksChangeTheHash() {
        let chunk = BodyHash.chunkWords * 8
        let swapped = Array(Self.body[chunk..<2 * chunk] + Self.body[0..<chunk] + Self.body[(2 * chunk)...])
        #expect(swapped.count == Self.body.count && swapped != Self.body)
        #expect(Self.hash(swapped) != Self.hash(Self.body))
    }

    @Test func anotherKeyGivesAnotherHash() {
        var other = Self.key
        other.first[3] &+= 1
        #expect(Self.hash(Self.body, key: other) != Self.hash(Self.body))
        var otherSip = Self.key
        otherSip.sip1 ^= 1
        #expect(Self.hash(Self.body, key: otherSip) != Self.hash(Self.body))
    }
}
