import Foundation
import Testing

/// `layoutd layout` run as a user runs it: the built binary, real pipes.
@Suite struct LayoutCommandTests {
    /// The layoutd binary built beside this test bundle.
    static var binary: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("layoutd")
    }

    static let threeLevels =
        #"{"bounds":{"width":100,"height":100},"root":{"type":"vstack","id":"a","spacing":0,"children":[{"type":"hstack","id":"b","spacing":0,"children":[{"type":"view","id":"c","size":{"width":10,"height":20}},{"type":"view","id":"d","size":{"width":30,"height":20}}]}]}}"#

    /// Runs layoutd with `arguments`, feeding `input`; returns stdout and the exit status.
    func run(_ arguments: [String], input: String) throws -> (output: String, status: Int32) {
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = arguments
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let data = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: data, as: UTF8.self), process.terminationStatus)
    }

    @Test func laysOutAThreeLevelTreeFromStandardInput() throws {
        // The 40×20 row centred in 100×100: c at (30, 40), d at (40, 40).
        let (output, status) = try run(["layout", "-"], input: Self.threeLevels)
        #expect(status == 0)
        #expect(output.contains(#""c":{"x":30,"y":40,"width":10,"height":20}"#))
        #expect(output.contains(#""d":{"x":40,"y":40,"width":30,"height":20}"#))
        #expect(output.contains(#""a":{"x":30,"y":40,"width":40,"height":20}"#))
        #expect(output.hasSuffix("\n"))
    }

    /// The three-level tree as a picture and as a tree (frames derived in the first test).
    @Test func svgAndTreeOffline() throws {
        let (svg, svgStatus) = try run(["layout", "--svg", "-"], input: Self.threeLevels)
        #expect(svgStatus == 0)
        #expect(svg.hasPrefix("<?xml"))
        #expect(svg.contains(#"<g class="node leaf view" data-id="d"><title>d — view (40, 40, 30×20)</title>"#))
        let (tree, treeStatus) = try run(["layout", "--tree", "-"], input: Self.threeLevels)
        #expect(treeStatus == 0)
        #expect(
            tree == """
                vstack "a" (30, 40, 40×20) alignment=center spacing=0
                └─ hstack "b" (30, 40, 40×20) alignment=center spacing=0
                   ├─ view "c" (30, 40, 10×20) size=10×20
                   └─ view "d" (40, 40, 30×20) size=30×20

                """)
    }

    @Test func prettyIndents() throws {
        let (output, status) = try run(["layout", "--pretty", "-"], input: Self.threeLevels)
        #expect(status == 0)
        #expect(output.contains("\n  \"frames\": {\n    \"a\": {\n      \"x\": 30,"))
    }

    @Test func invalidRequestPrintsItsProblemAndFails() throws {
        let (output, status) = try run(["layout", "-"], input: #"{"bounds":{"width":1,"height":1},"root":{"type":"nope"}}"#)
        #expect(status == 1)
        #expect(output.contains(#""status":422"#))
        #expect(output.contains(#""pointer":"/root/type""#))
    }

    @Test func ndjsonAnswersEachLineAsItArrives() throws {
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = ["layout", "--ndjson"]
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        let reader = stdout.fileHandleForReading
        var received = Data()
        /// Reads until `lines` newlines have arrived, with the input still open.
        func awaitLines(_ lines: Int) -> [String] {
            while received.filter({ $0 == 0x0A }).count < lines {
                let chunk = reader.availableData
                if chunk.isEmpty { break }
                received.append(chunk)
            }
            return String(decoding: received, as: UTF8.self).split(separator: "\n").map(String.init)
        }
        stdin.fileHandleForWriting.write(Data((Self.threeLevels + "\n").utf8))
        let first = awaitLines(1)
        #expect(first.count == 1)
        #expect(first.first?.contains(#""c":{"x":30"#) == true)
        // A bad line gets its problem document; the process goes on.
        stdin.fileHandleForWriting.write(Data("{not json\n".utf8))
        let second = awaitLines(2)
        #expect(second.count == 2)
        #expect(second.last?.contains(#""status":400"#) == true)
        stdin.fileHandleForWriting.write(Data((Self.threeLevels + "\n").utf8))
        try stdin.fileHandleForWriting.close()
        let all = awaitLines(3)
        process.waitUntilExit()
        #expect(all.count == 3)
        #expect(process.terminationStatus == 0)
    }

    @Test func ndjsonLinesShareCachesAndSessions() throws {
        let session = Self.threeLevels.replacingOccurrences(of: #""root":"#, with: #""session":"s1","root":"#)
        let input = [Self.threeLevels, Self.threeLevels, session, session].joined(separator: "\n") + "\n"
        let (output, status) = try run(["layout", "--ndjson"], input: input)
        let lines = output.split(separator: "\n")
        #expect(status == 0)
        #expect(lines.count == 4)
        #expect(lines[0].contains(#""cache":"miss""#))
        #expect(lines[1].contains(#""cache":"hit""#))
        #expect(lines[2].contains(#""baseline":null"#))
        #expect(lines[3].contains(#""unchanged":4"#))
    }

    @Test func readsARequestFile() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("layoutd-request-\(getpid()).json")
        try Data(Self.threeLevels.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let (output, status) = try run(["layout", file.path], input: "")
        #expect(status == 0)
        #expect(output.contains(#""size":{"width":40,"height":20}"#))
    }
}
