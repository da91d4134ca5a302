/// Fields of forms, grids, scroll views and text.
extension NodeResolver {
    /// A form: its top-level items become cards (a section each; consecutive standalone
    /// rows share one), with a separator between consecutive rows of a card.
    mutating func resolveForm(
        _ index: Int32, _ fields: NodeFields, _ own: [PendingModifier], _ context: Context, _ depth: Int,
        _ output: inout [Int32]
    ) throws(DecodeFailure) {
        let style = fields.has(.style) ? try decodeFormStyle(fields[.style]) : FormStyle()
        let formIndex = Int32(tree.forms.count)
        tree.forms.append(FormData(style: style, cardStart: 0, cardCount: 0))
        tree.nodes[Int(index)].kind = .form(formIndex)
        try emitModifiers(for: index, own: own, inherited: context.inherited, depth: depth)
        var items: [Int32] = []
        try resolveChildren(of: index, fields, context: Context(section: .formTopLevel), depth: depth, into: &items)
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
            if case .section = tree.nodes[Int(item)].kind {
                try flushLooseRows(&self)
                let parts = sectionParts[item] ?? (-1, -1)
                let rows = Array(tree.children(of: Int(item)))
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
        output.append(index)
    }

    private mutating func makeCard(
        section: Int32, header: Int32, footer: Int32, rows: [Int32], separatorOwner: Int32, firstSeparator: Int,
        style: FormStyle
    ) throws(DecodeFailure) -> FormCard {
        let rowStart = Int32(tree.childList.count)
        tree.childList.append(contentsOf: rows)
        var separators: [Int32] = []
        for position in 0..<max(rows.count - 1, 0) {
            separators.append(
                try appendMadeNode(
                    .divider(thickness: style.separatorThickness), parent: separatorOwner,
                    suffix: "divider/\(firstSeparator + position)", source: Int(tree.nodes[Int(separatorOwner)].source),
                    stack: .vertical))
        }
        let separatorStart = Int32(tree.childList.count)
        tree.childList.append(contentsOf: separators)
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

    /// A text leaf: its runs between break opportunities, measured in the font.
    mutating func decodeText(_ object: Int, _ fields: NodeFields) throws(DecodeFailure) -> Int32 {
        guard fields.has(.text) else { throw .invalid(object, "a text needs \"text\"") }
        let raw = tape.entries[fields[.text]]
        try budget.spendText(Int(raw.end) - Int(raw.start), object: object, limits: limits)
        if let shared = budget.sharedTexts[object] { return shared }
        let content = try tape.readString(fields[.text], "text")
        var fontSize = 17.0
        var lineHeight: Double?
        if fields.has(.font) {
            let font = fields[.font]
            try tape.requireObject(font, "font")
            try tape.forEachMember(of: font) { key, value throws(DecodeFailure) in
                switch tape.string(at: key) {
                case "family":
                    let family = try tape.readString(value, "family")
                    guard family == AhemFont.familyName else {
                        throw .invalid(value, "unknown font family '\(family)'; this server knows: \(AhemFont.familyName)")
                    }
                case "size":
                    fontSize = try tape.readNonNegative(value, "font size")
                case "lineHeight":
                    lineHeight = try tape.readNonNegative(value, "lineHeight")
                case let name:
                    throw .invalid(key, "unknown font field '\(name)'; expected family, size or lineHeight")
                }
            }
        }
        let lineLimit =
            fields.has(.lineLimit) ? try tape.readInteger(fields[.lineLimit], "lineLimit", in: 1...1_000_000) : nil
        let segmentStart = Int32(tree.textSegments.count)
        AhemFont.appendSegments(of: content, to: &tree.textSegments)
        tree.texts.append(
            TextData(
                fontSize: fontSize, lineHeight: lineHeight ?? fontSize, lineLimit: lineLimit, segmentStart: segmentStart,
                segmentCount: Int32(tree.textSegments.count) - segmentStart))
        budget.sharedTexts[object] = Int32(tree.texts.count - 1)
        return Int32(tree.texts.count - 1)
    }
}
