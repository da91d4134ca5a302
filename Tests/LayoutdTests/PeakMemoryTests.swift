import Foundation
import Testing
import Workloads

/// Peak memory of one request as the kernel counts it: `layoutd layout FILE` in a child
/// process reports its own `VmHWM`. The README states the bound: the process's size
/// laying out a one-node tree, plus 16 MiB, plus 32 × the body.
@Suite struct PeakMemoryTests {
    static let factor = 32
    static let slack = 16 << 20

    /// The child's peak resident set in bytes and its exit status.
    static func peakResidentBytes(laying body: [UInt8]) throws -> (bytes: Int, status: Int32) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("layoutd-peak-\(UUID().uuidString).json")
        try Data(body).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = LayoutCommandTests.binary
        process.arguments = ["layout", "--report-peak-memory", file.path]
        let stderr = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = stderr
        try process.run()
        let report = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let line = try #require(report.split(separator: "\n").first { $0.hasPrefix("peak-resident-bytes ") })
        return (Int(line.split(separator: " ")[1]) ?? 0, process.terminationStatus)
    }

    @Test func hostileShapesStayWithinTheStatedFactorOfTheirBody() throws {
        let idle = try Self.peakResidentBytes(laying: Array(#"{"bounds":{"width":1,"height":1},"root":{"type":"rect"}}"#.utf8))
        #expect(idle.status == 0)
        #expect(idle.bytes > 1 << 20)
        let shapes: [(String, [UInt8], Int32)] = [
            ("35,000 modifiers on one node", HostileShapes.modifierChain(35_000), 1),
            ("11,000-byte id over 199,000 children", HostileShapes.longIdOverChildren(idLength: 11_000, children: 199_000), 1),
            ("10,000-byte id over 20,000 children", HostileShapes.longIdOverChildren(idLength: 10_000, children: 20_000), 1),
            ("group of 4,000 children × 4,000 modifiers", HostileShapes.bigGroup(children: 4_000, modifiers: 4_000), 1),
            ("group of 20,000 children × 12 modifiers", HostileShapes.bigGroup(children: 20_000, modifiers: 12), 1),
            ("group of 20,000 children × 3 modifiers", HostileShapes.bigGroup(children: 20_000, modifiers: 3), 0),
            ("foreach of 100 copies of a 100,000-word text", HostileShapes.foreachText(copies: 100, words: 100_000), 1),
            ("foreach of 40 copies of a 50,000-word text", HostileShapes.foreachText(copies: 40, words: 50_000), 0),
            ("1,000-byte id over 7,000 children", HostileShapes.longIdOverChildren(idLength: 1_000, children: 7_000), 1),
            ("200-byte id over 5,000 children", HostileShapes.longIdOverChildren(idLength: 200, children: 5_000), 0),
            ("100,000 rects with ids", HostileShapes.flatTree(100_000), 0),
        ]
        for (name, body, status) in shapes {
            let peak = try Self.peakResidentBytes(laying: body)
            #expect(peak.status == status, "\(name)")
            let allowed = idle.bytes + Self.slack + Self.factor * body.count
            #expect(peak.bytes <= allowed, "\(name): \(peak.bytes >> 20) MiB peak for a \(body.count >> 10) KiB body")
            print(
                "peak memory: \(name): body \(body.count >> 10) KiB, peak \(peak.bytes >> 20) MiB (one node: \(idle.bytes >> 20) MiB)")
        }
    }
}
