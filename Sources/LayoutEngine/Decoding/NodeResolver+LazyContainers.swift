/// Fields of lazy grids and ViewThatFits.
extension NodeResolver {
    /// More items than this are refused: each makes at least one track.
    static let maxGridItems = 1_000

    /// `lazyvgrid` (`columns`, horizontal `alignment`) or `lazyhgrid` (`rows`, vertical
    /// `alignment`); `spacing` between lines, 8 by default.
    func decodeLazyGrid(_ object: Int, _ fields: NodeFields, axis: Axis) throws(DecodeFailure) -> LazyGridData {
        let itemsField: Field = axis == .vertical ? .columns : .rows
        guard fields.has(itemsField) else {
            throw .invalid(object, "a \(axis == .vertical ? "lazyvgrid" : "lazyhgrid") needs \"\(itemsField)\"")
        }
        let alignment = try crossAlignment(fields, axis, "a lazyhgrid's alignment", "a lazyvgrid's alignment")
        let spacing = fields.has(.spacing) ? try tape.readNonNegative(fields[.spacing], "spacing") : 8
        return LazyGridData(
            axis: axis, items: try decodeGridItems(fields[itemsField], "\(itemsField)"), alignment: alignment,
            spacing: spacing)
    }

    /// A list of `{"fixed": n}`, `{"flexible": {"minimum", "maximum"}}` or
    /// `{"adaptive": {"minimum", "maximum"}}`, each with an optional `spacing`.
    private func decodeGridItems(_ array: Int, _ what: String) throws(DecodeFailure) -> [GridItemSpec] {
        try tape.requireArray(array, what)
        var items: [GridItemSpec] = []
        try tape.forEachElement(of: array) { position, element throws(DecodeFailure) in
            guard position < Self.maxGridItems else {
                throw .tooLarge(element, "\(what) has more than \(Self.maxGridItems) items")
            }
            items.append(try decodeGridItem(element, "\(what)[\(position)]"))
        }
        guard !items.isEmpty else { throw .invalid(array, "\(what) needs at least one item") }
        return items
    }

    private func decodeGridItem(_ object: Int, _ what: String) throws(DecodeFailure) -> GridItemSpec {
        try tape.requireObject(object, what)
        var sizing: GridItemSpec.Sizing?
        var spacing = 8.0
        try tape.forEachMember(of: object) { key, value throws(DecodeFailure) in
            let name = tape.string(at: key)
            switch name {
            case "fixed":
                guard sizing == nil else { throw .invalid(key, "\(what) has more than one of fixed, flexible, adaptive") }
                sizing = .fixed(try tape.readNonNegative(value, "\(what).fixed"))
            case "flexible", "adaptive":
                guard sizing == nil else { throw .invalid(key, "\(what) has more than one of fixed, flexible, adaptive") }
                // SwiftUI's defaults: flexible(minimum: 10, maximum: .infinity); adaptive's minimum is required.
                let (minimum, maximum) = try decodeRange(
                    value, "\(what).\(name)", defaultMinimum: name == "flexible" ? 10 : nil)
                sizing =
                    name == "flexible"
                    ? .flexible(minimum: minimum, maximum: maximum) : .adaptive(minimum: minimum, maximum: maximum)
            case "spacing":
                spacing = try tape.readNonNegative(value, "\(what).spacing")
            default:
                throw .invalid(key, "unknown grid item field '\(name)'; expected fixed, flexible, adaptive or spacing")
            }
        }
        guard let sizing else { throw .invalid(object, "\(what) needs one of fixed, flexible or adaptive") }
        return GridItemSpec(sizing: sizing, spacing: spacing)
    }

    /// `{"minimum": n, "maximum": n | "infinity"}`; minimum ≤ maximum.
    private func decodeRange(_ object: Int, _ what: String, defaultMinimum: Double?) throws(DecodeFailure) -> (
        Double, Double
    ) {
        try tape.requireObject(object, what)
        var minimum = defaultMinimum
        var maximum = Double.infinity
        try tape.forEachMember(of: object) { key, value throws(DecodeFailure) in
            switch tape.string(at: key) {
            case "minimum": minimum = try tape.readNonNegative(value, "\(what).minimum")
            case "maximum":
                if case .points(let points) = try tape.readLength(value, "\(what).maximum", allowNegative: false) {
                    maximum = points
                } else {
                    throw .invalid(value, "\(what).maximum must be a number or \"infinity\", not a percentage")
                }
            case let name: throw .invalid(key, "unknown field '\(name)' in \(what); expected minimum or maximum")
            }
        }
        guard let minimum else { throw .invalid(object, "\(what) needs a \"minimum\"") }
        guard minimum <= maximum else { throw .invalid(object, "\(what): minimum \(minimum) exceeds maximum \(maximum)") }
        guard defaultMinimum != nil || minimum > 0 else { throw .invalid(object, "\(what).minimum must be above 0") }
        return (minimum, maximum)
    }

    /// ViewThatFits's `axes`: `horizontal`, `vertical` or `both` (the default, as SwiftUI's).
    func decodeFitAxes(_ fields: NodeFields) throws(DecodeFailure) -> ScrollAxes {
        guard fields.has(.axes) else { return .both }
        switch try tape.readString(fields[.axes], "axes") {
        case "vertical": return .vertical
        case "horizontal": return .horizontal
        case "both": return .both
        case let other:
            throw .invalid(fields[.axes], "unknown axes '\(other)'; expected horizontal, vertical or both")
        }
    }
}
