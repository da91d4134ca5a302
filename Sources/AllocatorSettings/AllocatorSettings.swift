#if canImport(Glibc)
import Glibc
#endif

/// glibc's allocator as `layoutd serve` sets it at start-up, shared with `layoutd-bench`
/// so that the benchmark's figures are the server's.
///
/// Two arenas at most (not one per thread Dispatch ever ran a request on), and blocks of
/// up to 32 MiB from the heap, where a request's freed buffers serve the next one; each
/// arena keeps up to 32 MiB free at its top between the server's periodic trims. (At
/// glibc's default trim threshold, 128 KiB, a 1,000-node request's freed buffers went back
/// to the system and the next request faulted them in again, some 24 page faults in its
/// decoding alone; at the 64 KiB mmap threshold the server had, about 115 in all, and a
/// fifth of its CPU time: issue 11.) The layout cache's large entries take pages of their
/// own (`CachedFrames`), so evicting one still returns its memory at once (issue 16).
public enum AllocatorSettings {
    public static let maxArenas: Int32 = 2
    public static let heapBlocksUpTo: Int32 = 32 << 20
    public static let keptFreeAtTop: Int32 = 32 << 20

    /// Applies the settings; false where the allocator is not glibc's.
    @discardableResult
    public static func apply() -> Bool {
        guard let mallopt else { return false }
        _ = mallopt(mArenaMax, maxArenas)
        _ = mallopt(mMmapThreshold, heapBlocksUpTo)
        _ = mallopt(mTrimThreshold, keptFreeAtTop)
        return true
    }

    /// Whether pages can be given back (`releaseFreePages`): the allocator is glibc's.
    public static var canReleaseFreePages: Bool { mallocTrim != nil }

    /// Gives the free pages of every arena back to the system (`malloc_trim(0)`); false
    /// where the allocator is not glibc's.
    @discardableResult
    public static func releaseFreePages() -> Bool {
        guard let mallocTrim else { return false }
        _ = mallocTrim(0)
        return true
    }

    // glibc's <malloc.h> is not part of Swift's Glibc module: its functions are looked up
    // by name, and the parameter numbers are those of glibc's malloc.h.
    private typealias MalloptFunction = @convention(c) (Int32, Int32) -> Int32
    private typealias MallocTrimFunction = @convention(c) (Int) -> Int32
    private static let mTrimThreshold: Int32 = -1
    private static let mMmapThreshold: Int32 = -3
    private static let mArenaMax: Int32 = -8
    // Looked up once (the server trims every 2 s).
    private static let mallopt = function("mallopt", as: MalloptFunction.self)
    private static let mallocTrim = function("malloc_trim", as: MallocTrimFunction.self)

    private static func function<T>(_ name: String, as type: T.Type) -> T? {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
        return unsafeBitCast(symbol, to: type)
    }
}
