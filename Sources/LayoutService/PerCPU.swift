#if canImport(Glibc)
import Glibc
#endif
import HTTPServer
import Synchronization

/// One copy of some state per CPU, each under its own lock. The I/O threads (one per
/// core) take the copy of the CPU they run on, so on a cache hit they do not wait for
/// each other's metric updates; readers (a `/metrics` scrape) visit every copy. A thread
/// that moves between CPUs only takes another copy's lock: still correct, briefly shared.
final class PerCPU<State: Sendable>: Sendable {
    private final class Slot: Sendable {
        let state: Mutex<State>
        /// Keeps neighbouring slots off one cache line.
        private let padding: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)

        init(_ state: State) {
            self.state = Mutex(state)
        }
    }

    private let slots: [Slot]

    init(_ make: () -> State) {
        let processors = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        slots = (0..<min(max(processors, 1), 64)).map { _ in Slot(make()) }
    }

    /// The calling CPU's copy.
    func withLock<Result: Sendable>(_ body: (inout State) -> Result) -> Result {
        slots[CurrentCPU.index % slots.count].state.withLock { body(&$0) }
    }

    /// Every copy in turn (for reading them all).
    func forEach(_ body: (inout State) -> Void) {
        for slot in slots { slot.state.withLock { body(&$0) } }
    }
}
