import Foundation
import HTTPServer
import LayoutClient
import LayoutService
import Logging

/// layoutd-example [--url URL] [--api-key KEY] [--screen inbox|readme] [--bench N]
/// Lays out a DSL screen against a layoutd server (one started in-process on loopback when
/// no URL is given) and prints the laid-out hierarchy.
var url: URL?
var apiKey: String?
var screenName = "inbox"
var benchCount: Int?
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    switch argument {
    case "--url":
        guard let value = arguments.next(), let parsed = URL(string: value) else {
            FileHandle.standardError.write(Data("--url needs a URL\n".utf8))
            exit(2)
        }
        url = parsed
    case "--api-key":
        apiKey = arguments.next()
    case "--bench":
        guard let value = arguments.next().flatMap({ Int($0) }), value > 0 else {
            FileHandle.standardError.write(Data("--bench needs a positive count\n".utf8))
            exit(2)
        }
        benchCount = value
    case "--screen":
        screenName = arguments.next() ?? ""
    default:
        FileHandle.standardError.write(Data("usage: layoutd-example [--url URL] [--api-key KEY] [--screen inbox|readme] [--bench N]\n".utf8))
        exit(2)
    }
}

var server: HTTPServer?
if url == nil {
    let logger = Logger(label: "layoutd-example", factory: { _ in SwiftLogNoOpLogHandler() })
    let service = LayoutService(logger: logger)
    var configuration = HTTPServerConfiguration()
    configuration.host = "127.0.0.1"
    configuration.port = 0
    do {
        let started = try HTTPServer(configuration: configuration, events: service.events, logger: logger, handler: service.handler)
        try started.start()
        server = started
        url = URL(string: "http://127.0.0.1:\(started.port)")
    } catch {
        FileHandle.standardError.write(Data("cannot start a server: \(error)\n".utf8))
        exit(1)
    }
}

guard let url else { exit(2) }
let client = LayoutClient(baseURL: url, apiKey: apiKey)
if let benchCount {
    do {
        try await ClientBench.run(client: client, count: benchCount)
    } catch {
        FileHandle.standardError.write(Data("\(error)\n".utf8))
        exit(1)
    }
    server?.shutdown(gracePeriod: .seconds(1))
    exit(0)
}

let screen: any View = screenName == "readme" ? readmeScreen : InboxScreen(senders: ["Ada", "Grace", "Edsger"])
do {
    let response = try await client.layout(screen.resolvedNode, bounds: Bounds(width: 390, height: 844))
    print(response.hierarchy)
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}
server?.shutdown(gracePeriod: .seconds(1))
