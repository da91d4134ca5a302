import AllocatorSettings
import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// Keeps glibc's allocator from hoarding what requests freed. A cache churning through
/// large trees frees megabytes at a time in every worker thread's arena; glibc keeps
/// freed memory for reuse, and in a soak RSS grew to several times the configured cache
/// bounds while little of it was in use (issue 16).
///
/// `LAYOUTD_MALLOC_TUNING` (`both`, the default; `mallopt`; `trim`; `off`) picks the
/// measures, so a soak can compare them on one binary (tools/soak).
enum MemoryTuning {
    /// Applies the measures the environment asks for; the timer, if any, must be kept.
    static func apply(environment: [String: String]) -> (any DispatchSourceTimer)? {
        let mode = environment["LAYOUTD_MALLOC_TUNING"] ?? "both"
        if mode == "both" || mode == "mallopt" { configureAllocator() }
        return mode == "both" || mode == "trim" ? startTrimming() : nil
    }

    /// Start-up settings (`AllocatorSettings`).
    static func configureAllocator() { AllocatorSettings.apply() }

    /// Every `interval`, on a utility queue (never on the request path), gives the free
    /// pages of every arena back to the system.
    static func startTrimming(every interval: DispatchTimeInterval = .seconds(2)) -> (any DispatchSourceTimer)? {
        guard AllocatorSettings.canReleaseFreePages else { return nil }
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue.global(qos: .utility))
        timer.schedule(deadline: .now() + interval, repeating: interval, leeway: .seconds(1))
        timer.setEventHandler { AllocatorSettings.releaseFreePages() }
        timer.activate()
        return timer
    }
}
