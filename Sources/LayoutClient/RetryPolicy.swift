/// When to try again after `503` (server at capacity) or `429` (tenant at capacity): after
/// the answer's `Retry-After` when it gives one, else after an exponential backoff with
/// full jitter (`baseDelay` × 2^attempt, at most `maxDelay`).
public struct RetryPolicy: Sendable, Hashable {
    /// Attempts in all, the first included; 1 = never retry.
    public var maxAttempts: Int
    public var baseDelay: Double
    public var maxDelay: Double
    /// A `Retry-After` longer than this is not waited for: the problem is thrown instead.
    public var maxRetryAfter: Double

    public init(maxAttempts: Int = 4, baseDelay: Double = 0.1, maxDelay: Double = 5, maxRetryAfter: Double = 30) {
        self.maxAttempts = maxAttempts
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.maxRetryAfter = maxRetryAfter
    }

    public static let never = RetryPolicy(maxAttempts: 1)

    static let retriedStatuses: Set<Int> = [429, 503]

    /// Seconds to wait before attempt `attempt + 1` (attempt counts from 1), or nil to give up.
    func delay(afterAttempt attempt: Int, status: Int, retryAfter: Double?) -> Double? {
        guard attempt < maxAttempts, Self.retriedStatuses.contains(status) else { return nil }
        if let retryAfter {
            return retryAfter <= maxRetryAfter ? max(0, retryAfter) : nil
        }
        let exponent = Double(min(attempt - 1, 30))
        let ceiling = min(maxDelay, baseDelay * Double.pow2(exponent))
        return Double.random(in: 0...max(0, ceiling))
    }
}

extension Double {
    fileprivate static func pow2(_ exponent: Double) -> Double {
        var result = 1.0
        var remaining = Int(exponent)
        while remaining > 0 {
            result *= 2
            remaining -= 1
        }
        return result
    }
}
