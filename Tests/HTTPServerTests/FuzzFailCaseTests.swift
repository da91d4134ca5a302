import Foundation
import Testing

@testable import HTTPServer

/// Replays the inputs that once crashed the request-parser fuzzer (Fuzz/FailCases, issue
/// 8): whole and in slices, the parser must agree with itself.
@Suite struct ParserFuzzFailCaseTests {
    @Test func parserCasesAgreeWholeAndChunked() throws {
        let directory = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fuzz/FailCases")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names.sorted() where name.hasPrefix("FuzzRequestParser-") {
            let raw = [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))
            let whole = parseStream(raw, sliceSize: max(raw.count, 1))
            for slice in [1, 7, 64] { #expect(parseStream(raw, sliceSize: slice) == whole, "\(name)") }
        }
        #expect(names.contains("README.md"))
    }
}
