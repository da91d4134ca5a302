/// A validated JSON document as a flat tape of entries, in document order (simdjson's
/// idea): one pass over the bytes checks the grammar and records where every value is.
/// Containers know the tape index just past their last descendant, so a reader can skip
/// a whole subtree in O(1) and read an object's keys in any order without a DOM.
struct JSONTape {
    enum Kind: UInt8 {
        case object, array, string, number, `true`, `false`, null
    }

    struct Entry {
        var kind: Kind
        /// Strings: the content holds a backslash escape (must be unescaped to be read).
        var hasEscapes: Bool
        /// Object keys: the key's number in `InternedKeys` (0: not one of them, or written
        /// with escapes). In the padding before `start`, so an entry stays 16 bytes.
        var key: UInt8 = 0
        /// Byte offset: strings, the first content byte; numbers, the first character;
        /// containers, the opening bracket.
        var start: Int32
        /// Strings, the closing quote's offset; numbers, one past the last character;
        /// containers, the tape index just past their last descendant.
        var end: Int32
        /// Containers: the number of members (object: key-value pairs).
        var count: Int32
    }

    let bytes: [UInt8]
    var entries: TapeEntries
    /// False when the parser saw no object that could hold a key twice, so that
    /// `rejectDuplicateKeys` has nothing to compare.
    var mayHaveDuplicateKeys = true

    /// The tape index of the value after `index` (skipping a container's descendants).
    @inline(__always)
    func next(after index: Int) -> Int {
        let entry = entries[index]
        switch entry.kind {
        case .object, .array: return Int(entry.end)
        default: return index + 1
        }
    }

    /// Calls `body(keyIndex, valueIndex)` for each member of the object at `index`.
    @inline(__always)
    func forEachMember(of index: Int, _ body: (Int, Int) throws(DecodeFailure) -> Void) throws(DecodeFailure) {
        var cursor = index + 1
        let end = Int(entries[index].end)
        while cursor < end {
            let valueIndex = cursor + 1
            try body(cursor, valueIndex)
            cursor = next(after: valueIndex)
        }
    }

    /// Calls `body(position, elementIndex)` for each element of the array at `index`.
    @inline(__always)
    func forEachElement(of index: Int, _ body: (Int, Int) throws(DecodeFailure) -> Void) throws(DecodeFailure) {
        var cursor = index + 1
        let end = Int(entries[index].end)
        var position = 0
        while cursor < end {
            try body(position, cursor)
            position += 1
            cursor = next(after: cursor)
        }
    }

    /// The object member named `key`, if present.
    func member(_ key: String, of index: Int) -> Int? {
        var cursor = index + 1
        let end = Int(entries[index].end)
        while cursor < end {
            if stringEquals(cursor, key) { return cursor + 1 }
            cursor = next(after: cursor + 1)
        }
        return nil
    }

    /// Whether the string entry at `index` equals `literal` (after unescaping).
    func stringEquals(_ index: Int, _ literal: String) -> Bool {
        let entry = entries[index]
        if entry.hasEscapes { return string(at: index) == literal }
        return literal.withContiguousUTF8 { utf8 in
            let length = Int(entry.end - entry.start)
            guard utf8.count == length else { return false }
            return bytes.withUnsafeBufferPointer { all in
                let start = Int(entry.start)
                for offset in 0..<length where all[start + offset] != utf8[offset] { return false }
                return true
            }
        }
    }

    /// The string at `index`, unescaped.
    func string(at index: Int) -> String {
        let entry = entries[index]
        if !entry.hasEscapes {
            return bytes.withUnsafeBufferPointer { all in
                String(decoding: UnsafeBufferPointer(rebasing: all[Int(entry.start)..<Int(entry.end)]), as: UTF8.self)
            }
        }
        var out: [UInt8] = []
        appendUnescaped(index, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the unescaped UTF-8 bytes of the string at `index`.
    func appendUnescaped(_ index: Int, to out: inout [UInt8]) {
        let entry = entries[index]
        let start = Int(entry.start), end = Int(entry.end)
        if !entry.hasEscapes {
            bytes.withUnsafeBufferPointer { out.append(contentsOf: UnsafeBufferPointer(rebasing: $0[start..<end])) }
            return
        }
        JSONEscapes.unescape(bytes, from: start, to: end, into: &out)
    }

    /// The number at `index` as a Double.
    func number(at index: Int) -> Double {
        let entry = entries[index]
        return JSONNumberParser.parse(bytes, from: Int(entry.start), to: Int(entry.end))
    }
}
