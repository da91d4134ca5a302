/// The grid-cell modifiers: `gridCellColumns` (a count ≥ 1), `gridColumnAlignment` (a
/// horizontal alignment), `gridCellAnchor` (a two-axis alignment name or `{"x", "y"}` unit
/// point), `gridCellUnsizedAxes` (`horizontal`, `vertical` or `both`).
extension NodeResolver {
    func decodeGridCell(named name: String, _ value: Int) throws(DecodeFailure) -> GridCellSpec {
        var spec = GridCellSpec()
        switch name {
        case "gridCellColumns":
            spec.columns = try tape.readInteger(value, "gridCellColumns", in: 1...NodeResolver.maxGridItems)
        case "gridColumnAlignment":
            spec.columnAlignment = try tape.readHorizontalAlignment(value, "gridColumnAlignment")
        case "gridCellAnchor":
            if tape.entries[value].kind == .object {
                var x: Double?, y: Double?
                try tape.forEachMember(of: value) { key, member throws(DecodeFailure) in
                    switch tape.string(at: key) {
                    case "x": x = try tape.readNumber(member, "gridCellAnchor.x")
                    case "y": y = try tape.readNumber(member, "gridCellAnchor.y")
                    case let other: throw .invalid(key, "unknown field '\(other)' in gridCellAnchor; expected x or y")
                    }
                }
                guard let x, let y else { throw .invalid(value, "gridCellAnchor needs both x and y") }
                spec.anchor = UnitPoint(x: x, y: y)
            } else {
                let alignment = try tape.readAlignment(value, "gridCellAnchor")
                spec.anchor = UnitPoint(
                    x: alignment.horizontal.defaultValue(width: 1), y: alignment.vertical.defaultValue(height: 1))
            }
        default:
            switch try tape.readString(value, name) {
            case "horizontal": spec.unsizedAxes = .horizontal
            case "vertical": spec.unsizedAxes = .vertical
            case "both": spec.unsizedAxes = .both
            case let other:
                throw .invalid(value, "unknown axes '\(other)' for \(name); expected horizontal, vertical or both")
            }
        }
        return spec
    }
}
