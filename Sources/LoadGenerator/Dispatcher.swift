import Synchronization

/// Hands out the run's requests to the connections: stops at the request count or the
/// deadline, whichever comes first, and draws trees from one shared schedule so the
/// repeat ratio holds for the run as a whole, not per connection.
final class Dispatcher: Sendable {
    private struct State {
        var issued = 0
        var schedule: RepeatSchedule
    }

    private let state: Mutex<State>
    private let limit: Int?
    private let deadline: ContinuousClock.Instant?
    /// Finished requests and failures so far, read by the progress line.
    let completed = Atomic<Int>(0)
    let failed = Atomic<Int>(0)

    init(schedule: RepeatSchedule, limit: Int?, deadline: ContinuousClock.Instant?) {
        state = Mutex(State(schedule: schedule))
        self.limit = limit
        self.deadline = deadline
    }

    /// Permission for one more request, carrying a tree draw when the request is a full
    /// one (a patch needs none); nil when the run is over.
    func next(drawTree: Bool) -> Permit? {
        if let deadline, ContinuousClock.now >= deadline { return nil }
        return state.withLock { state -> Permit? in
            if let limit, state.issued >= limit { return nil }
            state.issued += 1
            return Permit(draw: drawTree ? state.schedule.next() : nil)
        }
    }

    struct Permit {
        var draw: Draw?
    }
}
