/// The patch that turns a session's last tree into a new one (API.md §5), found by walking
/// both trees by id: a node whose type or explicit id changed is replaced; a changed member
/// is `set`; children with explicit ids are matched by id (kept in their longest common
/// order, the rest removed or inserted); children without ids are matched by position when
/// their count is unchanged, else the parent's `children` are set whole (an insert would
/// renumber their path-derived ids).
enum TreeDiffer {
    /// Children lists whose id-matching would cost more than this many comparisons are
    /// sent whole instead.
    static let matchingBudget = 4_000_000

    static func operations(from old: Node, to new: Node) -> [PatchOperation] {
        var operations: [PatchOperation] = []
        diff(old, new, id: old.id ?? "root", into: &operations)
        return operations
    }

    private static func diff(_ old: Node, _ new: Node, id: String, into operations: inout [PatchOperation]) {
        guard old.type == new.type, old.id == new.id else {
            operations.append(.replace(id: id, node: new))
            return
        }
        for key in Set(old.members.keys).union(new.members.keys).sorted() where old.members[key] != new.members[key] {
            operations.append(.set(id: id, field: key, value: new.members[key] ?? .null))
        }
        switch (old.children, new.children) {
        case (nil, nil):
            break
        case (let before?, let after?):
            diffChildren(before, after, parent: id, into: &operations)
        default:
            operations.append(.set(id: id, field: "children", value: new.children.map { .array($0.map(\.json)) } ?? .null))
        }
    }

    private static func diffChildren(_ old: [Node], _ new: [Node], parent: String, into operations: inout [PatchOperation]) {
        if old.count == new.count, zip(old, new).allSatisfy({ $0.id == $1.id }) {
            for (index, (before, after)) in zip(old, new).enumerated() where before != after {
                diff(before, after, id: before.id ?? "\(parent)/\(index)", into: &operations)
            }
            return
        }
        let oldIDs = old.compactMap(\.id)
        let newIDs = new.compactMap(\.id)
        guard oldIDs.count == old.count, newIDs.count == new.count, Set(oldIDs).count == oldIDs.count,
            Set(newIDs).count == newIDs.count, old.count * new.count <= matchingBudget
        else {
            operations.append(.set(id: parent, field: "children", value: .array(new.map(\.json))))
            return
        }
        let kept = Set(longestCommonSubsequence(oldIDs, newIDs))
        let oldByID = Dictionary(uniqueKeysWithValues: zip(oldIDs, old))
        for node in new {
            if let id = node.id, kept.contains(id), let before = oldByID[id], before != node {
                diff(before, node, id: id, into: &operations)
            }
        }
        for id in oldIDs where !kept.contains(id) {
            operations.append(.remove(id: id))
        }
        // Inserting in ascending final position into the kept ones, in order, builds the new order.
        for (index, node) in new.enumerated() where !(node.id.map(kept.contains) ?? false) {
            operations.append(.insert(parent: parent, index: index, node: node))
        }
    }

    /// The ids both lists hold in the same relative order, as many as possible.
    static func longestCommonSubsequence(_ a: [String], _ b: [String]) -> [String] {
        let width = b.count + 1
        var lengths = [Int](repeating: 0, count: (a.count + 1) * width)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                lengths[i * width + j] =
                    a[i] == b[j]
                    ? lengths[(i + 1) * width + j + 1] + 1
                    : max(lengths[(i + 1) * width + j], lengths[i * width + j + 1])
            }
        }
        var result: [String] = []
        var i = 0
        var j = 0
        while i < a.count, j < b.count {
            if a[i] == b[j] {
                result.append(a[i])
                i += 1
                j += 1
            } else if lengths[(i + 1) * width + j] >= lengths[i * width + j + 1] {
                i += 1
            } else {
                j += 1
            }
        }
        return result
    }
}
