#if canImport(Glibc)
import Glibc
#endif
import HTTPServer
import LayoutEngine
import LayoutRender

/// `POST /v1/layout` (and its alias `/layout`): check the media type, run the engine,
/// and report its phases in `Server-Timing`. Authentication happened in the service.
struct LayoutEndpoint: Sendable {
    let runtime: LayoutRuntime
    let metrics: ServiceMetrics

    func respond(to request: HTTPRequest, tenant: String) -> HTTPResponse {
        guard Self.isJSON(request.headers["Content-Type"]) else {
            return .problem(status: 415, detail: "Content-Type must be application/json")
        }
        let session = request.headers["Layout-Session"]
        // The header obeys the body's rule for `session` (openapi.yaml, SessionKey).
        if let session, session.isEmpty || session.unicodeScalars.count > 256 {
            return .problem(status: 400, detail: "Layout-Session must be 1 to 256 characters long")
        }
        let format: ResponseFormat
        switch ResponseFormat.negotiate(query: request.query, accept: request.headers.values(for: "Accept")) {
        case .success(let chosen): format = chosen
        case .failure(let unknown): return .problem(status: 400, detail: unknown.detail)
        }
        // The I/O path's lookup of this body missed: its key is reused, not recomputed.
        let bodyKey = request.context as? LayoutCache.BodyKey
        return respond(to: request.body, tenant: tenant, session: session, format: format, bodyKey: bodyKey)
    }

    /// On the I/O path: a refused media type, or a byte-identical body laid out before
    /// (no session). nil when the engine has real work to do.
    /// On a miss the body's key is left in the request's `context` for the pool.
    func respondFromCache(to request: inout HTTPRequest, tenant: String, load: WorkerLoad) -> HTTPResponse? {
        guard Self.isJSON(request.headers["Content-Type"]) else {
            return .problem(status: 415, detail: "Content-Type must be application/json")
        }
        // Hashing the body is the whole cost of the lookup; a large body is looked up on
        // the pool instead, so one big request cannot stall every connection's I/O.
        guard request.headers["Layout-Session"] == nil, request.body.count <= Self.immediateLookupLimit else { return nil }
        // The cache keeps JSON only: a picture, the tree dump or an unknown format (whose
        // 400 the pool answers) goes on to the pool.
        guard case .success(.json) = ResponseFormat.negotiate(query: request.query, accept: request.headers.values(for: "Accept"))
        else { return nil }
        let started = ContinuousClock.now
        let bodyKey = Self.bodyKey(of: request, tenant: tenant, runtime: runtime)
        guard let hit = runtime.cachedLayout(bodyKey) else {
            request.context = bodyKey
            return nil
        }
        return success(hit, as: .json, started: started)
    }

    private func respond(
        to body: [UInt8], tenant: String, session: String?, format: ResponseFormat, bodyKey: LayoutCache.BodyKey?
    ) -> HTTPResponse {
        let started = ContinuousClock.now
        switch runtime.layout(body, tenant: tenant, sessionHeader: session, inspect: format != .json, bodyKey: bodyKey) {
        case .success(let layout):
            return success(layout, as: format, started: started)
        case .failure(let problem):
            let totalMicros = Double((ContinuousClock.now - started).totalNanoseconds) / 1000
            return HTTPResponse(
                status: problem.status,
                headers: ["Content-Type": ProblemDocument.mediaType, "Server-Timing": "total;dur=\(Self.milliseconds(totalMicros))"],
                body: problem.encoded())
        }
    }

    /// The body in the chosen format: the JSON as the runtime encoded it, or a picture of
    /// the layout it kept for inspection.
    static func render(_ layout: RuntimeResponse, as format: ResponseFormat) -> (String, [UInt8]) {
        guard let inspection = layout.inspection else { return ("application/json", layout.body) }
        switch format {
        case .json: return ("application/json", layout.body)
        case .svg(let guides):
            return (
                ResponseFormat.svgMediaType,
                Array(SVGRenderer.render(inspection, options: SVGOptions(alignmentGuides: guides)).utf8)
            )
        case .tree: return (ResponseFormat.treeMediaType, Array(HierarchyDump.render(inspection).utf8))
        }
    }

    /// The body's cache key; the connection's previous key when this body is
    /// byte-identical to the previous one (a client polling one layout), since comparing
    /// bytes costs a fraction of hashing them. Bodies up to `memoLimit` are remembered.
    private static func bodyKey(of request: HTTPRequest, tenant: String, runtime: LayoutRuntime) -> LayoutCache.BodyKey {
        let memo = request.connectionMemo
        if let previous = memo?.value as? BodyKeyMemo, previous.tenant == tenant, previous.matches(request.body) {
            return previous.key
        }
        let key = runtime.bodyKey(request.body, tenant: tenant)
        if let memo, request.body.count <= memoLimit {
            memo.value = BodyKeyMemo(tenant: tenant, body: request.body, key: key)
        }
        return key
    }

    /// At most this much body is kept per connection for `bodyKey(of:)`.
    static let memoLimit = 8 * 1024

    /// The largest body looked up in the cache on the I/O path (hashing grows with it).
    static let immediateLookupLimit = 256 * 1024

