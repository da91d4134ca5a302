/// One node of the wire tree (openapi.yaml `Node`): its `type`, optional `id`, the members
/// of its type, and its `children` kept apart so the session differ can walk them by id.
public struct Node: Sendable, Hashable {
    public var type: String
    public var id: String?
    /// Every member but `type`, `id` and `children` (`modifiers` and `style` included).
    public var members: [String: JSONValue]
    public var children: [Node]?

    public init(type: String, id: String? = nil, members: [String: JSONValue] = [:], children: [Node]? = nil) {
        self.type = type
        self.id = id
        self.members = members
        self.children = children
    }

    /// The ordered modifier list, first = innermost.
    public var modifiers: [JSONValue] {
        get { members["modifiers"]?.arrayValue ?? [] }
        set { members["modifiers"] = newValue.isEmpty ? nil : .array(newValue) }
    }

    /// Sets a member, or removes it when `value` is nil (the wire default then applies).
    mutating func set(_ name: String, _ value: JSONValue?) {
        members[name] = value
    }

    /// The node as wire JSON.
    public var json: JSONValue {
        var object = members
        object["type"] = .string(type)
        if let id { object["id"] = .string(id) }
        if let children { object["children"] = .array(children.map(\.json)) }
        return .object(object)
    }

    /// A lower bound of the node's JSON size: `{"type":"<type>"}` for it and each descendant
    /// reached through `children`.
    var minimumEncodedSize: Int {
        var total = 0
        var pending = [self]
        while let node = pending.popLast() {
            total += 11 + node.type.utf8.count
            pending.append(contentsOf: node.children ?? [])
        }
        return total
    }

    /// Reads a wire node back (nil if `json` is not an object with a string `type`).
    public init?(json: JSONValue) {
        guard var object = json.objectValue, let type = object.removeValue(forKey: "type")?.stringValue else { return nil }
        self.type = type
        self.id = object.removeValue(forKey: "id")?.stringValue
        if let children = object.removeValue(forKey: "children") {
            guard let elements = children.arrayValue else { return nil }
            var nodes: [Node] = []
            for element in elements {
                guard let node = Node(json: element) else { return nil }
                nodes.append(node)
            }
            self.children = nodes
        } else {
            self.children = nil
        }
        self.members = object
    }
}
