import Testing
@testable import LayoutClient

/// Every node type, member, modifier and style property that openapi.yaml lists has a DSL
/// counterpart (read from the contract itself, so a new schema entry fails here first).
@Suite struct ContractCoverageTests {
    let contract: Contract

    init() throws { contract = try Contract.load() }

    /// The members the catalog's nodes carry, by type, after the common DSL modifiers
    /// (`id`, a modifier, `flexItem`) are applied the way any node takes them.
    func membersByType() -> [String: Set<String>] {
        var result: [String: Set<String>] = [:]
        for node in Catalog.nodes {
            let dressed = node.id("x").padding(1).flexItem(Catalog.style)
            result[node.type, default: []].formUnion(dressed.json.objectValue?.keys.map { $0 } ?? [])
        }
        return result
    }

    @Test func readerFindsTheContractsNodeTypes() {
        // Guards the reader itself: these are in the contract since v1.
        let types = contract.nodeTypes
        #expect(types.count >= 19)
        #expect(types["vstack"] == "VStackNode" && types["flex"] == "FlexNode")
        #expect(contract.modifiers.count >= 11)
        #expect(contract.modifiers["frame"]?.contains("maxWidth") == true)
    }

    @Test func everyNodeTypeAndMemberHasADSLCounterpart() throws {
        let produced = membersByType()
        for (type, schemaName) in contract.nodeTypes.sorted(by: { $0.key < $1.key }) {
            let schema = try #require(contract.schema(schemaName), "no schema \(schemaName)")
            let members = try #require(produced[type], "no DSL view produces a \"\(type)\" node")
            let required = contract.propertyNames(schema)
            #expect(!required.isEmpty)
            for member in required.sorted() {
                #expect(members.contains(member), "the DSL cannot set \"\(member)\" of a \"\(type)\" node")
            }
        }
    }

    @Test func everyModifierAndItsMembersHaveADSLCounterpart() {
        var produced: [String: Set<String>] = [:]
        for node in Catalog.modified {
            for modifier in node.modifiers {
                for (name, value) in modifier.objectValue ?? [:] {
                    produced[name, default: []].formUnion(value.objectValue?.keys.map { $0 } ?? [])
                }
            }
        }
        let modifiers = contract.modifiers
        #expect(Set(modifiers.keys) == Set(produced.keys).union(modifiers.keys))
        for (name, members) in modifiers.sorted(by: { $0.key < $1.key }) {
            #expect(produced[name] != nil, "no DSL modifier produces \"\(name)\"")
            for member in members.sorted() {
                #expect(produced[name]?.contains(member) == true, "the DSL cannot set \"\(member)\" of \"\(name)\"")
            }
        }
    }

    @Test func everyFlexStylePropertyIsTyped() throws {
        let typed = Set(Mirror(reflecting: FlexStyle.Properties()).children.compactMap(\.label))
        let schema = try #require(contract.schema("FlexStyle"))
        let listed = contract.propertyNames(schema)
        #expect(listed.count >= 50)
        for property in listed.sorted() {
            #expect(typed.contains(property), "FlexStyle lacks \"\(property)\"")
        }
        let form = Set(Mirror(reflecting: FormStyle.Metrics()).children.compactMap(\.label)).union(typed)
        for property in contract.propertyNames(try #require(contract.schema("FormStyle"))).sorted() {
            #expect(form.contains(property), "FormStyle lacks \"\(property)\"")
        }
        let font = Set(Mirror(reflecting: Font()).children.compactMap(\.label))
        for property in contract.propertyNames(try #require(contract.schema("Font"))).sorted() {
            #expect(font.contains(property), "Font lacks \"\(property)\"")
        }
    }

    @Test func flexKeywordsOfTheContractAreNamed() throws {
        let keywords: [String: Set<String>] = [
            "flexDirection": [FlexDirection.row, .rowReverse, .column, .columnReverse].rawValues,
            "flexWrap": [FlexWrap.nowrap, .wrap, .wrapReverse].rawValues,
            "justifyContent": [
                JustifyContent.flexStart, .flexEnd, .start, .end, .center, .spaceBetween, .spaceAround, .spaceEvenly,
                .left, .right, .normal, .stretch,
            ].withOverflowPositions,
            "alignItems": [
                AlignItems.flexStart, .flexEnd, .start, .end, .center, .baseline, .stretch, .selfStart, .selfEnd, .normal,
                .firstBaseline, .lastBaseline,
            ].withOverflowPositions,
            "alignSelf": [
                AlignSelf.auto, .flexStart, .flexEnd, .start, .end, .center, .baseline, .stretch, .selfStart, .selfEnd,
                .normal, .firstBaseline, .lastBaseline, .anchorCenter,
            ].withOverflowPositions,
            "alignContent": [
                AlignContent.flexStart, .flexEnd, .start, .end, .center, .stretch, .spaceBetween, .spaceAround,
                .spaceEvenly, .normal, .baseline, .firstBaseline, .lastBaseline,
            ].withOverflowPositions,
            "display": [Display.flex, .none].rawValues,
            "position": [PositionType.relative, .absolute].rawValues,
            "direction": [Direction.inherit, .ltr, .rtl].rawValues,
            "overflow": [Overflow.visible, .hidden, .scroll].rawValues,
            "boxSizing": [BoxSizing.borderBox, .contentBox].rawValues,
        ]
        for (property, named) in keywords.sorted(by: { $0.key < $1.key }) {
            let listed = contract.enumValues("FlexStyle", property: property)
            #expect(!listed.isEmpty, "\(property) lists no keywords")
            for keyword in listed {
                #expect(named.contains(keyword), "\(property): no constant for \"\(keyword)\"")
            }
        }
        #expect(JustifyContent.safe(.center).rawValue == "safe center")
    }

    @Test func alignmentsMatchTheContract() {
        #expect(contract.enumValues("HorizontalAlignment") == HorizontalAlignment.allCases.map(\.rawValue))
        #expect(contract.enumValues("VerticalAlignment") == VerticalAlignment.allCases.map(\.rawValue))
        #expect(contract.enumValues("TwoAxisAlignment") == Alignment.allCases.map(\.rawValue))
        #expect(
            Set(contract.enumValues("TextNode", property: "multilineTextAlignment"))
                == Set(TextAlignment.allCases.map(\.rawValue)))
        #expect(
            Set(contract.enumValues("TextNode", property: "truncationMode"))
                == Set(Text.TruncationMode.allCases.map(\.rawValue)))
    }
}

extension Array where Element: CSSKeyword {
    fileprivate var rawValues: Set<String> { Set(map(\.rawValue)) }
}

extension Array where Element: OverflowPositionKeyword {
    /// The keywords, each also as `.safe(k)` and `.unsafe(k)`: the forms the DSL can write
    /// (a superset; the test checks that every form the contract lists is among them).
    fileprivate var withOverflowPositions: Set<String> {
        rawValues.union(map { Element.safe($0).rawValue }).union(map { Element.unsafe($0).rawValue })
    }
}
