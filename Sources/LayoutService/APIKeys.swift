/// API keys and their tenants, from a file of `KEY TENANT` lines (`#` starts a comment).
public struct APIKeys: Sendable, Equatable {
    public enum LoadError: Error, CustomStringConvertible {
        case malformedLine(number: Int)

        public var description: String {
            switch self {
            case .malformedLine(let number): "API key file line \(number): expected `KEY TENANT`"
            }
        }
    }

    private let tenantsByKey: [String: String]

    public init(tenantsByKey: [String: String]) {
        self.tenantsByKey = tenantsByKey
    }

    public init(parsing text: String) throws {
        var tenants: [String: String] = [:]
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let content = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let words = content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
            if words.isEmpty { continue }
            guard words.count == 2 else { throw LoadError.malformedLine(number: index + 1) }
            tenants[String(words[0])] = String(words[1])
        }
        self.tenantsByKey = tenants
    }

    public var count: Int { tenantsByKey.count }

    /// The tenant of an `Authorization: Bearer KEY` value, or nil.
    public func tenant(forAuthorization value: String?) -> String? {
        guard let value else { return nil }
        let parts = value.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let key = parts[1].split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init) ?? ""
        return tenant(forKey: key)
    }

    /// Compares against every key in full so the time taken does not reveal how much of
    /// a guess matched.
    public func tenant(forKey key: String) -> String? {
        var found: String?
        let candidate = Array(key.utf8)
        for (known, tenant) in tenantsByKey where Self.constantTimeEquals(Array(known.utf8), candidate) {
            found = tenant
        }
        return found
    }

    static func constantTimeEquals(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }
}
