import Testing

@testable import LayoutEngine

/// The "Known frames" of SWIFTUI-RULES.md, each from SwiftUI's documented behaviour
/// (sources listed at the top of that file).
@Suite struct KnownFramesTests {
    @Test func threeRectanglesShareTheWidth() throws {
        // HStack(spacing: 0) { Rectangle() ×3 } in 300×100 → 100 wide each at x 0, 100, 200.
        let f = try frames(
            request(
                #"{"type":"hstack","id":"s","spacing":0,"children":[{"type":"rect","id":"a"},{"type":"rect","id":"b"},{"type":"rect","id":"c"}]}"#,
                width: "300", height: "100"))
        expectFrame(f["a"], rect(0, 0, 100, 100))
        expectFrame(f["b"], rect(100, 0, 100, 100))
        expectFrame(f["c"], rect(200, 0, 100, 100))
    }

    @Test func maxWidthAndMinWidthFramesOverflow() throws {
        // HStack(spacing: 0) { red.frame(maxWidth: 100); green.frame(minWidth: 100) } in 150:
        // red 75, green 100; the stack (175) overflows. Centred in 150: x = (150-175)/2 = -12.5.
        let f = try frames(
            request(
                #"{"type":"hstack","id":"s","spacing":0,"children":[{"type":"rect","id":"red","modifiers":[{"frame":{"maxWidth":100}}]},{"type":"rect","id":"green","modifiers":[{"frame":{"minWidth":100}}]}]}"#,
                width: "150", height: "100"))
        expectFrame(f["s"], rect(-12.5, 0, 175, 100))
        expectFrame(f["red"], rect(-12.5, 0, 75, 100))
        expectFrame(f["green"], rect(62.5, 0, 100, 100))
    }

    @Test func spacingIsSubtractedFirst() throws {
        // HStack(spacing: 10) { Color ×3 } proposed 620 → 200 each at x 0, 210, 420.
        let f = try frames(
            request(
                #"{"type":"hstack","spacing":10,"children":[{"type":"rect","id":"a"},{"type":"rect","id":"b"},{"type":"rect","id":"c"}]}"#,
                width: "620", height: "50"))
        expectFrame(f["a"], rect(0, 0, 200, 50))
        expectFrame(f["b"], rect(210, 0, 200, 50))
        expectFrame(f["c"], rect(420, 0, 200, 50))
    }

    @Test func spacerPushesToTheEdges() throws {
        // HStack { red 50×50; Spacer(); blue 50×50 } in 200×80 → red (0,15), blue (150,15).
        let f = try frames(
            request(
                #"{"type":"hstack","children":[{"type":"rect","id":"red","modifiers":[{"frame":{"width":50,"height":50}}]},{"type":"spacer","id":"gap"},{"type":"rect","id":"blue","modifiers":[{"frame":{"width":50,"height":50}}]}]}"#,
                width: "200", height: "80"))
        expectFrame(f["red"], rect(0, 15, 50, 50))
        expectFrame(f["blue"], rect(150, 15, 50, 50))
        // The spacer takes what is left, 100, with no spacing on either side.
        expectFrame(f["gap"], rect(50, 40, 100, 0))
    }

    @Test func aspectRatioFitAndFill() throws {
        // .aspectRatio(16/9, contentMode: .fit) proposed 100×100 → child proposed 100×56.25,
        // centred: y = (100 - 56.25) / 2 = 21.875.
        let fit = try frames(
            request(
                #"{"type":"rect","id":"r","modifiers":[{"aspectRatio":{"ratio":1.7777777777777777,"contentMode":"fit"}}]}"#,
                width: "100", height: "100"))
        expectFrame(fit["r"], rect(0, 21.875, 100, 56.25))
        // .fill → 177.78×100, centred: x = (100 - 177.78) / 2.
        let fill = try frames(
            request(
                #"{"type":"rect","id":"r","modifiers":[{"aspectRatio":{"ratio":1.7777777777777777,"contentMode":"fill"}}]}"#,
                width: "100", height: "100"))
        let width = 100 * 1.7777777777777777
        expectFrame(fill["r"], rect((100 - width) / 2, 0, width, 100))
    }
}
