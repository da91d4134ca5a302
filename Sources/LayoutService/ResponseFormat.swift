/// What `POST /v1/layout` answers with: the JSON frames, an SVG wireframe or the
/// hierarchy dump. Chosen by `?format=` first, then by `Accept` (openapi.yaml).
enum ResponseFormat: Equatable, Sendable {
    case json
    case svg(guides: Bool)
    case tree

    static let svgMediaType = "image/svg+xml"
    static let treeMediaType = "text/plain; charset=utf-8"

    /// An unknown `format` (answered 400).
    struct UnknownFormat: Error {
        var detail: String
    }

    /// The format a request asks for.
    static func negotiate(query: String?, accept: [String]) -> Result<ResponseFormat, UnknownFormat> {
        // The common cases, decided without parsing (every cache hit asks): no query, and
        // no `Accept`, `*/*` or JSON itself.
        if query == nil, accept.allSatisfy({ $0 == "*/*" || $0 == "application/json" }) { return .success(.json) }
        let parameters = queryParameters(query)
        let guides: Bool
        switch parameters["guides"] {
        case nil, "false", "0": guides = false
        case "true", "1": guides = true
        case let other?:
            return .failure(UnknownFormat(detail: "unknown guides '\(other)'; expected true, false, 1 or 0"))
        }
        if let format = parameters["format"] {
            switch format {
            case "json": return .success(.json)
            case "svg": return .success(.svg(guides: guides))
            case "tree": return .success(.tree)
            default:
                return .failure(UnknownFormat(detail: "unknown format '\(format)'; expected json, svg or tree"))
            }
        }
        switch preferred(accept) {
        case "image/svg+xml": return .success(.svg(guides: guides))
        case "text/plain": return .success(.tree)
        default: return .success(.json)
        }
    }

    /// The offered media type with the highest q-value in `Accept` (RFC 9110 §12.5.1);
    /// JSON on ties and when nothing offered is acceptable (the server may then ignore the
    /// header, and JSON is what every client of this API reads).
    static func preferred(_ accept: [String]) -> String {
        let offered = ["application/json", "image/svg+xml", "text/plain"]
        var best = "application/json"
        var bestQuality = -1.0
        var bestSpecificity = -1
        var ranked: [String: (quality: Double, specificity: Int)] = [:]
        for range in accept.flatMap({ $0.split(separator: ",") }) {
            let parts = range.split(separator: ";").map { $0.trimmingSpaces().lowercased() }
            guard let mediaRange = parts.first, !mediaRange.isEmpty else { continue }
            var quality = 1.0
            for parameter in parts.dropFirst() where parameter.hasPrefix("q=") {
                quality = Double(parameter.dropFirst(2)) ?? 0
            }
            for type in offered where matches(mediaRange, type) {
                // The most specific range that matches a type decides its quality.
                let specificity = mediaRange == type ? 2 : mediaRange.hasSuffix("/*") && mediaRange != "*/*" ? 1 : 0
                if let known = ranked[type], known.specificity > specificity { continue }
                ranked[type] = (quality, specificity)
            }
        }
        for type in offered {
            guard let rank = ranked[type], rank.quality > 0 else { continue }
            if rank.quality > bestQuality || (rank.quality == bestQuality && rank.specificity > bestSpecificity) {
                (best, bestQuality, bestSpecificity) = (type, rank.quality, rank.specificity)
            }
        }
        return best
    }

    private static func matches(_ range: String, _ type: String) -> Bool {
        if range == "*/*" || range == type { return true }
        guard range.hasSuffix("/*") else { return false }
        return type.hasPrefix(range.dropLast())
    }

    /// `name=value` pairs of a query string (values are plain words here; no decoding).
    static func queryParameters(_ query: String?) -> [String: String] {
        var parameters: [String: String] = [:]
        for pair in (query ?? "").split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard let name = parts.first else { continue }
            parameters[String(name)] = parts.count > 1 ? String(parts[1]) : ""
        }
        return parameters
    }
}

extension Substring {
    fileprivate func trimmingSpaces() -> String {
        String(drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
    }
}
