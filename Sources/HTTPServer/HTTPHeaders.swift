/// An ordered list of header fields with case-insensitive lookup (RFC 9110 §5.1).
///
/// Duplicates are kept as separate fields rather than folded, so framing checks can see
/// every `Content-Length` and `Host` line the client actually sent.
public struct HTTPHeaders: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    public struct Field: Sendable, Equatable {
        public var name: String
        public var value: String
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    public private(set) var fields: [Field] = []

    public init() {}

    public init(_ pairs: [(String, String)]) {
        // Room for the few fields the service adds to a response (request id, CORS), so
        // adding them does not copy the array.
        fields.reserveCapacity(pairs.count + 4)
        for (name, value) in pairs { fields.append(Field(name: name, value: value)) }
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements)
    }

    public var count: Int { fields.count }

    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

    /// The first value of the named field.
    public subscript(name: String) -> String? {
        fields.first { Self.namesMatch($0.name, name) }?.value
    }

    /// Every value of the named field, in order.
    public func values(for name: String) -> [String] {
        var values: [String] = []
        for field in fields where Self.namesMatch(field.name, name) { values.append(field.value) }
        return values
    }

    /// How many fields have that name.
    public func count(of name: String) -> Int {
        var count = 0
        for field in fields where Self.namesMatch(field.name, name) { count += 1 }
        return count
    }

    public func contains(_ name: String) -> Bool {
        fields.contains { Self.namesMatch($0.name, name) }
    }

    public mutating func add(_ name: String, _ value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Replaces every field of that name with one field.
    public mutating func set(_ name: String, _ value: String) {
        remove(name)
        add(name, value)
    }

    public mutating func remove(_ name: String) {
        fields.removeAll { Self.namesMatch($0.name, name) }
    }

    /// Whether a comma-separated field (such as `Connection`) lists the token.
    /// Scans bytes without splitting: it runs for every request.
    public func containsToken(_ token: String, in name: String) -> Bool {
        for field in fields where Self.namesMatch(field.name, name) {
            var elementStart = field.value.utf8.startIndex
            let utf8 = field.value.utf8
            var index = elementStart
            while true {
                if index == utf8.endIndex || utf8[index] == UInt8(ascii: ",") {
                    if Self.namesMatch(Substring(utf8[elementStart..<index]).trimmingASCIIWhitespace(), token) {
                        return true
                    }
                    guard index != utf8.endIndex else { break }
                    elementStart = utf8.index(after: index)
                }
                index = utf8.index(after: index)
            }
        }
        return false
    }

    /// Field names are ASCII tokens, so an ASCII-only case fold is exact.
    static func namesMatch<A: StringProtocol, B: StringProtocol>(_ a: A, _ b: B) -> Bool {
        let left = a.utf8, right = b.utf8
        guard left.count == right.count else { return false }
        // Contiguous bytes (every native string) are compared directly: this runs for
        // every header lookup of every request, and iterating two views is slow.
        let contiguous = left.withContiguousStorageIfAvailable { leftBytes in
            right.withContiguousStorageIfAvailable { rightBytes in bytesMatch(leftBytes, rightBytes) }
        }
        if let contiguous, let matched = contiguous { return matched }
        for (x, y) in zip(left, right) where ASCII.lowercased(x) != ASCII.lowercased(y) {
            return false
        }
        return true
    }

    private static func bytesMatch(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool {
        guard left.count == right.count else { return false }
        for index in left.indices {
            let x = left[index], y = right[index]
            if x != y && ASCII.lowercased(x) != ASCII.lowercased(y) { return false }
        }
        return true
    }
}

extension StringProtocol {
    func trimmingASCIIWhitespace() -> Substring {
        let text = Substring(self)
        var start = text.startIndex, end = text.endIndex
        while start < end, text[start] == " " || text[start] == "\t" { start = text.index(after: start) }
        while end > start {
            let before = text.index(before: end)
            guard text[before] == " " || text[before] == "\t" else { break }
            end = before
        }
        return text[start..<end]
    }
}
