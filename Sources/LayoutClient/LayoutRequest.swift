/// The size proposed to the root; nil on an axis = unspecified (the root's ideal size).
public struct Bounds: Sendable, Hashable {
    public var width: Double?
    public var height: Double?
    public init(width: Double?, height: Double?) {
        self.width = width
        self.height = height
    }
    var json: JSONValue { ["width": width.map(JSONValue.number) ?? .null, "height": height.map(JSONValue.number) ?? .null] }
}

/// openapi.yaml `Environment`.
public struct LayoutEnvironment: Sendable, Hashable {
    public enum LayoutDirection: String, Sendable { case ltr, rtl }
    public struct SafeAreaInsets: Sendable, Hashable {
        public var top, leading, bottom, trailing: Double
        public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
            self.top = top
            self.leading = leading
            self.bottom = bottom
            self.trailing = trailing
        }
    }

    public var layoutDirection: LayoutDirection?
    /// nil: exact frames; N: edges rounded to multiples of 1/N.
    public var displayScale: Double?
    public var safeAreaInsets: SafeAreaInsets?

    public init(layoutDirection: LayoutDirection? = nil, displayScale: Double? = nil, safeAreaInsets: SafeAreaInsets? = nil) {
        self.layoutDirection = layoutDirection
        self.displayScale = displayScale
        self.safeAreaInsets = safeAreaInsets
    }

    var json: JSONValue? {
        let insets = safeAreaInsets.map { insets -> JSONValue in
            [
                "top": .number(insets.top), "leading": .number(insets.leading), "bottom": .number(insets.bottom),
                "trailing": .number(insets.trailing),
            ]
        }
        let object = members(
            ("layoutDirection", layoutDirection?.json), ("displayScale", displayScale.map(JSONValue.number)),
            ("safeAreaInsets", insets))
        return object.isEmpty ? nil : .object(object)
    }
}

/// openapi.yaml `Options` and the root's `alignment` in the bounds.
public struct LayoutOptions: Sendable, Hashable {
    public enum Frames: String, Sendable { case all, changed }
    public enum Coordinates: String, Sendable { case absolute, parent }
    public enum Cache: String, Sendable { case use, refresh, none }

    public var frames: Frames?
    public var coordinates: Coordinates?
    public var cache: Cache?
    /// Where the root sits inside `bounds` when its size differs (default centre).
    public var alignment: Alignment?

    public init(frames: Frames? = nil, coordinates: Coordinates? = nil, cache: Cache? = nil, alignment: Alignment? = nil) {
        self.frames = frames
        self.coordinates = coordinates
        self.cache = cache
        self.alignment = alignment
    }

    var json: JSONValue? {
        let object = members(("frames", frames?.json), ("coordinates", coordinates?.json), ("cache", cache?.json))
        return object.isEmpty ? nil : .object(object)
    }
}

/// One patch operation against a session's last tree (openapi.yaml `PatchOperation`).
public enum PatchOperation: Sendable, Hashable {
    case replace(id: String, node: Node)
    case insert(parent: String, index: Int, node: Node)
    case remove(id: String)
    case set(id: String, field: String, value: JSONValue)

    public var json: JSONValue {
        switch self {
        case .replace(let id, let node): ["op": "replace", "id": .string(id), "node": node.json]
        case .insert(let parent, let index, let node):
            ["op": "insert", "parent": .string(parent), "index": .number(Double(index)), "node": node.json]
        case .remove(let id): ["op": "remove", "id": .string(id)]
        case .set(let id, let field, let value): ["op": "set", "id": .string(id), "field": .string(field), "value": value]
        }
    }
}

/// The body of `POST /v1/layout`: a whole tree or a patch.
enum RequestBody {
    static func whole(
        _ root: Node, bounds: Bounds, environment: LayoutEnvironment?, options: LayoutOptions, session: String?
    ) -> JSONValue {
        var object = common(bounds: bounds, environment: environment, options: options, session: session)
        object["root"] = root.json
        return .object(object)
    }

    static func patch(
        _ operations: [PatchOperation], baseline: String, bounds: Bounds, environment: LayoutEnvironment?,
        options: LayoutOptions, session: String
    ) -> JSONValue {
        var object = common(bounds: bounds, environment: environment, options: options, session: session)
        object["patch"] = .array(operations.map(\.json))
        object["baseline"] = .string(baseline)
        return .object(object)
    }

    private static func common(
        bounds: Bounds, environment: LayoutEnvironment?, options: LayoutOptions, session: String?
    ) -> [String: JSONValue] {
        members(
            ("bounds", bounds.json), ("environment", environment?.json), ("options", options.json),
            ("alignment", options.alignment?.json), ("session", session.map(JSONValue.string)))
    }
}
