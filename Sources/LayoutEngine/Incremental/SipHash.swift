/// SipHash-2-4 with 128-bit output (Aumasson and Bernstein, "SipHash: a fast short-input
/// PRF", 2012, and the reference implementation's `vectors_sip128`): a keyed hash whose
/// security as a PRF is studied, where the earlier multiply-fold construction's collision
/// bound was only argued. Written from the paper's description.
struct SipHash24 {
    private var v0: UInt64
    private var v1: UInt64
    private var v2: UInt64
    private var v3: UInt64
    /// Message bytes absorbed so far (only its low byte enters the final block).
    private var length: UInt64 = 0

    init(key0: UInt64, key1: UInt64) {
        v0 = key0 ^ 0x736f_6d65_7073_6575
        v1 = key1 ^ 0x646f_7261_6e64_6f6d ^ 0xee  // the 128-bit variant's domain change
        v2 = key0 ^ 0x6c79_6765_6e65_7261
        v3 = key1 ^ 0x7465_6462_7974_6573
    }

    @inline(__always)
    private mutating func round() {
        v0 = v0 &+ v1
        v1 = v1.rotated(by: 13)
        v1 ^= v0
        v0 = v0.rotated(by: 32)
        v2 = v2 &+ v3
        v3 = v3.rotated(by: 16)
        v3 ^= v2
        v0 = v0 &+ v3
        v3 = v3.rotated(by: 21)
        v3 ^= v0
        v2 = v2 &+ v1
        v1 = v1.rotated(by: 17)
        v1 ^= v2
        v2 = v2.rotated(by: 32)
    }

    @inline(__always)
    private mutating func compress(_ block: UInt64) {
        v3 ^= block
        round()
        round()
        v0 ^= block
    }

    /// Absorbs eight message bytes, little-endian.
    @inline(__always)
    mutating func append(word: UInt64) {
        compress(word)
        length &+= 8
    }

    /// The hash of everything absorbed, followed by `tail` (fewer than 8 bytes, in the
    /// low bytes of `tailWord`).
    func finalize(tailWord: UInt64 = 0, tailCount: Int = 0) -> (high: UInt64, low: UInt64) {
        var state = self
        state.length &+= UInt64(tailCount)
        state.compress(tailWord | (state.length & 0xff) << 56)
        state.v2 ^= 0xee
        for _ in 0..<4 { state.round() }
        let first = state.v0 ^ state.v1 ^ state.v2 ^ state.v3
        state.v1 ^= 0xdd
        for _ in 0..<4 { state.round() }
        let second = state.v0 ^ state.v1 ^ state.v2 ^ state.v3
        // The reference writes `first` then `second`, each little-endian.
        return (first, second)
    }

    /// The 16-byte hash of `bytes` under the key, in the reference's byte order.
    static func hash128(_ bytes: [UInt8], key0: UInt64, key1: UInt64) -> [UInt8] {
        var state = SipHash24(key0: key0, key1: key1)
        var offset = 0
        bytes.withUnsafeBytes { raw in
            while offset + 8 <= raw.count {
                state.append(word: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
                offset += 8
            }
        }
        var tail: UInt64 = 0
        for index in offset..<bytes.count { tail |= UInt64(bytes[index]) << (8 * UInt64(index - offset)) }
        let (first, second) = state.finalize(tailWord: tail, tailCount: bytes.count - offset)
        return (0..<8).map { UInt8(truncatingIfNeeded: first >> (8 * UInt64($0))) }
            + (0..<8).map { UInt8(truncatingIfNeeded: second >> (8 * UInt64($0))) }
    }
}
