/// Maps JSON strings on the tape (object keys, keywords) to values by their bytes,
/// without making a String: an open-addressing table keyed by the length and the first
/// eight bytes read as one word, so a lookup is one load, one multiply and a compare
/// (the bytes past the eighth are compared only for longer keys).
struct ByteKeyTable<Value: Sendable>: Sendable {
    /// One slot: the key's length (-1: empty), its first eight bytes (zero-padded), where
    /// the rest of its bytes start in `rests`, and its value; together, so that a lookup
    /// touches one cache line.
    private struct Slot: Sendable {
        var length = -1
        var head: UInt64 = 0
        var restStart = 0
        var value: Value?
    }

    private let slots: [Slot]
    /// The bytes past the eighth of every key, back to back.
    private let rests: [UInt8]
    private let mask: Int
    private let maxLength: Int
    /// The value of each numbered key (`InternedKeys`) that is one of this table's keys,
    /// by number: a key entry carrying its number is looked up with one load.
    private let byKeyNumber: [Value?]

    init(_ pairs: [(String, Value)]) {
        var size = 16
        while size < pairs.count * 4 { size <<= 1 }
        var slots = [Slot](repeating: Slot(), count: size)
        var rests: [UInt8] = []
        var longest = 0
        var byKeyNumber = [Value?](repeating: nil, count: Int(UInt8.max) + 1)
        for (key, value) in pairs {
            byKeyNumber[Int(InternedKeys.number(of: key))] = value
            let bytes = Array(key.utf8)
            longest = max(longest, bytes.count)
            let head = Self.head(of: bytes)
            var slot = Self.slot(length: bytes.count, head: head, mask: size - 1)
            while slots[slot].length >= 0 { slot = (slot + 1) & (size - 1) }
            slots[slot] = Slot(length: bytes.count, head: head, restStart: rests.count, value: value)
            rests.append(contentsOf: bytes.dropFirst(8))
        }
        self.slots = slots
        self.rests = rests
        mask = size - 1
        maxLength = longest
        // Slot 0 stands for "not numbered" and must stay empty.
        byKeyNumber[0] = nil
        self.byKeyNumber = byKeyNumber
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
        lookup(tape, index, tape.entries[index])
    }

    /// `lookup(tape, index)` where the caller already read the entry.
    @inline(__always)
    func lookup(_ tape: JSONTape, _ index: Int, _ entry: JSONTape.Entry) -> Value? {
        if entry.key != 0 { return byKeyNumber[Int(entry.key)] }
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
            if length < 8 { head &= (1 &<< UInt64(truncatingIfNeeded: length &* 8)) &- 1 }
        } else {
            for offset in 0..<min(length, 8) { head |= UInt64(base[start + offset]) << UInt64(offset &* 8) }
        }
        var slot = Self.slot(length: length, head: head, mask: mask)
        return slots.withUnsafeBufferPointer { slots in
            while true {
                let candidate = slots[slot]
                if candidate.length < 0 { return nil }
                if candidate.length == length, candidate.head == head {
                    if length <= 8 { return candidate.value }
                    var same = true
                    for offset in 0..<length - 8 where rests[candidate.restStart + offset] != base[start + 8 + offset] {
                        same = false
                        break
                    }
                    if same { return candidate.value }
                }
                slot = (slot + 1) & mask
            }
        }
    }
}
