import Testing

@testable import LayoutEngine

/// Duplicate object keys are refused (422) with a pointer to the second one, as unknown
/// fields are, instead of the last one silently winning.
@Suite struct DuplicateKeyTests {
    func refusal(_ body: String) -> Problem? {
        do {
            _ = try RequestDecoder.decode(Array(body.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test func duplicateNodeFieldIs422WithPointer() throws {
        let problem = try #require(refusal(#"{"bounds":{"width":1,"height":1},"root":{"type":"rect","type":"view"}}"#))
        #expect(problem.status == 422)
        #expect(problem.errors.first?.pointer == "/root/type")
        #expect(problem.detail.contains("duplicate key 'type'"))
    }

    @Test func duplicateInsideAModifierIs422() throws {
        let problem = try #require(
            refusal(#"{"bounds":{"width":1,"height":1},"root":{"type":"rect","modifiers":[{"padding":1},{"padding":2,"padding":3}]}}"#))
        #expect(problem.status == 422)
        #expect(problem.errors.first?.pointer == "/root/modifiers/1/padding")
    }

    @Test func duplicateInALargeObjectAndThroughEscapes() throws {
        // More than 8 members takes the hashed path; `\u0061` is `a`.
        let large = try #require(
            refusal(#"{"bounds":{"width":1,"height":1},"root":{"type":"rect"},"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"\u0061":8}"#))
        #expect(large.status == 422)
        #expect(large.detail.contains("duplicate key 'a'"))
        let escaped = try #require(refusal(#"{"bounds":{"width":1,"height":1},"root":{"type":"rect","typ\u0065":"view"}}"#))
        #expect(escaped.detail.contains("duplicate key 'type'"))
    }

    /// Keys with a bit of the parser's key mask (`width`), numbered keys past the mask
    /// (`value`) and keys too long to be numbered (`horizontalSpacing`) are all caught.
    @Test func duplicatesOfEveryKindOfKey() throws {
        let masked = try #require(refusal(#"{"bounds":{"width":1,"width":2,"height":1},"root":{"type":"rect"}}"#))
        #expect(masked.status == 422)
        #expect(masked.errors.first?.pointer == "/bounds/width")
        let numbered = try #require(
            refusal(
                #"{"bounds":{"width":1,"height":1},"root":{"type":"rect","modifiers":[{"alignmentGuide":{"alignment":"leading","value":1,"value":2}}]}}"#
            ))
        #expect(numbered.errors.first?.pointer == "/root/modifiers/0/alignmentGuide/value")
        let long = try #require(
            refusal(#"{"bounds":{"width":1,"height":1},"root":{"type":"grid","horizontalSpacing":1,"horizontalSpacing":2}}"#))
        #expect(long.errors.first?.pointer == "/root/horizontalSpacing")
    }

    @Test func distinctKeysStillDecode() throws {
        #expect(refusal(#"{"bounds":{"width":1,"height":1},"root":{"type":"rect","id":"a"}}"#) == nil)
    }
}
