/// The layout cache's key for a whole request body: a keyed 128-bit hash computed on the
/// server's hot path (a cache hit hashes the body and copies the cached frames, nothing
/// else), so it must run near memory speed. SipHash-2-4 over a 10,000-node body (840 KB)
/// was three quarters of a hit's time.
///
/// The body is cut into 1 KiB chunks. Each chunk is compressed by NH, the universal hash
/// of UMAC (Black et al., "UMAC: Fast and Secure Message Authentication", 1999; RFC 4418
/// §5): over 32-bit halves of each 8-byte word, Σ (m₁ + k₁ mod 2³²)·(m₂ + k₂ mod 2³²) mod
/// 2⁶⁴, which collides for two distinct chunks of equal length with probability at most
/// 2⁻³² over the key. Two lanes with independent keys make that 2⁻⁶⁴. The lanes' results
/// and the body's length are then hashed with SipHash-2-4-128, so two bodies share a key
/// only if some chunk's lanes collide or SipHash does. All keys are drawn at random once
/// per process and never leave it. (A collision could only come from the tenant's own
/// bodies, since the key includes the tenant.)
enum BodyHash {
    /// Words per chunk.
    static let chunkWords = 128

    /// The two lanes' NH keys, one word per word of a chunk, and SipHash's key.
    struct Key: Sendable {
        var first: [UInt64]
        var second: [UInt64]
        var sip0: UInt64
        var sip1: UInt64

        static func random() -> Key {
            Key(
                first: (0..<BodyHash.chunkWords).map { _ in UInt64.random(in: .min ... .max) },
                second: (0..<BodyHash.chunkWords).map { _ in UInt64.random(in: .min ... .max) },
                sip0: UInt64.random(in: .min ... .max), sip1: UInt64.random(in: .min ... .max))
        }
    }

    static let processKey = Key.random()

    /// The hash of `bytes` under `key` (the process's key unless a test chooses one).
    static func hash(_ bytes: UnsafeRawBufferPointer, key: Key = processKey) -> TreeHash {
        var sip = SipHash24(key0: key.sip0, key1: key.sip1)
        let wholeWords = bytes.count / 8
        key.first.withUnsafeBufferPointer { first in
            key.second.withUnsafeBufferPointer { second in
                var word = 0
                while word < wholeWords {
                    let count = min(chunkWords, wholeWords - word)
                    let (a, b) = nh(bytes, fromWord: word, count: count, first, second)
                    sip.append(word: a)
                    sip.append(word: b)
                    word += count
                }
                // The last 0–7 bytes, zero-padded, as one more chunk; the length below
                // tells paddings apart.
                let tailStart = wholeWords * 8
                if tailStart < bytes.count {
                    var tail: UInt64 = 0
                    for index in tailStart..<bytes.count { tail |= UInt64(bytes[index]) << (8 * UInt64(index - tailStart)) }
                    let x = UInt64(UInt32(truncatingIfNeeded: tail) &+ UInt32(truncatingIfNeeded: first[0]))
                    let y = UInt64(UInt32(truncatingIfNeeded: tail >> 32) &+ UInt32(truncatingIfNeeded: first[0] >> 32))
                    let u = UInt64(UInt32(truncatingIfNeeded: tail) &+ UInt32(truncatingIfNeeded: second[0]))
                    let v = UInt64(UInt32(truncatingIfNeeded: tail >> 32) &+ UInt32(truncatingIfNeeded: second[0] >> 32))
                    sip.append(word: x &* y)
                    sip.append(word: u &* v)
                }
            }
        }
        sip.append(word: UInt64(bytes.count))
        let (high, low) = sip.finalize()
        return TreeHash(high: high, low: low)
    }

    /// NH of `count` words from word `start`, in both lanes.
    @inline(__always)
    private static func nh(
        _ bytes: UnsafeRawBufferPointer, fromWord start: Int, count: Int, _ first: UnsafeBufferPointer<UInt64>,
        _ second: UnsafeBufferPointer<UInt64>
    ) -> (UInt64, UInt64) {
        // Four words per step in 64-bit lanes. Each lane's operands are masked to 32 bits,
        // so the multiply is the 32×32→64 one (pmuludq) and the sums are exactly the
        // scalar NH's: addition mod 2^64 does not care about order.
        let low32 = SIMD4<UInt64>(repeating: 0xFFFF_FFFF)
        var a4 = SIMD4<UInt64>(), b4 = SIMD4<UInt64>()
        var index = 0
        while index + 4 <= count {
            let offset = (start + index) * 8
            let words = SIMD4<UInt64>(
                UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)),
                UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self)),
                UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self)),
                UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self)))
            let k = SIMD4<UInt64>(first[index], first[index + 1], first[index + 2], first[index + 3])
            let l = SIMD4<UInt64>(second[index], second[index + 1], second[index + 2], second[index + 3])
            let high = words &>> 32
            a4 &+= ((words &+ k) & low32) &* ((high &+ (k &>> 32)) & low32)
            b4 &+= ((words &+ l) & low32) &* ((high &+ (l &>> 32)) & low32)
            index += 4
        }
        var a = a4.wrappedSum(), b = b4.wrappedSum()
        while index < count {
            let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: (start + index) * 8, as: UInt64.self))
            let low = UInt32(truncatingIfNeeded: word), high = UInt32(truncatingIfNeeded: word >> 32)
            let k = first[index], l = second[index]
            a &+= UInt64(low &+ UInt32(truncatingIfNeeded: k)) &* UInt64(high &+ UInt32(truncatingIfNeeded: k >> 32))
            b &+= UInt64(low &+ UInt32(truncatingIfNeeded: l)) &* UInt64(high &+ UInt32(truncatingIfNeeded: l >> 32))
            index += 1
        }
        return (a, b)
    }
}
