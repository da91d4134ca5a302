/// The `style` of a flex container or item (openapi.yaml `FlexStyle`): React Native names
/// with CSS values. Set properties by chaining, each call named after its wire member:
///
///     FlexStyle().flexDirection(.column).gap(8).paddingHorizontal(16).justifyContent(.spaceBetween)
///
/// A property is one line in `Properties` (its name is its wire name); nothing else
/// changes to add one.
@dynamicMemberLookup
public struct FlexStyle: Sendable, Hashable {
    public var properties = Properties()

    public init() {}

    public init(_ properties: Properties) { self.properties = properties }

    /// `style.flexGrow(1)`: a copy with that property set.
    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<Properties, Value?>) -> (Value) -> FlexStyle {
        { [self] value in
            var copy = self
            copy.properties[keyPath: keyPath] = value
            return copy
        }
    }

    public var json: JSONValue { .encoding(properties) }

    public struct Properties: Sendable, Hashable, Encodable {
        public init() {}

        public var display: Display?
        public var position: PositionType?
        public var direction: Direction?
        public var flexDirection: FlexDirection?
        public var flexWrap: FlexWrap?
        public var justifyContent: JustifyContent?
        public var alignItems: AlignItems?
        public var alignSelf: AlignSelf?
        public var alignContent: AlignContent?
        public var flex: FlexShorthand?
        public var flexGrow: Double?
        public var flexShrink: Double?
        public var flexBasis: FlexLength?
        public var width: FlexLength?
        public var height: FlexLength?
        public var minWidth: FlexLength?
        public var minHeight: FlexLength?
        public var maxWidth: FlexLength?
        public var maxHeight: FlexLength?
        public var aspectRatio: Double?
        public var margin: FlexLength?
        public var marginTop: FlexLength?
        public var marginBottom: FlexLength?
        public var marginLeft: FlexLength?
        public var marginRight: FlexLength?
        public var marginHorizontal: FlexLength?
        public var marginVertical: FlexLength?
        public var marginStart: FlexLength?
        public var marginEnd: FlexLength?
        public var padding: FlexLength?
        public var paddingTop: FlexLength?
        public var paddingBottom: FlexLength?
        public var paddingLeft: FlexLength?
        public var paddingRight: FlexLength?
        public var paddingHorizontal: FlexLength?
        public var paddingVertical: FlexLength?
        public var paddingStart: FlexLength?
        public var paddingEnd: FlexLength?
        public var borderWidth: Double?
        public var borderTopWidth: Double?
        public var borderBottomWidth: Double?
        public var borderLeftWidth: Double?
        public var borderRightWidth: Double?
        public var borderHorizontalWidth: Double?
        public var borderVerticalWidth: Double?
        public var borderStartWidth: Double?
        public var borderEndWidth: Double?
        public var gap: FlexLength?
        public var rowGap: FlexLength?
        public var columnGap: FlexLength?
        public var inset: FlexLength?
        public var insetHorizontal: FlexLength?
        public var insetVertical: FlexLength?
        public var top: FlexLength?
        public var left: FlexLength?
        public var right: FlexLength?
        public var bottom: FlexLength?
        public var start: FlexLength?
        public var end: FlexLength?
        public var overflow: Overflow?
        public var boxSizing: BoxSizing?
    }
}

/// The `style` of a `form` (openapi.yaml `FormStyle`): its metrics, plus every flex item
/// property for when the form is a flex item.
@dynamicMemberLookup
public struct FormStyle: Sendable, Hashable {
    public var metrics = Metrics()
    public var flex = FlexStyle()

    public init() {}

    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<Metrics, Value?>) -> (Value) -> FormStyle {
        { [self] value in
            var copy = self
            copy.metrics[keyPath: keyPath] = value
            return copy
        }
    }

    /// The flex item properties of the form.
    public func flexItem(_ style: FlexStyle) -> FormStyle {
        var copy = self
        copy.flex = style
        return copy
    }

    public var json: JSONValue {
        var object = flex.json.objectValue ?? [:]
        for (key, value) in JSONValue.encoding(metrics).objectValue ?? [:] { object[key] = value }
        return .object(object)
    }

    public struct Metrics: Sendable, Hashable, Encodable {
        public init() {}

        public var horizontalMargin: Double?
        public var rowInsets: RowInsets?
        public var minRowHeight: Double?
        public var separatorThickness: Double?
        public var sectionSpacing: Double?
        public var headerSpacing: Double?
    }

    /// openapi.yaml `EdgeInsets` (an edge no key names keeps its default).
    public struct RowInsets: Sendable, Hashable, Encodable {
        public var top: Double?
        public var bottom: Double?
        public var leading: Double?
        public var trailing: Double?
        public var horizontal: Double?
        public var vertical: Double?
        public var all: Double?

        public init(
            top: Double? = nil, bottom: Double? = nil, leading: Double? = nil, trailing: Double? = nil,
            horizontal: Double? = nil, vertical: Double? = nil, all: Double? = nil
        ) {
            self.top = top
            self.bottom = bottom
            self.leading = leading
            self.trailing = trailing
            self.horizontal = horizontal
            self.vertical = vertical
            self.all = all
        }
    }
}
