/// A run of patch ops applied together to one decoded tree and its JSON: each op is
/// resolved against the tree as it was when the run began, recorded as an edit of a tape
/// entry, and the edited document is written out once (`render`), so a run of n ops
/// costs one pass over the document instead of n.
///
/// An op joins the run only when the tree the run began with still answers it exactly as
/// the tree left by the ops before would: its target must lie outside every subtree an
/// earlier op of the run replaced, removed, edited a field of, or inserted into (there ids
/// and positions may have moved). Otherwise `add` answers false and the caller starts a
/// new run on the tree the run leaves.
struct PatchBatch {
    /// One element of a node's `children` as edited: an original element or a new node.
    enum Element {
        case original(Int)
        case inserted(ArraySlice<UInt8>)
    }

    let tape: JSONTape
    let tree: NodeTree
    /// Whole values replaced (a `replace` op's node), by tape index.
    private var replaced: [Int: ArraySlice<UInt8>] = [:]
    /// Per node object: members set (nil: removed), in the order first set.
    private var members: [Int: [(name: String, value: ArraySlice<UInt8>?)]] = [:]
    /// Per node object: its `children` as edited by inserts and removes.
    private var children: [Int: [Element]] = [:]
    /// Tape ranges a later op of the run may not target (disjoint, sorted by start).
    private var frozen: [Range<Int>] = []
    /// Tape indices holding an edit, for `render` to know which containers to open.
    private var anchors: [Int] = []
    private(set) var count = 0

    init(tape: JSONTape, tree: NodeTree) {
        self.tape = tape
        self.tree = tree
    }

    /// Whether tape entry `entry` lies in a range an earlier op of the run changed.
    func isFrozen(_ entry: Int) -> Bool {
        // The last range starting at or before `entry`.
        var low = 0, high = frozen.count
        while low < high {
            let middle = (low + high) / 2
            if frozen[middle].lowerBound <= entry { low = middle + 1 } else { high = middle }
        }
        return low > 0 && frozen[low - 1].contains(entry)
    }

    /// Adds a range, absorbing those it contains (ranges of a tape nest or are disjoint).
    private mutating func freeze(_ range: Range<Int>) {
        guard !range.isEmpty, !isFrozen(range.lowerBound) else { return }
        var low = 0, high = frozen.count
        while low < high {
            let middle = (low + high) / 2
            if frozen[middle].lowerBound < range.lowerBound { low = middle + 1 } else { high = middle }
        }
        var end = low
        while end < frozen.count, frozen[end].upperBound <= range.upperBound { end += 1 }
        frozen.replaceSubrange(low..<end, with: [range])
    }

    /// The tape range of the value at `entry` (a container's descendants included).
    private func span(_ entry: Int) -> Range<Int> { entry..<tape.next(after: entry) }

    /// The range inside a node object: its members, not the object itself.
    private func interior(_ entry: Int) -> Range<Int> { (entry + 1)..<tape.next(after: entry) }

    mutating func replace(_ object: Int, with node: ArraySlice<UInt8>) {
        replaced[object] = node
        freeze(span(object))
        anchors.append(object)
        count += 1
    }

    /// Sets (or with nil removes) a member of a node object; `name` is a node field's
    /// name (plain ASCII, written without escapes).
    mutating func set(_ object: Int, name: String, value: ArraySlice<UInt8>?) {
        var list = members[object] ?? []
        if let existing = list.firstIndex(where: { $0.name == name }) {
            list[existing].value = value
        } else {
            list.append((name, value))
        }
        members[object] = list
        freeze(interior(object))
        anchors.append(object)
        count += 1
    }

    /// Whether a `set` of this run replaced the object's `children` member.
    func setsChildren(_ object: Int) -> Bool {
        members[object]?.contains { $0.name == "children" } ?? false
    }

    /// The object's children as this run has left them (nil: it has no `children` array).
    mutating func editedChildren(of object: Int) -> [Element]? {
        if let list = children[object] { return list }
        guard let array = tape.member("children", of: object) else { return [] }
        guard tape.entries[array].kind == .array else { return nil }
        var list: [Element] = []
        list.reserveCapacity(Int(tape.entries[array].count))
        var cursor = array + 1
        while cursor < Int(tape.entries[array].end) {
            list.append(.original(cursor))
            cursor = tape.next(after: cursor)
        }
        return list
    }

