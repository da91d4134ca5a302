/// Hashes every subtree of a tree, children first: a node's hash covers its own fields
/// (kind and payload, id, modifiers, the stack it sits in) and, in order, the hashes of
/// every node its subtree range holds. Independent of JSON key order and whitespace,
/// since it reads the decoded arena.
enum StructuralHasher {
    static func hashes(of tree: NodeTree) -> [TreeHash] {
        var hashes = [TreeHash](repeating: TreeHash(high: 0, low: 0), count: tree.nodes.count)
        tree.idBytes.withUnsafeBytes { idBytes in
            for index in stride(from: tree.nodes.count - 1, through: 0, by: -1) {
                // Computed before it is stored, so `hashes` is not copied on write.
                let value = hash(of: index, in: tree, idBytes: idBytes, members: hashes)
                hashes[index] = value
            }
        }
        return hashes
    }

    /// After an edit of node `index` (its own fields, its subtree's arena shape unchanged):
    /// its hash and its ancestors' again, the rest as they were. The ancestors are those
    /// whose subtree range holds it, found through `parent` (every node is made inside the
    /// node it names as parent).
    static func rehash(from index: Int, in tree: NodeTree, hashes: inout [TreeHash]) {
        tree.idBytes.withUnsafeBytes { idBytes in
            var node = index
            while node >= 0 {
                let value = hash(of: node, in: tree, idBytes: idBytes, members: hashes)
                hashes[node] = value
                node = Int(tree.nodes[node].parent)
            }
        }
    }

    /// One node's hash again, its members' being current.
    static func rehash(node index: Int, in tree: NodeTree, hashes: inout [TreeHash]) {
        let value = tree.idBytes.withUnsafeBytes { hash(of: index, in: tree, idBytes: $0, members: hashes) }
        hashes[index] = value
    }

    /// One node's hash, given the hashes of the units of its subtree range.
    private static func hash(
        of index: Int, in tree: NodeTree, idBytes: UnsafeRawBufferPointer, members hashes: [TreeHash]
    ) -> TreeHash {
        let node = tree.nodes[index]
        var builder = HashBuilder(tag: 0x6C61_796F_7574_6431)
        combineOwnFields(node, index: index, tree: tree, into: &builder)
        builder.combine(
            bytes: UnsafeRawBufferPointer(rebasing: idBytes[Int(node.idStart)..<Int(node.idStart + node.idLength)]))
        // Every unit of the subtree range, in order (children, contents, dividers).
        var member = index + 1
        while member < Int(node.subtreeEnd) {
            builder.combine(UInt64(member - index))
            builder.combine(hashes[member])
            member = Int(tree.nodes[member].subtreeEnd)
        }
        return builder.finalize()
    }

    /// The first word of a node's own fields and of each modifier, by name. The numbers
    /// are fixed (they make the hashes); a tag that adds a small raw value (an axis, a
    /// flag) leaves room for it before the next tag.
    enum Tag: UInt64, CaseIterable {
        case view = 1, rect = 2, resizableImage = 3, image = 4, text = 5, spacer = 6, divider = 7
        case stack = 8  // + Axis (2 values)
        case zstack = 10
        case scroll = 11  // + ScrollAxes (3 values)
        case geometry = 14, grid = 15, gridRow = 16, form = 17, section = 18, transparent = 19, flex = 20
        case lazyStack = 21  // + Axis (2 values)
        case lazyGrid = 23  // + Axis (2 values)
        case viewThatFits = 25  // + ScrollAxes (3 values)
        case padding = 101, frame = 102, flexibleFrame = 103, offset = 104, position = 105
        case aspectRatioFill = 106, aspectRatioFit = 107
        case fixedSize = 108  // + horizontal (1) + vertical (2)
        case layoutPriority = 112, background = 113, overlay = 114, ignoresSafeArea = 115
        case horizontalGuide = 116  // + HorizontalAlignment (3 values)
        case verticalGuide = 120  // + VerticalAlignment (5 values)
        case gridCell = 130

