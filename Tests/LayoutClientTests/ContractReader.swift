import Foundation

/// A small reader for the block-style YAML of openapi.yaml: mappings, `- ` list items and
/// block scalars, with flow values (`{...}`, `[...]`) kept as their text. It is enough to
/// walk the contract's schemas; it is not a general YAML parser.
final class YAMLEntry {
    let key: String
    var value: String?
    var children: [YAMLEntry] = []

    init(key: String, value: String?) {
        self.key = key
        self.value = value
    }

    subscript(key: String) -> YAMLEntry? { children.first { $0.key == key } }

    func at(_ path: String...) -> YAMLEntry? {
        var entry: YAMLEntry? = self
        for key in path { entry = entry?[key] }
        return entry
    }

    /// The items of a flow list value (`[a, b]`) or of a block list (`- a`).
    var listItems: [String] {
        if let value, value.hasPrefix("["), value.hasSuffix("]") {
            return value.dropFirst().dropLast().split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "'\""))
            }
        }
        return children.filter { $0.key == "-" }.compactMap(\.value)
    }

    static func parse(_ text: String) -> YAMLEntry {
        let root = YAMLEntry(key: "", value: nil)
        var stack: [(indent: Int, entry: YAMLEntry)] = [(-1, root)]
        var blockScalarIndent: Int?
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = String(rawLine)
            let content = line.trimmingCharacters(in: .whitespaces)
            let indent = line.prefix { $0 == " " }.count
            if let scalarIndent = blockScalarIndent {
                if content.isEmpty || indent > scalarIndent { continue }
                blockScalarIndent = nil
            }
            if content.isEmpty || content.hasPrefix("#") { continue }
            while let top = stack.last, top.indent >= indent, stack.count > 1 { stack.removeLast() }
            guard let parent = stack.last?.entry else { continue }
            var rest = content
            var entryIndent = indent
            var holder = parent
            if rest.hasPrefix("- ") || rest == "-" {
                let item = YAMLEntry(key: "-", value: nil)
                holder.children.append(item)
                stack.append((indent, item))
                rest = String(rest.dropFirst(2)).trimmingCharacters(in: .whitespaces)
                entryIndent = indent + 2
                holder = item
                guard let (key, value) = splitKey(rest) else {
                    item.value = unquote(rest)
                    continue
                }
                let entry = YAMLEntry(key: key, value: value)
                item.children.append(entry)
                stack.append((entryIndent, entry))
                if value == "|" || value == ">" || value == "|-" { blockScalarIndent = indent }
                continue
            }
            guard let (key, value) = splitKey(rest) else { continue }
            let entry = YAMLEntry(key: key, value: value)
            holder.children.append(entry)
            stack.append((entryIndent, entry))
            if value == "|" || value == ">" || value == "|-" { blockScalarIndent = indent }
        }
        return root
    }

    /// `key: value` split at the first `:` outside quotes and flow brackets.
    private static func splitKey(_ text: String) -> (String, String?)? {
        var quote: Character?
        var depth = 0
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "'" || character == "\"" {
                quote = character
            } else if character == "{" || character == "[" {
                depth += 1
            } else if character == "}" || character == "]" {
                depth -= 1
            } else if character == ":", depth == 0 {
                let after = text.index(after: index)
                if after == text.endIndex || text[after] == " " {
                    let key = unquote(String(text[..<index]).trimmingCharacters(in: .whitespaces))
                    let value = String(text[after...]).trimmingCharacters(in: .whitespaces)
                    return (key, value.isEmpty ? nil : unquote(stripComment(value)))
                }
            }
            index = text.index(after: index)
        }
        return nil
    }

    private static func stripComment(_ value: String) -> String {
        guard !value.hasPrefix("'"), !value.hasPrefix("\""), let range = value.range(of: " #") else { return value }
        return String(value[..<range.lowerBound]).trimmingCharacters(in: .whitespaces)
    }

    private static func unquote(_ text: String) -> String {
        if text.count >= 2, let first = text.first, first == text.last, first == "'" || first == "\"" {
            return String(text.dropFirst().dropLast())
        }
        return text
    }
}

