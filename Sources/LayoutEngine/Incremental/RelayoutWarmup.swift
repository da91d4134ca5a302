extension LayoutComputer {
    /// Before a relayout in place: the per-node entries the layout reads first at the
    /// nodes it will visit (the nodes whose hash changed and their units, the set
    /// `ChangedSubtrees` walked), each loaded once, here, in one pass over the set. The
    /// layout then finds them in cache. By then they are not (the request's decoding came
    /// between), and in the layout each waited for its own cache miss, one after the
    /// other, deep in the work of the node before; here the loads overlap. What it loads:
    /// the placement, the two size memo entries, rigidity, priority and stack sizing head,
    /// and the previous placed flag. Returns a word mixed from them, for the caller to
    /// keep, so that the loads are not optimized away.
    func warmEntries(visitedAfter changed: [Int32], scratch: LayoutScratch) -> UInt64 {
        guard let previous else { return 0 }
        let count = tree.nodes.count
        guard placements.count == count, rigidity.whole.count == count, rigidity.content.count == count,
            priorities.count == count, previous.placed.count == count, scratch.memo.nodeCapacity >= count,
            scratch.contentMemo.nodeCapacity >= count, scratch.stackSizings.nodeCapacity >= count
        else { return 0 }
        let memo = scratch.memo.entries, contentMemo = scratch.contentMemo.entries
        let heads = scratch.stackSizings.heads
        var mixed: UInt64 = 0
        placements.withUnsafeBufferPointer { placements in
            previous.placed.withUnsafeBufferPointer { placed in
                tree.nodes.withUnsafeBufferPointer { nodes in
                    func load(_ node: Int) {
                        mixed ^= placements[node].origin.x.bitPattern ^ memo[node].word ^ contentMemo[node].word
                            ^ heads[node] ^ priorities[node].bitPattern
                        if rigidity.whole[node] != rigidity.content[node] || placed[node] { mixed &+= 1 }
                    }
                    for next in changed {
                        let node = Int(next)
                        guard node >= 0, node < count else { continue }
                        load(node)
                        let end = min(Int(nodes[node].subtreeEnd), count)
                        var member = node + 1
                        while member < end {
                            load(member)
                            member = max(Int(nodes[member].subtreeEnd), member + 1)
                        }
                    }
                }
            }
        }
        return mixed
    }
}
