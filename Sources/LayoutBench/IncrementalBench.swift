import Foundation
import LayoutEngine
import Workloads

/// Full layout vs relayout after one leaf changed (through a session: measurement cache
/// and reuse of the previous layout) vs a layout-cache hit, for one generated tree.
func incrementalTable(nodes: Int, runs: Int) {
    let base = TreeGenerator(nodeCount: nodes, seed: 42).requestJSON()
    // Two variants differing in one leaf: the last rigid view's width.
    guard let sizeRange = base.range(of: #""size":{"width":"#, options: .backwards) else { return }
    let digitsEnd = base[sizeRange.upperBound...].firstIndex { !$0.isNumber } ?? base.endIndex
    func variant(_ width: Int) -> String {
        base.replacingCharacters(in: sizeRange.upperBound..<digitsEnd, with: String(width))
    }
    func withFields(_ json: String, _ fields: String) -> [UInt8] {
        Array(json.replacingOccurrences(of: #""root":"#, with: fields + #","root":"#).utf8)
    }
    let cold = withFields(base, #""options":{"cache":"none"}"#)
    let sessionA = withFields(variant(11), #""session":"bench""#)
    let sessionB = withFields(variant(12), #""session":"bench""#)

    func medianMetrics(_ samples: [LayoutMetrics], _ key: (LayoutMetrics) -> Double) -> Double {
        let values = samples.map(key).sorted()
        return values[values.count / 2]
    }
    let coldRuntime = LayoutRuntime()
    var full: [LayoutMetrics] = [], fullTotal: [Double] = []
    for _ in 0..<runs {
        let start = clock.nanoseconds()
        guard case .success(let response) = coldRuntime.layout(cold) else { return }
        fullTotal.append(Double(clock.nanoseconds() - start) / 1000)
        full.append(response.metrics)
    }
    let sessionRuntime = LayoutRuntime()
    _ = sessionRuntime.layout(sessionA)
    var relayout: [LayoutMetrics] = [], relayoutTotal: [Double] = []
    for run in 0..<runs {
        let start = clock.nanoseconds()
        guard case .success(let response) = sessionRuntime.layout(run % 2 == 0 ? sessionB : sessionA) else { return }
        relayoutTotal.append(Double(clock.nanoseconds() - start) / 1000)
        relayout.append(response.metrics)
    }
    let cacheRuntime = LayoutRuntime()
    let plain = Array(base.utf8)
    _ = cacheRuntime.layout(plain)
    var hitTotal: [Double] = []
    for _ in 0..<runs {
        let start = clock.nanoseconds()
        guard case .success(let response) = cacheRuntime.layout(plain), response.cacheHit else { return }
        hitTotal.append(Double(clock.nanoseconds() - start) / 1000)
    }
    let fullLayout = medianMetrics(full) { $0.layoutMicros }
    let relayoutLayout = medianMetrics(relayout) { $0.layoutMicros }
    print("")
    print("incremental: \(full.first?.nodes ?? 0) nodes (median of \(runs); µs)")
    print(["case", "layout µs", "request µs", "measured", "reused"].map { pad($0, 14) }.joined())
    print(
        [
            "full", format(fullLayout), format(fullTotal.sorted()[runs / 2]),
            String(full[0].measured), String(full[0].reused),
        ].map { pad($0, 14) }.joined())
    print(
        [
            "one leaf", format(relayoutLayout), format(relayoutTotal.sorted()[runs / 2]),
            String(relayout[runs / 2].measured), String(relayout[runs / 2].reused),
        ].map { pad($0, 14) }.joined())
    print(["cache hit", "-", format(hitTotal.sorted()[runs / 2]), "0", "-"].map { pad($0, 14) }.joined())
    print("relayout after one leaf: \(format(fullLayout / max(relayoutLayout, 0.001)))× faster than full layout")
    fflush(nil)
}
