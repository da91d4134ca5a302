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

    private func truncatedWidth(_ text: String, mode: String, width: String, lineLimit: Int = 1) throws -> Rect? {
        let node = #"{"type":"text","id":"t","text":"\#(text)","font":{"size":10},"lineLimit":\#(lineLimit),"truncationMode":"\#(mode)"}"#
        return try frames(request(node, width: width, height: "100", extra: #","alignment":"topLeading""#))["t"]
    }

    @Test func theModeChoosesWhichCharactersRemain() throws {
        // "abc defgh" at 10pt in 55 (one line, 90 wide in full): the room beside the 10-wide
        // ellipsis is 45. Tail: "abc" (30); " d" would need 20 more of the 15 left, so
        // "abc…" = 40. Head: the end of "defgh" that fits 45 is "efgh" (40): "…efgh" = 50.
        // Middle: 22.5 for the start ("ab", 20), 25 for the end ("gh", 20): "ab…gh" = 50.
        expectFrame(try truncatedWidth("abc defgh", mode: "tail", width: "55"), rect(0, 0, 40, 10))
        expectFrame(try truncatedWidth("abc defgh", mode: "head", width: "55"), rect(0, 0, 50, 10))
        expectFrame(try truncatedWidth("abc defgh", mode: "middle", width: "55"), rect(0, 0, 50, 10))
    }

    @Test func spacesNextToTheEllipsisGo() throws {
        // "a bcdefg hi" in 55 (room 45). Tail: "a" 10 + " " 10 + "bc" 20 = 40: "a bc…" = 50.
        // Head: "hi" 20 + " " 10 + "g" 10 = 40: "…g hi" = 50. Middle: the start gets 22.5:
        // "a" (10), and " b" would need 20 more; the end gets 35: "hi" (20), and " g" would
        // need 20 more: "a…hi" = 10 + 10 + 20 = 40.
        expectFrame(try truncatedWidth("a bcdefg hi", mode: "tail", width: "55"), rect(0, 0, 50, 10))
        expectFrame(try truncatedWidth("a bcdefg hi", mode: "head", width: "55"), rect(0, 0, 50, 10))
        expectFrame(try truncatedWidth("a bcdefg hi", mode: "middle", width: "55"), rect(0, 0, 40, 10))
    }

    @Test func theEndStopsAtTheLastNewline() throws {
        // "ab\ncd\nef" with one line and no width limit: head shows the text's end after its
        // last newline, "…ef" (30); middle the first line's start and that end, "ab…ef" (50).
        expectFrame(try truncatedWidth(#"ab\ncd\nef"#, mode: "head", width: "null"), rect(0, 0, 30, 10))
        expectFrame(try truncatedWidth(#"ab\ncd\nef"#, mode: "middle", width: "null"), rect(0, 0, 50, 10))
    }

    @Test func onlyTheLastVisibleLineIsTruncated() throws {
        // "aaaaa bb c dddddd" in 60 with two lines: "aaaaa" (50; " bb" would make 80), then
        // "bb c" (40) with " dddddd" past the line: the second line is cut, room 50.
        // Tail: "bb c" (40), the space and no "d" fit: "bb c…" = 50. Head: "dddddd" (60)
        // cut to "ddddd" (50): "…ddddd" = 60. Middle: 25 for "bb" (20), 30 for "ddd" (30):
        // "bb…ddd" = 60. The frame is the wider of the first line (50) and the cut one,
        // two 10pt lines tall.
        let text = "aaaaa bb c dddddd"
        expectFrame(try truncatedWidth(text, mode: "tail", width: "60", lineLimit: 2), rect(0, 0, 50, 20))
        expectFrame(try truncatedWidth(text, mode: "head", width: "60", lineLimit: 2), rect(0, 0, 60, 20))
        expectFrame(try truncatedWidth(text, mode: "middle", width: "60", lineLimit: 2), rect(0, 0, 60, 20))
    }
}
