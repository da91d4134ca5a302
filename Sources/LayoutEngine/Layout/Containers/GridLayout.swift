/// Grid, as SwiftUI's Grid lays out (Apple's Grid, GridRow and grid-cell modifier
/// documentation; the column sharing is stack rule 3–5 of SWIFTUI-RULES.md applied to
/// columns, as the observations of SwiftUI show):
/// - A `gridrow`'s children are its cells, one column each, or `gridCellColumns` n
///   columns. A child of the grid that is not a gridrow is a row of one cell spanning
///   every column. There are as many columns as the widest row needs.
/// - Columns share the proposed width (less the spacing) as an HStack shares it among its
///   children: each column's flexibility is that of its widest single-column cell
///   (proposed 0 and infinity); least flexible first, each column is offered the rest
///   divided by the columns left and is as wide as its widest cell at that offer. With no
///   width proposed, each column is as wide as its widest cell's ideal width.
/// - Rows share the proposed height the same way, each row as tall as its tallest cell
///   offered its column width(s).
/// - A spanning row's cell widens the grid to its own width (a flexible one to the width
///   proposed), but not the columns; `gridCellUnsizedAxes` keeps a cell out of the sizes
///   on those axes: it is then offered the size the other cells decided.
/// - A cell is offered its column width (spanned columns and their spacing) and its row
///   height, and placed in that box by its `gridCellAnchor` if any, else by the column's
///   `gridColumnAlignment` (set on any cell of that column) and the row's vertical
///   alignment, else by the grid's `alignment`.
struct GridPlan {
    var size: Size
    var columnWidths: [Double]
    var rowHeights: [Double]
}

struct GridLayout: NodeLayout {
    let grid: GridData

    func sizeThatFits(_ proposal: ProposedSize, node: Int, in computer: inout LayoutComputer) -> Size {
        computer.gridPlan(node, grid, proposal).size
    }

    func placeSubviews(_ proposal: ProposedSize, node: Int, at origin: Point, in computer: inout LayoutComputer) {
        let plan = computer.gridPlan(node, grid, proposal)
        computer.frames[node] = Rect(origin: origin, size: plan.size)
        computer.placeGrid(node, plan, grid, at: origin)
    }
}

extension LayoutComputer {
    private func cells(of row: Int32) -> ArraySlice<Int32>? {
        if case .gridRow = tree.nodes[Int(row)].kind { return tree.children(of: Int(row)) }
        return nil
    }

    /// The node's grid-cell settings, its grid-cell modifiers merged (outermost wins).
    func gridCell(_ node: Int) -> GridCellSpec {
        let record = tree.nodes[node]
        var merged = GridCellSpec()
        for index in Int(record.modifierStart)..<Int(record.modifierStart + record.modifierCount) {
            guard case .gridCell(let spec) = tree.modifiers[index] else { continue }
            merged.columns = spec.columns ?? merged.columns
            merged.columnAlignment = spec.columnAlignment ?? merged.columnAlignment
            merged.anchor = spec.anchor ?? merged.anchor
            merged.unsizedAxes = spec.unsizedAxes ?? merged.unsizedAxes
        }
        return merged
    }

    /// Each cell of a row with its first column and span (spans clipped to `columnCount`
    /// when given).
    private func layoutRow(_ cells: ArraySlice<Int32>, columnCount: Int?) -> [(cell: Int, column: Int, span: Int)] {
        var result: [(cell: Int, column: Int, span: Int)] = []
        var column = 0
        for cell in cells {
            var span = gridCell(Int(cell)).columns ?? 1
            if let columnCount { span = max(min(span, columnCount - column), 1) }
            result.append((Int(cell), column, span))
            column += span
        }
        return result
    }

    private func columnCount(_ rows: ArraySlice<Int32>) -> Int {
        var count = 0
        for row in rows {
            guard let cells = cells(of: row) else { continue }
            let placed = layoutRow(cells, columnCount: nil)
            count = max(count, placed.last.map { $0.column + $0.span } ?? 0)
        }
        return count
    }

    /// Stack rules 3–5 over tracks: `measure(track, offer)` is a track's length for an offer.
    private mutating func shareOut(
        count: Int, available: Double?, measure: (inout LayoutComputer, Int, Double?) -> Double
    ) -> [Double] {
        var lengths = [Double](repeating: 0, count: count)
        guard let available else {
            for track in 0..<count { lengths[track] = measure(&self, track, nil) }
            return lengths
        }
        var minimums = [Double](repeating: 0, count: count)
        var flexibilities = [Double](repeating: 0, count: count)
        for track in 0..<count {
            minimums[track] = measure(&self, track, 0)
            flexibilities[track] = measure(&self, track, .infinity) - minimums[track]
        }
        // Least flexible first; between two infinitely flexible, the larger minimum first;
        // ties keep their order (a stable sort).
        let order = (0..<count).sorted { a, b in
            if flexibilities[a] != flexibilities[b] { return flexibilities[a] < flexibilities[b] }
            if flexibilities[a].isInfinite, minimums[a] != minimums[b] { return minimums[a] > minimums[b] }
            return a < b
        }
        var remaining = available
        var left = count
        for track in order {
            lengths[track] = measure(&self, track, max(remaining / Double(left), 0))
            remaining -= lengths[track]
            left -= 1
        }
        return lengths
    }

