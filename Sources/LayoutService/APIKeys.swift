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

    /// The tenant of an `Authorization: Bearer KEY` value, or nil. The credentials are
    /// one token (RFC 6750 §2.1): `Bearer KEY junk` is refused, not read as `KEY`.
    public func tenant(forAuthorization value: String?) -> String? {
        guard let value else { return nil }
        let parts = value.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let key = parts[1]
        guard !key.isEmpty, !key.contains(where: { $0 == " " || $0 == "\t" }) else { return nil }
        return tenant(forKey: String(key))
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

    /// Whether `known` equals `candidate`, in time that depends on the candidate's length
    /// only: every candidate byte is compared (with the known key's bytes cycled), and a
    /// length mismatch is folded into the result rather than returned early, so timing
    /// reveals neither the known key's length nor how much of it matched.
    static func constantTimeEquals(_ known: [UInt8], _ candidate: [UInt8]) -> Bool {
        var difference = UInt(bitPattern: known.count ^ candidate.count)
        let length = max(known.count, 1)
        for index in candidate.indices {
            let expected = known.isEmpty ? 0 : known[index % length]
            difference |= UInt(expected ^ candidate[index])
        }
        return difference == 0
    }
}
