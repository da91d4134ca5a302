/// SwiftUI's `multilineTextAlignment`: where each line of a multi-line text sits within
/// the text's own frame (leading is the right edge in rtl). It moves lines, never frames.
public enum MultilineTextAlignment: String, Sendable, CaseIterable {
    case leading, center, trailing
}

/// SwiftUI's `truncationMode`: which part of a text cut by `lineLimit` the last visible
/// line replaces with "…" — its end (tail), its start (head) or its middle.
public enum TruncationMode: String, Sendable, CaseIterable {
    case tail, head, middle
}
