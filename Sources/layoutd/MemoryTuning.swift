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

    // glibc's <malloc.h> is not part of Swift's Glibc module; its functions are looked up
    // by name, and the parameter numbers are those of glibc's malloc.h.
    private typealias MalloptFunction = @convention(c) (Int32, Int32) -> Int32
    private typealias MallocTrimFunction = @convention(c) (Int) -> Int32
    private static let mTrimThreshold: Int32 = -1
    private static let mMmapThreshold: Int32 = -3
    private static let mArenaMax: Int32 = -8

    private static func function<T>(_ name: String, as type: T.Type) -> T? {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
        return unsafeBitCast(symbol, to: type)
    }

    /// Start-up settings: two arenas at most (not one per thread Dispatch ever ran a
    /// request on), and blocks of up to 4 MiB from the heap, where a request's freed
    /// buffers serve the next one. (At a 64 KiB threshold every 1,000-node request mapped
    /// its body, arena and response afresh and faulted them in page by page: some 115
    /// page faults and a fifth of its CPU time, issue 11.) The layout cache's large
    /// entries take pages of their own (`CachedFrames`), so evicting one still returns its
    /// memory at once, as the low threshold was for (issue 16).
    static func configureAllocator() {
        guard let mallopt = function("mallopt", as: MalloptFunction.self) else { return }
        _ = mallopt(mArenaMax, 2)
        _ = mallopt(mMmapThreshold, 4 * 1024 * 1024)
        _ = mallopt(mTrimThreshold, 4 * 1024 * 1024)
    }

    /// Every `interval`, on a utility queue (never on the request path), gives the free
    /// pages of every arena back to the system.
    static func startTrimming(every interval: DispatchTimeInterval = .seconds(5)) -> (any DispatchSourceTimer)? {
        guard let trim = function("malloc_trim", as: MallocTrimFunction.self) else { return nil }
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue.global(qos: .utility))
        timer.schedule(deadline: .now() + interval, repeating: interval, leeway: .seconds(1))
        timer.setEventHandler { _ = trim(0) }
        timer.activate()
        return timer
    }
}
