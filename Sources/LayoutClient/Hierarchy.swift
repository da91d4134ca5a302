extension LayoutResponse {
    /// The laid-out tree, one node a line, indented by depth: type, id and frame. Dividers
    /// the service made follow their container.
    public var hierarchy: String {
        guard let root else { return frames.keys.sorted().map { "\($0) \(frames[$0].map(\.description) ?? "")" }.joined(separator: "\n") }
        var lines: [String] = []
        IdentityWalk.visit(root) { node, id, depth in
            let indent = String(repeating: "  ", count: depth)
            let label = node.members["text"]?.stringValue.map { " \"\($0)\"" } ?? ""
            let frame = frames[id].map(\.description) ?? "(no frame)"
            lines.append("\(indent)\(node.type)\(label) [\(id)] \(frame)")
            var divider = 0
            while let frame = frames["\(id)/divider/\(divider)"] {
                lines.append("\(indent)  divider [\(id)/divider/\(divider)] \(frame)")
                divider += 1
            }
        }
        return lines.joined(separator: "\n")
    }
}
