import Synchronization
import Testing
@testable import LoadGenerator

/// Session mode against a scripted server that speaks API.md §5: full answers carry a
/// `treeHash`, patches are accepted unless the scripted server says their baseline is stale.
@Suite struct SessionModeTests {
    @Test func patchesFollowFullRequestsAndFallBackOn409() throws {
        let counter = Atomic<Int>(0)
        let server = try ScriptedServer(answersPerConnection: 1000) { _, body in
            let number = counter.add(1, ordering: .relaxed).newValue
            if body.contains(#""patch":[{"op":"set""#) {
                guard body.contains(#""baseline":"h"#) else { return (400, "no baseline") }
                // Every fifth request is a stale baseline.
                if number % 5 == 0 { return (409, #"{"status":409,"treeHash":"other"}"#) }
            } else {
                guard body.contains(#""root":"#) else { return (400, "neither root nor patch") }
            }
            return (200, #"{"treeHash":"h\#(number)","frames":{}}"#)
        }
        var configuration = LoadConfiguration(target: TargetURL(host: "127.0.0.1", port: server.port, path: "/v1/layout"))
        configuration.requests = 200
        configuration.connections = 2
        configuration.sessions = true
        configuration.fetchServerStats = false
        let summary = LoadRunner.run(configuration)
        server.stop()
        let session = try #require(summary.session)
        #expect(summary.failures == 0, "\(summary.errors)")
        #expect(summary.statuses["400"] == nil)
        #expect(session.fullRequests + session.patches == 200)
        let fallbacks = session.patchFallbacks["409"] ?? 0
        #expect(fallbacks > 10)
        #expect(session.patchesAccepted + fallbacks == session.patches)
        // Each connection starts with a full request, and each fallback is followed by one.
        #expect(session.fullRequests <= 2 + fallbacks && session.fullRequests >= fallbacks)
        #expect(session.fullWithoutTreeHash == 0)
    }
}
