import Foundation
import HTTPServer
import LayoutService
import Synchronization
import Testing
@testable import LayoutClient

@Suite(.serialized) struct ErrorAndRetryTests {
    @Test func invalidTreesSurfaceAsProblemsWithPointers() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let client = server.client()
        let tree = VStack {
            Text("ok")
            Text("never").lineLimit(0)
        }
        do {
            _ = try await client.layout(tree, bounds: Bounds(width: 100, height: 100))
            Issue.record("a lineLimit of 0 was accepted")
        } catch let problem as LayoutProblem {
            #expect(problem.status == 422)
            #expect(problem.type == "urn:layoutd:problem:invalid-request")
            #expect(problem.pointers.contains("/root/children/1/lineLimit"), "\(problem)")
        }
        do {
            _ = try await client.layout(HStack { Text("a"); Rectangle().aspectRatio(-1) }, bounds: Bounds(width: 100, height: 100))
            Issue.record("a negative aspect ratio was accepted")
        } catch let problem as LayoutProblem {
            #expect(problem.status == 422)
            #expect(problem.pointers.contains { $0.hasPrefix("/root/children/1/modifiers/0") }, "\(problem)")
        }
    }

    @Test func duplicateIdsNameBothPointers() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let tree = HStack { Text("a").id("same"); Text("b").id("same") }
        await #expect(throws: LayoutProblem.self) {
            try await server.client().layout(tree, bounds: Bounds(width: 100, height: 100))
        }
        do {
            _ = try await server.client().layout(tree, bounds: Bounds(width: 100, height: 100))
        } catch let problem as LayoutProblem {
            let text = problem.description
            #expect(text.contains("/root/children/0") && text.contains("/root/children/1"), "\(problem)")
        }
    }

    @Test func apiKeysAreSentAndAMissingKeyIs401() async throws {
        let server = try TestServer(apiKeys: APIKeys(tenantsByKey: ["secret-key": "tenant-a"]))
        defer { server.stop() }
        let response = try await server.client(apiKey: "secret-key").layout(Rectangle(), bounds: Bounds(width: 10, height: 10))
        #expect(response["root"] == Frame(x: 0, y: 0, width: 10, height: 10))
        do {
            _ = try await server.client(apiKey: "wrong").layout(Rectangle(), bounds: Bounds(width: 10, height: 10))
            Issue.record("a wrong key was accepted")
        } catch let problem as LayoutProblem {
            #expect(problem.status == 401)
        }
    }

    @Test func a503WithRetryAfterIsRetriedAfterThatDelay() async throws {
        let seen = Counter()
        let server = try TestServer(intercept: { request in
            guard request.path == "/v1/layout" else { return nil }
            seen.increment()
            guard seen.value <= 2 else { return nil }
            return .problem(
                status: 503, type: "urn:layoutd:problem:overloaded", title: "Service unavailable", detail: "busy",
                extraHeaders: ["Retry-After": "1"])
        })
        defer { server.stop() }
        let started = ContinuousClock.now
        let response = try await server.client().layout(Rectangle(), bounds: Bounds(width: 20, height: 20))
        let waited = ContinuousClock.now - started
        #expect(response["root"] == Frame(x: 0, y: 0, width: 20, height: 20))
        #expect(server.layoutRequests.value == 3)
        // Two refusals, each asking for 1 s: the client waited them out (not a timing
        // benchmark: a lower bound the client must honour).
        #expect(waited >= .seconds(2))
    }

    @Test func retriesStopAtTheAttemptLimitWithTheProblem() async throws {
        let server = try TestServer(intercept: { request in
            request.path == "/v1/layout"
                ? .problem(status: 429, type: "urn:layoutd:problem:overloaded", title: "Too many requests", detail: "tenant busy")
                : nil
        })
        defer { server.stop() }
        let client = server.client(retry: RetryPolicy(maxAttempts: 3, baseDelay: 0.01, maxDelay: 0.05))
        do {
            _ = try await client.layout(Rectangle(), bounds: Bounds(width: 20, height: 20))
            Issue.record("a 429 was not reported")
        } catch let problem as LayoutProblem {
            #expect(problem.status == 429)
            #expect(problem.retryAfter == nil)
        }
        #expect(server.layoutRequests.value == 3)
    }

    @Test func aRetryAfterBeyondTheLimitIsNotWaitedFor() {
        let policy = RetryPolicy(maxAttempts: 5, maxRetryAfter: 10)
        #expect(policy.delay(afterAttempt: 1, status: 503, retryAfter: 3) == 3)
        #expect(policy.delay(afterAttempt: 1, status: 503, retryAfter: 60) == nil)
        #expect(policy.delay(afterAttempt: 5, status: 503, retryAfter: 1) == nil)
        #expect(policy.delay(afterAttempt: 1, status: 500, retryAfter: 1) == nil)
        // Backoff without Retry-After: full jitter under baseDelay × 2^(attempt-1), capped.
        for attempt in 1...4 {
            let delay = policy.delay(afterAttempt: attempt, status: 429, retryAfter: nil) ?? -1
            #expect(delay >= 0 && delay <= min(policy.maxDelay, policy.baseDelay * Double(1 << (attempt - 1))))
        }
    }

    @Test func requestsReuseOneKeptAliveConnection() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let client = server.client()
        for width in 1...20 {
            _ = try await client.layout(Rectangle(), bounds: Bounds(width: Double(width), height: 10))
        }
        // 20 sequential requests over one keep-alive connection.
        #expect(server.connectionsOpened.value == 1)
    }
}
