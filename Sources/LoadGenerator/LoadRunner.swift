import Dispatch
import Foundation
import Synchronization

/// Runs the load: one thread per connection (blocking sockets measure the server, not
/// an event loop of ours), bounded by count and time, then merges what they saw.
public enum LoadRunner {
    /// What the progress line shows, once a second while the run goes on (the callback
    /// runs on the calling thread).
    public struct Progress: Sendable {
        public var elapsedSeconds: Double
        public var completed: Int
        public var failed: Int
    }

    public static func run(
        _ configuration: LoadConfiguration, progress: ((Progress) -> Void)? = nil
    ) -> LoadSummary {
        let corpus = Corpus(
            size: configuration.corpusSize, nodeCount: configuration.nodeCount, seed: configuration.seed,
            pregenerate: Corpus.pregenerateCount(for: configuration))
        let started = ContinuousClock.now
        let deadline = configuration.duration.map { started + .milliseconds(Int64($0 * 1000)) }
        let dispatcher = Dispatcher(
            schedule: RepeatSchedule(
                corpusSize: configuration.corpusSize, repeatRatio: configuration.repeatRatio, seed: configuration.seed),
            limit: configuration.requests, deadline: deadline)

        let results = Collected()
        let group = DispatchGroup()
        for index in 0..<configuration.connections {
            group.enter()
            let worker = Worker(index: index, configuration: configuration, corpus: corpus, dispatcher: dispatcher)
            let thread = Thread {
                let stats = worker.run()
                results.stats.withLock { $0.append(stats) }
                group.leave()
            }
            thread.name = "load-\(index)"
            thread.start()
        }
        while group.wait(timeout: .now() + 1) == .timedOut {
            progress?(
                Progress(
                    elapsedSeconds: seconds(since: started), completed: dispatcher.completed.load(ordering: .relaxed),
                    failed: dispatcher.failed.load(ordering: .relaxed)))
        }
        let elapsed = seconds(since: started)
        var total = WorkerStats()
        for stats in results.stats.withLock({ $0 }) { total.merge(stats) }
        let server = configuration.fetchServerStats ? ServerStatsFetcher.fetch(configuration) : nil
        return SummaryBuilder.summary(
            of: total, configuration: configuration, seconds: elapsed, server: server, pregenerated: corpus.count)
    }

    static func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    }
}

/// The workers' results; a class because a `Mutex` cannot be captured by the threads' closures.
private final class Collected: Sendable {
    let stats = Mutex<[WorkerStats]>([])
}
