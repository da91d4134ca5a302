/// Where values sit in the source bytes, for splicing edits into a document.
extension JSONTape {
    /// The byte offset just past the value at tape entry `index`.
    func byteEnd(of index: Int) -> Int {
        let entry = entries[index]
        switch entry.kind {
        case .string: return Int(entry.end) + 1
        case .number, .true, .false, .null: return Int(entry.end)
        case .object, .array:
            // After the last member's value (or the opening bracket), past whitespace, the
            // closing bracket.
            var position = Int(entry.start) + 1
            if entry.count > 0 {
                var last = index + 1
                var cursor = index + 1
                while cursor < Int(entry.end) {
                    last = entry.kind == .object ? cursor + 1 : cursor
                    cursor = next(after: last)
                }
                position = byteEnd(of: last)
            }
            while position < bytes.count, bytes[position] != UInt8(ascii: "}"), bytes[position] != UInt8(ascii: "]") {
                position += 1
            }
            return position + 1
        }
    }

    /// The byte offset where the value at `index` starts (a string's opening quote).
    func byteStart(of index: Int) -> Int {
        let entry = entries[index]
        return entry.kind == .string ? Int(entry.start) - 1 : Int(entry.start)
    }

    /// The source text of the value at `index`.
    func rawBytes(of index: Int) -> ArraySlice<UInt8> {
        bytes[byteStart(of: index)..<byteEnd(of: index)]
    }

    /// The container holding the value at `target`, and the value's position in it (for an
    /// object, the position of its member); nil for the document itself.
    func container(of target: Int) -> (container: Int, position: Int)? {
        guard let last = path(to: target).last else { return nil }
        return (last.container, last.position)
    }
}
