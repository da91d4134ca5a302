extension String {
    /// Calls `body` with the string's UTF-8 bytes, read in place. `withUTF8` is mutating,
    /// so it needs a copy of the string first (for one longer than 15 bytes, a retain and
    /// a release); under callgrind it cost some 80 instructions more per text shaped, and
    /// some 4% of the layout time of `layoutd-bench`'s 1k-node tree. A native Swift string
    /// is always contiguous; one that is not still goes through the copy.
    @inline(__always)
    func withContiguousUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        if let result = try utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        return try copy.withUTF8(body)
    }
}
