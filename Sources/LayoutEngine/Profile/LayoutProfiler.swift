/// Per-node measurement records for `"options": {"profile": true}`. Lives in
/// `LayoutComputer.profiler`, nil unless asked for: the only cost to an unprofiled layout
/// is one nil check at the measure entry point (`LayoutComputer.size(_:_:)`).
struct LayoutProfiler {
    /// One question asked of a node: the proposal, the answer, where it came from.
    struct Sample {
        var proposal: ProposedSize
        var size: Size
        var source: MeasureSource
    }

    struct Record {
        var calls = 0
        var computed = 0
        var memoHits = 0
        var sharedHits = 0
        /// Time inside the node's measurements, its subtree's included.
        var nanoseconds: UInt64 = 0
        /// The first `maxSamples` questions.
        var samples: [Sample] = []
    }

    static let maxSamples = 16

    let clock: LayoutClock
    var records: [Record]
    /// Set just before the profiled path calls the measure entry point itself, so that
    /// the re-entry measures instead of profiling again.
    var bypass = false

    init(clock: LayoutClock, nodeCount: Int) {
        self.clock = clock
        records = Array(repeating: Record(), count: nodeCount)
    }

    mutating func record(_ node: Int, _ sample: Sample, nanoseconds: UInt64) {
        records[node].calls += 1
        records[node].nanoseconds &+= nanoseconds
        switch sample.source {
        case .computed: records[node].computed += 1
        case .memo: records[node].memoHits += 1
        case .sharedCache: records[node].sharedHits += 1
        }
        if records[node].samples.count < Self.maxSamples { records[node].samples.append(sample) }
    }
}

/// Where a size came from.
public enum MeasureSource: String, Sendable {
    /// Computed in this layout (its content or its modifiers).
    case computed
    /// This layout's memo: the node was asked the same question before.
    case memo
    /// The measurement cache shared across requests.
    case sharedCache
}

extension LayoutComputer {
    /// The measure entry point, timed and recorded; nil on the re-entry it makes itself.
    /// Never inlined: the unprofiled path keeps only the nil check and a call it skips.
    @inline(never)
    mutating func profiledSize(_ node: Int, _ proposal: ProposedSize) -> Size? {
        guard let clock = profiler?.clock, profiler?.bypass == false else {
            profiler?.bypass = false
            return nil
        }
        let memoHit = memo.lookup(node, proposal) != nil
        let measuredBefore = measured, reusedBefore = reused
        let start = clock.nanoseconds()
        profiler?.bypass = true
        let size = self.size(node, proposal)
        let elapsed = clock.nanoseconds() &- start
        // A shared-cache answer computes nothing and counts one reuse.
        let source: MeasureSource =
            memoHit ? .memo : (measured == measuredBefore && reused == reusedBefore + 1 ? .sharedCache : .computed)
        profiler?.record(node, LayoutProfiler.Sample(proposal: proposal, size: size, source: source), nanoseconds: elapsed)
        return size
    }
}
