import Foundation
import Synchronization
import Testing
import Workloads

@testable import LayoutEngine

/// A clock the test moves by hand.
final class ManualClock: Sendable {
    private let now = Mutex<UInt64>(1)
    func advance(seconds: Double) { now.withLock { $0 += UInt64(seconds * 1e9) } }
    var clock: LayoutClock { LayoutClock { [self] in now.withLock { $0 } } }
}

/// Hashes, the layout cache, the measurement cache, sessions and diffs (issue 4).
@Suite struct IncrementalTests {
    static let body =
        #"{"bounds":{"width":100,"height":100},"root":{"type":"vstack","id":"s","children":[{"type":"view","id":"a","size":{"width":10,"height":10}},{"type":"rect","id":"b"}]}}"#

    func json(_ response: Result<RuntimeResponse, Problem>) throws -> [String: Any] {
        let body = try response.get().body
        return try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])
    }

    @Test func treeHashIgnoresKeyOrderAndWhitespaceButNotContent() throws {
        let runtime = LayoutRuntime()
        let first = try json(runtime.layout(Array(Self.body.utf8), tenant: "t1"))
        let reordered =
            #"{ "root": {"children": [ {"size": {"height": 10, "width": 10}, "id": "a", "type": "view"}, {"id":"b","type":"rect"} ], "id": "s", "type": "vstack"}, "bounds": {"height": 100, "width": 100} }"#
        let second = try json(runtime.layout(Array(reordered.utf8), tenant: "t2"))
        let hash = try #require(first["treeHash"] as? String)
        #expect(hash.count == 32)
        #expect(second["treeHash"] as? String == hash)
        let changed = Self.body.replacingOccurrences(of: #""width":10"#, with: #""width":11"#)
        let third = try json(runtime.layout(Array(changed.utf8), tenant: "t1"))
        #expect(third["treeHash"] as? String != hash)
    }

    @Test func repeatedLayoutsHitTheCache() throws {
        let runtime = LayoutRuntime()
        let miss = try runtime.layout(Array(Self.body.utf8)).get()
        let hit = try runtime.layout(Array(Self.body.utf8)).get()
        #expect(!miss.cacheHit)
        #expect(hit.cacheHit)
        // The same frames, with cache: hit.
        let missText = String(decoding: miss.body, as: UTF8.self), hitText = String(decoding: hit.body, as: UTF8.self)
        #expect(missText.contains(#""cache":"miss""#))
        #expect(hitText.contains(#""cache":"hit""#))
        // Everything before "cache" (treeHash, size, frames) is byte for byte the same.
        let framesPart = { (text: String) in text.components(separatedBy: #""cache""#).first ?? "" }
        #expect(!framesPart(missText).isEmpty)
        #expect(framesPart(missText) == framesPart(hitText))
        // Same tree in other words: found by tree hash.
        let spaced = Self.body.replacingOccurrences(of: ",", with: ", ")
        #expect(try runtime.layout(Array(spaced.utf8)).get().cacheHit)
        // Other bounds: a different entry.
        let wider = Self.body.replacingOccurrences(of: #""width":100"#, with: #""width":120"#)
        #expect(try !runtime.layout(Array(wider.utf8)).get().cacheHit)
        let stats = runtime.statistics
        #expect(stats.cacheHits == 2)
        #expect(stats.cacheEntries == 2)
    }

    @Test func cacheOptions() throws {
        let runtime = LayoutRuntime()
        func with(_ policy: String) -> [UInt8] {
            Array(Self.body.replacingOccurrences(of: #""root":"#, with: #""options":{"cache":"\#(policy)"},"root":"#).utf8)
        }
        #expect(try !runtime.layout(with("none")).get().cacheHit)
        #expect(try !runtime.layout(with("none")).get().cacheHit)  // none stores nothing
        #expect(runtime.statistics.cacheEntries == 0)
        #expect(try !runtime.layout(with("refresh")).get().cacheHit)  // refresh recomputes, then stores
        #expect(try !runtime.layout(with("refresh")).get().cacheHit)
        #expect(try runtime.layout(with("use")).get().cacheHit)
    }

    @Test func tenantsDoNotShareResultsOrSessions() throws {
        let runtime = LayoutRuntime()
        _ = try runtime.layout(Array(Self.body.utf8), tenant: "alpha").get()
        #expect(try !runtime.layout(Array(Self.body.utf8), tenant: "beta").get().cacheHit)
        let session = Self.body.replacingOccurrences(of: #""root":"#, with: #""session":"phone","root":"#)
        _ = try runtime.layout(Array(session.utf8), tenant: "alpha").get()
        let beta = try json(runtime.layout(Array(session.utf8), tenant: "beta"))
        let diff = try #require(beta["diff"] as? [String: Any])
        #expect(diff["baseline"] is NSNull)  // beta's session is new
        #expect(runtime.deleteSession(tenant: "beta", session: "phone"))
        #expect(!runtime.deleteSession(tenant: "beta", session: "phone"))
        #expect(runtime.statistics.sessions == 1)
    }

    @Test func sessionDiffListsExactlyTheChangedIds() throws {
        let runtime = LayoutRuntime()
        func send(_ children: String) throws -> [String: Any] {
            let body =
                #"{"bounds":{"width":100,"height":100},"session":"d","alignment":"topLeading","root":{"type":"vstack","id":"s","alignment":"leading","spacing":0,"children":[\#(children)]}}"#
            return try json(runtime.layout(Array(body.utf8)))
        }
        let a = #"{"type":"view","id":"a","size":{"width":10,"height":10}}"#
        let b = #"{"type":"view","id":"b","size":{"width":10,"height":10}}"#
        let c = #"{"type":"view","id":"c","size":{"width":10,"height":10}}"#
        let first = try send([a, b].joined(separator: ","))
        let firstDiff = try #require(first["diff"] as? [String: Any])
        #expect(firstDiff["baseline"] is NSNull)
        #expect(Set(firstDiff["inserted"] as? [String] ?? []) == ["s", "a", "b"])
        // a grows: a resized; b moved down; the stack resized; c inserted at the end.
        let bigger = #"{"type":"view","id":"a","size":{"width":10,"height":20}}"#
        let second = try send([bigger, b, c].joined(separator: ","))
        let diff = try #require(second["diff"] as? [String: Any])
        #expect(diff["baseline"] as? String == first["treeHash"] as? String)
        #expect(diff["inserted"] as? [String] == ["c"])
        #expect(Set(diff["resized"] as? [String] ?? []) == ["s", "a"])
        #expect(diff["moved"] as? [String] == ["b"])
        #expect(diff["removed"] as? [String] == [])
        #expect(diff["unchanged"] as? Int == 0)
        // Remove b, keep the rest: c moves up; b removed.
        let third = try send([bigger, c].joined(separator: ","))
        let thirdDiff = try #require(third["diff"] as? [String: Any])
        #expect(thirdDiff["removed"] as? [String] == ["b"])
        #expect(thirdDiff["moved"] as? [String] == ["c"])
        #expect(thirdDiff["unchanged"] as? Int == 1)  // a
    }

    @Test func changedFramesOnly() throws {
        let runtime = LayoutRuntime()
        func send(_ height: Int) throws -> [String: Any] {
            let body =
                #"{"bounds":{"width":100,"height":100},"session":"c","options":{"frames":"changed"},"alignment":"topLeading","root":{"type":"hstack","id":"s","alignment":"top","spacing":0,"children":[{"type":"view","id":"a","size":{"width":10,"height":10}},{"type":"view","id":"b","size":{"width":10,"height":\#(height)}}]}}"#
            return try json(runtime.layout(Array(body.utf8)))
        }
        #expect(Set((try send(10)["frames"] as? [String: Any] ?? [:]).keys) == ["s", "a", "b"])
        #expect(Set((try send(20)["frames"] as? [String: Any] ?? [:]).keys) == ["s", "b"])
        #expect((try send(20)["frames"] as? [String: Any] ?? [:]).isEmpty)
    }

    @Test func sessionHeaderMustAgreeWithTheBody() throws {
        let runtime = LayoutRuntime()
        let body = Self.body.replacingOccurrences(of: #""root":"#, with: #""session":"x","root":"#)
        guard case .failure(let problem) = runtime.layout(Array(body.utf8), sessionHeader: "y") else {
            Issue.record("accepted disagreeing session keys")
            return
        }
        #expect(problem.status == 400)
        #expect(try runtime.layout(Array(body.utf8), sessionHeader: "x").get().body.isEmpty == false)
    }

    @Test func sessionsExpireAfterTheirTTL() throws {
        let manual = ManualClock()
        var configuration = RuntimeConfiguration()
        configuration.sessionTTLSeconds = 60
        let runtime = LayoutRuntime(configuration: configuration, clock: manual.clock)
        let body = Array(Self.body.replacingOccurrences(of: #""root":"#, with: #""session":"ttl","root":"#).utf8)
        _ = try runtime.layout(body).get()
        manual.advance(seconds: 59)
        #expect(try json(runtime.layout(body))["diff"].flatMap { ($0 as? [String: Any])?["baseline"] as? String } != nil)
        manual.advance(seconds: 61)
        #expect(runtime.statistics.sessions == 0)
        let after = try json(runtime.layout(body))
        #expect((after["diff"] as? [String: Any])?["baseline"] is NSNull)
    }

    @Test func sessionCountIsBounded() throws {
        var configuration = RuntimeConfiguration()
        configuration.maxSessions = 3
        let runtime = LayoutRuntime(configuration: configuration)
        for key in 0..<5 {
            let body = Self.body.replacingOccurrences(of: #""root":"#, with: #""session":"k\#(key)","root":"#)
            _ = try runtime.layout(Array(body.utf8)).get()
        }
        #expect(runtime.statistics.sessions == 3)
        // The oldest two were evicted: k0 is new again.
        let body = Self.body.replacingOccurrences(of: #""root":"#, with: #""session":"k0","root":"#)
        #expect((try json(runtime.layout(Array(body.utf8)))["diff"] as? [String: Any])?["baseline"] is NSNull)
    }

    @Test func layoutCacheEvictsByEntriesAndBytes() throws {
        var configuration = RuntimeConfiguration()
        configuration.cacheEntries = 2
        let runtime = LayoutRuntime(configuration: configuration)
        func body(_ width: Int) -> [UInt8] {
            Array(Self.body.replacingOccurrences(of: #""width":100"#, with: #""width":\#(width)"#).utf8)
        }
        for width in [100, 110, 120] { _ = try runtime.layout(body(width)).get() }
        #expect(runtime.statistics.cacheEntries == 2)
        #expect(runtime.statistics.cacheEvictions == 1)
        #expect(try !runtime.layout(body(100)).get().cacheHit)  // the least recent went first
        #expect(try runtime.layout(body(120)).get().cacheHit)

        var small = RuntimeConfiguration()
        let one = try runtime.layout(body(130)).get().body.count
        small.cacheBytes = 2 * (one + LayoutCache.entryOverhead) + 10  // room for two entries' bytes, not three
        let bytesBound = LayoutRuntime(configuration: small)
        for width in [130, 140, 150] { _ = try bytesBound.layout(body(width)).get() }
        #expect(bytesBound.statistics.cacheEntries == 2)
        #expect(bytesBound.statistics.cacheBytes <= small.cacheBytes)
    }

    @Test func lruOrder() {
        var lru = LRUCache<String, Int>(maxEntries: 2)
        lru.insert(1, for: "a", cost: 0)
        lru.insert(2, for: "b", cost: 0)
        _ = lru.value(for: "a")  // a is now the most recent
        let evicted = lru.insert(3, for: "c", cost: 0)
        #expect(evicted == ["b"])
        #expect(lru.peek("a") == 1)
        #expect(lru.peek("c") == 3)
    }
}
