import LayoutEngine
import TextShaping

/// A text-heavy screen: rows of an avatar beside a title and a subtitle (40% of the
/// nodes are text), the same tree in Ahem and in a real font. Prints the layout time of
/// the whole screen and the time per text, cold (every text shaped again) and cached
/// (shapes answered by the font library's shape cache).
func textTable(nodes: Int, runs: Int) {
    let words = (
        "inbox message from ada lovelace about the analytical engine meeting tomorrow at noon café résumé "
            + "project status update 2026 review notes draft reply forwarded attachment invoice #1042 urgent"
    ).split(separator: " ")
    var random = UInt64(0x9E37_79B9_7F4A_7C15)
    func next() -> Int {
        random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int(truncatingIfNeeded: random >> 33)
    }
    /// Half the strings repeat (list screens repeat labels); the rest are new sentences.
    var seen: [String] = []
    func sentence() -> String {
        if !seen.isEmpty && next() % 2 == 0 { return seen[next() % seen.count] }
        let text = (0..<(2 + next() % 10)).map { _ in String(words[next() % words.count]) }.joined(separator: " ")
        seen.append(text)
        return text
    }
    let rows = max(nodes / 5, 1)
    var texts: [String] = []
    for _ in 0..<rows * 2 { texts.append(sentence()) }
    func body(family: String) -> [UInt8] {
        var json = #"{"bounds":{"width":390,"height":null},"root":{"type":"vstack","id":"screen","children":["#
        for row in 0..<rows {
            if row > 0 { json += "," }
            json += #"{"type":"hstack","children":[{"type":"view","size":{"width":40,"height":40}},"#
            json += #"{"type":"vstack","alignment":"leading","children":["#
            json += #"{"type":"text","text":"\#(texts[row * 2])","font":{"family":"\#(family)","size":17,"weight":600}},"#
            json += #"{"type":"text","text":"\#(texts[row * 2 + 1])","font":{"family":"\#(family)","size":15}}]}]}"#
        }
        return Array((json + "]}}").utf8)
    }
    guard let cached = try? FontLibrary(), let cold = try? FontLibrary(shapeCacheUnits: 0) else {
        print("text bench: no fonts (install fontconfig and fonts-dejavu-core)")
        return
    }
    let family = cached.defaultFamily
    let ahem = AhemMeasurer()
    let cases: [(String, String, any TextMeasurer)] = [
        ("Ahem", "Ahem", ahem), ("\(family), cold", family, cold), ("\(family), cached", family, cached),
    ]
    print("\ntext-heavy screen: \(rows * 5 + 1) nodes, \(rows * 2) texts (median of \(runs) runs)")
    print(["measurer", "layout ms", "µs/text", "shape µs/text"].enumerated().map { pad($1, $0 == 0 ? 28 : 14) }.joined())
    for (name, familyName, measurer) in cases {
        guard let request = try? RequestDecoder.decode(body(family: familyName), fonts: measurer) else {
            print("text tree refused")
            return
        }
        var configuration = RuntimeConfiguration.uncached
        configuration.textMeasurer = measurer
        let runtime = LayoutRuntime(configuration: configuration)
        _ = runtime.layout(request)  // warms the shape cache
        let layout = median(runs: runs) { _ = runtime.layout(request) }
        var font = TextFont(family: familyName)
        font.size = 15
        let shape = median(runs: runs) {
            for text in texts { _ = measurer.shape(text, font: font) }
        }
        let count = Double(texts.count)
        print(
            [
                pad(name, 28), pad(format(layout / 1e6, decimals: 3), 14), pad(format(layout / 1e3 / count, decimals: 3), 14),
                pad(format(shape / 1e3 / count, decimals: 3), 14),
            ].joined())
    }
}
