import Foundation
import LayoutEngine
import Testing
import TextShaping

/// The real-font fixtures of Tests/Fixtures/text (tools/gentest/textfonts.py): flex
/// columns of wrapping text in DejaVu and Liberation, laid out by Chromium with
/// unhinted fractional advances; every frame must match within 0.5 px.
struct ChromiumTextFixtureTests {
    static let tolerance = 0.5
    static let library: FontLibrary? = try? FontLibrary()

    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/text")

    /// File names listed in KNOWN_MISMATCHES.txt (reasons there).
    static func knownMismatches() throws -> Set<String> {
        let text = try String(contentsOf: directory.appendingPathComponent("KNOWN_MISMATCHES.txt"), encoding: .utf8)
        return Set(text.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") && !$0.isEmpty })
    }

    static func fixtureFiles() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    /// Frames by id of a request laid out in real fonts.
    static func frames(_ body: Data, _ library: FontLibrary) throws -> [String: Rect] {
        let request = try RequestDecoder.decode(Array(body), fonts: library)
        var configuration = RuntimeConfiguration.uncached
        configuration.textMeasurer = library
        let result = LayoutRuntime(configuration: configuration).layout(request)
        var byId: [String: Rect] = [:]
        for index in 0..<request.tree.nodeCount where result.hasFrame[index] {
            byId[request.tree.id(of: index)] = result.frames[index]
        }
        return byId
    }

    @Test func everyRealFontFixtureMatchesChromium() throws {
        let library = try #require(Self.library, "fontconfig, FreeType and the DejaVu/Liberation fonts are installed")
        let files = try Self.fixtureFiles()
        let known = try Self.knownMismatches()
        #expect(files.count - known.count >= 500, "at least 500 trees must match")
        var failed: [String] = []
        for file in files {
            let data = try Data(contentsOf: file)
            guard let fixture = try JSONSerialization.jsonObject(with: data) as? [String: Any],
                let request = fixture["request"], let expected = fixture["expected"] as? [String: Any],
                let expectedFrames = expected["frames"] as? [String: [String: Double]]
            else {
                Issue.record("\(file.lastPathComponent): malformed fixture")
                continue
            }
            let actual = try Self.frames(try JSONSerialization.data(withJSONObject: request), library)
            var problems: [String] = []
            for (id, frame) in expectedFrames.sorted(by: { $0.key < $1.key }) {
                let want = [frame["x"] ?? 0, frame["y"] ?? 0, frame["width"] ?? 0, frame["height"] ?? 0]
                guard let got = actual[id] else {
                    problems.append("\(id): missing")
                    continue
                }
                let have = [got.x, got.y, got.width, got.height]
                if zip(want, have).contains(where: { abs($0 - $1) > Self.tolerance }) {
                    problems.append("\(id): expected \(want), got \(have)")
                }
            }
            let name = file.lastPathComponent
            if known.contains(name) {
                if problems.isEmpty { Issue.record("\(name) now matches Chromium: remove it from KNOWN_MISMATCHES.txt") }
                failed.append(name)
            } else if !problems.isEmpty {
                failed.append(name)
                Issue.record(Comment(rawValue: "\(name): \(problems.joined(separator: "; "))"))
            }
        }
        print("real-font fixtures: \(files.count - failed.count) of \(files.count) pass")
    }
}
