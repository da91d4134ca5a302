/// LazyVGrid and LazyHGrid. The grid's items (`columns` of a vgrid, `rows` of an hgrid)
/// split its cross length into tracks; children fill the tracks in order, a new line
/// (row of a vgrid, column of an hgrid) each time the tracks are full.
///
/// Track sizes follow Apple's documented GridItem rules, with the details observed by
/// objc.io ("SwiftUI Grid Layout Quiz", 2020) and Fatbobman ("Predicting LazyVGrid
/// layout", 2020, translated on mo4tech.com):
/// 1. The spacing after every item but the last, and the fixed items' sizes, come off the
///    length first.
/// 2. Flexible items, in order, each take the remaining length divided by the number of
///    flexible and adaptive items still to size, clamped to [minimum, maximum].
/// 3. Adaptive items, in order, each take their share likewise and fit as many tracks of
///    at least `minimum` (with the item's spacing between them) as it holds, at least one;
///    the tracks share it equally, clamped to [minimum, maximum].
/// 4. The grid's cross size is the sum of the tracks and spacings so found. When placed,
///    the tracks are found again from that size (both sources observe this second pass:
///    flexible(min 100) + flexible(min 180) proposed 300 is 334 wide, drawn 163 + 8 + 180).
///
/// Cells are proposed their track's length across and nothing along the grid's axis (a
/// lazy grid grows along it, as in a scroll view); a line is as long as its longest cell;
/// lines are `spacing` apart (8 by default). With no cross proposal, flexible and
/// adaptive items take their minimum.
struct LazyGridLayout: NodeLayout {
    let grid: LazyGridData

    func sizeThatFits(_ proposal: ProposedSize, node: Int, in computer: inout LayoutComputer) -> Size {
        let tracks = grid.tracks(length: proposal.value(along: grid.axis.other))
        return lines(tracks, node: node, in: &computer).size
    }

    func placeSubviews(_ proposal: ProposedSize, node: Int, at origin: Point, in computer: inout LayoutComputer) {
        let own = computer.level0Size(node, proposal)
        computer.frames[node] = Rect(origin: origin, size: own)
        // Rule 4: the tracks again, from the grid's own cross size.
        let tracks = grid.tracks(length: own.value(along: grid.axis.other))
        let plan = lines(tracks, node: node, in: &computer)
        let axis = grid.axis
        let children = computer.tree.children(of: node)
        var along = 0.0
        for (line, length) in plan.lineLengths.enumerated() {
            let first = children.startIndex + line * tracks.count
            for track in 0..<tracks.count where first + track < children.endIndex {
                let child = Int(children[first + track])
                let cell = Size(major: length, minor: tracks[track].length, axis: axis)
                let cellOrigin = origin + Point(major: along, minor: tracks[track].offset, axis: axis)
                computer.placeAligned(
                    child, cellProposal(tracks[track]), in: cell, alignment: grid.alignment, at: cellOrigin)
            }
            along += length + grid.spacing
        }
    }

    private func cellProposal(_ track: GridTrack) -> ProposedSize {
        ProposedSize(major: nil, minor: track.length, axis: grid.axis)
    }

    private struct Lines {
        var size: Size
        var lineLengths: [Double]
    }

    private func lines(_ tracks: [GridTrack], node: Int, in computer: inout LayoutComputer) -> Lines {
        let children = computer.tree.children(of: node)
        let cross = tracks.last.map { $0.offset + $0.length } ?? 0
        guard !tracks.isEmpty, !children.isEmpty else {
            return Lines(size: Size(major: 0, minor: cross, axis: grid.axis), lineLengths: [])
        }
        var lengths: [Double] = []
        var start = children.startIndex
        while start < children.endIndex {
            var longest = 0.0
            for track in 0..<tracks.count where start + track < children.endIndex {
                let size = computer.size(Int(children[start + track]), cellProposal(tracks[track]))
                longest = max(longest, size.value(along: grid.axis))
            }
            lengths.append(longest)
            start += tracks.count
        }
        let along = lengths.reduce(0, +) + grid.spacing * Double(lengths.count - 1)
        return Lines(size: Size(major: along, minor: cross, axis: grid.axis), lineLengths: lengths)
    }
}

/// One track of a lazy grid: where it starts across the grid, and its length.
struct GridTrack: Equatable {
    var offset: Double
    var length: Double
}

extension LazyGridData {
    /// At most this many tracks in all (adaptive items make fewer when there are many).
    static let maxTracks = 1_000

    /// The tracks for a cross length (nil: unspecified), by the rules above.
    func tracks(length: Double?) -> [GridTrack] {
        guard !items.isEmpty else { return [] }
        let maxAdaptiveCount = max(Self.maxTracks / items.count, 1)
        var remaining = length ?? 0
        var unsized = 0
        for (position, item) in items.enumerated() {
            if position < items.count - 1 { remaining -= item.spacing }
            switch item.sizing {
            case .fixed(let size): remaining -= size
            case .flexible, .adaptive: unsized += 1
            }
        }
        // Per item: its track length and how many tracks it makes.
        var lengths = [Double](repeating: 0, count: items.count)
        var counts = [Int](repeating: 1, count: items.count)
        for (position, item) in items.enumerated() {
            switch item.sizing {
            case .fixed(let size): lengths[position] = size
            case .flexible(let minimum, let maximum):
                let share = length == nil ? minimum : remaining / Double(unsized)
                lengths[position] = min(max(share, minimum), maximum)
                remaining -= lengths[position]
                unsized -= 1
            case .adaptive: break
            }
        }
        for (position, item) in items.enumerated() {
            guard case .adaptive(let minimum, let maximum) = item.sizing else { continue }
            let share = length == nil ? minimum : remaining / Double(unsized)
            let fitting = ((share + item.spacing) / (minimum + item.spacing)).rounded(.down)
            let count = fitting.isFinite && fitting >= 1 ? Int(min(fitting, Double(maxAdaptiveCount))) : 1
            let track = min(max((share - Double(count - 1) * item.spacing) / Double(count), minimum), maximum)
            lengths[position] = track
            counts[position] = count
            remaining -= Double(count) * track + Double(count - 1) * item.spacing
            unsized -= 1
        }
        var tracks: [GridTrack] = []
        var offset = 0.0
        for (position, item) in items.enumerated() {
            for copy in 0..<counts[position] {
                if copy > 0 { offset += item.spacing }
                tracks.append(GridTrack(offset: offset, length: lengths[position]))
                offset += lengths[position]
            }
            offset += item.spacing
        }
        return tracks
    }
}

extension Point {
    init(major: Double, minor: Double, axis: Axis) {
        if axis == .horizontal { self.init(x: major, y: minor) } else { self.init(x: minor, y: major) }
    }
}
