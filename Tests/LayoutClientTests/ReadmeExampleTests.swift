import Foundation
import Testing
import LayoutClient

/// The README's Swift example, run against the real server: its printed output in the
/// README must be what it prints.
@Suite struct ReadmeExampleTests {
    /// The screen of the README's example, line for line.
    static let screenSource = """
        let screen = VStack(alignment: .leading) {
            Text("Inbox").font(.system(size: 34)).id("title")
            HStack { Image(width: 40, height: 40); Text("Ada Lovelace"); Spacer() }.id("row")
        }.padding().id("screen")
        """

    static let screen = VStack(alignment: .leading) {
        Text("Inbox").font(.system(size: 34)).id("title")
        HStack { Image(width: 40, height: 40); Text("Ada Lovelace"); Spacer() }.id("row")
    }.padding().id("screen")

    /// The fenced blocks of the README's "Swift client" section, in order.
    func readmeBlocks() throws -> [String] {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let readme = try String(contentsOf: repository.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "## The Swift client").dropFirst().first)
            .components(separatedBy: "\n## ").first ?? ""
        var blocks: [String] = []
        var current: [Substring]?
        for line in section.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                if let lines = current {
                    blocks.append(lines.joined(separator: "\n"))
                    current = nil
                } else {
                    current = []
                }
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    @Test func theReadmeExamplePrintsWhatTheReadmeShows() async throws {
        let blocks = try readmeBlocks()
        #expect(blocks.count >= 2)
        let code = try #require(blocks.first)
        #expect(code.contains(Self.screenSource), "the README's screen differs from this test's")
        #expect(code.split(separator: "\n").count <= 10)
        let server = try TestServer()
        defer { server.stop() }
        let response = try await server.client().layout(Self.screen, bounds: Bounds(width: 390, height: 844))
        #expect(blocks.dropFirst().first == response.hierarchy, "\n\(response.hierarchy)")
    }
}
