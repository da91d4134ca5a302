/// Maps JSON strings on the tape (object keys, keywords) to values by their bytes,
/// without making a String: an open-addressing table keyed by the length and the first
/// eight bytes read as one word, so a lookup is one load, one multiply and a compare
/// (the bytes past the eighth are compared only for longer keys).
struct ByteKeyTable<Value: Sendable>: Sendable {
    /// Per slot: the key's length (-1: empty), its first eight bytes (zero-padded), the
    /// rest of its bytes, and its value.
    private let lengths: [Int]
    private let heads: [UInt64]
    private let rests: [[UInt8]]
    private let values: [Value?]
    private let mask: Int
    private let maxLength: Int

    init(_ pairs: [(String, Value)]) {
        var size = 16
        while size < pairs.count * 4 { size <<= 1 }
        var lengths = Array(repeating: -1, count: size)
        var heads = Array(repeating: UInt64(0), count: size)
        var rests = Array(repeating: [UInt8](), count: size)
        var values = [Value?](repeating: nil, count: size)
        var longest = 0
        for (key, value) in pairs {
            let bytes = Array(key.utf8)
            longest = max(longest, bytes.count)
            let head = Self.head(of: bytes)
            var slot = Self.slot(length: bytes.count, head: head, mask: size - 1)
            while lengths[slot] >= 0 { slot = (slot + 1) & (size - 1) }
            lengths[slot] = bytes.count
            heads[slot] = head
            rests[slot] = Array(bytes.dropFirst(8))
            values[slot] = value
        }
        self.lengths = lengths
        self.heads = heads
        self.rests = rests
        self.values = values
        mask = size - 1
        maxLength = longest
    }

    private static func head(of bytes: [UInt8]) -> UInt64 {
        var head: UInt64 = 0
        for (offset, byte) in bytes.prefix(8).enumerated() { head |= UInt64(byte) << UInt64(offset * 8) }
        return head
    }

    @inline(__always)
    private static func slot(length: Int, head: UInt64, mask: Int) -> Int {
        Int(truncatingIfNeeded: ((head ^ UInt64(truncatingIfNeeded: length)) &* 0x9E37_79B9_7F4A_7C15) >> 40) & mask
    }

    /// The value for the string at tape entry `index`, if it is one of the keys.
    @inline(__always)
    func lookup(_ tape: JSONTape, _ index: Int) -> Value? {
        let entry = tape.entries[index]
        if entry.hasEscapes {
            let key = Array(tape.string(at: index).utf8)
            return key.withUnsafeBufferPointer { lookup($0, 0, key.count) }
        }
        return tape.bytes.withUnsafeBufferPointer { lookup($0, Int(entry.start), Int(entry.end)) }
    }

    @inline(__always)
    private func lookup(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Value? {
        let length = end - start
        guard length <= maxLength, let base = bytes.baseAddress else { return nil }
        var head: UInt64 = 0
        if start + 8 <= bytes.count {
            head = UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self)
            if length < 8 { head &= (1 << UInt64(length &* 8)) &- 1 }
        } else {
            for offset in 0..<min(length, 8) { head |= UInt64(base[start + offset]) << UInt64(offset &* 8) }
        }
        var slot = Self.slot(length: length, head: head, mask: mask)
        while true {
            let candidate = lengths[slot]
            if candidate < 0 { return nil }
            if candidate == length, heads[slot] == head {
                if length <= 8 { return values[slot] }
                let rest = rests[slot]
                var same = true
                for offset in 0..<rest.count where rest[offset] != base[start + 8 + offset] {
                    same = false
                    break
                }
                if same { return values[slot] }
            }
            slot = (slot + 1) & mask
        }
    }
}
