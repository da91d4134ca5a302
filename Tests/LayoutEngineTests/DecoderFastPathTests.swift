import Testing

@testable import LayoutEngine

/// The decoder's shortcuts for common shapes (a fixed frame of two numbers, short integers)
/// must give what the general paths give: the same modifiers, and the same problem
/// (status, detail, pointer) for bad values.
@Suite struct DecoderFastPathTests {
    private func modifiers(_ root: String) throws -> [Modifier] {
        let decoded = try RequestDecoder.decode(Array(request(root).utf8))
        return decoded.tree.modifiers
    }

    private func rect(frame: String) -> String {
        #"{"type":"rect","modifiers":[{"frame":\#(frame)}]}"#
    }

    /// The shortcut takes `{"width":…,"height":…}`; the same frame written in the other
    /// order, or with an alignment, goes the general way.
    @Test func fixedFramesMatchTheGeneralPath() throws {
        for (width, height) in [("34", "27"), ("0", "0"), ("12.5", "1e2"), ("99999999", "100000000"), ("7", "0.25")] {
            let fast = try modifiers(rect(frame: #"{"width":\#(width),"height":\#(height)}"#))
            let general = try modifiers(rect(frame: #"{"height":\#(height),"width":\#(width)}"#))
            let aligned = try modifiers(rect(frame: #"{"width":\#(width),"height":\#(height),"alignment":"center"}"#))
            let expected = Modifier.frame(
                width: .points(try #require(Double(width))), height: .points(try #require(Double(height))),
                alignment: .center)
            #expect(fast == [expected] && general == [expected] && aligned == [expected], "\(width) \(height)")
        }
        // Shapes the shortcut leaves alone still decode as before.
        #expect(
            try modifiers(rect(frame: #"{"width":"50%","height":3}"#))
                == [.frame(width: .percent(50), height: .points(3), alignment: .center)])
        #expect(try modifiers(rect(frame: #"{"width":3}"#)) == [.frame(width: .points(3), height: nil, alignment: .center)])
    }

    /// Bad values in the shortcut's shape fail as they do in the general path's shape:
    /// same status, detail and pointer (width checked first).
    @Test func fixedFrameErrorsMatchTheGeneralPath() throws {
        for (width, height, pointer) in [
            ("-1", "2", "/root/modifiers/0/frame/width"), ("2", "-1", "/root/modifiers/0/frame/height"),
            ("1e10", "2", "/root/modifiers/0/frame/width"), ("2", "-1e10", "/root/modifiers/0/frame/height"),
            ("-1", "-2", "/root/modifiers/0/frame/width"), ("1e400", "2", "/root/modifiers/0/frame/width"),
        ] {
            let fast = try #require(problem(request(rect(frame: #"{"width":\#(width),"height":\#(height)}"#))))
            // Same members with a third one after them: the general path reads them in order.
            let general = try #require(
                problem(request(rect(frame: #"{"width":\#(width),"height":\#(height),"alignment":"center"}"#))))
            #expect(fast.status == 422 && fast.status == general.status, "\(width) \(height)")
            #expect(fast.detail == general.detail, "\(fast.detail) / \(general.detail)")
            #expect(fast.errors.first?.pointer == pointer && general.errors.first?.pointer == pointer)
        }
    }

    /// Short integers read by the word-at-a-time path fail as the general reader fails.
    @Test func numberErrorsAreUnchanged() throws {
        let negative = try #require(problem(request(#"{"type":"view","size":{"width":-12,"height":3}}"#)))
        #expect(negative.detail == "width must not be negative (got -12.0)")
        #expect(negative.errors.first?.pointer == "/root/size/width")
        let large = try #require(problem(request(#"{"type":"view","size":{"width":1000000001,"height":3}}"#)))
        #expect(large.detail == "width must be between -1e9 and 1e9 (got 1000000001.0)")
        let text = try #require(problem(request(#"{"type":"view","size":{"width":"12","height":3}}"#)))
        #expect(text.detail == "width must be a number, not a string")
    }
}
