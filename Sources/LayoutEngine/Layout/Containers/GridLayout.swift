/// Grid: each column as wide as its widest cell, each row as tall as its tallest (cells
/// measured at their ideal size); a child that is not a gridrow spans every column.
/// Cells are offered their column's width and row's height and aligned inside.
struct GridPlan {
    var size: Size
    var columnWidths: [Double]
    var rowHeights: [Double]
}

extension LayoutComputer {
    private func cells(of row: Int32) -> ArraySlice<Int32>? {
        if case .gridRow = tree.nodes[Int(row)].kind { return tree.children(of: Int(row)) }
        return nil
    }

    mutating func gridPlan(_ node: Int, _ grid: GridData, _ proposal: ProposedSize) -> GridPlan {
        let rows = tree.children(of: node)
        var columnWidths: [Double] = []
        var rowHeights: [Double] = []
        var spanningWidth = 0.0
        for row in rows {
            var height = 0.0
            if let cells = cells(of: row) {
                for (column, cell) in cells.enumerated() {
                    let cellSize = size(Int(cell), .unspecified)
                    if column == columnWidths.count { columnWidths.append(0) }
                    columnWidths[column] = max(columnWidths[column], cellSize.width)
                    height = max(height, cellSize.height)
                }
            } else {
                let spanning = size(Int(row), .unspecified)
                spanningWidth = max(spanningWidth, spanning.width)
                height = spanning.height
            }
            rowHeights.append(height)
        }
        let columnsWidth =
            columnWidths.reduce(0, +) + grid.horizontalSpacing * Double(max(columnWidths.count - 1, 0))
        let height = rowHeights.reduce(0, +) + grid.verticalSpacing * Double(max(rowHeights.count - 1, 0))
        return GridPlan(
            size: Size(width: max(columnsWidth, spanningWidth), height: height), columnWidths: columnWidths,
            rowHeights: rowHeights)
    }

    mutating func placeGrid(_ node: Int, _ plan: GridPlan, _ grid: GridData, at origin: Point) {
        var y = origin.y
        for (index, row) in tree.children(of: node).enumerated() {
            let height = plan.rowHeights[index]
            if let cells = cells(of: row) {
                var alignment = grid.alignment
                if case .gridRow(let rowAlignment?) = tree.nodes[Int(row)].kind { alignment.vertical = rowAlignment }
                var x = origin.x
                var rowFrame: Rect?
                for (column, cell) in cells.enumerated() {
                    let cellSize = Size(width: plan.columnWidths[column], height: height)
                    placeAligned(Int(cell), ProposedSize(cellSize), in: cellSize, alignment: alignment, at: Point(x: x, y: y))
                    let cellFrame = Rect(origin: Point(x: x, y: y), size: cellSize)
                    rowFrame = rowFrame.map { $0.union(cellFrame) } ?? cellFrame
                    x += plan.columnWidths[column] + grid.horizontalSpacing
                }
                setFrame(Int(row), rowFrame ?? Rect(x: origin.x, y: y, width: 0, height: height))
            } else {
                let cellSize = Size(width: plan.size.width, height: height)
                placeAligned(Int(row), ProposedSize(cellSize), in: cellSize, alignment: grid.alignment, at: Point(x: origin.x, y: y))
            }
            y += height + grid.verticalSpacing
        }
    }
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
