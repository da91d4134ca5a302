import ArgumentParser
import Foundation
import LayoutEngine
import LayoutRender

/// `layoutd layout [FILE|-]`: one request in, its response out, without a server.
struct LayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Lay out a request offline and print the response JSON.",
        discussion: """
            Reads one request body (as POSTed to /v1/layout) from FILE or standard input and \
            prints the response. With --ndjson, every input line is a request and every output \
            line its response (or its problem document), written as soon as the line is read; \
            the lines share one layout cache and one set of sessions, as requests to a server do. \
            With --svg it prints an SVG wireframe of the layout instead, with --tree the \
            hierarchy as a tree.
            """)

    @Argument(help: "The request file, or - for standard input.")
    var file: String = "-"

    @Flag(help: "Indent the output.")
    var pretty = false

    @Flag(help: "One request per input line, one response per output line.")
    var ndjson = false

    @Flag(help: "Print an SVG wireframe of the layout instead of JSON.")
    var svg = false

    @Flag(help: "With --svg, draw the alignment guide of every stack.")
    var guides = false

    @Flag(help: "Print the hierarchy as a tree (kind, id, frame and the fields that shaped it).")
    var tree = false

    @Option(help: "Deepest node nesting accepted.")
    var maxDepth = 512

    @Option(help: "Most nodes accepted in one tree.")
    var maxNodes = 200_000

    /// For the peak-memory test (README: limits): the process's peak resident set.
    @Flag(help: .hidden)
    var reportPeakMemory = false

    @Option(help: "A directory of more font files; repeatable (else LAYOUTD_FONT_DIR, paths separated by ':').")
    var fontDir: [String] = []

    @Option(help: "Family of texts that name none, or \"system\" (else LAYOUTD_DEFAULT_FONT).")
    var defaultFont: String?

    func validate() throws {
        if svg && tree { throw ValidationError("--svg and --tree are exclusive") }
        if ndjson && (svg || tree) { throw ValidationError("--svg and --tree print one layout; drop --ndjson") }
        if guides && !svg { throw ValidationError("--guides needs --svg") }
    }

    func run() throws {
        var configuration = RuntimeConfiguration()
        configuration.limits = DecodeLimits(maxDepth: maxDepth, maxNodes: maxNodes)
        let environment = ProcessInfo.processInfo.environment
        configuration.textMeasurer = try FontOptions.library(
            directories: fontDir.isEmpty ? FontOptions.directories(environment["LAYOUTD_FONT_DIR"]) : fontDir,
            defaultFamily: defaultFont ?? environment["LAYOUTD_DEFAULT_FONT"].flatMap { $0.isEmpty ? nil : $0 }
                ?? FontOptions.defaultFamily,
            log: { FileHandle.standardError.write(Data("layoutd: \($0)\n".utf8)) })
        let runtime = LayoutRuntime(configuration: configuration)
        let input: FileHandle
        if file == "-" {
            input = FileHandle.standardInput
        } else {
            guard let handle = FileHandle(forReadingAtPath: file) else {
                throw ValidationError("cannot open \(file)")
            }
            input = handle
        }
        if ndjson {
            var reader = LineReader(handle: input)
            while let line = reader.nextLine() {
                if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
                _ = emit(runtime.layout(line))
            }
        } else {
            let body = [UInt8](input.readDataToEndOfFile())
            if svg || tree {
                if !emitPicture(runtime.layout(body, inspect: true)) { throw ExitCode(1) }
            } else {
                let succeeded = emit(runtime.layout(body))
                if reportPeakMemory { FileHandle.standardError.write(Data(PeakMemory.report().utf8)) }
                if !succeeded { throw ExitCode(1) }
            }
        }
    }

    /// Writes the SVG or the tree (a problem as JSON, like the plain answer); false for a problem.
    private func emitPicture(_ outcome: Result<RuntimeResponse, Problem>) -> Bool {
        guard case .success(let response) = outcome, let inspection = response.inspection else {
            return emit(outcome)
        }
        let text =
            svg
            ? SVGRenderer.render(inspection, options: SVGOptions(alignmentGuides: guides))
            : HierarchyDump.render(inspection)
        FileHandle.standardOutput.write(Data(text.utf8))
        return true
    }

    /// Writes one answer line and flushes it; false for a problem.
    private func emit(_ outcome: Result<RuntimeResponse, Problem>) -> Bool {
        var bytes: [UInt8]
        let succeeded: Bool
        switch outcome {
        case .success(let response):
            bytes = response.body
            succeeded = true
        case .failure(let problem):
            bytes = problem.encoded()
            succeeded = false
        }
        if pretty && !ndjson { bytes = JSONPrettyPrinter.format(bytes) }
        bytes.append(0x0A)
        FileHandle.standardOutput.write(Data(bytes))
        return succeeded
    }
}

/// Reads a file handle line by line without waiting for its end.
struct LineReader {
    let handle: FileHandle
    private var buffer: [UInt8] = []
    private var start = 0
    private var finished = false

    init(handle: FileHandle) {
        self.handle = handle
    }

    mutating func nextLine() -> [UInt8]? {
        while true {
            if let newline = buffer[start...].firstIndex(of: 0x0A) {
                let line = Array(buffer[start..<newline])
                start = newline + 1
                return line
            }
            if finished {
                guard start < buffer.count else { return nil }
                let line = Array(buffer[start...])
                start = buffer.count
                return line
            }
            buffer.removeFirst(start)
            start = 0
            let chunk = handle.availableData
            if chunk.isEmpty { finished = true } else { buffer.append(contentsOf: chunk) }
        }
    }
}