        /// How many words from this tag on are its own (the values it may add).
        var width: UInt64 {
            switch self {
            case .stack, .lazyStack, .lazyGrid: 2
            case .scroll, .viewThatFits, .horizontalGuide: 3
            case .fixedSize: 4
            case .verticalGuide: 5
            case .view, .rect, .resizableImage, .image, .text, .spacer, .divider, .zstack, .geometry, .grid, .gridRow,
                .form, .section, .transparent, .flex, .padding, .frame, .flexibleFrame, .offset, .position,
                .aspectRatioFill, .aspectRatioFit, .layoutPriority, .background, .overlay, .ignoresSafeArea, .gridCell:
                1
            }
        }
    }

    private static func combineOwnFields(_ node: Node, index: Int, tree: NodeTree, into builder: inout HashBuilder) {
        builder.combine(UInt64(node.stackContext.rawValue) | (node.hasFrame ? 0x100 : 0))
        switch node.kind {
        case .view(let size):
            builder.combine(.view)
            combine(size, &builder)
        case .rect(let ideal):
            builder.combine(.rect)
            combine(ideal, &builder)
        case .image(let size, let resizable):
            builder.combine(resizable ? .resizableImage : .image)
            combine(size, &builder)
        case .text(let text):
            builder.combine(.text)
            tree.texts[Int(text)].combine(into: &builder)
        case .spacer(let minLength):
            builder.combine(.spacer)
            builder.combine(number: minLength)
        case .divider(let thickness):
            builder.combine(.divider)
            builder.combine(number: thickness)
        case .stack(let axis, let alignment, let spacing):
            builder.combine(.stack, plus: axis.rawValue)
            combine(alignment, &builder)
            builder.combine(number: spacing ?? .nan)
        case .zstack(let alignment):
            builder.combine(.zstack)
            combine(alignment, &builder)
        case .scroll(let axes):
            builder.combine(.scroll, plus: axes.rawValue)
        case .geometry:
            builder.combine(.geometry)
        case .grid(let grid):
            builder.combine(.grid)
            let data = tree.grids[Int(grid)]
            combine(data.alignment, &builder)
            builder.combine(number: data.horizontalSpacing)
            builder.combine(number: data.verticalSpacing)
        case .gridRow(let alignment):
            builder.combine(.gridRow)
            builder.combine(UInt64(alignment?.rawValue ?? 0xFF))
        case .form(let form):
            builder.combine(.form)
            let style = tree.forms[Int(form)].style
            for value in [
                style.horizontalMargin, style.rowInsets.top, style.rowInsets.leading, style.rowInsets.bottom,
                style.rowInsets.trailing, style.minRowHeight, style.separatorThickness, style.sectionSpacing,
                style.headerSpacing,
            ] {
                builder.combine(number: value)
            }
        case .section:
            builder.combine(.section)
        case .transparent:
            builder.combine(.transparent)
        case .flex:
            builder.combine(.flex)
        case .lazyStack(let axis, let alignment, let spacing):
            builder.combine(.lazyStack, plus: axis.rawValue)
            combine(alignment, &builder)
            builder.combine(number: spacing ?? .nan)
        case .lazyGrid(let grid):
            let data = tree.lazyGrids[Int(grid)]
            builder.combine(.lazyGrid, plus: data.axis.rawValue)
            combine(data.alignment, &builder)
            builder.combine(number: data.spacing)
            builder.combine(UInt64(data.items.count))
            for item in data.items {
                switch item.sizing {
                case .fixed(let size):
                    builder.combine(1)
                    builder.combine(number: size)
                case .flexible(let minimum, let maximum):
                    builder.combine(2)
                    builder.combine(number: minimum)
                    builder.combine(number: maximum)
                case .adaptive(let minimum, let maximum):
                    builder.combine(3)
                    builder.combine(number: minimum)
                    builder.combine(number: maximum)
                }
                builder.combine(number: item.spacing)
            }
        case .viewThatFits(let axes):
            builder.combine(.viewThatFits, plus: axes.rawValue)
        }
        // Flex styles: of the container and of any node that is a flex item.
        if let style = tree.flexStyleIndex(of: index) {
            combine(tree.flexStyles[Int(style)], tree: tree, &builder)
        } else {
            builder.combine(0xF1E5)
        }
        builder.combine(UInt64(node.modifierCount))
        for modifier in tree.modifiers[Int(node.modifierStart)..<Int(node.modifierStart + node.modifierCount)] {
            combine(modifier, relativeTo: index, &builder)
        }
    }

