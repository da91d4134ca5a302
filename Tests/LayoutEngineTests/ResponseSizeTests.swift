import Testing

@testable import LayoutEngine

/// The response's `size` is what the root occupies, modifiers included (a host sizes its
/// view to it); the root's own frame stays its content's.
struct ResponseSizeTests {
    private func layout(_ json: String) throws -> (size: Size, root: Rect) {
        let request = try RequestDecoder.decode(Array(json.utf8), limits: DecodeLimits())
        let result = uncachedRuntime.layout(request)
        return (result.size, result.frames[0])
    }

    @Test func paddingIsPartOfTheSize() throws {
        // frame 50×20, then padding 10 on every edge: 50 + 2×10 by 20 + 2×10.
        let (size, root) = try layout(
            request(#"{"type":"rect","modifiers":[{"frame":{"width":50,"height":20}},{"padding":10}]}"#, width: "300", height: "200"))
        #expect(size == Size(width: 70, height: 40))
        // Centred: (300 − 70) / 2 + 10 = 125, (200 − 40) / 2 + 10 = 90.
        expectFrame(root, rect(125, 90, 50, 20))
    }

    @Test func positionTakesTheWholeProposal() throws {
        // SwiftUI's position(x:y:) makes the view take the whole size it is offered (Apple's
        // documentation of position(x:y:); a positioned view in a VStack fills it), so the
        // root occupies the bounds, 300×200, while its content is 50×20 centred on (100, 50).
        let (size, root) = try layout(
            request(
                #"{"type":"rect","modifiers":[{"frame":{"width":50,"height":20}},{"position":{"x":100,"y":50}}]}"#,
                width: "300", height: "200"))
        #expect(size == Size(width: 300, height: 200))
        expectFrame(root, rect(75, 40, 50, 20))
    }

    @Test func negativePaddingOccupiesNothingRatherThanLessThanNothing() throws {
        // 20×20 with padding −30 on every edge: 20 − 60 = −40 on each axis, reported as 0.
        let (size, root) = try layout(
            request(#"{"type":"view","size":{"width":20,"height":20},"modifiers":[{"padding":-30}]}"#))
        #expect(size == Size(width: 0, height: 0))
        #expect(root.size == Size(width: 20, height: 20))
    }

    @Test func withoutModifiersSizeIsTheRootFrame() throws {
        let (size, root) = try layout(request(#"{"type":"view","size":{"width":33,"height":44}}"#))
        #expect(size == Size(width: 33, height: 44))
        #expect(root.size == size)
    }

    @Test func displayScaleSnapsTheOccupiedEdges() throws {
        // 10.3 × 10.3 view centred in 100 × 100 at scale 2: left edge 44.85 → 45.0,
        // right edge 55.15 → 55.0, so 10 wide and high.
        let (size, _) = try layout(
            request(
                #"{"type":"view","size":{"width":10.3,"height":10.3}}"#, width: "100", height: "100",
                extra: #","environment":{"displayScale":2}"#))
        #expect(size == Size(width: 10, height: 10))
    }
}
