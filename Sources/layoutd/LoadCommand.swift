import ArgumentParser
import Foundation
import LoadGenerator

/// `layoutd load`: drives a running server with generated layout requests and prints
/// what it saw. The work is in the LoadGenerator library; this parses flags and prints.
struct LoadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "load",
        abstract: "Send generated layout requests to a server and report throughput, latency and cache hits.",
        discussion: """
            Each connection is one keep-alive HTTP/1.1 connection with one request in flight. \
            The run stops after --requests or --duration, whichever comes first (10 s when \
            neither is given). Trees are generated from --seed: against a long-running server, \
            change the seed between runs so that "new" trees are really new to its cache. \
            With --requests, every tree the run will send is generated before the clock starts; \
            with --duration alone, new trees past the corpus are generated during the run and \
            the summary says how long that took (it competes with the server on a small machine). \
            The server's hit rate is counted from X-Layout-Cache headers and read from \
            GET /v1/stats after the run (n/a when the server has no such endpoint).
            """)

    @Option(help: "The layout endpoint: http://host:port/path.")
    var url = "http://127.0.0.1:8080/v1/layout"
    @Option(help: "Concurrent keep-alive connections.")
    var connections = 8
    @Option(help: "Stop after this many seconds.")
    var duration: Double?
    @Option(help: "Stop after this many requests.")
    var requests: Int?
    @Option(help: "Distinct generated trees that repeats are drawn from.")
    var corpus = 64
    @Option(help: "Nodes per generated tree.")
    var nodes = 50
    @Option(help: "Fraction (0...1) of full requests that re-send an already-sent tree; 0 = every tree new.")
    var repeatRatio = 0.0
    @Flag(help: "Each connection keeps a session and sends patches against its last treeHash.")
    var session = false
    @Option(help: "Sent as Authorization: Bearer KEY.")
    var apiKey: String?
    @Option(help: "Seed of the generated trees and of the repeat draws.")
    var seed: UInt64 = 1
    @Option(help: "Seconds a send or a receive may stall before the request counts as failed.")
    var timeout = 10.0
    @Flag(help: "Print the summary as JSON.")
    var json = false

    func run() throws {
        guard let target = TargetURL(parsing: url) else {
            throw ValidationError("--url must look like http://host:port/path")
        }
        var configuration = LoadConfiguration(target: target)
        configuration.connections = connections
        configuration.duration = duration ?? (requests == nil ? 10 : nil)
        configuration.requests = requests
        configuration.corpusSize = corpus
        configuration.nodeCount = nodes
        configuration.repeatRatio = repeatRatio
        configuration.sessions = session
        configuration.apiKey = apiKey
        configuration.seed = seed
        configuration.timeoutSeconds = timeout
        if let problem = configuration.problems().first { throw ValidationError(problem) }

        // The progress line only on a terminal: in a pipe or a log it would be noise.
        let onTerminal = isatty(STDOUT_FILENO) == 1
        let progress: ((LoadRunner.Progress) -> Void)? =
            onTerminal
            ? { update in
                FileHandle.standardOutput.write(Data(SummaryReport.progressLine(update).utf8))
            } : nil
        let summary = LoadRunner.run(configuration, progress: progress)
        if onTerminal { FileHandle.standardOutput.write(Data("\r\u{1B}[K".utf8)) }
        print(json ? SummaryReport.json(summary) : SummaryReport.text(summary))
        if summary.responses == 0 { throw ExitCode(1) }
    }
}
