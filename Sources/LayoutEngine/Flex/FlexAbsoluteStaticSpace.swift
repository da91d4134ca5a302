/// The space an absolute box with both insets `auto` in an axis sizes itself in (CSS
/// Position 3 §4.1, "resolving automatic insets"): the inset on the side its static
/// position aligns to becomes that static position and the other inset zero, so a box
/// placed at the container's start content edge may grow over the end padding but not
/// back over the start padding; a centred one gets twice the distance to the nearer edge.
/// (Chromium: an absolute `H H HHHHH` in a 225px rtl container with 60px padding is 165
/// wide, not 180.)
extension LayoutComputer {
    /// Width and height of that space in the containing block (its padding box,
    /// `areaWidth` by `areaHeight`), for the axes without insets; nil for the others.
    func absoluteStaticSpace(
        _ style: FlexStyle, _ container: borrowing FlexContainer, containerStyle: FlexStyle, areaWidth: Double,
        areaHeight: Double, autoWidth: Bool, autoHeight: Bool
    ) -> (width: Double?, height: Double?) {
        guard autoWidth || autoHeight else { return (nil, nil) }
        // Where the static position sits on the main axis and which edge of the box it
        // holds: as the sole item, `justify-content` places it.
        let mainEdge: StaticEdge
        switch container.justifyContent {
        case .flexStart, .spaceBetween: mainEdge = .start
        case .flexEnd: mainEdge = .end
        case .center, .spaceAround, .spaceEvenly: mainEdge = .center
        }
        // On the cross axis `align-self` (`stretch` as flex-start, a baseline as the
        // cross axis's `start`, which wrap-reverse puts at flex-end, as in
        // `absoluteStaticPosition`).
        let wrapReverse = containerStyle.flexWrap == .wrapReverse
        let (alignSelf, _) = resolvedAlignSelf(
            style.alignSelf, safe: style.alignSelfSafe, direction: style.direction, in: itemAlignmentContext(containerStyle))
        let crossEdge: StaticEdge
        switch alignSelf {
        case .flexStart, .stretch: crossEdge = .start
        case .baseline: crossEdge = wrapReverse ? .end : .start
        case .lastBaseline: crossEdge = wrapReverse ? .start : .end
        case .flexEnd: crossEdge = .end
        case .center: crossEdge = .center
        }
        let main = Self.staticSpace(
            mainEdge, contentStart: container.paddingBorderMainStart, contentSize: container.innerContainerMain,
            outerSize: container.containerMain, flipped: container.mainFlip)
        let cross = Self.staticSpace(
            crossEdge, contentStart: container.paddingBorderCrossStart, contentSize: container.innerContainerCross,
            outerSize: container.containerCross, flipped: container.crossFlip)
        let (horizontal, vertical) = container.isRow ? (main, cross) : (cross, main)
        let width = autoWidth ? horizontal.space(borderStart: container.border.left, area: areaWidth) : nil
        let height = autoHeight ? vertical.space(borderStart: container.border.top, area: areaHeight) : nil
        return (width, height)
    }

    private enum StaticEdge { case start, center, end }

    /// The static position on one axis as a physical point (from the container's outer
    /// start edge) and the edge of the box it holds.
    private struct StaticPoint {
        var point: Double
        var edge: StaticEdge

        /// What the inset-modified containing block leaves, in a containing block that
        /// starts `borderStart` inside the container and is `area` long.
        func space(borderStart: Double, area: Double) -> Double {
            let offset = point - borderStart
            switch edge {
            case .start: return max(area - offset, 0)
            case .end: return max(offset, 0)
            case .center: return max(2 * min(offset, area - offset), 0)
            }
        }
    }

    private static func staticSpace(
        _ edge: StaticEdge, contentStart: Double, contentSize: Double, outerSize: Double, flipped: Bool
    ) -> StaticPoint {
        let logical: Double
        switch edge {
        case .start: logical = contentStart
        case .center: logical = contentStart + contentSize / 2
        case .end: logical = contentStart + contentSize
        }
        guard flipped else { return StaticPoint(point: logical, edge: edge) }
        let physicalEdge: StaticEdge = edge == .start ? .end : edge == .end ? .start : .center
        return StaticPoint(point: outerSize - logical, edge: physicalEdge)
    }
}
