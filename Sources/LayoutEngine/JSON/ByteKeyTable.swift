/// Maps JSON object keys to values by comparing their bytes on the tape, without making
/// a String or hashing: keys are few and short, so a length check and a compare win.
struct ByteKeyTable<Value: Sendable>: Sendable {
    private struct Entry: Sendable {
        var bytes: [UInt8]
        var value: Value
    }

    /// Entries grouped by key length.
    private let byLength: [[Entry]]

    init(_ pairs: [(String, Value)]) {
        var table: [[Entry]] = []
        for (key, value) in pairs {
            let bytes = Array(key.utf8)
            while table.count <= bytes.count { table.append([]) }
            table[bytes.count].append(Entry(bytes: bytes, value: value))
        }
        byLength = table
    }

    /// The value for the string at tape entry `index`, if it is one of the keys.
    @inline(__always)
    func lookup(_ tape: JSONTape, _ index: Int) -> Value? {
        let entry = tape.entries[index]
        if entry.hasEscapes {
            let key = Array(tape.string(at: index).utf8)
            guard key.count < byLength.count else { return nil }
            return byLength[key.count].first { $0.bytes == key }?.value
        }
        let length = Int(entry.end - entry.start)
        guard length < byLength.count else { return nil }
        let start = Int(entry.start)
        return tape.bytes.withUnsafeBufferPointer { all in
            for candidate in byLength[length] {
                var same = true
                for offset in 0..<length where all[start + offset] != candidate.bytes[offset] {
                    same = false
                    break
                }
                if same { return candidate.value }
            }
            return nil
        }
    }
}
