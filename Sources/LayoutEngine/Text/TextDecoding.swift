/// A text leaf's fields: the string and its font, kept as given (layout measures them).
extension NodeResolver {
    mutating func decodeText(_ object: Int, _ fields: NodeFields, inFlex: Bool) throws(DecodeFailure) -> Int32 {
        guard fields.has(.text) else { throw .invalid(object, "a text needs \"text\"") }
        // Every copy (foreach) counts against the text budget, but copies share one TextData.
        let raw = tape.entries[fields[.text]]
        try budget.spendText(Int(raw.end) - Int(raw.start), object: object)
        // Only a node being replayed (foreach content, a background) can meet its object
        // again; elsewhere the lookup and the record would only cost a hash each.
        let shares = replaying > 0
        if shares, let shared = budget.sharedText(object) { return shared }
        let content = try tape.readString(fields[.text], "text")
        let font = fields.has(.font) ? try decodeFont(fields[.font]) : TextFont(family: defaultFontFamily)
        let lineLimit =
            fields.has(.lineLimit) ? try tape.readInteger(fields[.lineLimit], "lineLimit", in: 1...1_000_000) : nil
        var data = TextData(content: content, font: font, lineLimit: lineLimit, css: inFlex)
        if fields.has(.multilineTextAlignment) {
            data.alignment = try readKeyword(fields[.multilineTextAlignment], "multilineTextAlignment")
        }
        if fields.has(.truncationMode) { data.truncation = try readKeyword(fields[.truncationMode], "truncationMode") }
        tree.texts.append(consume data)
        if shares { budget.shareText(object, Int32(tree.texts.count - 1), entries: tape.entries.count) }
        return Int32(tree.texts.count - 1)
    }

    /// One of a keyword enum's raw values; anything else is a 422 at the value.
    private func readKeyword<Keyword: RawRepresentable & CaseIterable>(
        _ value: Int, _ name: String
    ) throws(DecodeFailure) -> Keyword where Keyword.RawValue == String {
        let word = try tape.readString(value, name)
        guard let keyword = Keyword(rawValue: word) else {
            let expected = Keyword.allCases.map(\.rawValue).joined(separator: ", ")
            throw .invalid(value, "unknown \(name) '\(word)'; expected \(expected)")
        }
        return keyword
    }

    /// SwiftUI's `Font.Weight` names and their CSS weights.
    static let weightNames: [String: Int] = [
        "ultraLight": 100, "thin": 200, "light": 300, "regular": 400, "medium": 500, "semibold": 600, "bold": 700,
        "heavy": 800, "black": 900,
    ]

    /// The keys of a font object.
    private enum FontKey: String, CaseIterable, Sendable {
        case family, size, weight, italic, lineHeight, lineSpacing, letterSpacing, kerning, fallback
    }

    private static let fontKeys = ByteKeyTable(FontKey.allCases.map { ($0.rawValue, $0) })

    private func decodeFont(_ object: Int) throws(DecodeFailure) -> TextFont {
        // The common font, `{"size": N}` with a short whole number: no walk, no table.
        if object + 2 < tape.entries.count, tape.entries[object].kind == .object, tape.entries[object].count == 1,
            tape.entries[object + 1].key == InternedKeys.size, let size = tape.plainNonNegativeInteger(object + 2)
        {
            var font = TextFont(family: defaultFontFamily)
            font.size = size
            return font
        }
        return try decodeFontObject(object)
    }

    /// Any other font object, walked key by key. Kept apart from `decodeFont`'s fast path:
    /// a font captured by the walk's closure was copied out on every return, the fast
    /// path's too.
    private func decodeFontObject(_ object: Int) throws(DecodeFailure) -> TextFont {
        var font = TextFont(family: defaultFontFamily)
        try tape.requireObject(object, "font")
        var familyName: String?
        var familyAt = -1
        try tape.forEachMember(of: object) { key, value throws(DecodeFailure) in
            switch Self.fontKeys.lookup(tape, key) {
            case .family?:
                familyName = try tape.readString(value, "family")
                familyAt = value
            case .size?: font.size = try tape.readNonNegative(value, "font size")
            case .weight?: font.weight = try readWeight(value)
            case .italic?: font.italic = try tape.readBool(value, "italic")
            case .lineHeight?: font.lineHeight = try tape.readNonNegative(value, "lineHeight")
            case .lineSpacing?: font.lineSpacing = try tape.readNonNegative(value, "lineSpacing")
            case .letterSpacing?, .kerning?: font.letterSpacing = try tape.readNumber(value, "letterSpacing")
            case .fallback?: font.fallback = try tape.readBool(value, "fallback")
            case nil:
                throw .invalid(
                    key,
                    "unknown font field '\(tape.string(at: key))'; expected family, size, weight, italic, lineHeight, lineSpacing, letterSpacing, kerning or fallback"
                )
            }
        }
        if let familyName, familyName != "system" {
            if let known = limits.fonts.family(named: familyName) {
                font.family = known
            } else if !font.fallback {
                let names = limits.fonts.families.map(\.name).joined(separator: ", ")
                throw .invalid(
                    familyAt,
                    "unknown font family '\(familyName)'; this server knows: \(names) (or set \"fallback\": true for the default)"
                )
            }
        }
        return font
    }

    private func readWeight(_ value: Int) throws(DecodeFailure) -> Int {
        if tape.entries[value].kind == .string {
            let name = tape.string(at: value)
            guard let weight = Self.weightNames[name] else {
                throw .invalid(
                    value, "unknown font weight '\(name)'; expected 100 to 900 or ultraLight, thin, light, regular, medium, semibold, bold, heavy, black")
            }
            return weight
        }
        return try tape.readInteger(value, "font weight", in: 1...1000)
    }
}
