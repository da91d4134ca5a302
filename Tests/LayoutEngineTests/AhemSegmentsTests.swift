import Testing

@testable import LayoutEngine

/// Ahem's runs as layout reads them: straight from the text's UTF-8 bytes into the
/// layout's flat buffer (`AhemMeasurer.writeSegments`), one em per unicode scalar whatever
/// its byte length, breaks after spaces and U+200B, hard breaks at newlines.
@Suite struct AhemSegmentsTests {
    private static func segment(_ word: Double, _ space: Double, hard: Bool = false) -> TextSegment {
        TextSegment(wordWidth: word, spaceWidth: space, hardBreak: hard)
    }

    private static func shaped(_ text: String, letterSpacing: Double = 0) -> [TextSegment] {
        var font = TextFont(family: "Ahem")
        font.size = 10
        font.letterSpacing = letterSpacing
        return AhemMeasurer().shape(text, font: font).segments
    }

    private static func written(_ text: String, letterSpacing: Double = 0) -> [TextSegment] {
        let room = text.utf8.count + 1
        let out = UnsafeMutablePointer<TextSegment>.allocate(capacity: room)
        defer { out.deallocate() }
        let count = AhemMeasurer.writeSegments(of: text, letterSpacing: letterSpacing / 10, to: out)
        defer { out.deinitialize(count: count) }
        return Array(UnsafeBufferPointer(start: out, count: count))
    }

    @Test func oneEmPerScalarWhateverItsBytes() {
        // é and ö are two bytes each, 語 three, 🙂 four: one em each.
        #expect(Self.written("héllo wörld") == [Self.segment(5, 1), Self.segment(5, 0)])
        #expect(Self.written("語🙂 x") == [Self.segment(2, 1), Self.segment(1, 0)])
    }

    /// Past 15 UTF-8 bytes a string is no longer stored inline: its bytes are read in
    /// place from its heap storage (`withContiguousUTF8`), as a short one's are.
    @Test func longStringsSplitAsShortOnes() {
        #expect(Self.written("Long title that wraps") == [
            Self.segment(4, 1), Self.segment(5, 1), Self.segment(4, 1), Self.segment(5, 0),
        ])
        let long = String(repeating: "語", count: 40) + " " + String(repeating: "ab\u{200B}", count: 3)
        #expect(long.utf8.count > 15)
        #expect(Self.written(long) == [Self.segment(40, 1), Self.segment(2, 0), Self.segment(2, 0), Self.segment(2, 0)])
        #expect(Self.written(long) == Self.shaped(long))
    }

    @Test(arguments: ["", "Inbox", "héllo wörld", "Long title that wraps", String(repeating: "語🙂", count: 50)])
    func stringBytesAreTheUTF8View(text: String) {
        #expect(text.withContiguousUTF8 { Array($0) } == Array(text.utf8))
        // A string made from part of another (a substring's copy) reads the same way.
        let part = String(text.dropFirst())
        #expect(part.withContiguousUTF8 { Array($0) } == Array(part.utf8))
    }

    @Test func zeroWidthSpaceBreaksWithoutWidth() {
        #expect(Self.written("ab\u{200B}c") == [Self.segment(2, 0), Self.segment(1, 0)])
        // Another scalar whose first byte is E2, "…" (E2 80 A6), is a letter.
        #expect(Self.written("a…b") == [Self.segment(3, 0)])
    }

    @Test func newlinesEndLinesAndLeaveAnEmptyRun() {
        #expect(Self.written("").isEmpty)
        #expect(Self.written("a\n") == [Self.segment(1, 0, hard: true), Self.segment(0, 0)])
        // "\r" is a letter to Ahem; the space before it breaks.
        #expect(Self.written("a \r\nb") == [Self.segment(1, 1), Self.segment(1, 0, hard: true), Self.segment(1, 0)])
    }

    @Test func letterSpacingFollowsEveryScalar() {
        let em = 1 + 2.0 / 10
        #expect(Self.written("ab c", letterSpacing: 2) == [Self.segment(em + em, em), Self.segment(em, 0)])
        #expect(Self.written("a\u{200B}b", letterSpacing: 2) == [Self.segment(em, 2.0 / 10), Self.segment(em, 0)])
    }

    @Test(arguments: [
        "", " ", "a", "Battery 87%", "héllo  wörld ", "a\n\nb", "語🙂\u{200B}x y\n", "tab\there", "a \r\nb",
        "\u{200B}\u{200B}", "e\u{301}te\u{301}",
    ])
    func writtenRunsAreTheShapedRuns(text: String) {
        for spacing in [0.0, 2, -1] {
            #expect(Self.written(text, letterSpacing: spacing) == Self.shaped(text, letterSpacing: spacing))
        }
    }

    /// Ahem under another type: layout shapes through `shape` and keeps every `ShapedText`.
    struct WrappedAhem: TextMeasurer {
        let ahem = AhemMeasurer()
        var defaultFamily: String { ahem.defaultFamily }
        func family(named name: String) -> String? { ahem.family(named: name) }
        var families: [FontFamilyInfo] { ahem.families }
        func shape(_ content: String, font: TextFont) -> ShapedText { ahem.shape(content, font: font) }
    }

    @Test(arguments: [
        #"{"type":"hstack","children":[{"type":"text","id":"a","text":"héllo wörld again","lineLimit":1},{"type":"text","id":"b","text":"語🙂 x y z","truncationMode":"head","lineLimit":2}]}"#,
        #"{"type":"vstack","children":[{"type":"text","id":"a","text":"one two\nthree four five","font":{"size":13,"letterSpacing":1.5},"truncationMode":"middle","lineLimit":2},{"type":"text","id":"b","text":"ab\u200bcd\u200bef gh","modifiers":[{"padding":4},{"frame":{"maxWidth":"infinity"}}]}]}"#,
        #"{"type":"hstack","children":[{"type":"text","id":"a","text":"a somewhat longer text that wraps and is cut","modifiers":[{"frame":{"height":30}}]},{"type":"spacer"},{"type":"text","id":"b","text":""}]}"#,
    ])
    func layoutAgreesWithShapingThroughTheMeasurer(root: String) throws {
        let json = request(root, width: "120", height: "200")
        let direct = try RequestDecoder.decode(Array(json.utf8))
        let wrapped = try RequestDecoder.decode(Array(json.utf8), fonts: WrappedAhem())
        let ahemFrames = LayoutComputer.layout(direct, hashes: [], shared: nil, previous: nil).result.frames
        let wrappedFrames = LayoutComputer.layout(
            wrapped, hashes: [], shared: nil, previous: nil, measurer: WrappedAhem()
        ).result.frames
        #expect(ahemFrames == wrappedFrames)
    }
}
