/// A growable run of values that the resolver owns alone while it decodes. An
/// append is a capacity compare and a store: an array held in the resolver also checks,
/// by a runtime call on every append and every element write, that its buffer is not
/// shared. The owner copies the contents out (`array()`) and frees it (`free()`); a copy
/// of the struct shares the memory, so it is never copied.
struct ScratchBuffer<Element> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private(set) var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    @inline(__always)
    mutating func append(_ element: Element) {
        if count == capacity { grow(toAtLeast: count + 1) }
        (base + count).initialize(to: element)
        count += 1
    }

    /// Makes room for `extra` more elements, so that that many appends do not grow.
    @inline(__always)
    mutating func reserve(_ extra: Int) {
        if capacity - count < extra { grow(toAtLeast: count + extra) }
    }

    /// Appends `other[start..<start + length]` (a range of this same buffer may be passed:
    /// room is made first, and the copy reads from the new memory).
    @inline(__always)
    mutating func appendRange(start: Int, length: Int) {
        precondition(start >= 0 && length >= 0 && start + length <= count, "scratch range out of bounds")
        reserve(length)
        for offset in 0..<length { (base + count + offset).initialize(to: base[start + offset]) }
        count += length
    }

    /// Appends `elements` one by one (ids are a few bytes: a loop is cheaper than a copy call).
    @inline(__always)
    mutating func append(contentsOf elements: UnsafeBufferPointer<Element>) {
        reserve(elements.count)
        let destination = base + count
        for offset in 0..<elements.count { (destination + offset).initialize(to: elements[offset]) }
        count += elements.count
    }

    @inline(never)
    private mutating func grow(toAtLeast minimum: Int) {
        var newCapacity = capacity * 2
        while newCapacity < minimum { newCapacity *= 2 }
        base = base.regrown(toCapacity: newCapacity, keeping: count)
        capacity = newCapacity
    }

    /// In place (an element's field is written without copying the element out and back).
    subscript(index: Int) -> Element {
        @inline(__always) unsafeAddress {
            // One unsigned compare covers both ends.
            precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "scratch index out of range")
            return UnsafePointer(base + index)
        }
        @inline(__always) unsafeMutableAddress {
            precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "scratch index out of range")
            return base + index
        }
    }

    /// Drops the elements from `newCount` on.
    @inline(__always)
    mutating func truncate(to newCount: Int) {
        precondition(newCount >= 0 && newCount <= count, "scratch count out of range")
        // Nothing to release for the plain values it holds; the call keeps any other type right.
        (base + newCount).deinitialize(count: count - newCount)
        count = newCount
    }

    var elements: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }

    /// The elements as an exactly sized array.
    func array() -> [Element] { Array(elements) }

    /// Frees the memory; the buffer must not be used again.
    func free() {
        base.deinitialize(count: count)
        base.deallocate()
    }
}
