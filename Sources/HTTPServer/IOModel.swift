/// How the server waits for socket readiness.
public enum IOModel: String, Sendable, CaseIterable {
    /// One thread per I/O shard running its own epoll loop: an event is handled on the
    /// thread that waited for it, so a request answered on the I/O path (health, cache
    /// hits) costs no thread hand-off at all.
    case epoll
    /// One serial Dispatch queue per shard with a read and a write source per connection;
    /// libdispatch delivers every event through its manager thread (a hand-off per event).
    case dispatch
}
