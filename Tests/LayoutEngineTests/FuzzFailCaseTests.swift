import Foundation
import Testing

@testable import LayoutEngine

/// Replays the inputs that once crashed the JSON-tape and pipeline fuzzers
/// (Fuzz/FailCases, issue 8) with the fuzzers' own checks.
@Suite struct FuzzFailCaseTests {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz/FailCases")

    static func cases(_ target: String) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasPrefix(target + "-") }.sorted().map { directory.appendingPathComponent($0) }
    }

    @Test func jsonTapeCasesParseOrFailCleanly() throws {
        for file in Self.cases("FuzzJSONTape") {
            let bytes = [UInt8](try Data(contentsOf: file))
            guard let tape = try? JSONTapeParser.parse(bytes, maxNesting: 64) else { continue }
            for index in tape.entries.indices {
                #expect(tape.next(after: index) > index, "\(file.lastPathComponent)")
                _ = tape.pointer(to: index)
            }
            _ = try? tape.rejectDuplicateKeys()
        }
    }

    @Test func pipelineCasesAnswer200Or4xx() throws {
        var configuration = RuntimeConfiguration()
        configuration.limits = DecodeLimits(maxDepth: 64, maxNodes: 2_000, layoutWorkBase: 20_000, layoutWorkPerNode: 30)
        for file in Self.cases("FuzzPipeline") {
            let runtime = LayoutRuntime(configuration: configuration)
            let input = [UInt8](try Data(contentsOf: file))
            for part in input.split(separator: 0, maxSplits: 2, omittingEmptySubsequences: false) {
                if case .failure(let problem) = runtime.layout(Array(part), tenant: "fuzz", sessionHeader: "s") {
                    #expect((400..<500).contains(problem.status), "\(file.lastPathComponent): \(problem.detail)")
                }
            }
        }
    }

    @Test func theSeedCorporaAreCommitted() {
        // The fuzzers start from these; .ci/hostile.sh runs them.
        for target in ["FuzzRequestParser", "FuzzJSONTape", "FuzzPipeline"] {
            let seeds = Self.directory.deletingLastPathComponent().appendingPathComponent("Corpus/\(target)")
            #expect(((try? FileManager.default.contentsOfDirectory(atPath: seeds.path)) ?? []).count >= 2, "\(target)")
        }
    }
}