    /// Every field of the style, as `FlexStyle.Field` lists them.
    private static func combine(_ style: FlexStyle, tree: NodeTree, _ builder: inout HashBuilder) {
        style.forEachHashWord(edges: tree.flexEdges) { builder.combine($0) }
    }

    private static func combine(_ size: Size, _ builder: inout HashBuilder) {
        builder.combine(number: size.width)
        builder.combine(number: size.height)
    }

    private static func combine(_ alignment: Alignment, _ builder: inout HashBuilder) {
        builder.combine(UInt64(alignment.horizontal.rawValue) << 8 | UInt64(alignment.vertical.rawValue))
    }

    private static func combine(_ length: Length?, _ builder: inout HashBuilder) {
        switch length {
        case nil: builder.combine(0)
        case .points(let value)?:
            builder.combine(1)
            builder.combine(number: value)
        case .percent(let value)?:
            builder.combine(2)
            builder.combine(number: value)
        }
    }

    private static func combine(_ modifier: Modifier, relativeTo index: Int, _ builder: inout HashBuilder) {
        switch modifier {
        case .padding(let spec):
            builder.combine(.padding)
            for length in [spec.top, spec.leading, spec.bottom, spec.trailing] { combine(length, &builder) }
        case .frame(let width, let height, let alignment):
            builder.combine(.frame)
            combine(width, &builder)
            combine(height, &builder)
            combine(alignment, &builder)
        case .flexibleFrame(let spec):
            builder.combine(.flexibleFrame)
            for length in [spec.minWidth, spec.idealWidth, spec.maxWidth, spec.minHeight, spec.idealHeight, spec.maxHeight] {
                combine(length, &builder)
            }
            combine(spec.alignment, &builder)
        case .offset(let x, let y):
            builder.combine(.offset)
            combine(x, &builder)
            combine(y, &builder)
        case .position(let x, let y):
            builder.combine(.position)
            combine(x, &builder)
            combine(y, &builder)
        case .aspectRatio(let ratio, let fill):
            builder.combine(fill ? .aspectRatioFill : .aspectRatioFit)
            builder.combine(number: ratio ?? .nan)
        case .fixedSize(let horizontal, let vertical):
            builder.combine(.fixedSize, plus: (horizontal ? 1 : 0) + (vertical ? 2 : 0))
        case .layoutPriority(let priority):
            builder.combine(.layoutPriority)
            builder.combine(number: priority)
        case .background(let node, let alignment):
            builder.combine(.background)
            builder.combine(UInt64(truncatingIfNeeded: Int(node) - index))
            combine(alignment, &builder)
        case .overlay(let node, let alignment):
            builder.combine(.overlay)
            builder.combine(UInt64(truncatingIfNeeded: Int(node) - index))
            combine(alignment, &builder)
        case .ignoresSafeArea(let edges):
            builder.combine(.ignoresSafeArea)
            builder.combine(UInt64(edges.rawValue))
        case .alignmentGuide(let guide, let value):
            switch guide {
            case .horizontal(let alignment): builder.combine(.horizontalGuide, plus: alignment.rawValue)
            case .vertical(let alignment): builder.combine(.verticalGuide, plus: alignment.rawValue)
            }
            builder.combine(number: value)
        case .gridCell(let spec):
            builder.combine(.gridCell)
            builder.combine(UInt64(truncatingIfNeeded: spec.columns ?? -1))
            builder.combine(UInt64(spec.columnAlignment?.rawValue ?? 0xFF))
            builder.combine(number: spec.anchor?.x ?? .nan)
            builder.combine(number: spec.anchor?.y ?? .nan)
            builder.combine(UInt64(spec.unsizedAxes?.rawValue ?? 0xFF))
        }
    }
}

extension HashBuilder {
    @inline(__always)
    fileprivate mutating func combine(_ tag: StructuralHasher.Tag, plus offset: UInt8 = 0) {
        combine(tag.rawValue + UInt64(offset))
    }
}
