import CFreeType
import CHarfBuzz

/// One face of a font file, ready to shape: a HarfBuzz font (immutable, so shared by every
/// thread) and the vertical metrics FreeType read from its tables.
final class FontFace: @unchecked Sendable {  // immutable after init; hb_font_t is thread-safe once immutable
    let path: String
    let index: Int
    let family: String
    let unitsPerEm: Double
    /// Ascent, descent (positive) and line gap in font units: hhea, or OS/2 typo metrics
    /// when USE_TYPO_METRICS is set (as Skia, and so Chromium, reads them).
    let ascent: Double
    let descent: Double
    let lineGap: Double
    private let font: OpaquePointer

    enum LoadError: Error, CustomStringConvertible {
        case freeType(path: String, code: Int32)
        case harfBuzz(path: String)
        var description: String {
            switch self {
            case .freeType(let path, let code): "FreeType cannot open \(path) (error \(code))"
            case .harfBuzz(let path): "HarfBuzz cannot read \(path)"
            }
        }
    }

    /// `index`: fontconfig's face index (the named instance of a variable font in its high bits).
    init(path: String, index: Int, family: String, variableWeight: Int?, library: FT_Library) throws(LoadError) {
        self.path = path
        self.index = index
        self.family = family
        var face: FT_Face?
        let error = FT_New_Face(library, path, FT_Long(index), &face)
        guard error == 0, let face else { throw .freeType(path: path, code: error) }
        defer { FT_Done_Face(face) }
        unitsPerEm = Double(max(face.pointee.units_per_EM, 1))
        var ascent = Double(face.pointee.ascender)
        var descent = -Double(face.pointee.descender)
        var lineGap = Double(face.pointee.height) - ascent - descent
        if let hhea = FT_Get_Sfnt_Table(face, FT_SFNT_HHEA)?.assumingMemoryBound(to: TT_HoriHeader.self) {
            ascent = Double(hhea.pointee.Ascender)
            descent = -Double(hhea.pointee.Descender)
            lineGap = Double(hhea.pointee.Line_Gap)
        }
        if let os2 = FT_Get_Sfnt_Table(face, FT_SFNT_OS2)?.assumingMemoryBound(to: TT_OS2.self),
            os2.pointee.version != 0xFFFF, Int32(os2.pointee.fsSelection) & layoutd_FT_USE_TYPO_METRICS() != 0
        {
            ascent = Double(os2.pointee.sTypoAscender)
            descent = -Double(os2.pointee.sTypoDescender)
            lineGap = Double(os2.pointee.sTypoLineGap)
        }
        self.ascent = ascent
        self.descent = descent
        self.lineGap = max(lineGap, 0)

        guard let blob = hb_blob_create_from_file_or_fail(path) else { throw .harfBuzz(path: path) }
        defer { hb_blob_destroy(blob) }
        guard let hbFace = hb_face_create(blob, UInt32(truncatingIfNeeded: index & 0xFFFF)) else {
            throw .harfBuzz(path: path)
        }
        defer { hb_face_destroy(hbFace) }
        guard let font = hb_font_create(hbFace) else { throw .harfBuzz(path: path) }
        let instance = index >> 16
        if instance > 0 { hb_font_set_var_named_instance(font, UInt32(truncatingIfNeeded: instance - 1)) }
        if let variableWeight {
            var variation = hb_variation_t(tag: layoutd_hb_tag(0x77, 0x67, 0x68, 0x74), value: Float(variableWeight))  // 'wght'
            hb_font_set_variations(font, &variation, 1)
        }
        hb_font_make_immutable(font)
        self.font = font
    }

    deinit { hb_font_destroy(font) }

    func hasGlyph(_ scalar: UInt32) -> Bool {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(font, scalar, &glyph) != 0
    }

    /// Shapes `units[start..<start + count]` (the whole text is context) with the default
    /// features browsers apply (HarfBuzz's defaults: kern, liga, clig, calt, ...), adding
    /// each glyph's advance (points at `size`) to its cluster's first code unit.
    func shape(_ units: UnsafeBufferPointer<UInt16>, start: Int, count: Int, size: Double, into advances: inout [Double]) {
        guard let buffer = hb_buffer_create(), let total = Int32(exactly: units.count) else { return }
        defer { hb_buffer_destroy(buffer) }
        hb_buffer_add_utf16(buffer, units.baseAddress, total, UInt32(start), Int32(count))
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(font, buffer, nil, 0)
        var glyphCount: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &glyphCount),
            let positions = hb_buffer_get_glyph_positions(buffer, &glyphCount)
        else { return }
        let scale = size / unitsPerEm
        for glyph in 0..<Int(glyphCount) {
            let cluster = Int(infos[glyph].cluster)
            if cluster < advances.count { advances[cluster] += Double(positions[glyph].x_advance) * scale }
        }
    }
}
