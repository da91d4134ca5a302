/// A piece of a screen. Built-in views (`VStack`, `Text`, ...) produce a wire `Node`
/// directly; your own views compose them in `body`, as in SwiftUI:
///
///     struct Row: View {
///         let name: String
///         var body: some View { HStack { Image(width: 40, height: 40); Text(name); Spacer() } }
///     }
public protocol View: Sendable {
    associatedtype Body: View
    @ViewBuilder var body: Body { get }
    /// The wire node of this view: a custom view's body, resolved down to a primitive.
    /// (A requirement rather than a cast, so resolving dispatches statically.)
    var resolvedNode: Node { get }
}

/// A view that is one wire node. Its `body` is never asked for.
public protocol PrimitiveView: View where Body == Never {
    var node: Node { get }
}

// The explicit `return` keeps `@ViewBuilder` from transforming these bodies.
extension PrimitiveView {
    public var body: Never { return preconditionFailure("a primitive view has no body") }
    public var resolvedNode: Node { node }
}

extension Never: View {
    public var body: Never { return preconditionFailure("Never has no body") }
    public var resolvedNode: Node { preconditionFailure("Never has no node") }
}

extension View {
    public var resolvedNode: Node { body.resolvedNode }
}

extension Node: PrimitiveView {
    public var node: Node { self }
}

/// What a `@ViewBuilder` block produced: zero or more nodes. As children they join the
/// container's list; used as one view they are a `group` (one node stays itself).
public struct ViewList: PrimitiveView {
    public var nodes: [Node]

    public init(_ nodes: [Node]) { self.nodes = nodes }

    public var node: Node {
        if nodes.count == 1, let only = nodes.first { return only }
        return Node(type: "group", children: nodes)
    }
}

@resultBuilder
public enum ViewBuilder {
    public static func buildExpression(_ view: some View) -> [Node] { [view.resolvedNode] }
    public static func buildExpression(_ list: ViewList) -> [Node] { list.nodes }
    public static func buildBlock(_ parts: [Node]...) -> [Node] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [Node]?) -> [Node] { part ?? [] }
    public static func buildEither(first part: [Node]) -> [Node] { part }
    public static func buildEither(second part: [Node]) -> [Node] { part }
    public static func buildArray(_ parts: [[Node]]) -> [Node] { parts.flatMap { $0 } }
    public static func buildLimitedAvailability(_ part: [Node]) -> [Node] { part }
    public static func buildFinalResult(_ nodes: [Node]) -> ViewList { ViewList(nodes) }
}
