/// Turns the profiler's records and the computed frames into a `LayoutProfile`.
extension LayoutComputer {
    /// Called after placement, before mirroring and rounding: frames and proposals are
    /// still in the same (left-to-right, exact) space.
    func profileReport(layoutNanoseconds: UInt64) -> LayoutProfile? {
        guard let profiler else { return nil }
        let total = Double(layoutNanoseconds) / 1000
        var report = LayoutProfile(layoutMicros: total, nodes: [], warnings: [])
        var hot = [Bool](repeating: false, count: tree.nodes.count)
        for (index, record) in profiler.records.enumerated() where record.calls > 0 {
            let micros = Double(record.nanoseconds) / 1000
            report.nodes.append(
                LayoutProfile.NodeProfile(
                    node: index, calls: record.calls, computed: record.computed, memoHits: record.memoHits,
                    sharedHits: record.sharedHits, micros: micros,
                    samples: record.samples.map { LayoutProfile.Sample(proposal: $0.proposal, size: $0.size, source: $0.source) }))
            if record.computed > LayoutProfile.measuredMoreThan {
                report.warnings.append(
                    LayoutProfile.Warning(
                        kind: .measuredOften, node: index,
                        detail: "sizes computed \(record.computed) times (more than \(LayoutProfile.measuredMoreThan))"))
            }
            hot[index] = index > 0 && total > 0 && micros > total * LayoutProfile.subtreeShare
        }
        // The deepest hot nodes: hot, with no hot node inside their subtree.
        for index in tree.nodes.indices where hot[index] {
            let end = Int(tree.nodes[index].subtreeEnd)
            guard !hot[(index + 1)..<max(end, index + 1)].contains(true) else { continue }
            let percent = min(Double(profiler.records[index].nanoseconds) / 10 / total, 100)
            report.warnings.append(
                LayoutProfile.Warning(
                    kind: .slowSubtree, node: index, detail: "its measurements took \(Int(percent.rounded()))% of the layout"))
        }
        for index in tree.nodes.indices where placed[index] {
            guard let proposal = placements[index].proposal else { continue }
            switch tree.nodes[index].kind {
            case .text:
                // Offered to the text itself, or to its container (a stack hands a text the
                // width it asks for, even when the stack was offered less).
                var container = Int(tree.nodes[index].parent)
                while container >= 0, case .transparent = tree.nodes[container].kind {
                    container = Int(tree.nodes[container].parent)
                }
                let offers = [proposal] + (container >= 0 ? [placements[container].proposal].compactMap { $0 } : [])
                if let excess = offers.lazy.compactMap({ Self.excess(self.frames[index].size, $0) }).first {
                    report.warnings.append(
                        LayoutProfile.Warning(kind: .textOverflow, node: index, detail: "the text is \(excess) than offered"))
                }
            case .stack(let axis, _, _):
                report.warnings += stackOverflow(index, axis: axis, proposal: proposal)
            default: break
            }
        }
        return report
    }

    /// How a size exceeds a proposal, in words; nil when it fits.
    private static func excess(_ size: Size, _ proposal: ProposedSize) -> String? {
        var parts: [String] = []
        if let width = proposal.width, size.width > width + 1e-6 {
            parts.append("\(NodeTree.number(size.width - width)) wider")
        }
        if let height = proposal.height, size.height > height + 1e-6 {
            parts.append("\(NodeTree.number(size.height - height)) taller")
        }
        return parts.isEmpty ? nil : parts.joined(separator: " and ")
    }

    private func stackOverflow(_ index: Int, axis: Axis, proposal: ProposedSize) -> [LayoutProfile.Warning] {
        let frame = frames[index]
        var warnings: [LayoutProfile.Warning] = []
        let offered = axis == .horizontal ? proposal.width : proposal.height
        let used = axis == .horizontal ? frame.width : frame.height
        if let offered, used > offered + 1e-6 {
            warnings.append(
                LayoutProfile.Warning(
                    kind: .stackOverflow, node: index,
                    detail: "its children need \(NodeTree.number(used)) along its axis; it was offered \(NodeTree.number(offered))"))
        }
        for child in tree.children(of: index) where placed[Int(child)] {
            let inner = frames[Int(child)]
            if inner.x < frame.x - 1e-6 || inner.y < frame.y - 1e-6 || inner.maxX > frame.maxX + 1e-6
                || inner.maxY > frame.maxY + 1e-6
            {
                warnings.append(
                    LayoutProfile.Warning(
                        kind: .stackOverflow, node: index, detail: "the child \(tree.id(of: Int(child))) lies outside its frame"))
                break
            }
        }
        return warnings
    }
}
