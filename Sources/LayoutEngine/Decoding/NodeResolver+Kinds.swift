/// What `resolveNode` does for each node kind, apart so that a debug build (which keeps
/// every temporary of every case in one frame) does not give the recursive `resolveNode`
/// a 13 KB frame: the 512-level depth limit must fit an 8 MB thread stack. Marked to be
/// inlined, so that a release build's `resolveNode` is much as it was.
extension NodeResolver {
    // Leaves: the kind only, finished by `resolveNode` at one call site (in a debug
    // build, each call site keeps its own temporaries in the recursive frame).

    /// A leaf's kind (`type` is a leaf's). Release builds keep this switch out of line
    /// (it is past the size up to which `@inline(__always)` is honoured in a large
    /// caller); the call costs less than the per-case code it replaced.
    @inline(__always)
    mutating func leafKind(
        _ type: NodeType, _ object: Int, _ fields: NodeFields, _ context: Context
    ) throws(DecodeFailure) -> NodeKind {
        switch type {
        case .view: return try viewKind(object, fields)
        case .rect: return try rectKind(fields)
        case .image:
            let size = try imageSize(object, fields)
            let resizable = fields.has(.resizable) ? try tape.readBool(fields[.resizable], "resizable") : false
            return .image(size: size, resizable: resizable)
        case .text: return .text(try decodeText(object, fields, inFlex: context.inFlex))
        case .spacer: return try spacerKind(fields)
        default: return try dividerKind(fields)
        }
    }

    @inline(__always)
    func viewKind(_ object: Int, _ fields: NodeFields) throws(DecodeFailure) -> NodeKind {
        guard fields.has(.size) else { throw .invalid(object, "a view needs a \"size\" with both width and height") }
        return .view(try tape.readSize(fields[.size], "size"))
    }

    @inline(__always)
    func rectKind(_ fields: NodeFields) throws(DecodeFailure) -> NodeKind {
        .rect(ideal: fields.has(.size) ? try tape.readSize(fields[.size], "size") : Size(width: 10, height: 10))
    }

    /// An image's size.
    @inline(__always)
    func imageSize(_ object: Int, _ fields: NodeFields) throws(DecodeFailure) -> Size {
        guard fields.has(.size) else { throw .invalid(object, "an image needs a \"size\"") }
        return try tape.readSize(fields[.size], "size")
    }

    @inline(__always)
    func spacerKind(_ fields: NodeFields) throws(DecodeFailure) -> NodeKind {
        .spacer(minLength: fields.has(.minLength) ? try tape.readNonNegative(fields[.minLength], "minLength") : 8)
    }

    @inline(__always)
    func dividerKind(_ fields: NodeFields) throws(DecodeFailure) -> NodeKind {
        .divider(thickness: fields.has(.thickness) ? try tape.readNonNegative(fields[.thickness], "thickness") : 1)
    }

    // Containers: finished here (`finishContainer` is out of line).

    /// The `alignment` across an axis (a stack's or a lazy grid's: vertical for a
    /// horizontal axis), center when absent; the two names are the horizontal and the
    /// vertical container's words in an error.
    @inline(__always)
    func crossAlignment(
        _ fields: NodeFields, _ axis: Axis, _ horizontalName: String, _ verticalName: String
    ) throws(DecodeFailure) -> Alignment {
        var alignment = Alignment.center
        guard fields.has(.alignment) else { return alignment }
        if axis == .horizontal {
            alignment.vertical = try tape.readVerticalAlignment(fields[.alignment], horizontalName)
        } else {
            alignment.horizontal = try tape.readHorizontalAlignment(fields[.alignment], verticalName)
        }
        return alignment
    }

    @inline(__always)
    mutating func resolveStack(
        _ type: NodeType, _ index: Int32, _ fields: NodeFields, _ own: OwnModifiers, _ context: Context, _ depth: Int
    ) throws(DecodeFailure) {
        let axis: Axis = type == .hstack ? .horizontal : .vertical
        let alignment = try crossAlignment(fields, axis, "an hstack's alignment", "a vstack's alignment")
        let spacing = fields.has(.spacing) ? try tape.readNumber(fields[.spacing], "spacing") : nil
        try finishContainer(
            index, .stack(axis: axis, alignment: alignment, spacing: spacing), fields, own, context,
            childContext: Context(stack: StackContext(axis)), depth)
    }

