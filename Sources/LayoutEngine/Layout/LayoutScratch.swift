import Synchronization

/// The buffers one layout works in besides its results (the two size memos and the flex memo), kept between
/// layouts so that a warm layout neither allocates them nor touches fresh pages. A layout
/// takes one from `LayoutScratchPool` and owns it alone until it gives it back.
final class LayoutScratch: @unchecked Sendable {
    let memo = MemoBuffers()
    let contentMemo = MemoBuffers()
    let flexMemo = FlexMemoBuffers()

    /// Bytes held, for the pool's bound.
    var footprint: Int { memo.footprint + contentMemo.footprint + flexMemo.footprint }
}

/// A few scratches shared by the threads that lay out (one per worker in use). Bounded in
/// number and in size, as `TapeScratchPool` is: one that grew past `maxKeptBytes` for a
/// huge tree is freed rather than kept, so a single large request does not pin its memory
/// for the process's life. (A 10,000-node layout's scratch is about 1.5 MiB.)
enum LayoutScratchPool {
    static let maxKept = 8
    static let maxKeptBytes = 16 << 20

    private static let idle = Mutex<[LayoutScratch]>([])

    static func take() -> LayoutScratch {
        idle.withLock { $0.popLast() } ?? LayoutScratch()
    }

    static func give(_ scratch: LayoutScratch) {
        guard scratch.footprint <= maxKeptBytes else { return }
        idle.withLock { kept in
            if kept.count < maxKept { kept.append(scratch) }
        }
    }
}
