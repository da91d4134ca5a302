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
            return Self.percent(value, of: proposal)
        }
    }

    /// `value` percent of `proposal`, in points: the one formula both `resolve` and the
    /// packed lengths (`LengthBits.resolve`) use, so that they agree to the last bit.
    @inline(__always)
    static func percent(_ value: Double, of proposal: Double) -> Double { proposal * value / 100 }
}

/// Padding on the four edges, each a length. Stored as four numbers and one byte of
/// which are percentages (`LengthBits`), not four `Length`s: a `Length` takes 16 bytes
/// for its 9, and this spec's size sets `Modifier`'s, of which a 100k-node tree holds
/// some 77,000 (issue 11: at that size layout is bound by the bytes it reads per node).
struct PaddingSpec: Hashable, Sendable {
    // The four numbers, in the order of the slots in `bits`.
    private var number0 = 0.0, number1 = 0.0, number2 = 0.0, number3 = 0.0
    private var bits = LengthBits()

    init(top: Length, leading: Length, bottom: Length, trailing: Length) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    var top: Length {
        get { bits.length(0, number0) ?? .points(0) }
        set { number0 = bits.mark(0, newValue) }
    }
    var leading: Length {
        get { bits.length(1, number1) ?? .points(0) }
        set { number1 = bits.mark(1, newValue) }
    }
    var bottom: Length {
        get { bits.length(2, number2) ?? .points(0) }
        set { number2 = bits.mark(2, newValue) }
    }
    var trailing: Length {
        get { bits.length(3, number3) ?? .points(0) }
        set { number3 = bits.mark(3, newValue) }
    }

    /// The insets in points (a percentage of an unspecified proposal is 0), read from
    /// the numbers and flags as they are, without making a `Length` of each.
    @inline(__always)
    func resolve(against proposal: ProposedSize) -> EdgeInsets {
        EdgeInsets(
            top: bits.resolve(0, number0, against: proposal.height) ?? 0,
            leading: bits.resolve(1, number1, against: proposal.width) ?? 0,
            bottom: bits.resolve(2, number2, against: proposal.height) ?? 0,
            trailing: bits.resolve(3, number3, against: proposal.width) ?? 0)
    }
}

/// `frame(minWidth:idealWidth:maxWidth:minHeight:idealHeight:maxHeight:alignment:)`,
/// stored as six numbers and a byte each of which are set and which are percentages
/// (`LengthBits`): 56 bytes where six `Length?`s took 96, and `Modifier` with them.
struct FlexibleFrameSpec: Hashable, Sendable {
    // The six numbers, in the order of the slots in `bits`.
    private var number0 = 0.0, number1 = 0.0, number2 = 0.0, number3 = 0.0, number4 = 0.0, number5 = 0.0
    private var bits = LengthBits()
    var alignment: Alignment

    init(
        minWidth: Length?, idealWidth: Length?, maxWidth: Length?, minHeight: Length?, idealHeight: Length?,
        maxHeight: Length?, alignment: Alignment
    ) {
        self.alignment = alignment
        self.minWidth = minWidth
        self.idealWidth = idealWidth
        self.maxWidth = maxWidth
        self.minHeight = minHeight
        self.idealHeight = idealHeight
        self.maxHeight = maxHeight
    }

    var minWidth: Length? {
        get { bits.length(0, number0) }
        set { number0 = bits.mark(0, newValue) }
    }
    var idealWidth: Length? {
        get { bits.length(1, number1) }
        set { number1 = bits.mark(1, newValue) }
    }
    var maxWidth: Length? {
        get { bits.length(2, number2) }
        set { number2 = bits.mark(2, newValue) }
    }
    var minHeight: Length? {
        get { bits.length(3, number3) }
        set { number3 = bits.mark(3, newValue) }
    }
    var idealHeight: Length? {
        get { bits.length(4, number4) }
        set { number4 = bits.mark(4, newValue) }
    }
    var maxHeight: Length? {
        get { bits.length(5, number5) }
        set { number5 = bits.mark(5, newValue) }
    }

    /// The bounds on one axis in points: minimum and maximum resolved against the
    /// proposal on that axis, the ideal against none (a percentage of nothing is nil, as
    /// is a bound not given). Read from the numbers and flags as they are, without making
    /// a `Length` of each (layout asks this of every frame it sizes or places).
    @inline(__always)
    func widthBounds(against proposed: Double?) -> (minimum: Double?, ideal: Double?, maximum: Double?) {
        (
            bits.resolve(0, number0, against: proposed), bits.resolve(1, number1, against: nil),
            bits.resolve(2, number2, against: proposed)
        )
    }

    @inline(__always)
    func heightBounds(against proposed: Double?) -> (minimum: Double?, ideal: Double?, maximum: Double?) {
        (
            bits.resolve(3, number3, against: proposed), bits.resolve(4, number4, against: nil),
            bits.resolve(5, number5, against: proposed)
        )
    }
}

/// Which of up to eight lengths stored as plain numbers beside it are set, and which of
/// those are percentages. An unset one's number is 0 (`mark`), so that equal specs are
/// equal field by field and hash alike.
struct LengthBits: Hashable, Sendable {
    private var present: UInt8 = 0
    private var percent: UInt8 = 0

    /// Slot `slot`'s length, its number being `value`.
    @inline(__always)
    func length(_ slot: Int, _ value: Double) -> Length? {
        let bit: UInt8 = 1 << slot
        guard present & bit != 0 else { return nil }
        return percent & bit != 0 ? .percent(value) : .points(value)
    }

    /// Slot `slot`'s length in points, its number being `value`, as `Length.resolve`
    /// gives it: nil when unset, or a percentage of an unspecified `proposal`.
    @inline(__always)
    func resolve(_ slot: Int, _ value: Double, against proposal: Double?) -> Double? {
        let bit: UInt8 = 1 << slot
        guard present & bit != 0 else { return nil }
        guard percent & bit != 0 else { return value }
        guard let proposal else { return nil }
        return Length.percent(value, of: proposal)
    }

    /// Records what `length` is in slot `slot`; returns the number to store for it.
    @inline(__always)
    mutating func mark(_ slot: Int, _ length: Length?) -> Double {
        let bit: UInt8 = 1 << slot
        switch length {
        case nil:
            present &= ~bit
            percent &= ~bit
            return 0
        case .points(let number):
            present |= bit
            percent &= ~bit
            return number
        case .percent(let number):
            present |= bit
            percent |= bit
            return number
        }
    }
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
