/// A 128-bit structural hash of a subtree.
///
/// Keys are drawn at random once per process, so a client cannot choose trees that
/// collide. Treating the keyed hash as a random function, the chance that any two of
/// n = 10^9 cached entries collide is about n² / 2^129 ≈ 1.5 × 10^-21.
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

/// Builds a keyed 128-bit hash from 64-bit words: two lanes, each folding a word through a
/// full-width multiply with a secret key (the "multiply-fold" step of wyhash and xxh3).
struct HashBuilder {
    private static let keys: (UInt64, UInt64, UInt64, UInt64) = (
        UInt64.random(in: .min ... .max) | 1, UInt64.random(in: .min ... .max) | 1,
        UInt64.random(in: .min ... .max) | 1, UInt64.random(in: .min ... .max) | 1
    )

    private var first: UInt64
    private var second: UInt64
    private var words: UInt64 = 0

    init(tag: UInt64) {
        first = Self.keys.0 ^ tag
        second = Self.keys.1 &+ tag
    }

    @inline(__always)
    private static func fold(_ value: UInt64, _ key: UInt64) -> UInt64 {
        let product = value.multipliedFullWidth(by: key)
        return product.high ^ product.low
    }

    @inline(__always)
    mutating func combine(_ word: UInt64) {
        first = Self.fold(first ^ word, Self.keys.2) &+ word
        second = Self.fold(second ^ word.rotated(by: 32), Self.keys.3) ^ first
        words &+= 1
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
        let high = Self.fold(first ^ words, Self.keys.1 ^ Self.keys.2)
        let low = Self.fold(second ^ high, Self.keys.0 ^ Self.keys.3)
        return TreeHash(high: high, low: low)
    }
}
