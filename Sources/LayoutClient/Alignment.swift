/// openapi.yaml `HorizontalAlignment`.
public enum HorizontalAlignment: String, Sendable, CaseIterable {
    case leading, center, trailing
}

/// openapi.yaml `VerticalAlignment`.
public enum VerticalAlignment: String, Sendable, CaseIterable {
    case top, center, bottom, firstTextBaseline, lastTextBaseline
}

/// openapi.yaml `TwoAxisAlignment`.
public enum Alignment: String, Sendable, CaseIterable {
    case topLeading, top, topTrailing, leading, center, trailing, bottomLeading, bottom, bottomTrailing
}

/// The guides `alignmentGuide` can override (either axis).
public enum AlignmentGuide: String, Sendable, CaseIterable {
    case leading, center, trailing, top, bottom, firstTextBaseline, lastTextBaseline
}

public enum Axis: String, Sendable, CaseIterable {
    case horizontal, vertical
}

extension RawRepresentable where RawValue == String {
    var json: JSONValue { .string(rawValue) }
}
