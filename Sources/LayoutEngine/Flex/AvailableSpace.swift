/// The space a flex container offers on one axis (CSS Sizing 3 §2): a definite length,
/// or a min-content or max-content constraint. Kept in one Double so that it can key the
/// memo directly: -∞ is min-content, +∞ max-content, anything finite is definite.
struct AvailableSpace: Equatable, Sendable {
    var raw: Double

    static let minContent = AvailableSpace(raw: -.infinity)
    static let maxContent = AvailableSpace(raw: .infinity)
    @inline(__always) static func definite(_ value: Double) -> AvailableSpace { AvailableSpace(raw: value) }

    @inline(__always) var definite: Double? { raw.isFinite ? raw : nil }
    var isMinContent: Bool { raw == -.infinity }
    var isMaxContent: Bool { raw == .infinity }

    /// Definite space less `amount`; a constraint stays what it is.
    @inline(__always) func minus(_ amount: Double) -> AvailableSpace { raw.isFinite ? .definite(raw - amount) : self }
}
