import Foundation
import Testing

@testable import LayoutEngine

/// Nested flexible containers ask each other for sizes many times (polynomially, thanks to
/// `FlexMemo`; see FlexMemoTests); the work budget stays as a safety net that turns a tree
/// over it into a 413 instead of a worker held for minutes.
@Suite struct WorkBudgetTests {
    /// Alternating row/column flex containers, each with a growing child and a text.
    static func nestedFlex(depth: Int) -> String {
        func node(_ level: Int) -> String {
            let child =
                level < depth
                ? node(level + 1) + #",{"type":"text","text":"hi there","style":{"flexShrink":1}}"#
                : #"{"type":"text","text":"leaf"}"#
            return #"{"type":"flex","style":{"padding":1,"flexDirection":"\#(level % 2 == 1 ? "column" : "row")","flexGrow":1},"children":[\#(child)]}"#
        }
        return #"{"bounds":{"width":390,"height":844},"root":\#(node(1))}"#
    }

    @Test func overBudgetIs413AndLeavesNoTrace() throws {
        let body = Array(Self.nestedFlex(depth: 12).utf8)
        var tight = RuntimeConfiguration()
        // 24 nodes: a budget of 20 + 24 × 1 (the tree needs a few hundred).
        tight.limits = DecodeLimits(layoutWorkBase: 20, layoutWorkPerNode: 1)
        let runtime = LayoutRuntime(configuration: tight)
        guard case .failure(let problem) = runtime.layout(body) else {
            Issue.record("a tree over its budget was laid out")
            return
        }
        #expect(problem.status == 413)
        #expect(problem.detail.contains("more than 44 measurements"))
        #expect(runtime.statistics.cacheEntries == 0)
        #expect(runtime.statistics.measurementEntries == 0)
        // Within the default budget the same tree lays out, with the frames of a fresh layout.
        let generous = try LayoutRuntime().layout(body).get()
        let fresh = try LayoutRuntime(configuration: .uncached).layout(body).get()
        let frames = { (bytes: [UInt8]) throws -> [String: [String: Double]] in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
            return try #require(object["frames"] as? [String: [String: Double]])
        }
        #expect(try frames(generous.body) == frames(fresh.body))
    }

    @Test func uncachedRuntimeAppliesTheBudgetToo() {
        var configuration = RuntimeConfiguration.uncached
        configuration.limits = DecodeLimits(layoutWorkBase: 50, layoutWorkPerNode: 1)  // 70 for its 20 nodes; it needs about 100
        let runtime = LayoutRuntime(configuration: configuration)
        guard case .failure(let problem) = runtime.layout(Array(Self.nestedFlex(depth: 10).utf8)) else {
            Issue.record("laid out over budget")
            return
        }
        #expect(problem.status == 413)
    }
}
