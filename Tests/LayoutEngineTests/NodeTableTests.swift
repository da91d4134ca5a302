import Testing

@testable import LayoutEngine

/// The node field tables are derived from `Field`'s case list; these hold the few
/// fixed capacities to it.
@Suite struct NodeTableTests {
    @Test func everyFieldFitsTheBitSetAndTheSlots() {
        #expect(Field.count == Field.allCases.count)
        #expect(Field.count <= FieldSet.capacity)
        #expect(NodeFields.slotCount == FieldSet.capacity)
    }

    @Test func everyFieldIsFoundByItsJSONKey() {
        for field in Field.allCases {
            #expect(Field.byName["\(field)"] == field)
            #expect(Field.name(field) == "\(field)")
        }
        // Spelled as the API spells them (API.md §3).
        #expect(Field.byName["horizontalSpacing"] == .horizontalSpacing)
        #expect(Field.byName["lineLimit"] == .lineLimit)
        #expect(Field.byName.count == Field.count)
    }

    @Test func everyNodeTypeAcceptsTheCommonFields() {
        for type in NodeType.allCases {
            for field in [Field.type, .id, .modifiers] { #expect(type.allowedFields.contains(field), "\(type)") }
        }
    }
}
