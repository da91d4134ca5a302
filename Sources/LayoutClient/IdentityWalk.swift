/// Walks a tree assigning each node the id the service gives it (openapi.yaml
/// `LayoutRequest`, "Identity"): its own `id`, else `<parent id>/<index>`; `<id>/header`,
/// `<id>/footer`, `<id>/background`, `<id>/overlay` for content; a `foreach` copy is its
/// datum. Service-made dividers are not in the tree and are not visited.
enum IdentityWalk {
    typealias Visitor = (_ node: Node, _ id: String, _ depth: Int) -> Void

    static func visit(_ root: Node, _ visitor: Visitor) {
        visit(root, id: root.id ?? "root", depth: 0, visitor)
    }

    private static func visit(_ node: Node, id: String, depth: Int, _ visitor: Visitor) {
        visitor(node, id, depth)
        for modifier in node.modifiers {
            for name in ["background", "overlay"] {
                if let content = modifier[name]?["content"].flatMap(Node.init(json:)) {
                    visit(content, id: content.id ?? "\(id)/\(name)", depth: depth + 1, visitor)
                }
            }
        }
        if let header = node.members["header"].flatMap(Node.init(json:)) {
            visit(header, id: header.id ?? "\(id)/header", depth: depth + 1, visitor)
        }
        for (index, child) in (node.children ?? []).enumerated() {
            visit(child, id: child.id ?? "\(id)/\(index)", depth: depth + 1, visitor)
        }
        if let footer = node.members["footer"].flatMap(Node.init(json:)) {
            visit(footer, id: footer.id ?? "\(id)/footer", depth: depth + 1, visitor)
        }
        if node.type == "foreach", let content = node.members["content"].flatMap(Node.init(json:)) {
            for datum in node.members["data"]?.arrayValue ?? [] {
                let copyID = datum.stringValue ?? short(datumNumber(datum))
                visit(content, id: copyID, depth: depth + 1, visitor)
            }
        }
    }

    private static func datumNumber(_ datum: JSONValue) -> Double {
        if case .number(let value) = datum { return value }
        return 0
    }
}
