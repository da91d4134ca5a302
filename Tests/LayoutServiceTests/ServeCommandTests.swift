import Foundation
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The `layoutd` executable built next to the test bundle.
private func layoutdExecutable() -> URL? {
    let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var directory = testBinary.deletingLastPathComponent()
    for _ in 0..<4 {
        let candidate = directory.appendingPathComponent("layoutd")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        directory = directory.deletingLastPathComponent()
    }
    return nil
}

/// Connects to 127.0.0.1:port with a receive timeout; returns the descriptor.
private func connectLoopback(_ port: Int) throws -> Int32 {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(port).bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let rc = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    try #require(rc == 0)
    var timeout = timeval(tv_sec: 10, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    return fd
}

private func sendAll(_ fd: Int32, _ text: String) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
}

private func readToEnd(_ fd: Int32) -> String {
    var collected: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if count <= 0 { break }
        collected.append(contentsOf: chunk[..<count])
    }
    return String(decoding: collected, as: UTF8.self)
}

@Test func sigtermLetsTheRequestInFlightFinishAndExitsZero() throws {
    let executable = try #require(layoutdExecutable(), "build the layoutd executable first (swift build)")
    let process = Process()
    process.executableURL = executable
    process.arguments = ["serve", "--port", "0"]
    // Settings from the environment, the way containers pass them; the flag wins over LAYOUTD_PORT.
    process.environment = ["LAYOUTD_LOG_LEVEL": "info", "LAYOUTD_WORKERS": "1", "LAYOUTD_PORT": "1"]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    let log = Mutex("")
    output.fileHandleForReading.readabilityHandler = { handle in
        let text = String(decoding: handle.availableData, as: UTF8.self)
        log.withLock { $0 += text }
    }
    try process.run()
    defer {
        output.fileHandleForReading.readabilityHandler = nil
        if process.isRunning { process.terminate() }
    }

    var port: Int?
    for _ in 0..<500 where port == nil {
        let text = log.withLock { $0 }
        if let range = text.range(of: #"port=(\d+)"#, options: .regularExpression) {
            port = Int(text[range].dropFirst("port=".count))
        } else {
            Thread.sleep(forTimeInterval: 0.02)
        }
    }
    let boundPort = try #require(port)
    #expect(log.withLock { $0 }.contains("workers=1"))

    let body = #"{"bounds":{"width":100,"height":100},"root":{"type":"rect","id":"r"}}"#
    let fd = try connectLoopback(boundPort)
    defer { close(fd) }
    let split = body.index(body.startIndex, offsetBy: 20)
    sendAll(fd, "POST /v1/layout HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body[..<split])
    Thread.sleep(forTimeInterval: 0.2)
    kill(process.processIdentifier, SIGTERM)
    Thread.sleep(forTimeInterval: 0.2)
    sendAll(fd, String(body[split...]))

    let response = readToEnd(fd)
    #expect(response.hasPrefix("HTTP/1.1 200 OK\r\n"))
    #expect(response.contains("Connection: close\r\n"))
    #expect(response.contains(#""r":{"x":0,"y":0,"width":100,"height":100}"#))

    // New connections are refused once draining, and the process exits 0.
    process.waitUntilExit()
    #expect(process.terminationReason == .exit)
    #expect(process.terminationStatus == 0)
    // The handler may not have seen the last lines yet: read what remains in the pipe.
    output.fileHandleForReading.readabilityHandler = nil
    let rest = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect((log.withLock { $0 } + rest).contains("stopped"))
}

@Test func invalidSettingsAreRejectedBeforeStarting() throws {
    let executable = try #require(layoutdExecutable())
    for (arguments, environment) in [
        (["serve", "--port", "70000"], [String: String]()),
        (["serve"], ["LAYOUTD_WORKERS": "zero"]),
        (["serve", "--max-connections", "0"], [:]),
        (["serve", "--tls-cert", "/tmp/only-a-cert.pem"], [:]),
    ] {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus != 0, "\(arguments) \(environment)")
    }
}
