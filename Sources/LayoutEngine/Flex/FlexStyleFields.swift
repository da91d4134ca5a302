/// The one list of `FlexStyle`'s stored properties. The structural hash takes every
/// field through `forEachHashWord` (an exhaustive switch), the decoder derives its
/// percentage and size flags from it, and a test checks the list against the struct's
/// stored properties and that changing any field changes the hash: a property missing
/// here is a failing test, never a stale cache hit.
extension FlexStyle {
    enum Field: String, CaseIterable, Sendable {
        case display, position, direction, flexDirection, flexWrap
        case justifyContent, justifyContentSafe, alignItems, alignItemsSafe, alignSelf, alignSelfSafe, alignSelfUnsafe
        case alignContent, alignContentSafe, overflow, boxSizing
        case flexGrow, flexShrink, flexBasis, width, height, minWidth, minHeight, maxWidth, maxHeight
        case aspectRatio, rowGap, columnGap, edges, hasPercentages, hasSizes, isPlainItem

        /// The fields that are lengths of the node itself (not its edges).
        static let lengths: [Field] = allCases.filter { $0.isLength }
        /// The preferred, min and max sizes.
        static let sizes: [Field] = [.width, .height, .minWidth, .minHeight, .maxWidth, .maxHeight]

        var isLength: Bool { FlexStyle.initial.length(self) != nil }

        /// Whether a plain item (`FlexStyle.isPlainItem`) may have any value of it: the
        /// shortcut that generates plain items reads it, or an item ignores it (the
        /// container's own properties; derived flags). Any other field set makes the style
        /// general. (A new field must be classified here; `PlainItemTests` checks that
        /// `qualifiesAsPlainItem` reads every field that is not neutral.)
        var isPlainItemNeutral: Bool {
            switch self {
            case .display, .position, .flexDirection, .flexWrap, .justifyContent, .justifyContentSafe, .alignItems,
                .alignItemsSafe, .alignContent, .alignContentSafe, .rowGap, .columnGap, .overflow, .boxSizing, .flexGrow,
                .flexShrink, .flexBasis, .width, .height, .hasPercentages, .hasSizes, .isPlainItem:
                return true
            case .direction, .alignSelf, .alignSelfSafe, .alignSelfUnsafe, .minWidth, .minHeight, .maxWidth, .maxHeight,
                .aspectRatio, .edges:
                return false
            }
        }
    }

    /// Every field that is not plain-item neutral at its initial value (`isPlainItem`,
    /// which the decoder sets from this once the direction is inherited).
    var qualifiesAsPlainItem: Bool {
        edges < 0 && aspectRatio == nil && alignSelf == .auto && !alignSelfSafe && !alignSelfUnsafe
            && direction == .inherit && minWidth.isAuto && minHeight.isAuto && maxWidth.isAuto && maxHeight.isAuto
    }

    /// The value of a length field (nil for other fields).
    func length(_ field: Field) -> FlexLength? {
        switch field {
        case .flexBasis: return flexBasis
        case .width: return width
        case .height: return height
        case .minWidth: return minWidth
        case .minHeight: return minHeight
        case .maxWidth: return maxWidth
        case .maxHeight: return maxHeight
        case .rowGap: return rowGap
        case .columnGap: return columnGap
        case .display, .position, .direction, .flexDirection, .flexWrap, .justifyContent, .justifyContentSafe,
            .alignItems, .alignItemsSafe, .alignSelf, .alignSelfSafe, .alignSelfUnsafe, .alignContent, .alignContentSafe,
            .overflow, .boxSizing, .flexGrow, .flexShrink, .aspectRatio, .edges, .hasPercentages, .hasSizes, .isPlainItem:
            return nil
        }
    }

    /// Every field's value as 64-bit words, field by field in `Field` order, each
    /// preceded by its tag (its index in the list); the edges as their resolved lengths.
    @inline(__always)
    func forEachHashWord(edges: [FlexEdgeSet], _ body: (UInt64) -> Void) {
        func length(_ value: FlexLength) {
            body(UInt64(value.unit.rawValue))
            body(value.value.bitPattern)
        }
        for (tag, field) in Field.allCases.enumerated() {
            body(UInt64(tag))
            switch field {
            case .display: body(UInt64(display.rawValue))
            case .position: body(UInt64(position.rawValue))
            case .direction: body(UInt64(direction.rawValue))
            case .flexDirection: body(UInt64(flexDirection.rawValue))
            case .flexWrap: body(UInt64(flexWrap.rawValue))
            case .justifyContent: body(UInt64(justifyContent.rawValue))
            case .justifyContentSafe: body(justifyContentSafe ? 1 : 0)
            case .alignItems: body(UInt64(alignItems.rawValue))
            case .alignItemsSafe: body(alignItemsSafe ? 1 : 0)
            case .alignSelf: body(UInt64(alignSelf.rawValue))
            case .alignSelfSafe: body(alignSelfSafe ? 1 : 0)
            case .alignSelfUnsafe: body(alignSelfUnsafe ? 1 : 0)
            case .alignContent: body(UInt64(alignContent.rawValue))
            case .alignContentSafe: body(alignContentSafe ? 1 : 0)
            case .overflow: body(UInt64(overflow.rawValue))
            case .boxSizing: body(UInt64(boxSizing.rawValue))
            case .flexGrow: body(flexGrow.bitPattern)
            case .flexShrink: body(flexShrink.bitPattern)
            case .flexBasis: length(flexBasis)
            case .width: length(width)
            case .height: length(height)
            case .minWidth: length(minWidth)
            case .minHeight: length(minHeight)
            case .maxWidth: length(maxWidth)
            case .maxHeight: length(maxHeight)
            case .aspectRatio: body((aspectRatio ?? .nan).bitPattern)
            case .rowGap: length(rowGap)
            case .columnGap: length(columnGap)
            case .edges:
                // The resolved lengths, not the index into the tree's edge table.
                guard self.edges >= 0, Int(self.edges) < edges.count else {
                    body(0xED6E)
                    continue
                }
                let set = edges[Int(self.edges)]
                for group in [set.margin, set.padding, set.border, set.inset] {
                    for side in FlexEdges.Side.allCases { length(group[side]) }
                }
            case .hasPercentages: body(hasPercentages ? 1 : 0)
            case .hasSizes: body(hasSizes ? 1 : 0)
            case .isPlainItem: body(isPlainItem ? 1 : 0)
            }
        }
    }
}

extension FlexEdges {
    /// The stored sides, one list for hashing and tests.
    enum Side: CaseIterable, Sendable { case top, bottom, left, right, start, end }

    subscript(side: Side) -> FlexLength {
        get {
            switch side {
            case .top: return top
            case .bottom: return bottom
            case .left: return left
            case .right: return right
            case .start: return start
            case .end: return end
            }
        }
        set {
            switch side {
            case .top: top = newValue
            case .bottom: bottom = newValue
            case .left: left = newValue
            case .right: right = newValue
            case .start: start = newValue
            case .end: end = newValue
            }
        }
    }
}
