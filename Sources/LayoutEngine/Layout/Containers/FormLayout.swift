/// Form (StackBoard semantics, iOS inset-grouped metrics): cards stacked vertically with
/// `sectionSpacing` above, between and below; each card inset by `horizontalMargin`; rows
/// offered the card width less the row insets, at least `minRowHeight` tall, content
/// centred vertically, with a separator between consecutive rows; a section's header
/// above its card and footer below, `headerSpacing` away.
struct FormPlan {
    var size: Size
    var contentHeight: Double
}

extension LayoutComputer {
    private func rows(of card: FormCard) -> ArraySlice<Int32> {
        tree.childList[Int(card.rowStart)..<Int(card.rowStart + card.rowCount)]
    }

    private func cards(of form: FormData) -> ArraySlice<FormCard> {
        tree.formCards[Int(form.cardStart)..<Int(form.cardStart + form.cardCount)]
    }

    /// The card width: from the proposal, else the widest row's ideal width.
    private mutating func cardWidth(_ form: FormData, _ proposal: ProposedSize) -> Double {
        let style = form.style
        if let width = proposal.width { return max(width - 2 * style.horizontalMargin, 0) }
        var widest = 0.0
        for card in cards(of: form) {
            for row in rows(of: card) { widest = max(widest, size(Int(row), .unspecified).width) }
            for part in [card.header, card.footer] where part >= 0 {
                widest = max(widest, size(Int(part), .unspecified).width)
            }
        }
        return widest + style.rowInsets.horizontal
    }

    mutating func formPlan(_ form: FormData, _ proposal: ProposedSize) -> FormPlan {
        let style = form.style
        let width = cardWidth(form, proposal)
        let rowProposal = ProposedSize(width: max(width - style.rowInsets.horizontal, 0), height: nil)
        var y = style.sectionSpacing
        for card in cards(of: form) {
            if card.header >= 0 { y += size(Int(card.header), rowProposal).height + style.headerSpacing }
            for (position, row) in rows(of: card).enumerated() {
                if position > 0 { y += style.separatorThickness }
                y += max(style.minRowHeight, size(Int(row), rowProposal).height + style.rowInsets.vertical)
            }
            if card.footer >= 0 { y += style.headerSpacing + size(Int(card.footer), rowProposal).height }
            y += style.sectionSpacing
        }
        let size = Size(width: proposal.width ?? width + 2 * style.horizontalMargin, height: proposal.height ?? y)
        return FormPlan(size: size, contentHeight: y)
    }

    mutating func placeForm(_ node: Int, _ plan: FormPlan, _ form: FormData, at origin: Point) {
        let style = form.style
        let insets = style.rowInsets
        let width = cardWidth(form, ProposedSize(width: plan.size.width, height: nil))
        let rowProposal = ProposedSize(width: max(width - insets.horizontal, 0), height: nil)
        let cardX = origin.x + style.horizontalMargin
        let rowX = cardX + insets.leading
        var y = origin.y + style.sectionSpacing
        for card in cards(of: form) {
            if card.header >= 0 {
                place(Int(card.header), rowProposal, at: Point(x: rowX, y: y))
                y += size(Int(card.header), rowProposal).height + style.headerSpacing
            }
            let cardTop = y
            for (position, row) in rows(of: card).enumerated() {
                if position > 0 {
                    let separator = Int(tree.childList[Int(card.separatorStart) + position - 1])
                    setFrame(separator, Rect(x: rowX, y: y, width: max(width - insets.leading, 0), height: style.separatorThickness))
                    y += style.separatorThickness
                }
                let rowSize = size(Int(row), rowProposal)
                let rowHeight = max(style.minRowHeight, rowSize.height + insets.vertical)
                place(Int(row), rowProposal, at: Point(x: rowX, y: y + (rowHeight - rowSize.height) / 2))
                y += rowHeight
            }
            if card.section >= 0 {
                setFrame(Int(card.section), Rect(x: cardX, y: cardTop, width: width, height: y - cardTop))
            }
            if card.footer >= 0 {
                y += style.headerSpacing
                place(Int(card.footer), rowProposal, at: Point(x: rowX, y: y))
                y += size(Int(card.footer), rowProposal).height
            }
            y += style.sectionSpacing
        }
        scrollContent.append((Int32(node), Size(width: plan.size.width, height: plan.contentHeight)))
    }
}

struct FormLayout: NodeLayout {
    let form: FormData

    func sizeThatFits(_ proposal: ProposedSize, node: Int, in computer: inout LayoutComputer) -> Size {
        computer.formPlan(form, proposal).size
    }

    func placeSubviews(_ proposal: ProposedSize, node: Int, at origin: Point, in computer: inout LayoutComputer) {
        let plan = computer.formPlan(form, proposal)
        computer.frames[node] = Rect(origin: origin, size: plan.size)
        computer.placeForm(node, plan, form, at: origin)
    }
}
