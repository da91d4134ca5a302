/// Who measures text: layout asks it to shape a text once per layout (its runs between
/// break opportunities and the font's vertical metrics), then breaks lines itself
/// (Layout/Leaves/TextLayout.swift). The decoder asks it which families exist. Ahem
/// (AhemMeasurer) is built in; real fonts plug in here (the TextShaping target) without
/// touching decoding or layout.
public protocol TextMeasurer: Sendable {
    /// The family a request gets when its font names none, or names `"system"`.
    var defaultFamily: String { get }
    /// The family `name` stands for (matched as the measurer matches names, e.g.
    /// case-insensitively), or nil if it has none by that name.
    func family(named name: String) -> String?
    /// Every family, with its faces, for `GET /v1/fonts` and error messages.
    var families: [FontFamilyInfo] { get }
    /// `content` in `font`: its runs and the font's metrics. Called with a resolved
    /// family (one `family(named:)` returned, or `defaultFamily`).
    func shape(_ content: String, font: TextFont) -> ShapedText
}

/// The font of one text, as the request gives it (API: `font`).
public struct TextFont: Hashable, Sendable {
    /// A family the measurer knows (resolved while decoding).
    public var family: String
    public var size: Double = 17
    /// 100…900 (400 regular, 700 bold).
    public var weight: Int = 400
    public var italic = false
    /// The height of a line; nil: the font's natural line height.
    public var lineHeight: Double?
    /// Extra space between lines (SwiftUI `lineSpacing`).
    public var lineSpacing: Double = 0
    /// Extra space after every character (SwiftUI `kerning`/`tracking`, CSS `letter-spacing`).
    public var letterSpacing: Double = 0
    /// Characters the family lacks fall back to another font rather than failing.
    public var fallback = false

    public init(family: String) { self.family = family }
}

/// A family and its faces.
public struct FontFamilyInfo: Sendable, Equatable {
    public struct Face: Sendable, Equatable {
        public var style: String
        public var weight: Int
        public var italic: Bool

        public init(style: String, weight: Int, italic: Bool) {
            self.style = style
            self.weight = weight
            self.italic = italic
        }
    }

    public var name: String
    public var faces: [Face]

    public init(name: String, faces: [Face]) {
        self.name = name
        self.faces = faces
    }
}

/// A font's vertical metrics at the used size, in points (positive down from the
/// baseline for descent).
public struct LineMetrics: Sendable, Equatable {
    public var ascent: Double
    public var descent: Double
    public var lineGap: Double

    public init(ascent: Double, descent: Double, lineGap: Double) {
        self.ascent = ascent
        self.descent = descent
        self.lineGap = lineGap
    }
}

/// One run of a text between break opportunities, in the shaped text's units.
public struct TextSegment: Sendable, Equatable {
    public var wordWidth: Double
    /// Width of the breakable spaces after the word (they hang at a line's end).
    public var spaceWidth: Double
    /// A newline follows: the line ends here.
    public var hardBreak: Bool

    public init(wordWidth: Double, spaceWidth: Double, hardBreak: Bool) {
        self.wordWidth = wordWidth
        self.spaceWidth = spaceWidth
        self.hardBreak = hardBreak
    }
}

/// A text shaped in its font: what line breaking needs.
public struct ShapedText: Sendable {
    /// Runs in order; their widths are in units of `scale` points.
    public var segments: [TextSegment]
    /// Points per unit of the segment widths (Ahem keeps ems, so its sums stay exact).
    public var scale: Double
    /// The metrics CSS uses (Chromium rounds each to whole pixels).
    public var cssMetrics: LineMetrics
    /// The metrics SwiftUI uses (unrounded).
    public var naturalMetrics: LineMetrics
    /// Width of "…" (units), which a truncated last line ends with.
    public var ellipsisWidth: Double = 0
    /// For cutting a word while truncating: each UTF-16 unit's advance (units) and where
    /// each segment starts among them; when empty, every character is `uniformAdvance`.
    public var advances: [Double] = []
    public var segmentStarts: [Int32] = []
    public var uniformAdvance: Double = 0

    public init(segments: [TextSegment], scale: Double, cssMetrics: LineMetrics, naturalMetrics: LineMetrics) {
        self.segments = segments
        self.scale = scale
        self.cssMetrics = cssMetrics
        self.naturalMetrics = naturalMetrics
    }
}