    @inline(__always)
    mutating func resolveLazyStack(
        _ type: NodeType, _ index: Int32, _ fields: NodeFields, _ own: OwnModifiers, _ context: Context, _ depth: Int
    ) throws(DecodeFailure) {
        let axis: Axis = type == .lazyhstack ? .horizontal : .vertical
        let alignment = try crossAlignment(fields, axis, "a lazyhstack's alignment", "a lazyvstack's alignment")
        let spacing = fields.has(.spacing) ? try tape.readNumber(fields[.spacing], "spacing") : nil
        try finishContainer(
            index, .lazyStack(axis: axis, alignment: alignment, spacing: spacing), fields, own, context,
            childContext: Context(stack: StackContext(axis)), depth)
    }

    @inline(__always)
    mutating func resolveLazyGrid(
        _ type: NodeType, _ index: Int32, _ object: Int, _ fields: NodeFields, _ own: OwnModifiers,
        _ context: Context, _ depth: Int
    ) throws(DecodeFailure) {
        let grid = try decodeLazyGrid(object, fields, axis: type == .lazyvgrid ? .vertical : .horizontal)
        tree.lazyGrids.append(grid)
        try finishContainer(
            index, .lazyGrid(Int32(tree.lazyGrids.count - 1)), fields, own, context, childContext: Context(), depth)
    }

    @inline(__always)
    mutating func resolveViewThatFits(
        _ index: Int32, _ fields: NodeFields, _ own: OwnModifiers, _ context: Context, _ depth: Int
    ) throws(DecodeFailure) {
        try finishContainer(
            index, .viewThatFits(try decodeFitAxes(fields)), fields, own, context, childContext: Context(), depth)
    }

    @inline(__always)
    mutating func resolveZStack(
        _ index: Int32, _ fields: NodeFields, _ own: OwnModifiers, _ context: Context, _ depth: Int
    ) throws(DecodeFailure) {
        let alignment = fields.has(.alignment) ? try tape.readAlignment(fields[.alignment], "alignment") : .center
        try finishContainer(index, .zstack(alignment), fields, own, context, childContext: Context(), depth)
    }

    @inline(__always)
    mutating func resolveScroll(
        _ index: Int32, _ fields: NodeFields, _ own: OwnModifiers, _ context: Context, _ depth: Int
    ) throws(DecodeFailure) {
        let axes = try decodeScrollAxes(fields)
        try finishContainer(
            index, .scroll(axes), fields, own, context, childContext: Context(stack: StackContext(axes.stackAxis)),
            depth)
    }

    @inline(__always)
    mutating func resolveGeometry(
        _ index: Int32, _ fields: NodeFields, _ own: OwnModifiers, _ context: Context, _ depth: Int
    ) throws(DecodeFailure) {
        try finishContainer(index, .geometry, fields, own, context, childContext: Context(), depth)
    }

    @inline(__always)
    mutating func resolveGrid(
        _ index: Int32, _ fields: NodeFields, _ own: OwnModifiers, _ context: Context, _ depth: Int
    ) throws(DecodeFailure) {
        let grid = try decodeGrid(fields)
        tree.grids.append(grid)
        try finishContainer(
            index, .grid(Int32(tree.grids.count - 1)), fields, own, context, childContext: Context(inGrid: true), depth)
    }

    /// A row inside a grid (outside one, `resolveNode` resolves it as a group).
    @inline(__always)
    mutating func resolveGridRow(
        _ index: Int32, _ fields: NodeFields, _ own: OwnModifiers, _ context: Context, _ depth: Int
    ) throws(DecodeFailure) {
        let alignment =
            fields.has(.alignment) ? try tape.readVerticalAlignment(fields[.alignment], "a gridrow's alignment") : nil
        try finishContainer(index, .gridRow(alignment), fields, own, context, childContext: Context(), depth)
    }

    @inline(__always)
    mutating func resolveFlex(
        _ index: Int32, _ fields: NodeFields, _ own: OwnModifiers, _ context: Context, _ depth: Int
    ) throws(DecodeFailure) {
        let style = tree.flexStyleIndex(of: Int(index)) ?? -1
        try finishContainer(index, .flex(style), fields, own, context, childContext: Context(inFlex: true), depth)
    }
}
