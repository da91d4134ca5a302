import Foundation
import Testing

@testable import LayoutEngine

/// Runs every Chromium fixture of Tests/Fixtures/flex (made by tools/gentest): lays out
/// its request and compares every expected frame within 0.05 pt (Chromium lays out in
/// 1/64 px units). A fixture carrying "disabled" is skipped (reasons in
/// tools/gentest/README.md).
struct FlexFixtureTests {
    static let tolerance = 0.05

    static var fixtureDirectory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/flex")
    }

    static func fixtureFiles() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: fixtureDirectory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    /// The mismatches of one fixture (empty when it passes; nil when disabled).
    static func mismatches(of file: URL) throws -> [String]? {
        let data = try Data(contentsOf: file)
        guard let fixture = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let request = fixture["request"], let expected = fixture["expected"] as? [String: Any],
            let expectedFrames = expected["frames"] as? [String: [String: Double]]
        else { return ["\(file.lastPathComponent): malformed fixture"] }
        if fixture["disabled"] != nil { return nil }
        let name = fixture["name"] as? String ?? file.lastPathComponent
        let body = try JSONSerialization.data(withJSONObject: request)
        let actual: [String: Rect]
        do {
            actual = try frames(String(decoding: body, as: UTF8.self))
        } catch {
            return ["\(name): request refused: \(error)"]
        }
        var problems: [String] = []
        for (id, frame) in expectedFrames.sorted(by: { $0.key < $1.key }) {
            let want = Rect(x: frame["x"] ?? 0, y: frame["y"] ?? 0, width: frame["width"] ?? 0, height: frame["height"] ?? 0)
            guard let got = actual[id] else {
                problems.append("\(name) \(id): missing frame, expected \(describe(want))")
                continue
            }
            let close =
                abs(got.x - want.x) <= tolerance && abs(got.y - want.y) <= tolerance
                && abs(got.width - want.width) <= tolerance && abs(got.height - want.height) <= tolerance
            if !close { problems.append("\(name) \(id): expected \(describe(want)), got \(describe(got))") }
        }
        // Nodes under display:none have no expected frame and must get none.
        for id in actual.keys where expectedFrames[id] == nil {
            problems.append("\(name) \(id): has a frame, expected none (display: none)")
        }
        return problems
    }

    static func describe(_ rect: Rect) -> String {
        func number(_ value: Double) -> String { String((value * 1000).rounded() / 1000) }
        return "(\(number(rect.x)), \(number(rect.y)), \(number(rect.width)) × \(number(rect.height)))"
    }

    /// The fixture files' names, sorted (the test arguments: one test case per fixture).
    static let fixtureNames: [String] = ((try? fixtureFiles()) ?? []).map(\.lastPathComponent)

    @Test(arguments: fixtureNames)
    func chromiumFixture(_ name: String) throws {
        // A disabled fixture passes here; `fixtureSetIsComplete` bounds how many there are.
        guard let problems = try Self.mismatches(of: Self.fixtureDirectory.appendingPathComponent(name)) else { return }
        for problem in problems { Issue.record(Comment(rawValue: problem)) }
    }

    @Test func fixtureSetIsComplete() throws {
        let files = try Self.fixtureFiles()
        #expect(files.count >= 1400)
        let disabled = try files.filter { try Self.mismatches(of: $0) == nil }
        #expect(disabled.count * 50 <= files.count, "at most 2% of the fixtures may be disabled: \(disabled)")
    }
}
