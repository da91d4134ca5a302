/// Fields of forms, grids, scroll views and text.
extension NodeResolver {
    /// A form: its top-level items become cards (a section each; consecutive standalone
    /// rows share one), with a separator between consecutive rows of a card.
    mutating func resolveForm(
        _ index: Int32, _ fields: NodeFields, _ own: OwnModifiers, _ context: Context, _ depth: Int
    ) throws(DecodeFailure) {
        let style = fields.has(.style) ? try decodeFormStyle(fields[.style]) : FormStyle()
        let formIndex = Int32(tree.forms.count)
        tree.forms.append(FormData(style: style, cardStart: 0, cardCount: 0))
        nodes[Int(index)].kind = .form(formIndex)
        try emitModifiers(for: index, own: own, inherited: context.inherited, depth: depth)
        let mark = yielded.count
        try resolveChildren(of: index, fields, context: Context(section: .formTopLevel), depth: depth)
        let items = takeYielded(from: mark)
        setChildren(of: index, items)

        var cards: [FormCard] = []
        var implicitSeparators = 0
        var looseRows: [Int32] = []
        func flushLooseRows(_ resolver: inout NodeResolver) throws(DecodeFailure) {
            guard !looseRows.isEmpty else { return }
            cards.append(
                try resolver.makeCard(
                    section: -1, header: -1, footer: -1, rows: looseRows, separatorOwner: index,
                    firstSeparator: implicitSeparators, style: style))
            implicitSeparators += looseRows.count - 1
            looseRows.removeAll()
        }
        for item in items {
            if case .section = nodes[Int(item)].kind {
                try flushLooseRows(&self)
                let parts = sectionParts[item] ?? (-1, -1)
                let section = nodes[Int(item)]
                let rows = Array(childList.elements[Int(section.childStart)..<Int(section.childStart + section.childCount)])
                cards.append(
                    try makeCard(
                        section: item, header: parts.header, footer: parts.footer, rows: rows, separatorOwner: item,
                        firstSeparator: 0, style: style))
            } else {
                looseRows.append(item)
            }
        }
        try flushLooseRows(&self)
        tree.forms[Int(formIndex)].cardStart = Int32(tree.formCards.count)
        tree.forms[Int(formIndex)].cardCount = Int32(cards.count)
        tree.formCards.append(contentsOf: cards)
        yielded.append(index)
    }

    private mutating func makeCard(
        section: Int32, header: Int32, footer: Int32, rows: [Int32], separatorOwner: Int32, firstSeparator: Int,
        style: FormStyle
    ) throws(DecodeFailure) -> FormCard {
        let rowStart = Int32(childList.count)
        rows.withUnsafeBufferPointer { childList.append(contentsOf: $0) }
        var separators: [Int32] = []
        for position in 0..<max(rows.count - 1, 0) {
            separators.append(
                try appendMadeNode(
                    .divider(thickness: style.separatorThickness), parent: separatorOwner,
                    suffix: "divider/\(firstSeparator + position)", source: Int(nodes[Int(separatorOwner)].source),
                    stack: .vertical))
        }
        let separatorStart = Int32(childList.count)
        separators.withUnsafeBufferPointer { childList.append(contentsOf: $0) }
        return FormCard(
            section: section, header: header, footer: footer, rowStart: rowStart, rowCount: Int32(rows.count),
            separatorStart: separatorStart)
    }

    private func decodeFormStyle(_ object: Int) throws(DecodeFailure) -> FormStyle {
        try tape.requireObject(object, "a form's style")
        var style = FormStyle()
        try tape.forEachMember(of: object) { key, value throws(DecodeFailure) in
            switch tape.string(at: key) {
            case "horizontalMargin": style.horizontalMargin = try tape.readNonNegative(value, "horizontalMargin")
            case "rowInsets": style.rowInsets = try decodeInsets(value, "rowInsets", base: style.rowInsets)
            case "minRowHeight": style.minRowHeight = try tape.readNonNegative(value, "minRowHeight")
            case "separatorThickness": style.separatorThickness = try tape.readNonNegative(value, "separatorThickness")
            case "sectionSpacing": style.sectionSpacing = try tape.readNonNegative(value, "sectionSpacing")
            case "headerSpacing": style.headerSpacing = try tape.readNonNegative(value, "headerSpacing")
            case let name:
                throw .invalid(
                    key,
                    "unknown form style '\(name)'; expected horizontalMargin, rowInsets, minRowHeight, separatorThickness, sectionSpacing or headerSpacing"
                )
            }
        }
        return style
    }

    /// Insets with the padding keys (all < horizontal/vertical < single edges), as
    /// non-negative numbers; edges not named keep `base`.
    func decodeInsets(_ object: Int, _ what: String, base: EdgeInsets) throws(DecodeFailure) -> EdgeInsets {
        try tape.requireObject(object, what)
        let edges = try tape.readEdges(
            object, unknown: { "unknown edge '\($0)' in \(what); expected \(ModifierDecoder.edgeKeyList)" }
        ) { value, name throws(DecodeFailure) in try tape.readNonNegative(value, name) }
        return EdgeInsets(
            top: edges.top ?? base.top, leading: edges.leading ?? base.leading, bottom: edges.bottom ?? base.bottom,
            trailing: edges.trailing ?? base.trailing)
    }

    func decodeGrid(_ fields: NodeFields) throws(DecodeFailure) -> GridData {
        GridData(
            alignment: fields.has(.alignment) ? try tape.readAlignment(fields[.alignment], "a grid's alignment") : .center,
            horizontalSpacing: fields.has(.horizontalSpacing)
                ? try tape.readNumber(fields[.horizontalSpacing], "horizontalSpacing") : 8,
            verticalSpacing: fields.has(.verticalSpacing)
                ? try tape.readNumber(fields[.verticalSpacing], "verticalSpacing") : 8)
    }

    func decodeScrollAxes(_ fields: NodeFields) throws(DecodeFailure) -> ScrollAxes {
        guard fields.has(.axes) else { return .vertical }
        switch try tape.readString(fields[.axes], "axes") {
        case "vertical": return .vertical
        case "horizontal": return .horizontal
        case "both": return .both
        case let other:
            throw .invalid(fields[.axes], "unknown scroll axes '\(other)'; expected vertical, horizontal or both")
        }
    }
}