/// The contract as the tests need it: schemas by name and the property names they reach.
struct Contract {
    let root: YAMLEntry

    static func load() throws -> Contract {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let text = try String(contentsOf: repository.appendingPathComponent("openapi.yaml"), encoding: .utf8)
        return Contract(root: YAMLEntry.parse(text))
    }

    func schema(_ name: String) -> YAMLEntry? { root.at("components", "schemas", name) }

    /// `#/components/schemas/X` → X.
    static func schemaName(_ reference: String) -> String? {
        let prefix = "#/components/schemas/"
        guard reference.hasPrefix(prefix) else { return nil }
        let name = reference.dropFirst(prefix.count)
        return name.contains("/") ? nil : String(name)
    }

    static func flowReferences(_ text: String) -> [String] {
        var references: [String] = []
        var rest = Substring(text)
        while let range = rest.range(of: "#/components/schemas/") {
            let name = rest[range.upperBound...].prefix { $0 != "'" && $0 != "\"" && $0 != "}" && $0 != "]" }
            references.append("#/components/schemas/" + name)
            rest = rest[range.upperBound...]
        }
        return references
    }

    /// Node type → its schema name (the discriminator mapping of `Node`).
    var nodeTypes: [String: String] {
        var types: [String: String] = [:]
        for entry in schema("Node")?.at("discriminator", "mapping")?.children ?? [] {
            if let value = entry.value, let name = Contract.schemaName(value) { types[entry.key] = name }
        }
        return types
    }

    /// The property names a schema has, through `$ref`, `oneOf`, `anyOf` and `allOf`.
    func propertyNames(_ entry: YAMLEntry, seen: Set<String> = []) -> Set<String> {
        var names = Set((entry["properties"]?.children ?? []).map(\.key))
        var references: [String] = []
        if let reference = entry["$ref"]?.value { references.append(reference) }
        for combinator in ["oneOf", "anyOf", "allOf"] {
            for item in entry[combinator]?.children ?? [] {
                if let reference = item["$ref"]?.value { references.append(reference) }
                names.formUnion(propertyNames(item, seen: seen))
            }
            if let flow = entry[combinator]?.value { references += Contract.flowReferences(flow) }
        }
        // Flow forms: `background: {$ref: '#/...'}`, `allOf: [{$ref: '#/...'}]`.
        if let flow = entry.value { references += Contract.flowReferences(flow) }
        for reference in references {
            guard let name = Contract.schemaName(reference), !seen.contains(name), name != "Node", let target = schema(name) else {
                continue
            }
            names.formUnion(propertyNames(target, seen: seen.union([name])))
        }
        return names
    }

    /// The modifiers: name → the property names its value may have.
    var modifiers: [String: Set<String>] {
        var result: [String: Set<String>] = [:]
        for item in schema("Modifier")?["oneOf"]?.children ?? [] {
            guard let reference = item["$ref"]?.value, let name = Contract.schemaName(reference),
                let modifier = schema(name), let property = modifier["properties"]?.children.first
            else { continue }
            result[property.key] = propertyNames(property)
        }
        return result
    }

    func enumValues(_ schemaName: String, property: String? = nil) -> [String] {
        var entry = schema(schemaName)
        if let property { entry = entry?.at("properties", property) }
        if let list = entry?["enum"] { return list.listItems }
        // Flow form: `{type: string, enum: [a, b], default: a}`.
        guard let flow = entry?.value, let start = flow.range(of: "enum: ["),
            let end = flow[start.upperBound...].firstIndex(of: "]")
        else { return [] }
        return YAMLEntry(key: "enum", value: "[" + flow[start.upperBound..<end] + "]").listItems
    }
}
