/// Facts about one exchange for the request log and metrics (never sent): the cache
/// result, tenant, route, request id. A handful of pairs in an array, searched linearly:
/// every request sets and reads a few, and hashing them into a dictionary cost more.
public struct Annotations: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    public typealias Element = (key: String, value: String)

    private var pairs: [Element] = []

    public init() {}

    public init(dictionaryLiteral elements: (String, String)...) {
        for (key, value) in elements { self[key] = value }
    }

    public var count: Int { pairs.count }
    public var isEmpty: Bool { pairs.isEmpty }

    /// The value of a name; setting nil removes it, setting a value replaces the old one.
    public subscript(key: String) -> String? {
        get { pairs.first { $0.key == key }?.value }
        set {
            let index = pairs.firstIndex { $0.key == key }
            switch (index, newValue) {
            case (let index?, let value?): pairs[index].value = value
            case (let index?, nil): pairs.remove(at: index)
            case (nil, let value?):
                if pairs.isEmpty { pairs.reserveCapacity(6) }  // what one request collects
                pairs.append((key, value))
            case (nil, nil): break
            }
        }
    }

    public func makeIterator() -> IndexingIterator<[Element]> { pairs.makeIterator() }

    /// The same names with the same values, in any order (as a dictionary compares).
    public static func == (left: Annotations, right: Annotations) -> Bool {
        left.count == right.count && left.pairs.allSatisfy { right[$0.key] == $0.value }
    }
}
