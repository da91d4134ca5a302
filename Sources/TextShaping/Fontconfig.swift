import CFontconfig

/// The calls made to fontconfig: one configuration (the system's fonts plus the
/// deployment's font directories), listing and matching. Not thread-safe by itself; the
/// font library serializes every call.
struct Fontconfig: @unchecked Sendable {  // used only under FontLibrary's lock
    let config: OpaquePointer

    /// A face as fontconfig describes it.
    struct Entry {
        var family: String
        var style: String
        var weight: Int
        var italic: Bool
        var path: String
        var index: Int
        /// A variable font (its weight axis is set per request).
        var variable: Bool
    }

    init?(fontDirectories: [String]) {
        guard let config = FcInitLoadConfigAndFonts() else { return nil }
        for directory in fontDirectories {
            _ = directory.withCString { FcConfigAppFontAddDir(config, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) }
        }
        self.config = config
    }

    /// Every scalable face.
    func list() -> [Entry] {
        guard let pattern = FcPatternCreate(), let objects = FcObjectSetCreate() else { return [] }
        defer {
            FcPatternDestroy(pattern)
            FcObjectSetDestroy(objects)
        }
        for name in [FC_FAMILY, FC_STYLE, FC_WEIGHT, FC_SLANT, FC_FILE, FC_INDEX, FC_VARIABLE, FC_SCALABLE] {
            _ = FcObjectSetAdd(objects, name)
        }
        guard let set = FcFontList(config, pattern, objects) else { return [] }
        defer { FcFontSetDestroy(set) }
        var entries: [Entry] = []
        for position in 0..<Int(set.pointee.nfont) {
            guard let font = set.pointee.fonts[position], let entry = Self.entry(font) else { continue }
            entries.append(entry)
        }
        return entries
    }

    /// The face fontconfig chooses for a family, weight (CSS 100–900) and slant.
    func match(family: String, weight: Int, italic: Bool) -> Entry? {
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        _ = family.withCString { FcPatternAddString(pattern, FC_FAMILY, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) }
        _ = FcPatternAddInteger(pattern, FC_WEIGHT, FcWeightFromOpenType(Int32(clamping: weight)))
        _ = FcPatternAddInteger(pattern, FC_SLANT, italic ? layoutd_FC_SLANT_ITALIC() : layoutd_FC_SLANT_ROMAN())
        return best(pattern)
    }

    /// The first face, in fontconfig's order of preference for `family`, that has `scalar`.
    func fallback(for scalar: UInt32, family: String, weight: Int, italic: Bool) -> Entry? {
        guard let pattern = FcPatternCreate(), let charset = FcCharSetCreate() else { return nil }
        defer {
            FcPatternDestroy(pattern)
            FcCharSetDestroy(charset)
        }
        _ = FcCharSetAddChar(charset, scalar)
        _ = family.withCString { FcPatternAddString(pattern, FC_FAMILY, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) }
        _ = FcPatternAddInteger(pattern, FC_WEIGHT, FcWeightFromOpenType(Int32(clamping: weight)))
        _ = FcPatternAddInteger(pattern, FC_SLANT, italic ? layoutd_FC_SLANT_ITALIC() : layoutd_FC_SLANT_ROMAN())
        _ = FcPatternAddCharSet(pattern, FC_CHARSET, charset)
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultMatch
        guard let sorted = FcFontSort(config, pattern, FcTrue, nil, &result) else { return nil }
        defer { FcFontSetDestroy(sorted) }
        for position in 0..<Int(sorted.pointee.nfont) {
            guard let font = sorted.pointee.fonts[position] else { continue }
            var fontCharset: OpaquePointer?
            guard FcPatternGetCharSet(font, FC_CHARSET, 0, &fontCharset) == FcResultMatch, let fontCharset,
                FcCharSetHasChar(fontCharset, scalar) != 0
            else { continue }
            if let entry = Self.entry(font) { return entry }
        }
        return nil
    }

    private func best(_ pattern: OpaquePointer) -> Entry? {
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultMatch
        guard let matched = FcFontMatch(config, pattern, &result) else { return nil }
        defer { FcPatternDestroy(matched) }
        return Self.entry(matched)
    }

    private static func string(_ font: OpaquePointer, _ key: String) -> String? {
        var value: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(font, key, 0, &value) == FcResultMatch, let value else { return nil }
        return String(cString: value)
    }

    private static func integer(_ font: OpaquePointer, _ key: String) -> Int? {
        var value: Int32 = 0
        guard FcPatternGetInteger(font, key, 0, &value) == FcResultMatch else { return nil }
        return Int(value)
    }

    private static func entry(_ font: OpaquePointer) -> Entry? {
        guard let family = string(font, FC_FAMILY), let path = string(font, FC_FILE) else { return nil }
        var variable: FcBool = 0
        _ = FcPatternGetBool(font, FC_VARIABLE, 0, &variable)
        let weight = integer(font, FC_WEIGHT).map { Int(FcWeightToOpenType(Int32(clamping: $0))) } ?? 400
        return Entry(
            family: family, style: string(font, FC_STYLE) ?? "Regular", weight: weight,
            italic: (integer(font, FC_SLANT) ?? 0) != 0, path: path, index: integer(font, FC_INDEX) ?? 0,
            variable: variable != 0)
    }
}
