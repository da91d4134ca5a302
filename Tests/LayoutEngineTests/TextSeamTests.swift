import Testing

@testable import LayoutEngine

/// The text-measurement seam: texts keep their string and font, the hash covers them,
/// and layout measures through the measurer.
@Suite struct TextSeamTests {
    private func rootHash(_ root: String) throws -> TreeHash {
        StructuralHasher.hashes(of: try RequestDecoder.decode(Array(request(root).utf8)).tree)[0]
    }

    @Test func hashCoversTheStringNotItsAhemWidths() throws {
        // "ab" and "cd" measure the same in Ahem (2em) but are different texts: another
        // measurer would measure them differently, so the cache must tell them apart.
        let first = try rootHash(#"{"type":"text","text":"ab"}"#)
        #expect(first != (try rootHash(#"{"type":"text","text":"cd"}"#)))
        #expect(first == (try rootHash(#"{"type":"text","text":"ab"}"#)))
    }

    @Test(arguments: [
        #"{"size":17,"weight":700}"#, #"{"size":17,"weight":"bold"}"#, #"{"size":17,"italic":true}"#,
        #"{"size":17,"lineHeight":20}"#, #"{"size":17,"lineSpacing":2}"#, #"{"size":17,"letterSpacing":1}"#,
        #"{"size":17,"kerning":1}"#, #"{"size":17,"fallback":true}"#, #"{"size":18}"#,
    ])
    func hashCoversEveryFontField(font: String) throws {
        let plain = try rootHash(#"{"type":"text","text":"ab","font":{"size":17}}"#)
        #expect(plain != (try rootHash(#"{"type":"text","text":"ab","font":\#(font)}"#)))
    }

    @Test(arguments: [
        #""lineLimit":1"#, #""truncationMode":"head""#, #""truncationMode":"middle""#,
        #""multilineTextAlignment":"center""#, #""multilineTextAlignment":"trailing""#,
    ])
    func hashCoversEveryTextField(field: String) throws {
        let plain = try rootHash(#"{"type":"text","text":"ab"}"#)
        #expect(plain != (try rootHash(#"{"type":"text","text":"ab",\#(field)}"#)))
        // The defaults, spelled out, are the same text.
        #expect(
            plain == (try rootHash(#"{"type":"text","text":"ab","truncationMode":"tail","multilineTextAlignment":"leading"}"#)))
    }

    @Test func textInAFlexContainerHashesApartFromTheSameTextInAStack() throws {
        // CSS and SwiftUI round line metrics differently, so the context is part of the text.
        let inFlex = StructuralHasher.hashes(
            of: try RequestDecoder.decode(
                Array(request(#"{"type":"flex","children":[{"type":"text","id":"t","text":"ab"}]}"#).utf8)).tree)
        let inStack = StructuralHasher.hashes(
            of: try RequestDecoder.decode(
                Array(request(#"{"type":"vstack","children":[{"type":"text","id":"t","text":"ab"}]}"#).utf8)).tree)
        #expect(inFlex[1] != inStack[1])
    }

    @Test func letterSpacingFollowsEveryCharacter() throws {
        // "ab cd" in 10pt Ahem with 2pt spacing: five characters of 10 + 2 = 60 wide;
        // at 40 wide it breaks after the space: "ab" is 24 wide (the space hangs).
        let wide = try frames(request(#"{"type":"text","id":"t","text":"ab cd","font":{"size":10,"letterSpacing":2}}"#))
        expectFrame(wide["t"], rect(165, 417, 60, 10))
        let narrow = try frames(
            request(#"{"type":"text","id":"t","text":"ab cd","font":{"size":10,"kerning":2}}"#, width: "40"))
        expectFrame(narrow["t"], rect(8, 412, 24, 20))
    }

    @Test func lineSpacingSitsBetweenLines() throws {
        // Two 10pt lines with 3pt between them: 10 + 3 + 10.
        let result = try frames(
            request(#"{"type":"text","id":"t","text":"ab\ncd","font":{"size":10,"lineSpacing":3}}"#))
        expectFrame(result["t"], rect(185, 410.5, 20, 23))
    }

    @Test func weightNamesAndSystemAreAccepted() throws {
        _ = try frames(request(#"{"type":"text","text":"a","font":{"family":"system","weight":"semibold"}}"#))
        let unknown = problem(request(#"{"type":"text","text":"a","font":{"weight":"hairline"}}"#))
        #expect(unknown?.errors.first?.pointer == "/root/font/weight")
        // Keyword fields: a 422 at the value for a word outside the list, or a non-string.
        let alignment = problem(request(#"{"type":"text","text":"a","multilineTextAlignment":"justified"}"#))
        #expect(alignment?.errors.first?.pointer == "/root/multilineTextAlignment")
        let mode = problem(request(#"{"type":"text","text":"a","truncationMode":1}"#))
        #expect(mode?.errors.first?.pointer == "/root/truncationMode")
        let onARect = problem(request(#"{"type":"rect","truncationMode":"head"}"#))
        #expect(onARect?.errors.first?.pointer == "/root/truncationMode")
        // An unknown family falls back to the default when asked to.
        _ = try frames(request(#"{"type":"text","text":"a","font":{"family":"Comic","fallback":true}}"#))
    }
}
