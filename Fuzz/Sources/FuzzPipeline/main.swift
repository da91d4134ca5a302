import FuzzDriver
import LayoutEngine

/// The whole pipeline with sessions and patches: the input is up to three request bodies
/// separated by NUL bytes, sent in order to one runtime under one session; `$B` in a
/// later body is replaced by the session's current tree hash, so patches reach the
/// patch applier. Every answer is a 200 or a 4xx problem; nothing traps.
let runtime: LayoutRuntime = {
    var configuration = RuntimeConfiguration()
    configuration.limits = DecodeLimits(maxDepth: 64, maxNodes: 2_000, layoutWorkBase: 20_000, layoutWorkPerNode: 30)
    configuration.maxSessions = 4
    configuration.maxResponseBytes = 1 << 20
    return LayoutRuntime(configuration: configuration)
}()

func treeHash(of body: [UInt8]) -> [UInt8]? {
    let marker = Array(#""treeHash":""#.utf8)
    guard body.count > marker.count + 32, Array(body[1..<1 + marker.count]) == marker else { return nil }
    return Array(body[1 + marker.count..<1 + marker.count + 32])
}

@_cdecl("LLVMFuzzerTestOneInput")
func fuzzPipeline(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    var baseline = Array("0".utf8)
    for part in input.split(separator: 0, maxSplits: 2, omittingEmptySubsequences: false) {
        var body: [UInt8] = []
        var index = part.startIndex
        while index < part.endIndex {
            if part[index] == UInt8(ascii: "$"), index + 1 < part.endIndex, part[index + 1] == UInt8(ascii: "B") {
                body += baseline
                index += 2
            } else {
                body.append(part[index])
                index += 1
            }
        }
        switch runtime.layout(body, tenant: "fuzz", sessionHeader: "s") {
        case .success(let response):
            if let hash = treeHash(of: response.body) { baseline = hash }
        case .failure(let problem):
            precondition((400..<500).contains(problem.status), "status \(problem.status): \(problem.detail)")
        }
    }
    return 0
}

runFuzzer { data, size in fuzzPipeline(data, size) }
