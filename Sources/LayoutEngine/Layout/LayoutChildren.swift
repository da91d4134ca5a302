extension LayoutComputer {
    /// The node's layout children, read in place from the tree's child list through the
    /// computer's pointer (LayoutDriver.swift). An `ArraySlice` of the tree's own array
    /// retained and released that array at every stack sizing and placement (some 800
    /// pairs of atomic operations per 1,000-node layout), and at every flex run.
    @inline(__always)
    func layoutChildren(of node: Int) -> UnsafeBufferPointer<Int32> {
        let record = tree.nodes[node]
        return UnsafeBufferPointer(rebasing: childList[Int(record.childStart)..<Int(record.childStart + record.childCount)])
    }
}
