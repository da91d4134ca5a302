import Foundation
import LayoutEngine
import Testing
import TextShaping

/// Text in SwiftUI containers and in flex containers, derived by hand from DejaVu Sans's
/// own tables (fontTools `ttx -t head -t hhea -t OS/2 -t hmtx DejaVuSans.ttf`, Debian
/// fonts-dejavu-core 2.37): unitsPerEm 2048; hhea ascender 1901, descender -483,
/// lineGap 0; OS/2 fsSelection 0x40 (USE_TYPO_METRICS unset, so hhea applies);
/// advance of "H" 1540. HarfBuzz applies no kerning between two H's.
@Suite struct SwiftUITextMetricsTests {
    static let library: FontLibrary? = try? FontLibrary()

    private func frames(_ json: String) throws -> [String: Rect] {
        let library = try #require(Self.library)
        return try ChromiumTextFixtureTests.frames(Data(json.utf8), library)
    }

    @Test func swiftUILineHeightIsTheUnroundedSum() throws {
        // 20pt: width 2 × 1540/2048 × 20 = 30.078125; height (1901 + 483)/2048 × 20 = 23.28125.
        let result = try frames(
            #"{"bounds":{"width":390,"height":844},"alignment":"topLeading","root":{"type":"vstack","id":"v","children":[{"type":"text","id":"t","text":"HH","font":{"family":"DejaVu Sans","size":20}}]}}"#)
        let text = try #require(result["t"])
        #expect(abs(text.width - 30.078125) < 1e-9)
        #expect(abs(text.height - 23.28125) < 1e-9)
    }

    @Test func cssLineHeightRoundsEachMetric() throws {
        // In a flex container: round(18.564453125) + round(4.716796875) + round(0) = 19 + 5 = 24
        // (Chromium's line-height: normal); the width is the same 30.078125.
        let result = try frames(
            #"{"bounds":{"width":390,"height":844},"alignment":"topLeading","root":{"type":"flex","id":"f","style":{"alignItems":"flex-start"},"children":[{"type":"text","id":"t","text":"HH","font":{"family":"DejaVu Sans","size":20}}]}}"#)
        let text = try #require(result["t"])
        #expect(abs(text.width - 30.078125) < 1e-9)
        #expect(text.height == 24)
    }

    @Test func firstBaselinesAlignAtTheAscent() throws {
        // Ascent at 20pt: 1901/2048 × 20 = 18.564453125; at 10pt 9.2822265625. The 10pt text
        // moves down by the difference, 9.2822265625; the stack is as tall as the 20pt line.
        let result = try frames(
            #"{"bounds":{"width":390,"height":844},"alignment":"topLeading","root":{"type":"hstack","id":"h","spacing":0,"alignment":"firstTextBaseline","children":[{"type":"text","id":"big","text":"HH","font":{"family":"DejaVu Sans","size":20}},{"type":"text","id":"small","text":"HH","font":{"family":"DejaVu Sans","size":10}}]}}"#)
        let small = try #require(result["small"])
        #expect(abs(small.y - 9.2822265625) < 1e-9)
        #expect(abs(small.x - 30.078125) < 1e-9)
        #expect(abs(small.height - 11.640625) < 1e-9)
        #expect(abs((result["h"]?.height ?? 0) - 23.28125) < 1e-9)
    }

    @Test func explicitLineHeightAndLineSpacingOverride() throws {
        // "HH\nHH": two lines of lineHeight 30 with 4 between them: 30 + 4 + 30 = 64.
        let result = try frames(
            #"{"bounds":{"width":390,"height":844},"alignment":"topLeading","root":{"type":"text","id":"t","text":"HH\nHH","font":{"family":"DejaVu Sans","size":20,"lineHeight":30,"lineSpacing":4}}}"#)
        #expect(result["t"]?.height == 64)
    }
}

extension SwiftUITextMetricsTests {
    @Test func truncationCountsTheFontsEllipsis() throws {
        // DejaVu Sans at 20pt: "H" 1540/2048 em = 15.0390625, "…" (glyph "ellipsis") 2048/2048 em = 20.
        // "HH HH" in 50 with one line: "HH…" would be 50.078125 > 50, so "H…" = 35.0390625.
        let result = try frames(
            #"{"bounds":{"width":50,"height":844},"alignment":"topLeading","root":{"type":"text","id":"t","text":"HH HH","lineLimit":1,"font":{"family":"DejaVu Sans","size":20}}}"#)
        let text = try #require(result["t"])
        #expect(abs(text.width - 35.0390625) < 1e-9)
        #expect(abs(text.height - 23.28125) < 1e-9)
    }

    @Test(arguments: [("tail", 50.078125), ("head", 42.2265625), ("middle", 57.265625)])
    func truncationModesKeepTheirCharactersInTheFontsAdvances(mode: String, width: Double) throws {
        // DejaVu Sans at 20pt (hmtx): "H" 1540/2048 em = 15.0390625, "i" 569/2048 em =
        // 5.556640625, " " 651/2048 em = 6.357421875, "…" 2048/2048 em = 20.
        // "HHHH iiii" (88.74) in 60 with one line: 40 of room beside the ellipsis.
        // tail: "HH" 30.078125 (a third H: 45.1) + 20 = 50.078125.
        // head: "iiii" 22.2265625, then " " leaves 11.416 < one H: "…iiii" = 42.2265625.
        // middle: 20 for the start, "H" 15.0390625; 24.9609375 for the end, "iiii":
        // 15.0390625 + 20 + 22.2265625 = 57.265625.
        let result = try frames(
            #"{"bounds":{"width":60,"height":844},"alignment":"topLeading","root":{"type":"text","id":"t","text":"HHHH iiii","lineLimit":1,"truncationMode":"\#(mode)","font":{"family":"DejaVu Sans","size":20}}}"#)
        let text = try #require(result["t"])
        #expect(abs(text.width - width) < 1e-9)
    }
}
