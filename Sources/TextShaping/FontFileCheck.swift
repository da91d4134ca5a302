import CFreeType

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Start-up check of a deployment's font directory: every font file must open in
/// FreeType; one that does not is reported (and fontconfig skips it too), never a crash.
enum FontFileCheck {
    static let extensions: Set<String> = ["ttf", "otf", "ttc", "otc", "woff", "woff2", "pfb", "pcf"]

    /// One line per unreadable directory or font file.
    static func problems(in directory: String) -> [String] {
        guard let handle = opendir(directory) else { return ["font directory \(directory) cannot be read; skipped"] }
        defer { closedir(handle) }
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { return ["FreeType could not start"] }
        defer { FT_Done_FreeType(library) }
        var problems: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let dot = name.lastIndex(of: "."), extensions.contains(name[name.index(after: dot)...].lowercased())
            else { continue }
            let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
            var face: FT_Face?
            let error = FT_New_Face(library, path, 0, &face)
            if error != 0 || face == nil {
                problems.append("font file \(path) does not load (FreeType error \(error)); skipped")
            }
            if let face { FT_Done_Face(face) }
        }
        return problems
    }
}
