/// Hashes every subtree of a tree, children first: a node's hash covers its own fields
/// (kind and payload, id, modifiers, the stack it sits in) and, in order, the hashes of
/// every node its subtree range holds. Independent of JSON key order and whitespace,
/// since it reads the decoded arena.
enum StructuralHasher {
    static func hashes(of tree: NodeTree) -> [TreeHash] {
        var hashes = [TreeHash](repeating: TreeHash(high: 0, low: 0), count: tree.nodes.count)
        tree.idBytes.withUnsafeBytes { idBytes in
            for index in stride(from: tree.nodes.count - 1, through: 0, by: -1) {
                let node = tree.nodes[index]
                var builder = HashBuilder(tag: 0x6C61_796F_7574_6431)
                combineOwnFields(node, index: index, tree: tree, into: &builder)
                builder.combine(
                    bytes: UnsafeRawBufferPointer(
                        rebasing: idBytes[Int(node.idStart)..<Int(node.idStart + node.idLength)]))
                // Every unit of the subtree range, in order (children, contents, dividers).
                var member = index + 1
                while member < Int(node.subtreeEnd) {
                    builder.combine(UInt64(member - index))
                    builder.combine(hashes[member])
                    member = Int(tree.nodes[member].subtreeEnd)
                }
                hashes[index] = builder.finalize()
            }
        }
        return hashes
    }

    private static func combineOwnFields(_ node: Node, index: Int, tree: NodeTree, into builder: inout HashBuilder) {
        builder.combine(UInt64(node.stackContext.rawValue) | (node.hasFrame ? 0x100 : 0))
        switch node.kind {
        case .view(let size):
            builder.combine(1)
            combine(size, &builder)
        case .rect(let ideal):
            builder.combine(2)
            combine(ideal, &builder)
        case .image(let size, let resizable):
            builder.combine(resizable ? 3 : 4)
            combine(size, &builder)
        case .text(let text):
            builder.combine(5)
            tree.texts[Int(text)].combine(into: &builder)
        case .spacer(let minLength):
            builder.combine(6)
            builder.combine(number: minLength)
        case .divider(let thickness):
            builder.combine(7)
            builder.combine(number: thickness)
        case .stack(let axis, let alignment, let spacing):
            builder.combine(UInt64(8) + UInt64(axis.rawValue))
            combine(alignment, &builder)
            builder.combine(number: spacing ?? .nan)
        case .zstack(let alignment):
            builder.combine(10)
            combine(alignment, &builder)
        case .scroll(let axes):
            builder.combine(UInt64(11) + UInt64(axes.rawValue))
        case .geometry:
            builder.combine(14)
        case .grid(let grid):
            builder.combine(15)
            let data = tree.grids[Int(grid)]
            combine(data.alignment, &builder)
            builder.combine(number: data.horizontalSpacing)
            builder.combine(number: data.verticalSpacing)
        case .gridRow(let alignment):
            builder.combine(16)
            builder.combine(UInt64(alignment?.rawValue ?? 0xFF))
        case .form(let form):
            builder.combine(17)
            let style = tree.forms[Int(form)].style
            for value in [
                style.horizontalMargin, style.rowInsets.top, style.rowInsets.leading, style.rowInsets.bottom,
                style.rowInsets.trailing, style.minRowHeight, style.separatorThickness, style.sectionSpacing,
                style.headerSpacing,
            ] {
                builder.combine(number: value)
            }
        case .section:
            builder.combine(18)
        case .transparent:
            builder.combine(19)
        case .flex:
            builder.combine(20)
        case .lazyStack(let axis, let alignment, let spacing):
            builder.combine(UInt64(21) + UInt64(axis.rawValue))
            combine(alignment, &builder)
            builder.combine(number: spacing ?? .nan)
        case .lazyGrid(let grid):
            let data = tree.lazyGrids[Int(grid)]
            builder.combine(UInt64(23) + UInt64(data.axis.rawValue))
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
            builder.combine(UInt64(25) + UInt64(axes.rawValue))
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
            builder.combine(101)
            for length in [spec.top, spec.leading, spec.bottom, spec.trailing] { combine(length, &builder) }
        case .frame(let width, let height, let alignment):
            builder.combine(102)
            combine(width, &builder)
            combine(height, &builder)
            combine(alignment, &builder)
        case .flexibleFrame(let spec):
            builder.combine(103)
            for length in [spec.minWidth, spec.idealWidth, spec.maxWidth, spec.minHeight, spec.idealHeight, spec.maxHeight] {
                combine(length, &builder)
            }
            combine(spec.alignment, &builder)
        case .offset(let x, let y):
            builder.combine(104)
            combine(x, &builder)
            combine(y, &builder)
        case .position(let x, let y):
            builder.combine(105)
            combine(x, &builder)
            combine(y, &builder)
        case .aspectRatio(let ratio, let fill):
            builder.combine(fill ? 106 : 107)
            builder.combine(number: ratio ?? .nan)
        case .fixedSize(let horizontal, let vertical):
            builder.combine(UInt64(108) + (horizontal ? 1 : 0) + (vertical ? 2 : 0))
        case .layoutPriority(let priority):
            builder.combine(112)
            builder.combine(number: priority)
        case .background(let node, let alignment):
            builder.combine(113)
            builder.combine(UInt64(truncatingIfNeeded: Int(node) - index))
            combine(alignment, &builder)
        case .overlay(let node, let alignment):
            builder.combine(114)
            builder.combine(UInt64(truncatingIfNeeded: Int(node) - index))
            combine(alignment, &builder)
        case .ignoresSafeArea(let edges):
            builder.combine(115)
            builder.combine(UInt64(edges.rawValue))
        case .alignmentGuide(let guide, let value):
            switch guide {
            case .horizontal(let alignment): builder.combine(UInt64(116) + UInt64(alignment.rawValue))
            case .vertical(let alignment): builder.combine(UInt64(120) + UInt64(alignment.rawValue))
            }
            builder.combine(number: value)
        case .gridCell(let spec):
            builder.combine(130)
            builder.combine(UInt64(truncatingIfNeeded: spec.columns ?? -1))
            builder.combine(UInt64(spec.columnAlignment?.rawValue ?? 0xFF))
            builder.combine(number: spec.anchor?.x ?? .nan)
            builder.combine(number: spec.anchor?.y ?? .nan)
            builder.combine(UInt64(spec.unsizedAxes?.rawValue ?? 0xFF))
        }
    }
}
