import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Where and how to reach a layoutd server.
public struct LayoutClientConfiguration: Sendable {
    /// The server's base URL, e.g. `http://127.0.0.1:8080` or `https://layout.example.com`.
    public var baseURL: URL
    /// Sent as `Authorization: Bearer <key>` when the server runs with API keys.
    public var apiKey: String?
    /// Seconds allowed for one request (connect, send and answer).
    public var timeout: Double
    public var retry: RetryPolicy
    /// The path of the layout route.
    public var layoutPath: String

    public init(
        baseURL: URL, apiKey: String? = nil, timeout: Double = 30, retry: RetryPolicy = RetryPolicy(),
        layoutPath: String = "/v1/layout"
    ) {
        self.baseURL = baseURL
        self.apiKey = apiKey
        self.timeout = timeout
        self.retry = retry
        self.layoutPath = layoutPath
    }
}

/// A layoutd client over HTTP/1.1 (URLSession; connections are kept alive and reused).
/// TLS is URLSession's: an `https` base URL is verified against the system's trust store.
public final class LayoutClient: Sendable {
    public let configuration: LayoutClientConfiguration
    private let urlSession: URLSession

    public init(configuration: LayoutClientConfiguration) {
        self.configuration = configuration
        let sessionConfiguration = URLSessionConfiguration.ephemeral
        sessionConfiguration.timeoutIntervalForRequest = configuration.timeout
        sessionConfiguration.httpMaximumConnectionsPerHost = 8
        sessionConfiguration.requestCachePolicy = .reloadIgnoringLocalCacheData
        urlSession = URLSession(configuration: sessionConfiguration)
    }

    public convenience init(baseURL: URL, apiKey: String? = nil) {
        self.init(configuration: LayoutClientConfiguration(baseURL: baseURL, apiKey: apiKey))
    }

    /// A client of the server at `url` (e.g. `"http://127.0.0.1:8080"`).
    public convenience init(_ url: String, apiKey: String? = nil) throws {
        guard let baseURL = URL(string: url), let scheme = baseURL.scheme, ["http", "https"].contains(scheme.lowercased()) else {
            throw LayoutClientError.transport("not an http(s) URL: \(url)")
        }
        self.init(baseURL: baseURL, apiKey: apiKey)
    }

    deinit { urlSession.finishTasksAndInvalidate() }

    /// Lays out `view` in `bounds` (no session).
    public func layout(
        _ view: some View, bounds: Bounds, environment: LayoutEnvironment? = nil, options: LayoutOptions = LayoutOptions()
    ) async throws -> LayoutResponse {
        let root = view.resolvedNode
        let body = RequestBody.whole(root, bounds: bounds, environment: environment, options: options, session: nil)
        var response = try await post(body.encoded)
        response.root = root
        response.transfer = .init(kind: .whole, requestBytes: body.encoded.count, operations: 0, fellBack: false)
        return response
    }

    /// A session: the server keeps its last tree, and `update` sends patches when cheaper.
    public func session(_ key: String) -> LayoutSession {
        LayoutSession(client: self, key: key)
    }

    /// Forgets a session on the server (`DELETE /v1/sessions/{id}`). False if it did not exist.
    @discardableResult
    public func deleteSession(_ key: String) async throws -> Bool {
        let segment = key.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/"))) ?? key
        let (status, headers, data) = try await send(method: "DELETE", path: "/v1/sessions/" + segment, body: nil)
        if status == 204 { return true }
        if status == 404 { return false }
        throw problem(status: status, headers: headers, data: data)
    }

    /// POSTs a request body and decodes the answer, retrying on 429/503 by the policy.
    func post(_ body: [UInt8]) async throws -> LayoutResponse {
        var attempt = 1
        while true {
            let (status, headers, data) = try await send(method: "POST", path: configuration.layoutPath, body: Data(body))
            if status == 200 {
                do {
                    return try JSONDecoder().decode(LayoutResponse.self, from: data)
                } catch {
                    throw LayoutClientError.unexpectedResponse(status: status, "undecodable layout: \(error)")
                }
            }
            let retryAfter = headers["retry-after"].flatMap(Self.seconds)
            guard let delay = configuration.retry.delay(afterAttempt: attempt, status: status, retryAfter: retryAfter) else {
                throw problem(status: status, headers: headers, data: data)
            }
            try await Task.sleep(for: .seconds(min(delay, 86_400)))
            attempt += 1
        }
    }

    private func send(method: String, path: String, body: Data?) async throws -> (Int, [String: String], Data) {
        guard let url = URL(string: path, relativeTo: configuration.baseURL) else {
            throw LayoutClientError.transport("cannot form a URL from \(configuration.baseURL) and \(path)")
        }
        var request = URLRequest(url: url, timeoutInterval: configuration.timeout)
        request.httpMethod = method
        request.httpBody = body
        if body != nil { request.setValue("application/json", forHTTPHeaderField: "Content-Type") }
        request.setValue("application/json, application/problem+json", forHTTPHeaderField: "Accept")
        if let apiKey = configuration.apiKey { request.setValue("Bearer \(apiKey)", forHTTPHeaderField: "Authorization") }
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await urlSession.data(for: request)
        } catch {
            throw LayoutClientError.transport(String(describing: error))
        }
        guard let http = response as? HTTPURLResponse else {
            throw LayoutClientError.transport("not an HTTP response")
        }
        var headers: [String: String] = [:]
        for (key, value) in http.allHeaderFields {
            if let key = key as? String, let value = value as? String { headers[key.lowercased()] = value }
        }
        return (http.statusCode, headers, data)
    }

    /// The problem document of a failed answer, or one made from the status when the body is none.
    private func problem(status: Int, headers: [String: String], data: Data) -> any Error {
        var problem: LayoutProblem
        if let decoded = try? JSONDecoder().decode(LayoutProblem.self, from: data) {
            problem = decoded
        } else {
            let text = String(decoding: data.prefix(200), as: UTF8.self)
            return LayoutClientError.unexpectedResponse(status: status, text)
        }
        problem.retryAfter = headers["retry-after"].flatMap(Self.seconds)
        return problem
    }

    /// `Retry-After` in delay-seconds (the form layoutd sends); an HTTP-date is not read.
    private static func seconds(_ value: String) -> Double? {
        guard let seconds = Double(value.trimmingCharacters(in: .whitespaces)), seconds.isFinite, seconds >= 0 else { return nil }
        return seconds
    }
}
