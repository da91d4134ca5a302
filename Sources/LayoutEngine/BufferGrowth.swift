extension UnsafeMutablePointer {
    /// A new buffer of `capacity` elements that holds this one's first `used` elements,
    /// moved; this one is freed. Every growable scratch buffer of the engine grows this way.
    func regrown(toCapacity capacity: Int, keeping used: Int) -> UnsafeMutablePointer<Pointee> {
        let grown = UnsafeMutablePointer<Pointee>.allocate(capacity: capacity)
        grown.moveInitialize(from: self, count: used)
        deallocate()
        return grown
    }
}
