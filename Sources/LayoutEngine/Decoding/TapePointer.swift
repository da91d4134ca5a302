extension JSONTape {
    /// One step from a container to the value holding `target`: the container's tape
    /// index, the value's position in it, and for an object the key's tape index (else -1).
    struct PathStep {
        var container: Int
        var position: Int
        var key: Int
    }

    /// The steps from the document down to tape entry `target` (a value or a key), found
    /// by descending from the root; only used for errors and patches, so a walk is fine.
    func path(to target: Int) -> [PathStep] {
        guard target > 0, target < entries.count else { return [] }
        var steps: [PathStep] = []
        var container = 0
        while container != target {
            let entry = entries[container]
            var cursor = container + 1
            var position = 0
            var descended = false
            while cursor < Int(entry.end) {
                let key = entry.kind == .object ? cursor : -1
                let value = entry.kind == .object ? cursor + 1 : cursor
                let end = next(after: value)
                if target == key || (target >= value && target < end) {
                    steps.append(PathStep(container: container, position: position, key: key))
                    if target == key { return steps }
                    container = value
                    descended = true
                    break
                }
                cursor = end
                position += 1
            }
            if !descended { return steps }
        }
        return steps
    }

    /// The RFC 6901 JSON Pointer of tape entry `target`.
    func pointer(to target: Int) -> String {
        path(to: target).map { step in
            "/" + (step.key >= 0 ? Self.escapePointerToken(string(at: step.key)) : String(step.position))
        }.joined()
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
