/// The decoded, validated view tree: an arena in creation (pre-)order, root at 0.
public struct NodeTree: Sendable {
    var nodes: [Node] = []
    var childList: [Int32] = []
    var modifiers: [Modifier] = []
    var idBytes: [UInt8] = []
    var texts: [TextData] = []
    var grids: [GridData] = []
    var lazyGrids: [LazyGridData] = []
    var forms: [FormData] = []
    var formCards: [FormCard] = []
    /// Ids to nodes, kept from decoding for identity diffs and patches.
    var idIndex = IdIndex(expectedCount: 0)
    /// Flex styles (Flex/FlexStyle.swift): per node an index into `flexStyles` (-1: none).
    /// Grown only as styled nodes appear, so it is empty for trees without flex and nodes
    /// past its end have none.
    var flexStyleOf: [Int32] = []
    var flexStyles: [FlexStyle] = []
    var flexEdges: [FlexEdgeSet] = []
    /// Whether any node is transparent (a group, divided, foreach, section): set where a
    /// node's traits are (the decoder, an in-place patch), so that a layout of a tree
    /// without one skips the pass that frames them (`frameTransparentNodes`).
    var hasTransparentNodes = false

    public var nodeCount: Int { nodes.count }
    /// The keyed structural hash (SipHash-2-4/128) of every subtree, in node order: what
    /// the layout cache and sessions key on. Public for `layoutd-bench`, which times it.
    public func subtreeHashes() -> [TreeHash] { StructuralHasher.hashes(of: self) }

    /// The id of node `index`.
    public func id(of index: Int) -> String {
        let node = nodes[index]
        let start = Int(node.idStart)
        return String(decoding: idBytes[start..<start + Int(node.idLength)], as: UTF8.self)
    }

    /// The index of the node with id `id`.
    public func index(ofID id: String) -> Int? {
        let bytes = Array(id.utf8)
        return idIndex.lookup(bytes, start: 0, length: bytes.count, in: self).map(Int.init)
    }

    /// The node in this tree with the same id as node `index` of `other`.
    func node(withIdOf index: Int, in other: NodeTree) -> Int? {
        let node = other.nodes[index]
        return idIndex.lookup(other.idBytes, start: Int(node.idStart), length: Int(node.idLength), in: self).map(Int.init)
    }

    @inline(__always)
    func children(of index: Int) -> ArraySlice<Int32> {
        let node = nodes[index]
        return childList[Int(node.childStart)..<Int(node.childStart + node.childCount)]
    }
}
