import Testing

@testable import LayoutEngine

/// The response's one-append members (`member(key:frame:)`, `frame`, `size`) write exactly
/// the text that the general key and number calls write; the expected strings are the JSON
/// spelled out by hand.
@Suite struct JSONWriterTests {
    private func text(_ write: (inout JSONWriter) -> Void) -> String {
        var writer = JSONWriter()
        write(&writer)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    private func member(_ key: String, _ frame: Rect) -> String {
        text { writer in
            writer.beginObject()
            writer.key("first")
            writer.integer(1)
            Array(key.utf8).withUnsafeBufferPointer { writer.member(key: $0, frame: frame) }
            writer.key("last")
            writer.integer(2)
            writer.endObject()
        }
    }

    @Test func shortFrameMembersAreOneObject() {
        let frame = Rect(origin: Point(x: -0.0, y: 12.5), size: Size(width: 0.0625, height: 844))
        #expect(
            member("root/0", frame)
                == #"{"first":1,"root/0":{"x":0,"y":12.5,"width":0.0625,"height":844},"last":2}"#)
    }

    @Test func framesNeedingTheGeneralFormatterReadBack() {
        let third = 1.0 / 3.0
        let frame = Rect(origin: Point(x: third, y: -1e-5), size: Size(width: 33.333333333333336, height: 0.1 + 0.2))
        #expect(
            member("a", frame)
                == #"{"first":1,"a":{"x":0.3333333333333333,"y":-1e-05,"width":33.333333333333336,"height":0.30000000000000004},"last":2}"#
        )
    }

    @Test func keysWithEscapesOrTooLongForTheStackBufferTakeTheGeneralPath() {
        let frame = Rect(origin: Point(x: 1, y: 2), size: Size(width: 3, height: 4))
        #expect(member("a\"b", frame) == #"{"first":1,"a\"b":{"x":1,"y":2,"width":3,"height":4},"last":2}"#)
        let long = String(repeating: "k", count: 97)
        #expect(member(long, frame) == #"{"first":1,""# + long + #"":{"x":1,"y":2,"width":3,"height":4},"last":2}"#)
        let longest = String(repeating: "m", count: 96)
        #expect(
            member(longest, frame) == #"{"first":1,""# + longest + #"":{"x":1,"y":2,"width":3,"height":4},"last":2}"#)
    }

    @Test func frameAfterAKeyAndInAnArray() {
        let frame = Rect(origin: Point(x: 0.5, y: -2.25), size: Size(width: 10, height: 0.001))
        #expect(
            text { writer in
                writer.beginArray()
                writer.frame(frame)
                writer.frame(Rect(origin: Point(x: 1.0 / 3.0, y: 0), size: Size(width: 0, height: 0)))
                writer.endArray()
            }
                == #"[{"x":0.5,"y":-2.25,"width":10,"height":0.001},{"x":0.3333333333333333,"y":0,"width":0,"height":0}]"#
        )
    }

    @Test func sizesWithAndWithoutUnspecifiedSides() {
        #expect(
            text { writer in
                writer.beginObject()
                writer.key("size")
                writer.size(Size(width: 390, height: 0.5))
                writer.key("proposal")
                writer.size(width: nil, height: 7)
                writer.endObject()
            } == #"{"size":{"width":390,"height":0.5},"proposal":{"width":null,"height":7}}"#)
    }

    @Test(arguments: [Int.min, Int.max, -1, 0, 9, 10, 1_000_000])
    func integersAtTheExtremes(value: Int) {
        #expect(text { $0.integer(value) } == String(value))
    }
}
