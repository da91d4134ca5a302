/// Objects with a key twice: JSON leaves them to the reader (RFC 8259 §4), and reading
/// "the last one wins" would let two readers of one body disagree, so the contract
/// refuses them (422) as it refuses unknown fields.
extension JSONTape {
    /// Throws at the second occurrence of a key in any object of the document.
    func rejectDuplicateKeys() throws(DecodeFailure) {
        guard mayHaveDuplicateKeys else { return }
        var index = 0
        while index < entries.count {
            if entries[index].kind == .object, entries[index].count > 1 { try checkMembers(of: index) }
            index += 1
        }
    }

    private func checkMembers(of object: Int) throws(DecodeFailure) {
        if entries[object].count <= 8 {
            // Small objects (nearly all): compare each key with the ones before it.
            var keys: [Int] = []
            var cursor = object + 1
            let end = Int(entries[object].end)
            while cursor < end {
                for earlier in keys where sameKey(earlier, cursor) { throw duplicate(cursor) }
                keys.append(cursor)
                cursor = next(after: cursor + 1)
            }
            return
        }
        var seen = Set<String>(minimumCapacity: Int(entries[object].count))
        var cursor = object + 1
        let end = Int(entries[object].end)
        while cursor < end {
            guard seen.insert(string(at: cursor)).inserted else { throw duplicate(cursor) }
            cursor = next(after: cursor + 1)
        }
    }

    private func sameKey(_ a: Int, _ b: Int) -> Bool {
        let first = entries[a], second = entries[b]
        if first.hasEscapes || second.hasEscapes { return string(at: a) == string(at: b) }
        let length = Int(first.end - first.start)
        guard length == Int(second.end - second.start) else { return false }
        for offset in 0..<length where bytes[Int(first.start) + offset] != bytes[Int(second.start) + offset] {
            return false
        }
        return true
    }

    private func duplicate(_ key: Int) -> DecodeFailure {
        .invalid(key, "duplicate key '\(string(at: key))'; each key may appear once in an object")
    }
}
