import Testing
import Workloads
@testable import LoadGenerator

/// The small pieces around the client: URL flags, request bytes, session patch bodies.
@Suite struct RequestPartsTests {
    @Test func urls() {
        #expect(TargetURL(parsing: "http://127.0.0.1:8080/v1/layout") == TargetURL(host: "127.0.0.1", port: 8080, path: "/v1/layout"))
        #expect(TargetURL(parsing: "http://localhost") == TargetURL(host: "localhost", port: 80, path: "/"))
        #expect(TargetURL(parsing: "http://[::1]:9000/x") == TargetURL(host: "::1", port: 9000, path: "/x"))
        for bad in ["https://h/x", "ftp://h", "http://", "http://h:0/", "http://h:99999/", "http://u@h/", "http://h:x/"] {
            #expect(TargetURL(parsing: bad) == nil, "\(bad)")
        }
    }

    @Test func requestBytes() {
        let encoder = RequestEncoder(
            target: TargetURL(host: "127.0.0.1", port: 8080, path: "/v1/layout"), apiKey: "k1", session: "s-1")
        let text = String(decoding: encoder.post(Array("{}".utf8)), as: UTF8.self)
        #expect(text.hasPrefix("POST /v1/layout HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n"))
        #expect(text.contains("Authorization: Bearer k1\r\n"))
        #expect(text.contains("Layout-Session: s-1\r\n"))
        #expect(text.hasSuffix("Content-Length: 2\r\n\r\n{}"))
        let get = String(decoding: encoder.get("/v1/stats"), as: UTF8.self)
        #expect(get.hasPrefix("GET /v1/stats HTTP/1.1\r\n") && !get.contains("Layout-Session"))
    }

    @Test func patchesResizeViewLeaves() {
        let body = Array(TreeGenerator(nodeCount: 50, seed: 1).requestJSON().utf8)
        let leaves = SessionPatches.viewLeafIDs(in: body)
        #expect(!leaves.isEmpty)
        #expect(leaves.allSatisfy { $0.hasPrefix("n") })
        var random = SplitMix64(seed: 1)
        let patch = String(decoding: SessionPatches.resizeBody(baseline: "ab12", leaf: "n7", random: &random), as: UTF8.self)
        #expect(patch.contains(#""baseline":"ab12","patch":[{"op":"set","id":"n7","field":"size","value":{"width":"#))
    }

    @Test func treeHashIsRead() {
        #expect(SessionPatches.treeHash(in: Array(#"{"size":{},"treeHash" : "9f1c0a","frames":{}}"#.utf8)) == "9f1c0a")
        #expect(SessionPatches.treeHash(in: Array(#"{"size":{}}"#.utf8)) == nil)
    }

    @Test func serverStatsParse() {
        let body = #"{"cache":{"entries":3,"bytes":10,"hits":9,"misses":1,"evictions":0,"hitRate":0.9},"sessions":{"live":2}}"#
        let stats = ServerStatsFetcher.parse(Array(body.utf8))
        #expect(stats == ServerStats(entries: 3, bytes: 10, hits: 9, misses: 1, evictions: 0, hitRate: 0.9, liveSessions: 2))
        #expect(ServerStatsFetcher.parse(Array("not json".utf8)) == nil)
    }
}
