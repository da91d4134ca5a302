/// Where the load goes: `http://host[:port]/path`. Only plain HTTP: the generator
/// measures the server, not a TLS stack, and never follows redirects elsewhere.
public struct TargetURL: Sendable, Equatable {
    public var host: String
    public var port: Int
    public var path: String

    public init(host: String, port: Int, path: String) {
        self.host = host
        self.port = port
        self.path = path
    }

    /// Parses `http://host:port/path`; nil for anything else (other schemes, user info,
    /// a port out of range), so a typo is an error instead of load sent somewhere odd.
    public init?(parsing text: String) {
        guard text.lowercased().hasPrefix("http://") else { return nil }
        let rest = text.dropFirst("http://".count)
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        var path = String(rest.dropFirst(authority.count))
        if let fragment = path.firstIndex(of: "#") { path = String(path[..<fragment]) }
        if path.isEmpty { path = "/" } else if !path.hasPrefix("/") { path = "/" + path }
        guard !authority.isEmpty, !authority.contains("@") else { return nil }
        var host = Substring(authority)
        var port = 80
        if authority.hasPrefix("[") {
            // An IPv6 literal: [::1]:8080
            guard let close = authority.firstIndex(of: "]") else { return nil }
            host = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":"), let value = Int(after.dropFirst()) else { return nil }
                port = value
            }
        } else if let colon = authority.lastIndex(of: ":") {
            host = authority[..<colon]
            guard let value = Int(authority[authority.index(after: colon)...]) else { return nil }
            port = value
        }
        guard !host.isEmpty, (1...65535).contains(port) else { return nil }
        self.init(host: String(host), port: port, path: path)
    }

    /// The `Host` header value (RFC 9112 §3.2): brackets around IPv6 literals.
    var hostHeader: String {
        let name = host.contains(":") ? "[\(host)]" : host
        return port == 80 ? name : "\(name):\(port)"
    }

    /// The same server, another path (for `GET /v1/stats`).
    public func with(path: String) -> TargetURL {
        TargetURL(host: host, port: port, path: path)
    }
}
