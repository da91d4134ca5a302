/// Walks a tree assigning each node the id the service gives it (openapi.yaml
/// `LayoutRequest`, "Identity"): its own `id`, else `<parent id>/<index>`; `<id>/header`,
/// `<id>/footer`, `<id>/background`, `<id>/overlay` for content; a `foreach` copy is
/// `<foreach id>/<datum>`, and an `id` given inside a copy is scoped under it
/// (`<copy id>/<id>`, nested copies nesting the scopes). Service-made dividers are not in
/// the tree and are not visited.
enum IdentityWalk {
    typealias Visitor = (_ node: Node, _ id: String, _ depth: Int) -> Void

    static func visit(_ root: Node, _ visitor: Visitor) {
        visit(root, id: root.id ?? "root", scope: nil, depth: 0, visitor)
    }

    /// `scope`: the id of the innermost `foreach` copy the node is in, if any.
    private static func visit(_ node: Node, id: String, scope: String?, depth: Int, _ visitor: Visitor) {
        visitor(node, id, depth)
        func idOf(_ child: Node, derived: String) -> String {
            guard let given = child.id else { return derived }
            return scope.map { "\($0)/\(given)" } ?? given
        }
        for modifier in node.modifiers {
            for name in ["background", "overlay"] {
                if let content = modifier[name]?["content"].flatMap(Node.init(json:)) {
                    visit(content, id: idOf(content, derived: "\(id)/\(name)"), scope: scope, depth: depth + 1, visitor)
                }
            }
        }
        if let header = node.members["header"].flatMap(Node.init(json:)) {
            visit(header, id: idOf(header, derived: "\(id)/header"), scope: scope, depth: depth + 1, visitor)
        }
        for (index, child) in (node.children ?? []).enumerated() {
            visit(child, id: idOf(child, derived: "\(id)/\(index)"), scope: scope, depth: depth + 1, visitor)
        }
        if let footer = node.members["footer"].flatMap(Node.init(json:)) {
            visit(footer, id: idOf(footer, derived: "\(id)/footer"), scope: scope, depth: depth + 1, visitor)
        }
        if node.type == "foreach", let content = node.members["content"].flatMap(Node.init(json:)) {
            for datum in node.members["data"]?.arrayValue ?? [] {
                let copyID = "\(id)/\(datum.stringValue ?? short(datumNumber(datum)))"
                visit(content, id: copyID, scope: copyID, depth: depth + 1, visitor)
            }
        }
    }

    private static func datumNumber(_ datum: JSONValue) -> Double {
        if case .number(let value) = datum { return value }
        return 0
    }
}