    /// A layout's response, with its phases in `Server-Timing` and the metrics.
    private func success(_ layout: RuntimeResponse, as format: ResponseFormat, started: ContinuousClock.Instant) -> HTTPResponse {
        let totalMicros = Double((ContinuousClock.now - started).totalNanoseconds) / 1000
        let phases = layout.metrics
        metrics.layoutPhases(
            parse: phases.parseMicros, hash: phases.hashMicros, layout: phases.layoutMicros, diff: phases.diffMicros,
            encode: phases.encodeMicros)
        // Every phase of the contract is listed; phases a request skipped (a cache hit
        // skips layout; a request without a session skips diff) report dur=0. Written
        // into one buffer: this runs for every cache hit.
        let timing = Self.serverTiming(
            parse: phases.parseMicros, hash: phases.hashMicros, layout: phases.layoutMicros, diff: phases.diffMicros,
            encode: phases.encodeMicros, total: totalMicros)
        let cache = layout.cacheHit ? "hit" : "miss"
        let (contentType, bytes) = Self.render(layout, as: format)
        var response = HTTPResponse(
            status: 200,
            headers: ["Content-Type": contentType, "Server-Timing": timing, "X-Layout-Cache": cache, "Vary": "Accept"],
            body: bytes)
        response.annotations["cache"] = cache
        return response
    }

    /// `application/json` (or a `+json` type), with no charset or UTF-8: JSON is UTF-8
    /// (RFC 8259 §8.1) and the engine reads nothing else.
    static func isJSON(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        if contentType == "application/json" { return true }
        let parts = contentType.split(separator: ";").map {
            $0.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined().lowercased()
        }
        guard let mediaType = parts.first,
            mediaType == "application/json" || (mediaType.hasPrefix("application/") && mediaType.hasSuffix("+json"))
        else { return false }
        for parameter in parts.dropFirst() where parameter.hasPrefix("charset=") {
            let charset = parameter.dropFirst("charset=".count).filter { $0 != "\"" }
            guard charset == "utf-8" || charset == "utf8" else { return false }
        }
        return true
    }

    /// Milliseconds with three decimals, without Foundation's formatter.
    static func milliseconds(_ micros: Double) -> String {
        var text = ""
        appendMilliseconds(micros, to: &text)
        return text
    }

    /// The `Server-Timing` value, `parse;dur=0.012, hash;dur=...`, formatted straight
    /// into the string's storage (no closures over counters: this runs for every hit).
    static func serverTiming(parse: Double, hash: Double, layout: Double, diff: Double, encode: Double, total: Double)
        -> String
    {
        // Names 30 bytes, ";dur=" and ", " 40, six numbers of at most 17: under 192.
        String(unsafeUninitializedCapacity: 192) { buffer in
            var cursor = ASCIICursor(buffer)
            cursor.phase("parse;dur=", parse)
            cursor.phase(", hash;dur=", hash)
            cursor.phase(", layout;dur=", layout)
            cursor.phase(", diff;dur=", diff)
            cursor.phase(", encode;dur=", encode)
            cursor.phase(", total;dur=", total)
            return cursor.count
        }
    }

    static func appendMilliseconds(_ micros: Double, to text: inout String) {
        let thousandths = Int(clamping: UInt64(min(max(0, micros), 1e15).rounded()))
        text += String(thousandths / 1000)
        let fraction = thousandths % 1000
        text += fraction < 10 ? ".00" : fraction < 100 ? ".0" : "."
        text += String(fraction)
    }
}

/// Writes ASCII into a buffer known to be large enough (`serverTiming` sizes it).
private struct ASCIICursor {
    let buffer: UnsafeMutableBufferPointer<UInt8>
    var count = 0

    init(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        self.buffer = buffer
    }

    mutating func append(_ byte: UInt8) {
        guard count < buffer.count else { return }
        buffer[count] = byte
        count += 1
    }

    /// `label` then milliseconds with three decimals.
    mutating func phase(_ label: StaticString, _ micros: Double) {
        label.withUTF8Buffer { bytes in
            for byte in bytes { append(byte) }
        }
        let thousandths = UInt64(min(max(0, micros), 1e15).rounded())
        var whole = thousandths / 1000
        var divisor: UInt64 = 1
        while divisor <= whole / 10 { divisor *= 10 }
        repeat {
            append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: whole / divisor))
            whole %= divisor
            divisor /= 10
        } while divisor > 0
        let fraction = thousandths % 1000
        append(UInt8(ascii: "."))
        append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: fraction / 100))
        append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: fraction / 10 % 10))
        append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: fraction % 10))
    }
}

/// A connection's previous body and its cache key (`LayoutEndpoint.bodyKey(of:)`).
private final class BodyKeyMemo {
    let tenant: String
    let body: [UInt8]
    let key: LayoutCache.BodyKey

    init(tenant: String, body: [UInt8], key: LayoutCache.BodyKey) {
        self.tenant = tenant
        self.body = body
        self.key = key
    }

    /// Byte equality through `memcmp`, which the C library runs in wide vector registers.
    func matches(_ other: [UInt8]) -> Bool {
        guard other.count == body.count else { return false }
        return body.withUnsafeBytes { mine in
            other.withUnsafeBytes { theirs in
                guard let left = mine.baseAddress, let right = theirs.baseAddress else { return true }
                return memcmp(left, right, mine.count) == 0
            }
        }
    }
}