    mutating func gridPlan(_ node: Int, _ grid: GridData, _ proposal: ProposedSize) -> GridPlan {
        let rows = tree.children(of: node)
        let columns = columnCount(rows)
        let layouts = rows.map { row in cells(of: row).map { layoutRow($0, columnCount: columns) } }
        func sized(_ computer: LayoutComputer, _ cell: Int, on axis: Axis) -> Bool {
            guard let unsized = computer.gridCell(cell).unsizedAxes else { return true }
            return axis == .horizontal ? !unsized.scrollsHorizontally : !unsized.scrollsVertically
        }

        let availableWidth = proposal.width.map { $0 - grid.horizontalSpacing * Double(max(columns - 1, 0)) }
        let columnWidths = shareOut(count: columns, available: availableWidth) { computer, column, offer in
            var widest = 0.0
            for layout in layouts {
                for placed in layout ?? [] where placed.column == column && placed.span == 1 {
                    guard sized(computer, placed.cell, on: .horizontal) else { continue }
                    widest = max(widest, computer.size(placed.cell, ProposedSize(width: offer, height: nil)).width)
                }
            }
            return widest
        }
        func spanWidth(_ column: Int, _ span: Int) -> Double {
            columnWidths[column..<column + span].reduce(0, +) + grid.horizontalSpacing * Double(span - 1)
        }
        let columnsWidth = columns > 0 ? spanWidth(0, columns) : 0
        var width = columnsWidth
        for (position, row) in rows.enumerated() where layouts[position] == nil {
            guard sized(self, Int(row), on: .horizontal) else { continue }
            width = max(width, size(Int(row), ProposedSize(width: proposal.width ?? columnsWidth, height: nil)).width)
        }

        let availableHeight = proposal.height.map { $0 - grid.verticalSpacing * Double(max(rows.count - 1, 0)) }
        let rowHeights = shareOut(count: rows.count, available: availableHeight) { computer, position, offer in
            guard let layout = layouts[position] else {
                let row = Int(rows[rows.startIndex + position])
                guard sized(computer, row, on: .vertical) else { return 0 }
                return computer.size(row, ProposedSize(width: width, height: offer)).height
            }
            var tallest = 0.0
            for placed in layout where sized(computer, placed.cell, on: .vertical) {
                let offered = ProposedSize(width: spanWidth(placed.column, placed.span), height: offer)
                tallest = max(tallest, computer.size(placed.cell, offered).height)
            }
            return tallest
        }
        let height = rowHeights.reduce(0, +) + grid.verticalSpacing * Double(max(rows.count - 1, 0))
        return GridPlan(size: Size(width: width, height: height), columnWidths: columnWidths, rowHeights: rowHeights)
    }

    /// Per column: the `gridColumnAlignment` any of its cells sets (the last one read wins).
    private func columnAlignments(_ node: Int, columns: Int) -> [HorizontalAlignment?] {
        var alignments = [HorizontalAlignment?](repeating: nil, count: columns)
        for row in tree.children(of: node) {
            guard let cells = cells(of: row) else { continue }
            for placed in layoutRow(cells, columnCount: columns) {
                if let alignment = gridCell(placed.cell).columnAlignment { alignments[placed.column] = alignment }
            }
        }
        return alignments
    }

    mutating func placeGrid(_ node: Int, _ plan: GridPlan, _ grid: GridData, at origin: Point) {
        let columns = plan.columnWidths.count
        let alignments = columnAlignments(node, columns: columns)
        var columnX = [Double](repeating: 0, count: columns)
        var x = 0.0
        for column in 0..<columns {
            columnX[column] = x
            x += plan.columnWidths[column] + grid.horizontalSpacing
        }
        var y = origin.y
        for (index, row) in tree.children(of: node).enumerated() {
            let height = plan.rowHeights[index]
            if let cells = cells(of: row) {
                var rowAlignment = grid.alignment
                if case .gridRow(let vertical?) = tree.nodes[Int(row)].kind { rowAlignment.vertical = vertical }
                var rowFrame: Rect?
                for placed in layoutRow(cells, columnCount: columns) {
                    let last = placed.column + placed.span - 1
                    let cellSize = Size(
                        width: columnX[last] + plan.columnWidths[last] - columnX[placed.column], height: height)
                    let cellOrigin = Point(x: origin.x + columnX[placed.column], y: y)
                    var alignment = rowAlignment
                    if let column = alignments[placed.column] { alignment.horizontal = column }
                    placeCell(placed.cell, in: cellSize, alignment: alignment, at: cellOrigin)
                    let cellFrame = Rect(origin: cellOrigin, size: cellSize)
                    rowFrame = rowFrame.map { $0.union(cellFrame) } ?? cellFrame
                }
                setFrame(Int(row), rowFrame ?? Rect(x: origin.x, y: y, width: 0, height: height))
            } else {
                placeCell(Int(row), in: Size(width: plan.size.width, height: height), alignment: grid.alignment,
                    at: Point(x: origin.x, y: y))
            }
            y += height + grid.verticalSpacing
        }
    }

    /// A cell offered its box and placed in it: by its anchor (a unit point of the box
    /// meets the same unit point of the cell), else aligned by guides.
    private mutating func placeCell(_ cell: Int, in box: Size, alignment: Alignment, at origin: Point) {
        let proposal = ProposedSize(box)
        guard let anchor = gridCell(cell).anchor else {
            placeAligned(cell, proposal, in: box, alignment: alignment, at: origin)
            return
        }
        let size = size(cell, proposal)
        place(
            cell, proposal,
            at: Point(x: origin.x + (box.width - size.width) * anchor.x, y: origin.y + (box.height - size.height) * anchor.y))
    }
}
