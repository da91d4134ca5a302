import Testing

@testable import LayoutEngine

/// `lineLimit` truncates the last visible line at its tail: as much of the rest of the
/// text as fits, then "…", whose width counts (Ahem has no "…": its 1em .notdef box).
@Suite struct TextTruncationTests {
    @Test func theTruncatedLineCountsTheEllipsis() throws {
        // "aaaa bbbb" at 10pt, 70 wide: "aaaa" (40) + " " (10) + "b" (10) + "…" (10) = 70.
        let result = try frames(
            request(#"{"type":"text","id":"t","text":"aaaa bbbb","font":{"size":10},"lineLimit":1}"#,
                width: "70", height: "100", extra: #","alignment":"topLeading""#))
        expectFrame(result["t"], rect(0, 0, 70, 10))
    }

    @Test func aHardBreakPastTheLimitEndsTheLineWithAnEllipsis() throws {
        // "ab\ncd" with one line and no width limit: "ab…" is 30 wide.
        let result = try frames(
            request(#"{"type":"text","id":"t","text":"ab\ncd","font":{"size":10},"lineLimit":1}"#,
                width: "null", height: "null"))
        expectFrame(result["t"], rect(0, 0, 30, 10))
    }

    @Test func anOverlongWordIsCutBetweenCharacters() throws {
        // "abcdefgh" at 10pt in 45 with two lines allowed but one word: it overflows
        // (no break opportunity), so nothing is truncated: 80 wide.
        let overflow = try frames(
            request(#"{"type":"text","id":"t","text":"abcdefgh","font":{"size":10},"lineLimit":2}"#,
                width: "45", height: "100", extra: #","alignment":"topLeading""#))
        expectFrame(overflow["t"], rect(0, 0, 80, 10))
        // "ab abcdefgh" with one line in 45: "ab a…" would be 50, so no character of the
        // second word fits; the space before it goes too: "ab…" is 30 wide.
        let cut = try frames(
            request(#"{"type":"text","id":"t","text":"ab abcdefgh","font":{"size":10},"lineLimit":1}"#,
                width: "45", height: "100", extra: #","alignment":"topLeading""#))
        expectFrame(cut["t"], rect(0, 0, 30, 10))
    }
}
