import Testing

@testable import LayoutEngine

/// The engine as the tests use it: every layout computed afresh.
let uncachedRuntime = LayoutRuntime(configuration: .uncached)

/// Lays out a request given as JSON text and returns the frames by id.
func frames(_ json: String, limits: DecodeLimits = DecodeLimits()) throws -> [String: Rect] {
    let request = try RequestDecoder.decode(Array(json.utf8), limits: limits)
    let result = uncachedRuntime.layout(request)
    var byId: [String: Rect] = [:]
    for index in 0..<request.tree.nodeCount where result.hasFrame[index] && request.tree.nodes[index].hasFrame {
        byId[request.tree.id(of: index)] = result.frames[index]
    }
    return byId
}

/// The problem a request is refused with (nil when it is accepted).
func problem(_ json: String, limits: DecodeLimits = DecodeLimits()) -> Problem? {
    do {
        _ = try RequestDecoder.decode(Array(json.utf8), limits: limits)
        return nil
    } catch {
        return error
    }
}

/// A request with `root` laid out in `width`×`height` (JSON `null` allowed).
func request(_ root: String, width: String = "390", height: String = "844", extra: String = "") -> String {
    "{\"bounds\":{\"width\":\(width),\"height\":\(height)},\"root\":\(root)\(extra)}"
}

func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Rect {
    Rect(x: x, y: y, width: width, height: height)
}

/// Compares frames to within a micro-point (derivations are exact up to float rounding).
func expectFrame(
    _ actual: Rect?, _ expected: Rect, _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation
) {
    guard let actual else {
        Issue.record("missing frame, expected \(expected)", sourceLocation: sourceLocation)
        return
    }
    let close =
        abs(actual.x - expected.x) < 1e-6 && abs(actual.y - expected.y) < 1e-6
        && abs(actual.width - expected.width) < 1e-6 && abs(actual.height - expected.height) < 1e-6
    #expect(close, "\(actual) != \(expected)", sourceLocation: sourceLocation)
}
