/// A 128-bit structural hash of a subtree.
///
/// SipHash-2-4-128 under a key drawn at random once per process, so a client cannot
/// choose trees that collide. Treating the keyed hash as a random function (SipHash is a
/// PRF), the chance that any two of n = 10^9 cached entries collide is about
/// n² / 2^129 ≈ 1.5 × 10^-21.
public struct TreeHash: Hashable, Sendable, CustomStringConvertible {
    public var high: UInt64
    public var low: UInt64

    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// 32 lowercase hex digits.
    public var description: String {
        func hex(_ value: UInt64) -> String {
            let digits = String(value, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }
        return hex(high) + hex(low)
    }
}

/// Builds a keyed 128-bit hash from 64-bit words with SipHash-2-4-128 (SipHash.swift): the
/// words, little-endian, are the message. The key is drawn at random once per process.
struct HashBuilder {
    private static let keys: (UInt64, UInt64) = (UInt64.random(in: .min ... .max), UInt64.random(in: .min ... .max))

    private var state: SipHash24

    init(tag: UInt64) {
        self.init(tag: tag, key0: Self.keys.0, key1: Self.keys.1)
    }

    /// With a chosen key (tests compare against the byte-wise reference).
    init(tag: UInt64, key0: UInt64, key1: UInt64) {
        state = SipHash24(key0: key0, key1: key1)
        state.append(word: tag)
    }

    @inline(__always)
    mutating func combine(_ word: UInt64) {
        state.append(word: word)
    }

    @inline(__always)
    mutating func combine(number value: Double) { combine(value.bitPattern) }

    @inline(__always)
    mutating func combine(_ hash: TreeHash) {
        combine(hash.high)
        combine(hash.low)
    }

    mutating func combine(bytes: UnsafeRawBufferPointer) {
        combine(UInt64(bytes.count))
        var offset = 0
        while offset + 8 <= bytes.count {
            combine(bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while offset < bytes.count {
            tail |= UInt64(bytes[offset]) << shift
            shift += 8
            offset += 1
        }
        combine(tail)
    }

    func finalize() -> TreeHash {
        let (first, second) = state.finalize()
        return TreeHash(high: first, low: second)
    }
}
