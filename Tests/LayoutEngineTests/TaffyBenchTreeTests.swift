import Foundation
import Testing
import Workloads

/// `layoutd-bench` makes Taffy's benchmark trees itself (`TaffyBenchTree`), and Taffy is
/// timed on the ones `tools/taffy_bench/taffy_bench.py --emit` writes: the comparison
/// holds only if the two are the same trees, byte for byte.
@Suite struct TaffyBenchTreeTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Forty bytes from `offset` (or the end), as text.
    static func excerpt(_ bytes: [UInt8], _ offset: Int) -> String {
        let start = min(offset, bytes.count)
        return String(decoding: bytes[start..<min(start + 40, bytes.count)], as: UTF8.self)
    }

    @Test(arguments: [1_000, 10_000])
    func theSwiftTreesAreThePythonTrees(nodes: Int) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("taffy-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = Self.repository.appendingPathComponent("tools/taffy_bench/taffy_bench.py")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, "--emit", directory.path, "--no-taffy", "--sizes", String(nodes)]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
        for tree in TaffyBenchTree.allCases {
            let written = try String(
                contentsOf: directory.appendingPathComponent("\(tree.rawValue)_\(nodes).json"), encoding: .utf8)
            let made = tree.requestJSON(nodes: nodes)
            // Compared as bytes, reporting where they part (the trees run to megabytes).
            let madeBytes = Array(made.utf8), writtenBytes = Array(written.utf8)
            let firstDifference = zip(madeBytes, writtenBytes).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            let identical = madeBytes.count == writtenBytes.count && firstDifference == nil
            let offset = firstDifference ?? min(madeBytes.count, writtenBytes.count)
            #expect(
                identical,
                "\(tree.rawValue) \(nodes): from byte \(offset), \(Self.excerpt(madeBytes, offset)) against \(Self.excerpt(writtenBytes, offset))"
            )
            // Not trivially equal: a tree of about the size asked, with random styles
            // where the shape has them.
            let ids = made.components(separatedBy: "\"id\":").count - 1
            #expect(ids >= nodes * 3 / 4 && ids <= nodes + 3, "\(tree.rawValue): \(ids) nodes")
            if tree != .hugeNested { #expect(made.contains("%\"") && made.contains(".")) }
        }
    }
}
