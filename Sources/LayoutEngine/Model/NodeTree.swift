/// The decoded, validated view tree: an arena in creation (pre-)order, root at 0.
public struct NodeTree: Sendable {
    var nodes: [Node] = []
    var childList: [Int32] = []
    var modifiers: [Modifier] = []
    var idBytes: [UInt8] = []
    var texts: [TextData] = []
    var textSegments: [TextSegment] = []
    var grids: [GridData] = []
    var forms: [FormData] = []
    var formCards: [FormCard] = []
    /// Flex styles (Flex/FlexStyle.swift): per node an index into `flexStyles` (-1: none).
    /// Grown only as styled nodes appear, so it is empty for trees without flex and nodes
    /// past its end have none.
    var flexStyleOf: [Int32] = []
    var flexStyles: [FlexStyle] = []
    var flexEdges: [FlexEdgeSet] = []

    public var nodeCount: Int { nodes.count }

    /// The id of node `index`.
    public func id(of index: Int) -> String {
        let node = nodes[index]
        let start = Int(node.idStart)
        return String(decoding: idBytes[start..<start + Int(node.idLength)], as: UTF8.self)
    }

    /// The index of the node with id `id`, by linear search (for tests and tools).
    public func index(ofID id: String) -> Int? {
        nodes.indices.first { self.id(of: $0) == id }
    }

    @inline(__always)
    func children(of index: Int) -> ArraySlice<Int32> {
        let node = nodes[index]
        return childList[Int(node.childStart)..<Int(node.childStart + node.childCount)]
    }
}
