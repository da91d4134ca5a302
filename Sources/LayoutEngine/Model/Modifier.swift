/// One view modifier. A node's modifiers are stored innermost first, as SwiftUI chains them.
enum Modifier: Sendable {
    case padding(PaddingSpec)
    case frame(width: Length?, height: Length?, alignment: Alignment)
    case flexibleFrame(FlexibleFrameSpec)
    case offset(x: Length, y: Length)
    case position(x: Length, y: Length)
    case aspectRatio(ratio: Double?, fill: Bool)
    case fixedSize(horizontal: Bool, vertical: Bool)
    case layoutPriority(Double)
    /// `node` is the content's index in the arena.
    case background(node: Int32, alignment: Alignment)
    case overlay(node: Int32, alignment: Alignment)
    case ignoresSafeArea
    case alignmentGuide(AlignmentGuide, value: Double)
}
