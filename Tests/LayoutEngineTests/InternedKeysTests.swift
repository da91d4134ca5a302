import Testing

@testable import LayoutEngine

/// The numbered keys the tape parsers record: each listed key has its place in the list,
/// anything else (a longer key, a prefix, an unlisted word) has none, and the parser writes
/// the number only into key entries written without escapes.
@Suite struct InternedKeysTests {
    @Test func listedKeysAreNumberedByTheirPlace() {
        for (index, name) in InternedKeys.names.enumerated() {
            #expect(InternedKeys.number(of: name) == UInt8(index + 1), "\(name)")
        }
        #expect(InternedKeys.number(of: "type") == 1)
        #expect(InternedKeys.number(of: "type") == InternedKeys.type)
        #expect(InternedKeys.number(of: "id") == InternedKeys.id)
        #expect(InternedKeys.number(of: "size") == InternedKeys.size)
        #expect(InternedKeys.number(of: "width") == InternedKeys.width)
        #expect(InternedKeys.number(of: "height") == InternedKeys.height)
        #expect(InternedKeys.names.count <= Int(UInt8.max))
    }

    @Test func otherKeysHaveNoNumber() {
        for name in ["", "typ", "types", "Type", "alignmentGuid", "horizontalSpacing", "multilineTextAlignment", "n1"] {
            #expect(InternedKeys.number(of: name) == 0, "\(name)")
        }
    }

    @Test func theTapeNumbersKeysNotValues() throws {
        let tape = try JSONTapeParser.parse(Array(#"{"type":"type","t\u0079pe":1,"width":[2]}"#.utf8), maxNesting: 8)
        // Entries: object, key, value, key, value, key, array, number.
        #expect(tape.entries[1].key == InternedKeys.number(of: "type"))
        #expect(tape.entries[2].key == 0)
        #expect(tape.entries[3].key == 0)
        #expect(tape.entries[5].key == InternedKeys.number(of: "width"))
        #expect(tape.mayHaveDuplicateKeys)
    }
}
