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

/// `value` moved out of its place, `empty` left there: the taker holds the only
/// reference, so its writes do not copy the buffers (the layout scratch lends its kept
/// buffers this way, and takes them back from the layout).
func movedOut<Value>(_ value: inout Value, leaving empty: Value) -> Value {
    var taken = empty
    swap(&taken, &value)
    return taken
}
