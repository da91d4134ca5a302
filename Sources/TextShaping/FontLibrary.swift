import CFreeType
import LayoutEngine
import Synchronization

/// Text in real fonts: the system's fonts (fontconfig) plus the deployment's font
/// directories, faces chosen as fontconfig chooses them, shaped by HarfBuzz, broken into
/// lines by ICU (UAX #14); Ahem stays built in. Thread-safe; one per process.
public final class FontLibrary: TextMeasurer {
    public let defaultFamily: String
    public let families: [FontFamilyInfo]
    /// Lower-cased family name to its spelling in `families`.
    private let familyByKey: [String: String]
    private let state: Mutex<State>
    private let shapes: ShapeCache
    private static let ahem = AhemMeasurer()

    private struct FaceKey: Hashable {
        var family: String
        var weight: Int
        var italic: Bool
    }

    /// What fontconfig and FreeType are asked for, behind the lock.
    private struct State: @unchecked Sendable {  // the C handles are only touched under the lock
        var fontconfig: Fontconfig
        var library: FT_Library
        var faces: [FaceKey: FontFace] = [:]
        var facesByFile: [String: FontFace] = [:]
        /// Faces used for characters their text's font lacks, in the order found.
        var fallbacks: [FontFace] = []
        var noFallback: Set<UInt32> = []
    }

    public enum StartError: Error, CustomStringConvertible {
        case fontconfig
        case freeType
        case unknownDefault(String, available: [String])
        public var description: String {
            switch self {
            case .fontconfig: "fontconfig could not load its configuration"
            case .freeType: "FreeType could not start"
            case .unknownDefault(let name, let available):
                "the default font '\(name)' is not installed; available: \(available.joined(separator: ", "))"
            }
        }
    }

    /// `fontDirectories`: more font files (each is checked; one that does not load is
    /// logged through `log` and skipped). `defaultFamily`: the family of texts that name
    /// none, or `"system"`.
    public init(
        fontDirectories: [String] = [], defaultFamily: String = "DejaVu Sans", shapeCacheUnits: Int = 8 << 20,
        log: (String) -> Void = { _ in }
    ) throws(StartError) {
        for directory in fontDirectories {
            for problem in FontFileCheck.problems(in: directory) { log(problem) }
        }
        guard let fontconfig = Fontconfig(fontDirectories: fontDirectories) else { throw .fontconfig }
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { throw .freeType }
        var byFamily: [String: [FontFamilyInfo.Face]] = [:]
        for entry in fontconfig.list() {
            let face = FontFamilyInfo.Face(style: entry.style, weight: entry.weight, italic: entry.italic)
            if byFamily[entry.family]?.contains(face) != true { byFamily[entry.family, default: []].append(face) }
        }
        byFamily[AhemMeasurer().defaultFamily] = Self.ahem.families[0].faces
        families = byFamily.keys.sorted().map { name in
            FontFamilyInfo(
                name: name,
                faces: (byFamily[name] ?? []).sorted { ($0.weight, $0.italic ? 1 : 0) < ($1.weight, $1.italic ? 1 : 0) })
        }
        var keys: [String: String] = [:]
        for family in families { keys[family.name.lowercased()] = family.name }
        familyByKey = keys
        guard let chosen = keys[defaultFamily.lowercased()] else {
            FT_Done_FreeType(library)
            throw .unknownDefault(defaultFamily, available: families.map(\.name))
        }
        self.defaultFamily = chosen
        state = Mutex(State(fontconfig: fontconfig, library: library))
        shapes = ShapeCache(maxUnits: shapeCacheUnits)
    }

    public func family(named name: String) -> String? {
        familyByKey[name.lowercased()]
    }

    public func shape(_ content: String, font: TextFont) -> ShapedText {
        if font.family == Self.ahem.defaultFamily { return Self.ahem.shape(content, font: font) }
        if let cached = shapes.lookup(content, font) { return cached }
        let shaped = TextShaper(library: self, font: font).shape(content)
        shapes.store(shaped, content, font)
        return shaped
    }

    /// The face for a family, weight and slant.
    func face(for font: TextFont) -> FontFace? {
        let key = FaceKey(family: font.family, weight: font.weight, italic: font.italic)
        return state.withLock { state -> FontFace? in
            if let face = state.faces[key] { return face }
            guard let entry = state.fontconfig.match(family: font.family, weight: font.weight, italic: font.italic),
                let face = Self.load(entry, weight: font.weight, &state)
            else { return nil }
            state.faces[key] = face
            return face
        }
    }

    /// A face that has `scalar`, for a character `primary` lacks (nil: no installed font has it).
    func fallbackFace(for scalar: UInt32, font: TextFont) -> FontFace? {
        state.withLock { state -> FontFace? in
            if let known = state.fallbacks.first(where: { $0.hasGlyph(scalar) }) { return known }
            if state.noFallback.contains(scalar) { return nil }
            guard
                let entry = state.fontconfig.fallback(
                    for: scalar, family: font.family, weight: font.weight, italic: font.italic),
                let face = Self.load(entry, weight: font.weight, &state), face.hasGlyph(scalar)
            else {
                if state.noFallback.count < 65_536 { state.noFallback.insert(scalar) }
                return nil
            }
            state.fallbacks.append(face)
            return face
        }
    }

    private static func load(_ entry: Fontconfig.Entry, weight: Int, _ state: inout State) -> FontFace? {
        let file = "\(entry.path)#\(entry.index)#\(entry.variable ? weight : 0)"
        if let face = state.facesByFile[file] { return face }
        guard
            let face = try? FontFace(
                path: entry.path, index: entry.index, family: entry.family,
                variableWeight: entry.variable ? weight : nil, library: state.library)
        else { return nil }
        state.facesByFile[file] = face
        return face
    }
}
