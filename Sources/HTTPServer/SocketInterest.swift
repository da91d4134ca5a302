import Dispatch

/// Readiness notifications for one connected descriptor, delivered on its shard's
/// thread: a pair of Dispatch sources, or a registration in the shard's epoll loop.
/// Reading starts enabled once `activate` is called; writing starts disabled.
protocol SocketInterest: AnyObject {
    func activate(onReadable: @escaping () -> Void, onWritable: @escaping () -> Void, onCancelled: @escaping () -> Void)
    func setReading(_ enabled: Bool)
    func setWriting(_ enabled: Bool)
    /// No more events; `onCancelled` runs later, on the shard, once none can arrive, so
    /// the descriptor may be closed then (and not before).
    func cancel()
}

/// A read and a write `DispatchSource`, suspended and resumed, never re-created:
/// re-creating sources for a live descriptor breaks libdispatch on Linux.
final class DispatchSocketInterest: SocketInterest {
    private enum State { case inactive, running, suspended }

    private let readSource: any DispatchSourceRead
    private let writeSource: any DispatchSourceWrite
    private var reading = State.inactive
    private var writing = State.inactive
    private var pendingCancellations = 2
    private var onCancelled: () -> Void = {}

    init(fd: Int32, queue: DispatchQueue) {
        readSource = DispatchSource.makeReadSource(fileDescriptor: fd, queue: queue)
        writeSource = DispatchSource.makeWriteSource(fileDescriptor: fd, queue: queue)
    }

    func activate(onReadable: @escaping () -> Void, onWritable: @escaping () -> Void, onCancelled: @escaping () -> Void) {
        self.onCancelled = onCancelled
        readSource.setEventHandler(handler: onReadable)
        readSource.setCancelHandler { [self] in sourceCancelled() }
        writeSource.setEventHandler(handler: onWritable)
        writeSource.setCancelHandler { [self] in sourceCancelled() }
        setReading(true)
    }

    func setReading(_ enabled: Bool) {
        Self.set(readSource, &reading, enabled)
    }

    func setWriting(_ enabled: Bool) {
        Self.set(writeSource, &writing, enabled)
    }

    func cancel() {
        readSource.cancel()
        writeSource.cancel()
        // Cancel handlers only run on resumed sources, and a suspended source must not be released.
        setReading(true)
        setWriting(true)
    }

    private static func set(_ source: any DispatchSourceProtocol, _ state: inout State, _ enabled: Bool) {
        switch (state, enabled) {
        case (.inactive, true):
            state = .running
            source.activate()
        case (.suspended, true):
            state = .running
            source.resume()
        case (.running, false):
            state = .suspended
            source.suspend()
        default:
            break
        }
    }

    private func sourceCancelled() {
        pendingCancellations -= 1
        guard pendingCancellations == 0 else { return }
        let cancelled = onCancelled
        onCancelled = {}
        cancelled()
    }
}
