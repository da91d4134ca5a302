/// The stacks-of-rigid-views tree of issue 11: a VStack of rows, each an HStack of padded
/// cells, each cell an HStack of rigid views (about 9k nodes). Stacks of views that
/// cannot grow are where re-measuring used to multiply.
enum RigidStacks {
    static let rows = 100
    static let cells = 10
    static let views = 8

    static func requestJSON() -> String {
        var json = #"{"bounds":{"width":390,"height":844},"options":{"cache":"none"},"root":{"type":"vstack","spacing":4,"children":["#
        for row in 0..<rows {
            if row > 0 { json += "," }
            json += #"{"type":"hstack","spacing":2,"children":["#
            for cell in 0..<cells {
                if cell > 0 { json += "," }
                json += #"{"type":"hstack","spacing":1,"modifiers":[{"padding":2}],"children":["#
                for view in 0..<views {
                    if view > 0 { json += "," }
                    json += #"{"type":"view","size":{"width":\#(2 + view % 3),"height":\#(4 + (row + cell + view) % 5)}}"#
                }
                json += "]}"
            }
            json += "]}"
        }
        return json + "]}}"
    }
}
