extension JSONTape {
    /// The RFC 6901 JSON Pointer of tape entry `target`, found by descending from the
    /// root. Only used to report errors, so a walk is fine.
    func pointer(to target: Int) -> String {
        guard target > 0, target < entries.count else { return "" }
        var pointer = ""
        var container = 0
        while container != target {
            let entry = entries[container]
            var cursor = container + 1
            var position = 0
            var descended = false
            while cursor < Int(entry.end) {
                let keyIndex = entry.kind == .object ? cursor : -1
                let valueIndex = entry.kind == .object ? cursor + 1 : cursor
                let valueEnd = next(after: valueIndex)
                if target == keyIndex || (target >= valueIndex && target < valueEnd) {
                    pointer += "/" + (keyIndex >= 0 ? Self.escapePointerToken(string(at: keyIndex)) : String(position))
                    if target == keyIndex { return pointer }
                    container = valueIndex
                    descended = true
                    break
                }
                cursor = valueEnd
                position += 1
            }
            if !descended { return pointer }
        }
        return pointer
    }

    static func escapePointerToken(_ token: String) -> String {
        token.replacingAll("~", with: "~0").replacingAll("/", with: "~1")
    }
}

extension String {
    /// Foundation-free replacement of every occurrence of a character.
    func replacingAll(_ character: Character, with replacement: String) -> String {
        guard contains(character) else { return self }
        var out = ""
        for element in self {
            if element == character { out += replacement } else { out.append(element) }
        }
        return out
    }
}
