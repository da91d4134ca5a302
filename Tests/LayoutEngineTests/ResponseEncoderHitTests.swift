import Testing

@testable import LayoutEngine

/// A cache hit's body is written by `finishHit`, a shortcut of `finish`: the two must give
/// the same bytes. The expected text is spelled out by hand as well, so a change to both
/// at once is caught.
@Suite struct ResponseEncoderHitTests {
    private let frames = Array(#"{"frames":{"a":{"x":0,"y":0,"width":10,"height":20}}"#.utf8)

    @Test(arguments: [0.0, 0.4, 0.5, 7.0, 12.49, 999.5, 123_456.0])
    func hitMatchesFinish(parseMicros: Double) {
        var metrics = LayoutMetrics()
        metrics.parseMicros = parseMicros
        let general = ResponseEncoder.finish(frames, cacheHit: true, metrics: metrics)
        #expect(ResponseEncoder.finishHit(CachedFrames(copying: frames), parseMicros: parseMicros) == general)
    }

    @Test func hitText() {
        let text = String(decoding: ResponseEncoder.finishHit(CachedFrames(copying: frames), parseMicros: 7.4), as: UTF8.self)
        #expect(
            text
                == #"{"frames":{"a":{"x":0,"y":0,"width":10,"height":20}},"cache":"hit","metrics":{"parseMicros":7,"#
                + #""hashMicros":0,"layoutMicros":0,"diffMicros":0,"encodeMicros":0,"nodes":0,"measured":0,"reused":0}}"#)
    }
}
