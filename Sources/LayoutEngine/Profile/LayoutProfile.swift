/// What `"options": {"profile": true}` reports (openapi.yaml `Profile`): per node, the
/// questions it was asked and where the answers came from, and warnings in the manner of
/// swift-layout's PerformanceProfiler.
public struct LayoutProfile: Sendable {
    public struct Sample: Sendable {
        public var proposal: ProposedSize
        public var size: Size
        public var source: MeasureSource
    }

    public struct NodeProfile: Sendable {
        public var node: Int
        /// Times the node was asked for its size.
        public var calls: Int
        public var computed: Int
        public var memoHits: Int
        public var sharedHits: Int
        /// Time inside its measurements, subtree included, in microseconds.
        public var micros: Double
        /// The first questions asked (at most 16), in order.
        public var samples: [Sample]
    }

    public enum WarningKind: String, Sendable {
        /// Sizes computed (not answered by a memo or cache) more than `measuredMoreThan` times.
        case measuredOften
        /// The node's measurements took more than `subtreeShare` of the layout, and none
        /// of its children's did (the deepest hot spot).
        case slowSubtree
        /// A text larger than the space it was offered (a word longer than the width, or
        /// lines taller than the height).
        case textOverflow
        /// A stack whose children need more room along its axis than it was offered, or
        /// lie outside its frame.
        case stackOverflow
    }

    public struct Warning: Sendable {
        public var kind: WarningKind
        public var node: Int
        public var detail: String
    }

    /// Warning thresholds.
    public static let measuredMoreThan = 8
    public static let subtreeShare = 0.25

    public var layoutMicros: Double
    /// Nodes asked at least once, in arena order.
    public var nodes: [NodeProfile]
    public var warnings: [Warning]
}
