import Testing

@testable import LayoutEngine

/// Bad input gets a problem document naming where (API.md §6).
@Suite struct DecoderErrorTests {
    @Test func malformedJSONGivesLineAndColumn() throws {
        let p = try #require(problem("{\"bounds\": {\"width\": 1,\n  }}"))
        #expect(p.status == 400)
        #expect(p.line == 2)
        #expect(p.column == 3)
    }

    @Test(arguments: [
        ("", "unexpected end of input"),
        ("{\"a\":01}", "leading zeros"),
        ("{\"a\":1.}", "after '.'"),
        ("{\"a\":\"x\ty\"}", "control character"),
        ("{\"a\":\"\\q\"}", "invalid escape"),
        ("{\"a\":\"\\u12G4\"}", "invalid hex digit"),
        ("{\"a\":tru}", "invalid literal"),
        ("[1,2]x", "after the end of the document"),
        ("{\"a\" 1}", "expected ':'"),
        ("{\"a\":1,}", "expected a string key"),
    ])
    func malformedJSON(body: String, message: String) throws {
        let p = try #require(problem(body))
        #expect(p.status == 400)
        #expect(p.detail.contains(message), "\(p.detail)")
    }

    @Test func invalidUTF8IsMalformed() throws {
        var bytes = Array(#"{"bounds":{"width":1,"height":1},"root":{"type":"text","text":""#.utf8)
        bytes += [0xC0, 0xAF]  // an overlong encoding of '/'
        bytes += Array(#""}}"#.utf8)
        do {
            _ = try RequestDecoder.decode(bytes)
            Issue.record("accepted invalid UTF-8")
        } catch {
            #expect(error.status == 400)
        }
    }

    @Test(arguments: [
        (#"{"type":"vstak"}"#, "/root/type", "unknown node type 'vstak'"),
        (#"{"type":"vstack","children":[{"type":"rect","colour":"red"}]}"#, "/root/children/0/colour", "unknown field 'colour'"),
        (#"{"type":"rect","text":"x"}"#, "/root/text", "unknown field 'text' for a node of type 'rect'"),
        (#"{"type":"view","size":{"width":"10","height":1}}"#, "/root/size/width", "must be a number"),
        (#"{"type":"view","size":{"width":-1,"height":1}}"#, "/root/size/width", "must not be negative"),
        (#"{"type":"view","size":{"width":1e999,"height":1}}"#, "/root/size/width", "must be finite"),
        // Beyond 1e9 sums overflow to infinity (schemathesis sent 1e308 plus an inset).
        (#"{"type":"view","size":{"width":1000000001,"height":1}}"#, "/root/size/width", "between -1e9 and 1e9"),
        (#"{"type":"rect","modifiers":[{"padding":2e9}]}"#, "/root/modifiers/0/padding", "between -1e9 and 1e9"),
        (#"{"type":"rect","modifiers":[{"aspectRatio":{"ratio":1e-300}}]}"#, "/root/modifiers/0/aspectRatio/ratio", "at least 1e-9"),
        (#"{"type":"view"}"#, "/root", "a view needs a \"size\""),
        (#"{"type":"rect","modifiers":[{"padding":1,"frame":{}}]}"#, "/root/modifiers/0", "exactly one key"),
        (#"{"type":"rect","modifiers":[{"blur":3}]}"#, "/root/modifiers/0/blur", "unknown modifier 'blur'"),
        (#"{"type":"rect","modifiers":[{"frame":{"width":10,"maxWidth":20}}]}"#, "/root/modifiers/0/frame", "either"),
        (#"{"type":"rect","modifiers":[{"frame":{"minWidth":30,"maxWidth":20}}]}"#, "/root/modifiers/0/frame/maxWidth", "less than"),
        (#"{"type":"rect","modifiers":[{"padding":"ten"}]}"#, "/root/modifiers/0/padding", "\"N%\""),
        (#"{"type":"hstack","alignment":"leading"}"#, "/root/alignment", "unknown alignment"),
        (#"{"type":"text","text":"a","font":{"family":"Comic"}}"#, "/root/font/family", "unknown font family"),
        (#"{"type":"gridrow"}"#, "/root", "single view"),  // outside a grid: a group
        (#"{"type":"vstack","children":[{"type":"foreach","data":[1],"content":{"type":"rect","id":"x"}}]}"#, "/root/children/0/content/id", "from the datum"),
        (#"{"type":"group","children":[]}"#, "/root", "single view"),
        (#"{"type":"foreach","data":[{}],"content":{"type":"rect"}}"#, "/root/data/0", "strings or numbers"),
        (#"{"type":"vstack","children":{}}"#, "/root/children", "must be an array"),
        (#"{"type":"rect","id":""}"#, "/root/id", "must not be empty"),
    ])
    func invalidTrees(root: String, pointer: String, message: String) throws {
        let p = try #require(problem(request(root)))
        #expect(p.status == 422)
        #expect(p.errors.first?.pointer == pointer)
        #expect(p.errors.first?.detail.contains(message) == true, "\(p.errors.first?.detail ?? "")")
    }

    @Test func duplicateIdsNameBothPointers() throws {
        let p = try #require(
            problem(request(#"{"type":"vstack","children":[{"type":"rect","id":"x"},{"type":"hstack","children":[{"type":"rect","id":"x"}]}]}"#)))
        #expect(p.status == 422)
        #expect(p.errors.map(\.pointer) == ["/root/children/1/children/0", "/root/children/0"])
    }

    @Test func derivedIdCollidingWithAnExplicitOneIsADuplicate() throws {
        let p = try #require(
            problem(request(#"{"type":"vstack","children":[{"type":"rect","id":"root/1"},{"type":"rect"}]}"#)))
        #expect(p.status == 422)
        #expect(p.detail.contains("duplicate id 'root/1'"))
    }

    @Test func duplicateForeachDataPointAtTheData() throws {
        let p = try #require(
            problem(request(#"{"type":"vstack","children":[{"type":"foreach","data":["a","b","a"],"content":{"type":"rect"}}]}"#)))
        #expect(p.errors.map(\.pointer) == ["/root/children/0/data/2", "/root/children/0/data/0"])
    }

    @Test func pointerTokensAreEscaped() throws {
        let p = try #require(problem(#"{"bounds":{"width":1,"height":1},"root":{"type":"rect"},"a/b~c":1}"#))
        #expect(p.errors.first?.pointer == "/a~1b~0c")
    }

    @Test func requestLevelErrors() throws {
        #expect(problem(#"{"root":{"type":"rect"}}"#)?.detail.contains("bounds") == true)
        #expect(problem(#"{"bounds":{"width":1,"height":1}}"#)?.detail.contains("root") == true)
        #expect(problem(#"{"bounds":{"width":1},"root":{"type":"rect"}}"#)?.status == 422)
        #expect(problem(request(#"{"type":"rect"}"#, extra: #","options":{"frames":"changed"}"#))?.status == 422)
        #expect(problem(request(#"{"type":"rect"}"#, extra: #","environment":{"displayScale":0}"#))?.status == 422)
        #expect(problem(request(#"{"type":"rect"}"#, extra: #","options":{"cache":"maybe"}"#))?.errors.first?.pointer == "/options/cache")
        #expect(problem("[]")?.status == 422)
    }

    @Test func hundredThousandDeepTreeIsRefusedCleanly() throws {
        // 100,000 nested stacks: the parser stops at its nesting bound, long before the stack
        // could overflow, and the answer is 413.
        let depth = 100_000
        var json = #"{"bounds":{"width":1,"height":1},"root":"#
        json += String(repeating: #"{"type":"vstack","children":["#, count: depth)
        json += #"{"type":"rect"}"#
        json += String(repeating: "]}", count: depth)
        json += "}"
        let p = try #require(problem(json))
        #expect(p.status == 413)
    }

    @Test func treeDepthLimitNamesTheNode() throws {
        // Depth 513 passes the JSON bound but not the tree's (512).
        let depth = 513
        var root = String(repeating: #"{"type":"vstack","children":["#, count: depth - 1)
        root += #"{"type":"rect"}"# + String(repeating: "]}", count: depth - 1)
        let p = try #require(problem(request(root)))
        #expect(p.status == 413)
        #expect(p.detail.contains("deeper than 512"))
        // 512 levels are fine, and lay out.
        var ok = String(repeating: #"{"type":"vstack","children":["#, count: 511)
        ok += #"{"type":"rect","id":"leaf"}"# + String(repeating: "]}", count: 511)
        let f = try frames(request(ok, width: "100", height: "100"))
        expectFrame(f["leaf"], rect(0, 0, 100, 100))
    }

    @Test func nodeCountLimitCountsExpandedNodes() throws {
        // A foreach of 20 copies makes 21 nodes plus the stack: over a limit of 10.
        let json = request(
            #"{"type":"vstack","children":[{"type":"foreach","data":[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19],"content":{"type":"rect"}}]}"#)
        let p = try #require(problem(json, limits: DecodeLimits(maxDepth: 512, maxNodes: 10)))
        #expect(p.status == 413)
        #expect(p.detail.contains("more than 10 nodes"))
    }

    @Test func problemDocumentShape() throws {
        let p = try #require(problem(request(#"{"type":"vstak"}"#)))
        let text = String(decoding: p.encoded(), as: UTF8.self)
        #expect(text.hasPrefix(#"{"type":"urn:layoutd:problem:invalid-request","title":"Invalid tree","status":422,"detail":"#))
        #expect(text.contains(#""errors":[{"pointer":"/root/type","detail":"#))
    }

    @Test func unusedContentOfAnEmptyGroupIsStillValidated() throws {
        let p = try #require(
            problem(request(#"{"type":"vstack","children":[{"type":"group","modifiers":[{"background":{"content":{"type":"nope"}}}]}]}"#)))
        #expect(p.status == 422)
        #expect(p.errors.first?.pointer == "/root/children/0/modifiers/0/background/content/type")
    }
}
