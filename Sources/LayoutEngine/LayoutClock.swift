/// A monotonic clock handed to the engine (which keeps no clock of its own).
public struct LayoutClock: Sendable {
    public var nanoseconds: @Sendable () -> UInt64

    public init(nanoseconds: @escaping @Sendable () -> UInt64) {
        self.nanoseconds = nanoseconds
    }

    /// The process's continuous clock.
    public static let continuous: LayoutClock = {
        let origin = ContinuousClock.now
        return LayoutClock {
            let elapsed = ContinuousClock.now - origin
            let (seconds, attoseconds) = elapsed.components
            return UInt64(seconds) &* 1_000_000_000 &+ UInt64(attoseconds / 1_000_000_000)
        }
    }()
}