    mutating func setChildren(of object: Int, _ list: [Element]) {
        children[object] = list
        freeze(interior(object))
        anchors.append(object)
        count += 1
    }

    // MARK: - Writing the document

    /// The value at tape entry `entry` (the document's root node), edited.
    mutating func render(_ entry: Int) -> [UInt8] {
        anchors.sort()
        var out: [UInt8] = []
        out.reserveCapacity(tape.bytes.count + 64)
        write(entry, into: &out)
        return out
    }

    /// Whether any edit sits at or below the value at `entry`.
    private func holdsEdit(_ entry: Int) -> Bool {
        let range = span(entry)
        var low = 0, high = anchors.count
        while low < high {
            let middle = (low + high) / 2
            if anchors[middle] < range.lowerBound { low = middle + 1 } else { high = middle }
        }
        return low < anchors.count && anchors[low] < range.upperBound
    }

    private func write(_ entry: Int, into out: inout [UInt8]) {
        if let node = replaced[entry] {
            out.append(contentsOf: node)
            return
        }
        guard holdsEdit(entry) else {
            out.append(contentsOf: tape.rawBytes(of: entry))
            return
        }
        let record = tape.entries[entry]
        if record.kind == .array {
            out.append(UInt8(ascii: "["))
            var cursor = entry + 1
            var first = true
            while cursor < Int(record.end) {
                if !first { out.append(UInt8(ascii: ",")) }
                first = false
                write(cursor, into: &out)
                cursor = tape.next(after: cursor)
            }
            out.append(UInt8(ascii: "]"))
            return
        }
        let set = members[entry] ?? []
        let list = children[entry]
        out.append(UInt8(ascii: "{"))
        var first = true
        func separate(_ out: inout [UInt8]) {
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
        }
        var cursor = entry + 1
        var wroteChildren = false
        while cursor < Int(record.end) {
            let key = cursor, value = cursor + 1
            cursor = tape.next(after: value)
            let keyBytes = tape.rawBytes(of: key)
            if let edit = set.first(where: { tape.stringEquals(key, $0.name) }) {
                guard let bytes = edit.value else { continue }
                separate(&out)
                out.append(contentsOf: keyBytes)
                out.append(UInt8(ascii: ":"))
                out.append(contentsOf: bytes)
            } else if let list, tape.stringEquals(key, "children") {
                separate(&out)
                out.append(contentsOf: keyBytes)
                out.append(UInt8(ascii: ":"))
                writeChildren(list, into: &out)
                wroteChildren = true
            } else {
                separate(&out)
                out.append(contentsOf: keyBytes)
                out.append(UInt8(ascii: ":"))
                write(value, into: &out)
            }
        }
        // Members the object did not have: set ones, then children made by inserts.
        for edit in set where tape.member(edit.name, of: entry) == nil {
            guard let bytes = edit.value else { continue }
            separate(&out)
            out.append(UInt8(ascii: "\""))
            out.append(contentsOf: edit.name.utf8)
            out.append(UInt8(ascii: "\""))
            out.append(UInt8(ascii: ":"))
            out.append(contentsOf: bytes)
        }
        if let list, !wroteChildren, !setsChildren(entry) {
            separate(&out)
            out.append(contentsOf: Array(#""children""#.utf8))
            out.append(UInt8(ascii: ":"))
            writeChildren(list, into: &out)
        }
        out.append(UInt8(ascii: "}"))
    }

    private func writeChildren(_ list: [Element], into out: inout [UInt8]) {
        out.append(UInt8(ascii: "["))
        for (position, element) in list.enumerated() {
            if position > 0 { out.append(UInt8(ascii: ",")) }
            switch element {
            case .original(let entry): write(entry, into: &out)
            case .inserted(let bytes): out.append(contentsOf: bytes)
            }
        }
        out.append(UInt8(ascii: "]"))
    }
}
