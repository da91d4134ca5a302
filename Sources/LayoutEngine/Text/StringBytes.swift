extension String {
    /// Calls `body` with the string's UTF-8 bytes, read in place. `withUTF8` is mutating:
    /// it needs a copy of the string first (a retain and a release for a string longer
    /// than 15 bytes); shaping texts through it took some 4% of the layout time of
    /// `layoutd-bench`'s 1k-node tree. A native Swift string is always contiguous; one
    /// that is not still gets the copy.
    @inline(__always)
    func withContiguousUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        if let result = try utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        return try copy.withUTF8(body)
    }
}
