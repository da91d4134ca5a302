import Dispatch

/// Monotonic nanoseconds for deadlines; immune to wall-clock jumps.
enum MonotonicClock {
    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
}

extension Duration {
    /// Whole nanoseconds, saturating at zero for negative durations.
    var nanoseconds: UInt64 {
        let (seconds, attoseconds) = components
        guard seconds >= 0 else { return 0 }
        return UInt64(seconds) &* 1_000_000_000 &+ UInt64(max(0, attoseconds) / 1_000_000_000)
    }
}
