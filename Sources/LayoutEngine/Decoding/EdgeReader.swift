/// The four edges an edge object names, after its shorthands: a single edge key wins over
/// `horizontal`/`vertical`, which win over `all`; nil where no key names the edge.
struct NamedEdges<Value> {
    var top: Value?
    var leading: Value?
    var bottom: Value?
    var trailing: Value?
}

extension JSONTape {
    /// Reads an object of edge keys (`top`, `bottom`, `leading`, `trailing`, `horizontal`,
    /// `vertical`, `all`), each value through `read`; `unknown` words the error for any
    /// other key. Shared by the padding modifier and form insets.
    func readEdges<Value>(
        _ object: Int, unknown: (String) -> String, _ read: (Int, String) throws(DecodeFailure) -> Value
    ) throws(DecodeFailure) -> NamedEdges<Value> {
        var all: Value?, horizontal: Value?, vertical: Value?
        var edges = NamedEdges<Value>()
        try forEachMember(of: object) { key, member throws(DecodeFailure) in
            let name = string(at: key)
            switch name {
            case "all": all = try read(member, name)
            case "horizontal": horizontal = try read(member, name)
            case "vertical": vertical = try read(member, name)
            case "top": edges.top = try read(member, name)
            case "bottom": edges.bottom = try read(member, name)
            case "leading": edges.leading = try read(member, name)
            case "trailing": edges.trailing = try read(member, name)
            default: throw .invalid(key, unknown(name))
            }
        }
        edges.top = edges.top ?? vertical ?? all
        edges.bottom = edges.bottom ?? vertical ?? all
        edges.leading = edges.leading ?? horizontal ?? all
        edges.trailing = edges.trailing ?? horizontal ?? all
        return edges
    }
}
