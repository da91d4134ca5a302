import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// Turns SIGTERM and SIGINT into an event one can wait for.
///
/// The default actions are ignored first so the signals cannot kill the process, then
/// Dispatch signal sources observe them on a queue of their own. Once this object
/// exists, sending the signals is safe. Sources are only touched in `init`, hence
/// `@unchecked Sendable`.
public final class TerminationSignals: @unchecked Sendable {
    private let received = DispatchSemaphore(value: 0)
    private let queue = DispatchQueue(label: "layoutd.signals")
    private var sources: [any DispatchSourceSignal] = []
    private let lastSignal = LastSignal()

    public init(signals: [Int32] = [SIGTERM, SIGINT]) {
        for number in signals {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { [received, lastSignal] in
                lastSignal.value = number
                received.signal()
            }
            source.activate()
            sources.append(source)
        }
    }

    /// Blocks until one of the signals arrives and returns its number.
    public func wait() -> Int32 {
        received.wait()
        return queue.sync { lastSignal.value }
    }

    /// Written and read only on `queue`.
    private final class LastSignal: @unchecked Sendable {
        var value: Int32 = 0
    }
}
