/// `ignoresSafeArea`: `true` (every edge), `false` (none), or `{"edges": E}` where E is
/// `all`, `top`, `leading`, `bottom`, `trailing`, `horizontal`, `vertical`, or a list of
/// those (SwiftUI's `ignoresSafeArea(_:edges:)`).
extension NodeResolver {
    func decodeSafeAreaEdges(_ value: Int) throws(DecodeFailure) -> SafeAreaEdges {
        switch tape.entries[value].kind {
        case .true: return .all
        case .false: return []
        case .object:
            var edges: SafeAreaEdges = .all
            try tape.forEachMember(of: value) { key, member throws(DecodeFailure) in
                guard tape.string(at: key) == "edges" else {
                    throw .invalid(key, "unknown field '\(tape.string(at: key))' in ignoresSafeArea; expected edges")
                }
                if tape.entries[member].kind == .array {
                    edges = []
                    try tape.forEachElement(of: member) { _, element throws(DecodeFailure) in
                        edges.formUnion(try safeAreaEdges(named: element))
                    }
                } else {
                    edges = try safeAreaEdges(named: member)
                }
            }
            return edges
        default:
            throw .invalid(value, "ignoresSafeArea must be a boolean or {\"edges\": …}, not \(tape.kindName(value))")
        }
    }

    private func safeAreaEdges(named index: Int) throws(DecodeFailure) -> SafeAreaEdges {
        switch try tape.readString(index, "an ignoresSafeArea edge") {
        case "all": return .all
        case "top": return .top
        case "leading": return .leading
        case "bottom": return .bottom
        case "trailing": return .trailing
        case "horizontal": return [.leading, .trailing]
        case "vertical": return [.top, .bottom]
        case let other:
            throw .invalid(
                index, "unknown edge '\(other)'; expected all, top, leading, bottom, trailing, horizontal or vertical")
        }
    }
}
