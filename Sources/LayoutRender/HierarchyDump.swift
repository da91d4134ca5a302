import LayoutEngine

/// The layout as a tree drawn with box-drawing characters, one line per node: kind, id,
/// frame, and the fields that shaped it (spacing, alignment, modifiers innermost first,
/// flex style). Made nodes (backgrounds, headers, separators) hang under their makers.
public enum HierarchyDump {
    public static func render(_ layout: LayoutInspection) -> String {
        let tree = layout.request.tree
        guard tree.nodeCount > 0 else { return "" }
        let children = tree.hierarchyChildren()
        let roles = tree.madeRoles()
        let scrollContent = layout.result.scrollContentSizes()
        let profile = ProfileNotes(layout.result.profile)
        var output = ""
        // Depth-first without recursion (trees may be thousands deep): each entry is a node
        // and the prefix drawn before its branch.
        var stack: [(node: Int, prefix: String, branch: String)] = [(0, "", "")]
        while let (index, prefix, branch) = stack.popLast() {
            output += prefix + branch + line(tree.describe(index, roles: roles), layout: layout, scrollContent: scrollContent)
            output += profile.notes[index] ?? ""
            output += "\n"
            let nested = prefix + (branch == "├─ " ? "│  " : branch.isEmpty ? "" : "   ")
            let kids = children[index]
            for (position, child) in kids.enumerated().reversed() {
                stack.append((child, nested, position == kids.count - 1 ? "└─ " : "├─ "))
            }
        }
        return output
    }

    static func line(_ node: NodeDescription, layout: LayoutInspection, scrollContent: [Int: Size]) -> String {
        let n = NumberFormat.short
        var parts = [node.kind, MarkupEscaping.quoted(node.id)]
        if let made = node.made { parts.append("[\(made.rawValue)]") }
        let result = layout.result
        if node.hasFrame, node.index < result.hasFrame.count, result.hasFrame[node.index] {
            let frame = result.frames[node.index]
            parts.append("(\(n(frame.x)), \(n(frame.y)), \(n(frame.width))×\(n(frame.height)))")
        } else {
            parts.append("(no frame)")
        }
        if let text = node.text { parts.append(MarkupEscaping.quoted(text)) }
        parts += node.fields
        if let content = scrollContent[node.index] { parts.append("content=\(n(content.width))×\(n(content.height))") }
        if !node.modifiers.isEmpty { parts.append("modifiers=[" + node.modifiers.joined(separator: ", ") + "]") }
        if !node.flexStyle.isEmpty { parts.append("flex={" + node.flexStyle.joined(separator: ", ") + "}") }
        if let changes = layout.changes {
            var states: [String] = []
            if changes.inserted.contains(node.index) { states.append("inserted") }
            if changes.moved.contains(node.index) { states.append("moved") }
            if changes.resized.contains(node.index) { states.append("resized") }
            if !states.isEmpty { parts.append("diff=" + states.joined(separator: "+")) }
        }
        return parts.joined(separator: " ")
    }
}

/// With `"options": {"profile": true}`, each line ends with the node's measurements and
/// warnings.
struct ProfileNotes {
    var notes: [Int: String] = [:]

    init(_ profile: LayoutProfile?) {
        guard let profile else { return }
        for node in profile.nodes {
            notes[node.node] =
                " profile={calls=\(node.calls), computed=\(node.computed), memo=\(node.memoHits), "
                + "shared=\(node.sharedHits), \(NumberFormat.short(node.micros))µs}"
        }
        for warning in profile.warnings {
            notes[warning.node, default: ""] += " ⚠ \(warning.kind.rawValue): \(warning.detail)"
        }
    }
}
