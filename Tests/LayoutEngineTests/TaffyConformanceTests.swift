import Foundation
import Testing

@testable import LayoutEngine

/// Taffy's Chrome-generated flexbox suite (see `TaffyConversion`), converted at test time
/// from `../shared/conformance/taffy-flex` (or `$TAFFY_FLEX_DIR`) and laid out by the
/// engine. Tests that use a CSS feature the service does not have (block or grid
/// children, `flex-wrap: balance`, `writing-mode`, sizing keywords such as
/// `min-content`, scrollbars) are counted apart as not convertible. Of the rest at least
/// 99% must pass, not counting `exclusions`.
struct TaffyConformanceTests {
    static var directory: URL {
        if let path = ProcessInfo.processInfo.environment["TAFFY_FLEX_DIR"] { return URL(fileURLWithPath: path) }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/conformance/taffy-flex")
    }

    static var suiteIsPresent: Bool { FileManager.default.fileExists(atPath: directory.path) }

    /// Tests whose recorded frames Chromium 156 does not reproduce (laid out with
    /// tools/gentest's page setup: `tools/taffy_chromium.py NAME` shows both), by name
    /// without the box-sizing and direction suffix.
    static let exclusions: [String: String] = [:]

    /// Taffy's rounding (`round_layout`): positions rounded relative to the parent, sizes
    /// as the difference of the rounded absolute edges.
    static func rounded(_ frame: Rect, parentOrigin: Point) -> (x: Double, y: Double, width: Double, height: Double) {
        let x = (frame.x - parentOrigin.x).rounded(), y = (frame.y - parentOrigin.y).rounded()
        return (
            x, y, (frame.x + frame.width).rounded() - frame.x.rounded(), (frame.y + frame.height).rounded() - frame.y.rounded()
        )
    }

    /// The mismatches of one test (empty when it passes).
    static func mismatches(_ test: TaffyTest) throws -> [String] {
        let actual = try frames(try test.request())
        var problems: [String] = []
        func compare(_ expected: TaffyTest.Frame, id: String, parentOrigin: Point) {
            // display: none: Taffy records a 0×0 frame, the service gives none.
            guard let frame = actual[id] else {
                if expected.width != 0 || expected.height != 0 { problems.append("\(id): missing frame") }
                return
            }
            let got: (x: Double, y: Double, width: Double, height: Double)
            let tolerance: Double
            if test.rounding {
                got = rounded(frame, parentOrigin: parentOrigin)
                tolerance = 0
            } else {
                got = (frame.x - parentOrigin.x, frame.y - parentOrigin.y, frame.width, frame.height)
                tolerance = 0.05
            }
            if abs(got.x - expected.x) > tolerance || abs(got.y - expected.y) > tolerance
                || abs(got.width - expected.width) > tolerance || abs(got.height - expected.height) > tolerance
            {
                problems.append(
                    "\(id): expected (\(expected.x), \(expected.y), \(expected.width)×\(expected.height)), got (\(got.x), \(got.y), \(got.width)×\(got.height))"
                )
            }
            for (index, child) in expected.children.enumerated() {
                compare(child, id: "\(id)/\(index)", parentOrigin: frame.origin)
            }
        }
        guard let root = actual["root"] else { return ["root: missing frame"] }
        compare(test.expected, id: "root", parentOrigin: Point(x: root.x - test.expected.x, y: root.y - test.expected.y))
        return problems
    }

    static func baseName(_ name: String) -> String {
        name.components(separatedBy: "__").first ?? name
    }

    @Test(.enabled(if: suiteIsPresent, "Taffy's suite is not at ../shared/conformance/taffy-flex (set TAFFY_FLEX_DIR)"))
    func chromeSuitePasses() throws {
        let files = try FileManager.default.contentsOfDirectory(at: Self.directory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "xml" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
        #expect(files.count > 2000)
        var unsupported: [String: Int] = [:]
        var failed: [String] = []
        var excluded = 0, passed = 0
        for file in files {
            let test: TaffyTest
            do {
                test = try TaffyTest(xml: try String(contentsOf: file, encoding: .utf8))
                _ = try test.request()
            } catch let error as TaffyTest.Unsupported {
                unsupported[error.description.split(separator: " ").first.map(String.init) ?? "?", default: 0] += 1
                continue
            }
            if Self.exclusions[Self.baseName(test.name)] != nil {
                excluded += 1
                continue
            }
            let problems: [String]
            do {
                problems = try Self.mismatches(test)
            } catch {
                problems = ["refused: \(error)"]
            }
            if problems.isEmpty {
                passed += 1
            } else {
                failed.append("\(test.name): \(problems.prefix(3).joined(separator: "; "))")
            }
        }
        let converted = passed + failed.count
        let notConverted = unsupported.values.reduce(0, +)
        print(
            "taffy chrome suite: \(passed) of \(converted) converted tests pass (\(excluded) excluded, \(notConverted) not convertible: \(unsupported.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")))"
        )
        for failure in failed { print("  FAIL \(failure)") }
        #expect(converted > 1800)
        #expect(Double(passed) >= 0.99 * Double(converted), "\(failed.count) of \(converted) fail")
    }
}
