import Dispatch
import Synchronization

/// Runs handler work with at most `workers` jobs at once and at most `capacity` jobs
/// queued or running; beyond that `submit` refuses, which the server turns into 503.
///
/// Workers are drained loops started on a global queue only while there is work, so
/// no thread ever blocks waiting for a job and Dispatch keeps the thread count small.
final class WorkerPool: Sendable {
    typealias Job = @Sendable () -> Void

    /// A job, and what to do instead if it is dropped before it starts.
    private struct Entry {
        let run: Job
        let drop: Job
    }

    private struct State {
        var jobs: [Entry] = []
        var head = 0
        var running = 0
        var activeWorkers = 0

        var queued: Int { jobs.count - head }

        mutating func pop() -> Job? {
            guard head < jobs.count else {
                jobs.removeAll(keepingCapacity: true)
                head = 0
                return nil
            }
            let job = jobs[head].run
            head += 1
            return job
        }
    }

    let workers: Int
    let capacity: Int
    private let state = Mutex(State())
    private let queue = DispatchQueue.global(qos: .userInitiated)

    init(workers: Int, capacity: Int) {
        self.workers = max(1, workers)
        self.capacity = max(1, capacity)
    }

    /// Jobs queued or running.
    var inFlight: Int {
        state.withLock { $0.queued + $0.running }
    }

    var load: WorkerLoad {
        WorkerLoad(inFlight: inFlight, capacity: capacity)
    }

    /// Queues `job`; false when the pool is full. `onDrop` runs instead of the job if
    /// `dropQueued` removes it before a worker takes it.
    func submit(_ job: @escaping Job, onDrop: @escaping Job = {}) -> Bool {
        let decision: Bool? = state.withLock { state in
            guard state.queued + state.running < capacity else { return nil }
            state.jobs.append(Entry(run: job, drop: onDrop))
            guard state.activeWorkers < workers else { return false }
            state.activeWorkers += 1
            return true
        }
        guard let startWorker = decision else { return false }
        if startWorker { queue.async { self.drain() } }
        return true
    }

    /// Removes the jobs no worker has started and returns their `onDrop` closures, for
    /// the caller to run (jobs already running are not affected).
    func dropQueued() -> [Job] {
        state.withLock { state in
            let dropped = state.jobs[state.head...].map(\.drop)
            state.jobs.removeAll(keepingCapacity: true)
            state.head = 0
            return dropped
        }
    }

    private func drain() {
        while true {
            let next: Job? = state.withLock { state in
                guard let job = state.pop() else {
                    state.activeWorkers -= 1
                    return nil
                }
                state.running += 1
                return job
            }
            guard let job = next else { return }
            job()
            state.withLock { $0.running -= 1 }
        }
    }
}
