import Foundation
import LayoutEngine
import Workloads

/// The bodies the incremental rows send: a cold full layout, two session requests
/// differing in one leaf (the last rigid view's width, 11 or 12), and the plain tree.
struct IncrementalBodies {
    var cold: [UInt8]
    var sessionA: [UInt8]
    var sessionB: [UInt8]
    var plain: [UInt8]
    /// Two session requests differing in the 21st rigid view's height (200 or 201): its
    /// row grows, and some 1,160 nodes (of 10,000) move (a relayout that shifts frames).
    var movingA: [UInt8]
    var movingB: [UInt8]
    /// The changed leaf's id and height, and the request's fields before `root`.
    var leafID: String
    var leafHeight: String
    var head: String

    init?(nodes: Int) {
        let base = TreeGenerator(nodeCount: nodes, seed: 42).requestJSON()
        guard let sizeRange = base.range(of: #""size":{"width":"#, options: .backwards),
            let idRange = base.range(of: #""id":""#, options: .backwards, range: base.startIndex..<sizeRange.lowerBound)
        else { return nil }
        let idEnd = base[idRange.upperBound...].firstIndex(of: "\"") ?? base.endIndex
        leafID = String(base[idRange.upperBound..<idEnd])
        let digitsEnd = base[sizeRange.upperBound...].firstIndex { !$0.isNumber } ?? base.endIndex
        let heightStart = base.index(digitsEnd, offsetBy: #","height":"#.count, limitedBy: base.endIndex) ?? base.endIndex
        leafHeight = String(base[heightStart...].prefix { $0.isNumber })
        head = String(base[..<(base.range(of: #","root":"#)?.lowerBound ?? base.endIndex)])
        func variant(_ width: Int) -> String {
            base.replacingCharacters(in: sizeRange.upperBound..<digitsEnd, with: String(width))
        }
        func withFields(_ json: String, _ fields: String) -> [UInt8] {
            Array(json.replacingOccurrences(of: #""root":"#, with: fields + #","root":"#).utf8)
        }
        cold = withFields(base, #""options":{"cache":"none"}"#)
        func moving(_ height: Int) -> [UInt8] {
            var from = base.startIndex
            for _ in 0..<20 {
                guard let view = base.range(of: #""type":"view","#, range: from..<base.endIndex) else { break }
                from = view.upperBound
            }
            guard let view = base.range(of: #""type":"view","#, range: from..<base.endIndex),
                let size = base.range(of: #""height":"#, range: view.upperBound..<base.endIndex)
            else { return [] }
            let end = base[size.upperBound...].firstIndex { !$0.isNumber } ?? base.endIndex
            return withFields(base.replacingCharacters(in: size.upperBound..<end, with: String(height)), #""session":"moving""#)
        }
        movingA = moving(200)
        movingB = moving(201)
        sessionA = withFields(variant(11), #""session":"bench""#)
        sessionB = withFields(variant(12), #""session":"bench""#)
        plain = Array(base.utf8)
    }

    /// A patch of session "bench" setting the leaf's width, asking for every frame, for
    /// the changed ones, or (nil) for what a patch gets by default.
    func patch(baseline: String, width: Int, changedOnly: Bool?) -> [UInt8] {
        let options = changedOnly.map { #","options":{"frames":"\#($0 ? "changed" : "all")"}"# } ?? ""
        let op = #"{"op":"set","id":"\#(leafID)","field":"size","value":{"width":\#(width),"height":\#(leafHeight)}}"#
        return Array((head + #","session":"bench","baseline":"\#(baseline)""# + options + #","patch":["# + op + "]}").utf8)
    }
}

/// The `treeHash` of a response body.
func treeHash(_ body: [UInt8]) -> String? {
    let text = String(decoding: body, as: UTF8.self)
    guard let range = text.range(of: #""treeHash":""#) else { return nil }
    return String(text[range.upperBound...].prefix(32))
}

/// `--only incremental`: one-leaf relayouts through a session, alternating the two
/// variants, for a profiler.
func incrementalLoop(nodes: Int, runs: Int) {
    alternatingRelayouts(nodes: nodes, runs: runs, \.sessionA, \.sessionB, "one-leaf relayout")
}

/// `--only move`: relayouts after a change that moves some 1,160 nodes (`movingA`,
/// `movingB`), for a profiler.
func movingLoop(nodes: Int, runs: Int) {
    alternatingRelayouts(nodes: nodes, runs: runs, \.movingA, \.movingB, "moving relayout")
}

/// Session relayouts alternating between two bodies (`first` laid out once before),
/// printing the median layout time under `label`.
private func alternatingRelayouts(
    nodes: Int, runs: Int, _ first: KeyPath<IncrementalBodies, [UInt8]>, _ second: KeyPath<IncrementalBodies, [UInt8]>,
    _ label: String
) {
    guard let bodies = IncrementalBodies(nodes: nodes) else { return }
    let runtime = LayoutRuntime()
    _ = runtime.layout(bodies[keyPath: first])
    var layout: [Double] = []
    for run in 0..<runs {
        let body = run % 2 == 0 ? bodies[keyPath: second] : bodies[keyPath: first]
        guard case .success(let response) = runtime.layout(body) else { return }
        layout.append(response.metrics.layoutMicros)
    }
    layout.sort()
    print("\(label) of \(nodes) nodes: median layout \(format(layout[runs / 2])) µs over \(runs) runs")
}

/// `--only patch`: the same one-leaf change sent as patches (frames as a patch gets them
/// by default), for a profiler.
func patchLoop(nodes: Int, runs: Int) {
    guard let bodies = IncrementalBodies(nodes: nodes) else { return }
    let runtime = LayoutRuntime()
    guard case .success(let first) = runtime.layout(bodies.sessionA), var hash = treeHash(first.body) else { return }
    var layout: [Double] = [], totals: [Double] = []
    for run in 0..<runs {
        let body = bodies.patch(baseline: hash, width: run % 2 == 0 ? 12 : 11, changedOnly: nil)
        let start = clock.nanoseconds()
        guard case .success(let response) = runtime.layout(body), let next = treeHash(response.body) else { return }
        totals.append(Double(clock.nanoseconds() - start) / 1000)
        layout.append(response.metrics.layoutMicros)
        hash = next
    }
    layout.sort()
    totals.sort()
    print("one-leaf patch of \(nodes) nodes: median layout \(format(layout[runs / 2])) µs, request \(format(totals[runs / 2])) µs over \(runs) runs")
}

/// Full layout vs relayout after one leaf changed (through a session: measurement cache
/// and reuse of the previous layout) vs a layout-cache hit, for one generated tree.
func incrementalTable(nodes: Int, runs: Int) {
    guard let bodies = IncrementalBodies(nodes: nodes) else { return }
    let (cold, sessionA, sessionB, plain) = (bodies.cold, bodies.sessionA, bodies.sessionB, bodies.plain)

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
    // A change that moves some 1,160 nodes (their frames shift; little is measured).
    let movingRuntime = LayoutRuntime()
    _ = movingRuntime.layout(bodies.movingA)
    var moving: [LayoutMetrics] = [], movingTotal: [Double] = []
    for run in 0..<runs {
        let start = clock.nanoseconds()
        guard case .success(let response) = movingRuntime.layout(run % 2 == 0 ? bodies.movingB : bodies.movingA) else { return }
        movingTotal.append(Double(clock.nanoseconds() - start) / 1000)
        moving.append(response.metrics)
    }
    // The same change sent as a patch (a set of the leaf's size), answered with every
    // frame and with `frames: changed` (asked for explicitly, so the rows mean the same
    // on builds whose default differs), and as sent by default.
    var patchRows: [(String, [LayoutMetrics], [Double])] = []
    for changedOnly in [false, true, nil] {
        let runtime = LayoutRuntime()
        guard case .success(let first) = runtime.layout(sessionA), var hash = treeHash(first.body) else { return }
        var metrics: [LayoutMetrics] = [], totals: [Double] = []
        for run in 0..<runs {
            let body = bodies.patch(baseline: hash, width: run % 2 == 0 ? 12 : 11, changedOnly: changedOnly)
            let start = clock.nanoseconds()
            guard case .success(let response) = runtime.layout(body) else {
                print("patch refused")
                return
            }
            totals.append(Double(clock.nanoseconds() - start) / 1000)
            metrics.append(response.metrics)
            guard let next = treeHash(response.body) else { return }
            hash = next
        }
        patchRows.append((changedOnly.map { $0 ? "patch, changed" : "patch, all" } ?? "patch", metrics, totals))
    }
    let cacheRuntime = LayoutRuntime()
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
    print(
        [
            "moving leaf", format(medianMetrics(moving) { $0.layoutMicros }), format(movingTotal.sorted()[runs / 2]),
            String(moving[runs / 2].measured), String(moving[runs / 2].reused),
        ].map { pad($0, 14) }.joined())
    for (name, metrics, totals) in patchRows {
        print(
            [
                name, format(medianMetrics(metrics) { $0.layoutMicros }), format(totals.sorted()[runs / 2]),
                String(metrics[runs / 2].measured), String(metrics[runs / 2].reused),
            ].map { pad($0, 14) }.joined())
    }
    print(["cache hit", "-", format(hitTotal.sorted()[runs / 2]), "0", "-"].map { pad($0, 14) }.joined())
    // Where a request's time goes (medians of the runtime's own metrics; the rest of the
    // request is storing the session and the layout cache, and finishing the body).
    print(["phases µs", "parse", "hash", "layout", "diff", "encode"].map { pad($0, 14) }.joined())
    for (name, metrics) in [("one leaf", relayout)] + patchRows.map({ ($0.0, $0.1) }) {
        print(
            ([name] + [\.parseMicros, \.hashMicros, \.layoutMicros, \.diffMicros, \.encodeMicros].map { (key: KeyPath<LayoutMetrics, Double>) in
                format(medianMetrics(metrics) { $0[keyPath: key] })
            }).map { pad($0, 14) }.joined())
    }
    print("relayout after one leaf: \(format(fullLayout / max(relayoutLayout, 0.001)))× faster than full layout")
    print("relayout after a moving leaf: \(format(fullLayout / max(medianMetrics(moving) { $0.layoutMicros }, 0.001)))× faster than full layout")
    let fullRequest = fullTotal.sorted()[runs / 2]
    for (name, _, totals) in patchRows {
        print("\(name) request: \(format(fullRequest / max(totals.sorted()[runs / 2], 0.001)))× faster than the full request")
    }
    fflush(nil)
}
