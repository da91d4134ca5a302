import Foundation
import Testing

@testable import LayoutEngine

/// `openapi.yaml`'s `FlexStyle` schema and the decoder say the same thing (every property
/// and keyword the schema lists is accepted, every name the decoder accepts is listed),
/// and every field of a decoded style reaches the structural hash.
struct FlexStyleSchemaTests {
    /// One property of the schema: its name, the keywords of its `enum` (if any), and
    /// sample values of its type as JSON text.
    struct SchemaProperty: CustomTestStringConvertible, Sendable {
        var name: String
        var keywords: [String]
        var samples: [String]
        var testDescription: String { name }
    }

    static var openAPIPath: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("openapi.yaml")
    }

    /// Reads the `FlexStyle` schema's properties from openapi.yaml (the file's own layout:
    /// properties at eight spaces, their details below them, enums as `[a, 'b c']`).
    static func schemaProperties() throws -> [SchemaProperty] {
        let lines = try String(contentsOf: openAPIPath, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(of: "    FlexStyle:") else { return [] }
        var properties: [(name: String, block: String)] = []
        var inProperties = false
        for line in lines[(start + 1)...] {
            if line.hasPrefix("    "), !line.hasPrefix("     ") { break }  // the next schema
            if line == "      properties:" {
                inProperties = true
                continue
            }
            guard inProperties else { continue }
            if line.hasPrefix("        "), !line.hasPrefix("         "), let colon = line.firstIndex(of: ":") {
                let name = String(line[line.index(line.startIndex, offsetBy: 8)..<colon])
                properties.append((name, String(line[colon...])))
            } else if !properties.isEmpty {
                properties[properties.count - 1].block += "\n" + line
            }
        }
        return properties.map { name, block in
            var keywords: [String] = []
            if let range = block.range(of: "enum: ["), let end = block[range.upperBound...].firstIndex(of: "]") {
                keywords = block[range.upperBound..<end].split(separator: ",").map {
                    $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "'"))
                }
            }
            var samples = keywords.map { "\"\($0)\"" }
            if block.contains("schemas/Dimension'") { samples += ["10", "\"10%\"", "\"auto\""] }
            if block.contains("schemas/LengthPercentageAuto'") { samples += ["-5", "\"10%\"", "\"auto\""] }
            if block.contains("schemas/LengthPercentage'") { samples += ["5", "\"10%\""] }
            if block.contains("schemas/BorderWidth'") { samples += ["2"] }
            if block.contains("type: number") { samples += ["1.5"] }
            return SchemaProperty(name: name, keywords: keywords, samples: samples)
        }
    }

    static let properties: [SchemaProperty] = (try? schemaProperties()) ?? []

    /// A flex container and one item, both with `"name": value`.
    static func styledRequest(_ name: String, _ value: String) -> String {
        let style = "{\"\(name)\":\(value)}"
        return request(
            #"{"type":"flex","id":"root","style":\#(style),"children":[{"type":"flex","id":"item","style":\#(style),"children":[{"type":"text","id":"t","text":"HH HH","font":{"family":"Ahem","size":10}}]}]}"#)
    }

    @Test func schemaListsEveryNameTheDecoderAccepts() throws {
        let schema = Set(Self.properties.map(\.name))
        #expect(schema.count > 60)
        let decoder = Set(FlexStyleProperty.allNames)
        #expect(decoder.subtracting(schema).sorted() == [], "accepted by the decoder, missing from openapi.yaml")
        #expect(schema.subtracting(decoder).sorted() == [], "in openapi.yaml, unknown to the decoder")
        // Names that are neither are refused.
        for name in ["borderWidthTop", "insetTop", "flexFlow", "order"] {
            #expect(problem(Self.styledRequest(name, "1")) != nil, "\(name) should be refused")
        }
    }

    @Test(arguments: properties)
    func decoderAcceptsEverySchemaValue(_ property: SchemaProperty) throws {
        #expect(!property.samples.isEmpty, "no sample value for \(property.name)'s type")
        for value in property.samples {
            let refusal = problem(Self.styledRequest(property.name, value))
            #expect(refusal == nil, "\(property.name): \(value) refused: \(String(describing: refusal))")
        }
        if let keywords = FlexKeywords.namesByProperty[property.name] {
            #expect(keywords.sorted() == property.keywords.sorted(), "\(property.name): decoder and schema keywords differ")
        }
        // A keyword the schema does not list is refused.
        if !property.keywords.isEmpty {
            #expect(problem(Self.styledRequest(property.name, "\"safe stretch\"")) != nil)
            #expect(problem(Self.styledRequest(property.name, "\"sideways\"")) != nil)
        }
    }

    // MARK: - Hash completeness

    @Test func fieldListNamesEveryStoredProperty() {
        // (As sets: the stored properties are declared in the order that packs them in
        // memory, the list in the order of the hash words.)
        let stored = Mirror(reflecting: FlexStyle()).children.compactMap(\.label)
        #expect(stored.sorted() == FlexStyle.Field.allCases.map(\.rawValue).sorted())
    }

    static func words(_ style: FlexStyle, _ edges: [FlexEdgeSet] = []) -> [UInt64] {
        var words: [UInt64] = []
        style.forEachHashWord(edges: edges) { words.append($0) }
        return words
    }

    /// Gives `field` a value other than its default.
    static func change(_ field: FlexStyle.Field, of style: inout FlexStyle) {
        switch field {
        case .display: style.display = .none
        case .position: style.position = .absolute
        case .direction: style.direction = .rtl
        case .flexDirection: style.flexDirection = .column
        case .flexWrap: style.flexWrap = .wrap
        case .justifyContent: style.justifyContent = .center
        case .justifyContentSafe: style.justifyContentSafe = true
        case .alignItems: style.alignItems = .center
        case .alignItemsSafe: style.alignItemsSafe = true
        case .alignSelf: style.alignSelf = .center
        case .alignSelfSafe: style.alignSelfSafe = true
        case .alignSelfUnsafe: style.alignSelfUnsafe = true
        case .alignContent: style.alignContent = .center
        case .alignContentSafe: style.alignContentSafe = true
        case .overflow: style.overflow = .hidden
        case .boxSizing: style.boxSizing = .contentBox
        case .flexGrow: style.flexGrow = 2
        case .flexShrink: style.flexShrink = 0
        case .flexBasis: style.flexBasis = .points(3)
        case .width: style.width = .points(3)
        case .height: style.height = .points(3)
        case .minWidth: style.minWidth = .points(3)
        case .minHeight: style.minHeight = .points(3)
        case .maxWidth: style.maxWidth = .points(3)
        case .maxHeight: style.maxHeight = .points(3)
        case .aspectRatio: style.aspectRatio = 2
        case .rowGap: style.rowGap = .percent(5)
        case .columnGap: style.columnGap = .percent(5)
        case .edges: style.edges = 0
        case .hasPercentages: style.hasPercentages = true
        case .hasSizes: style.hasSizes = true
        case .isPlainItem: style.isPlainItem = false
        }
    }

    @Test(arguments: FlexStyle.Field.allCases)
    func changingAFieldChangesTheHashWords(_ field: FlexStyle.Field) {
        var changed = FlexStyle()
        Self.change(field, of: &changed)
        #expect(Self.words(changed, [FlexEdgeSet()]) != Self.words(FlexStyle(), [FlexEdgeSet()]))
    }

    @Test func changingAnyEdgeChangesTheHashWords() {
        var style = FlexStyle()
        style.edges = 0
        let base = Self.words(style, [FlexEdgeSet()])
        let groups: [WritableKeyPath<FlexEdgeSet, FlexEdges>] = [\.margin, \.padding, \.border, \.inset]
        for group in groups {
            for side in FlexEdges.Side.allCases {
                var set = FlexEdgeSet()
                set[keyPath: group][side] = .points(7)
                #expect(Self.words(style, [set]) != base, "\(group) \(side)")
            }
        }
    }

    /// End to end: any schema property whose value changes the decoded style changes the
    /// node's structural hash, and every property has such a value.
    @Test(arguments: properties)
    func everyPropertyReachesTheTreeHash(_ property: SchemaProperty) throws {
        func decoded(_ json: String) throws -> (words: [UInt64], hash: TreeHash) {
            let request = try RequestDecoder.decode(Array(json.utf8))
            let tree = request.tree
            let style = try #require(tree.flexStyleIndex(of: 1))
            return (Self.words(tree.flexStyles[Int(style)], tree.flexEdges), StructuralHasher.hashes(of: tree)[1])
        }
        let plain = try decoded(Self.styledRequest("flexGrow", "0"))
        var changes = 0
        for value in property.samples {
            let styled = try decoded(Self.styledRequest(property.name, value))
            guard styled.words != plain.words else { continue }  // the default value
            changes += 1
            #expect(styled.hash != plain.hash, "\(property.name): \(value) does not change the hash")
        }
        #expect(changes > 0, "no value of \(property.name) changes the decoded style")
    }
}
