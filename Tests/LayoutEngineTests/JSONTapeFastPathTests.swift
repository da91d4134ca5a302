import Testing
import Workloads

@testable import LayoutEngine

/// The tape parser's fast path must accept exactly what the diagnosing loop accepts and
/// build the same tape; what it refuses is answered by the diagnosing loop.
@Suite struct JSONTapeFastPathTests {
    /// Both paths on `text`: the tapes (kinds, offsets, ends, counts, duplicate hint), or
    /// both errors' offsets and messages.
    private func compare(_ text: String, maxNesting: Int = 64, sourceLocation: SourceLocation = #_sourceLocation) {
        compare(Array(text.utf8), maxNesting: maxNesting, sourceLocation: sourceLocation)
    }

    private func compare(_ bytes: [UInt8], maxNesting: Int = 64, sourceLocation: SourceLocation = #_sourceLocation) {
        let fast = Result { () throws(JSONSyntaxError) in try JSONTapeParser.parse(bytes, maxNesting: maxNesting) }
        let slow = Result { () throws(JSONSyntaxError) in
            try JSONTapeParser.parse(bytes, maxNesting: maxNesting, paths: .diagnosingOnly)
        }
        // The fast path alone accepts exactly what the diagnosing loop accepts.
        let fastOnly = try? JSONTapeParser.parse(bytes, maxNesting: maxNesting, paths: .fastOnly)
        #expect((fastOnly == nil) == ((try? slow.get()) == nil), sourceLocation: sourceLocation)
        switch (fast, slow) {
        case (.success(let a), .success(let b)):
            #expect(a.entries.count == b.entries.count, sourceLocation: sourceLocation)
            #expect(a.mayHaveDuplicateKeys == b.mayHaveDuplicateKeys, sourceLocation: sourceLocation)
            for index in 0..<min(a.entries.count, b.entries.count) {
                let x = a.entries[index], y = b.entries[index]
                #expect(
                    x.kind == y.kind && x.hasEscapes == y.hasEscapes && x.start == y.start && x.end == y.end
                        && x.count == y.count && x.key == y.key, "entry \(index)", sourceLocation: sourceLocation)
            }
        case (.failure(let a), .failure(let b)):
            #expect(a.offset == b.offset && a.message == b.message, sourceLocation: sourceLocation)
        default:
            Issue.record(
                "the paths disagree on \(String(decoding: bytes, as: UTF8.self))", sourceLocation: sourceLocation)
        }
    }

    @Test func acceptedDocumentsBuildTheSameTape() {
        for text in [
            "0", "-0", "1.5e+3", "-12.25E-2", "true", "false", "null", #""""#, "[]", "{}", " [ ] ", "\t{ }\r\n",
            #"{"a":1,"b":[true,false,null],"c":{"d":"e"}}"#,
            #"[1,[2,[3,[4,[]]]],{"x":{}},"s"]"#,
            #"{"key with spaces" : "value" , "é":"ü€😀", "esc":"a\"b\\c\/d\b\f\n\r\t\u00e9\uD83D\uDE00"}"#,
            #"{"a":1,"a":2}"#, #"{"abcdefghij":1,"abcdefghij":2}"#, #"{"a\u0062":1,"ab":2}"#,
            "{" + (0...16).map { #""k\#($0)":\#($0)"# }.joined(separator: ",") + "}",
            "\"" + String(repeating: "long string ", count: 40) + "\"",
        ] {
            compare(text)
        }
        compare(TreeGenerator(nodeCount: 300, seed: 7).requestJSON())
    }

    /// The fast path ends strings of up to 16 plain bytes by checking two 8-byte words and
    /// leaves the rest to its full scan: every length around those words (0 to 24 bytes),
    /// plain and with an escape, a non-ASCII letter, a raw tab or the document's end at
    /// each position, as key, value and whole document.
    @Test func stringsAroundTheTwoWordCheckBuildTheSameTape() {
        for length in 0...24 {
            let plain = String(repeating: "a", count: length)
            var variants = [plain]
            for position in 0..<length {
                let head = String(repeating: "a", count: position)
                let tail = String(repeating: "a", count: length - position - 1)
                variants += [head + #"\n"# + tail, head + "é" + tail, head + "\t" + tail, head + "\"" + tail]
            }
            for text in variants {
                compare("{\"\(text)\":\"\(text)\"}")
                compare("[\"\(text)\",1]")
                compare("\"\(text)\"")
                compare("\"\(text)")
            }
        }
    }

    /// The fast path takes a key whose bytes before its first quote spell a numbered name
    /// as that name without checking them: every numbered name as a key, and variants that
    /// share those bytes before some quote (an escape, a raw control or non-ASCII byte, a
    /// byte more or less, an unterminated key) must build the diagnosing loop's tape.
    @Test func numberedKeysAndTheirNearMissesBuildTheSameTape() {
        for name in InternedKeys.names {
            // JSON escapes (written raw here), a raw tab and a non-ASCII letter.
            var keys = [name, name + "x", String(name.dropLast()), name + #"\""#, name + #"\u0041"#, name + "é"]
            keys += [#"\""# + name, name + #"\t"# + name, name + #"\"#, "x" + name, name + "\t"]
            let bytes = Array(name.utf8)
            for position in 0..<bytes.count {
                let head = String(decoding: bytes[0..<position], as: UTF8.self)
                let tail = String(decoding: bytes[(position + 1)...], as: UTF8.self)
                keys += [head + #"\\"# + tail, head + #"\t"# + tail, head + "\t" + tail, head + "é" + tail]
            }
            for key in keys {
                compare("{\"\(key)\":1}")
                compare("{\"\(key)\":{\"\(key)\":[\"\(key)\"]},\"\(key)\":2}")
                compare("{\"\(key)")
                compare("{\"\(key)\"")
            }
        }
    }

    @Test func refusedDocumentsAreAnsweredByTheDiagnosingLoop() {
        for text in [
            "", " ", "[", "]", "{", "}", "[1,]", "[1 2]", #"{"a"}"#, #"{"a":}"#, #"{"a":1,}"#, #"{a:1}"#, "{1:2}",
            "01", "-", "1.", "1e", "1e+", ".5", "+1", "tru", "nul", "fals", "truex", "[true false]", "1 2",
            #""abc"#, #""a\x""#, #""\u12G4""#, #""\u12"#, "\"tab\there\"", #"["a",]"#, "[}", "{]",
            "[" + String(repeating: "[", count: 70) + String(repeating: "]", count: 71),
        ] {
            compare(text)
        }
        // Invalid UTF-8: a lone continuation, an overlong, a surrogate, past U+10FFFF, truncated.
        for bytes: [UInt8] in [
            [0x22, 0x80, 0x22], [0x22, 0xC0, 0xAF, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22],
            [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], [0x22, 0xE2, 0x82], [0x22, 0x00, 0x22], [0x5B, 0x31, 0x5D, 0x00],
        ] {
            compare(bytes)
        }
    }

    @Test func nestingAtTheLimitIsAcceptedAndBeyondItRefused() {
        let depth = 10
        compare(String(repeating: "[", count: depth) + String(repeating: "]", count: depth), maxNesting: depth)
        compare(String(repeating: "[", count: depth + 1) + String(repeating: "]", count: depth + 1), maxNesting: depth)
        // Deeper than the scratch's first stack (64 containers), so that it grows.
        compare(String(repeating: #"{"a":["#, count: 100) + String(repeating: "]}", count: 100), maxNesting: 1_000)
    }

    @Test func everyPrefixOfADocumentAgrees() {
        let text = #"{"a":[1,-2.5e3,"x\u00e9y",true,{"b":null}],"c":"😀"}"#
        let bytes = Array(text.utf8)
        for end in 0...bytes.count { compare(Array(bytes[0..<end])) }
    }
}
