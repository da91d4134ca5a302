/// A text's part of the structural hash: everything that can change its measurement —
/// the string and every font field — rather than widths measured in one font.
extension TextData {
    func combine(into builder: inout HashBuilder) {
        // Each byte run carries its length, so adjacent strings cannot run together.
        content.withContiguousUTF8 { builder.combine(bytes: UnsafeRawBufferPointer($0)) }
        font.family.withContiguousUTF8 { builder.combine(bytes: UnsafeRawBufferPointer($0)) }
        builder.combine(number: font.size)
        builder.combine(UInt64(font.weight) | (font.italic ? 0x1_0000 : 0) | (font.fallback ? 0x2_0000 : 0) | (css ? 0x4_0000 : 0))
        builder.combine(number: font.lineHeight ?? .nan)
        builder.combine(number: font.lineSpacing)
        builder.combine(number: font.letterSpacing)
        builder.combine(UInt64(lineLimit ?? 0))
        builder.combine(UInt64(alignment.hashCode) | UInt64(truncation.hashCode) << 8)
    }
}

extension MultilineTextAlignment {
    /// Fixed codes, so the hash does not depend on the declaration order.
    var hashCode: UInt8 {
        switch self {
        case .leading: 0
        case .center: 1
        case .trailing: 2
        }
    }
}

extension TruncationMode {
    var hashCode: UInt8 {
        switch self {
        case .tail: 0
        case .head: 1
        case .middle: 2
        }
    }
}
