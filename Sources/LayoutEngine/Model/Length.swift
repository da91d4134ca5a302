/// A length in a modifier: points (possibly infinite), or a percentage of the proposal on
/// the same axis.
enum Length: Hashable, Sendable {
    case points(Double)
    case percent(Double)

    /// The length in points; a percentage of an unspecified proposal is itself unspecified.
    @inline(__always)
    func resolve(against proposal: Double?) -> Double? {
        switch self {
        case .points(let value): return value
        case .percent(let value):
            guard let proposal else { return nil }
            return proposal * value / 100
        }
    }
}

/// Padding on the four edges, each a length.
struct PaddingSpec: Hashable, Sendable {
    var top: Length
    var leading: Length
    var bottom: Length
    var trailing: Length

    @inline(__always)
    func resolve(against proposal: ProposedSize) -> EdgeInsets {
        EdgeInsets(
            top: top.resolve(against: proposal.height) ?? 0,
            leading: leading.resolve(against: proposal.width) ?? 0,
            bottom: bottom.resolve(against: proposal.height) ?? 0,
            trailing: trailing.resolve(against: proposal.width) ?? 0)
    }
}

/// `frame(minWidth:idealWidth:maxWidth:minHeight:idealHeight:maxHeight:alignment:)`.
struct FlexibleFrameSpec: Hashable, Sendable {
    var minWidth: Length?
    var idealWidth: Length?
    var maxWidth: Length?
    var minHeight: Length?
    var idealHeight: Length?
    var maxHeight: Length?
    var alignment: Alignment
}

extension Length {
    /// In points (not a percentage of the proposal).
    var isPoints: Bool {
        if case .points = self { return true }
        return false
    }

    var isFinitePoints: Bool {
        if case .points(let value) = self { return value.isFinite }
        return false
    }
}
