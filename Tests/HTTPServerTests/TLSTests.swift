import Foundation
import Testing
@testable import HTTPServer

/// Runs a command; returns its exit status and standard output.
@discardableResult
func run(_ executable: String, _ arguments: [String], timeout: Double = 20) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [executable] + arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(timeout)
    let data = output.fileHandleForReading.readDataToEndOfFile()
    while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

/// A self-signed certificate for localhost/127.0.0.1, made with the `openssl` command.
struct TestCertificate {
    let directory: URL
    var certificatePath: String { directory.appendingPathComponent("cert.pem").path }
    var keyPath: String { directory.appendingPathComponent("key.pem").path }

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("layoutd-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let result = try run("openssl", [
            "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
            "-keyout", directory.appendingPathComponent("key.pem").path,
            "-out", directory.appendingPathComponent("cert.pem").path,
            "-days", "1", "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
        ])
        guard result.status == 0 else { throw RawClient.Failure(description: "openssl req failed") }
    }
}

@Suite(.serialized) struct TLSTests {
    let certificate: TestCertificate
    let server: TestServer

    init() throws {
        certificate = try TestCertificate()
        let certificate = certificate
        server = try TestServer {
            $0.tls = TLSConfiguration(certificateChainPath: certificate.certificatePath, privateKeyPath: certificate.keyPath)
            $0.tlsHandshakeTimeout = .seconds(2)
        }
    }

    private func curl(_ extra: [String]) throws -> (status: Int32, output: String) {
        try run("curl", ["-sS", "--max-time", "10", "--resolve", "localhost:\(server.port):127.0.0.1"] + extra)
    }

    @Test func curlWithCACertificate() throws {
        let result = try curl(["--cacert", certificate.certificatePath, "https://localhost:\(server.port)/hello"])
        #expect(result.status == 0)
        #expect(result.output == "hello")
    }

    @Test func curlInsecurePostAndKeepAlive() throws {
        let url = "https://localhost:\(server.port)/echo"
        let result = try curl(["-k", "--data-binary", "payload", url, "--next", "-k", "https://localhost:\(server.port)/hello"])
        #expect(result.status == 0)
        #expect(result.output == "payloadhello")
    }

    @Test func manyParallelHandshakes() throws {
        let urls = (0..<60).map { _ in "https://localhost:\(server.port)/hello" }
        let result = try curl(["-k", "--parallel", "--parallel-max", "30"] + urls)
        #expect(result.status == 0)
        #expect(result.output == String(repeating: "hello", count: 60))
    }

    @Test func curlCannotUseTLS11() throws {
        let result = try curl(["-k", "--tlsv1.0", "--tls-max", "1.1", "https://localhost:\(server.port)/hello"])
        #expect(result.status != 0)
    }

    @Test func pythonHTTPClientWithSSL() throws {
        let script = """
            import http.client, ssl, sys
            context = ssl.create_default_context(cafile=sys.argv[2])
            connection = http.client.HTTPSConnection("localhost", int(sys.argv[1]), context=context, timeout=10)
            bodies = []
            for i in range(3):
                connection.request("POST", "/echo", body=("python%d" % i).encode())
                response = connection.getresponse()
                assert response.status == 200, response.status
                assert response.getheader("Server") == "layoutd"
                bodies.append(response.read().decode())
            connection.request("HEAD", "/hello")
            head = connection.getresponse()
            assert head.getheader("Content-Length") == "5"
            head.read()
            print(",".join(bodies), end="")
            """
        let result = try run("python3", ["-c", script, String(server.port), certificate.certificatePath])
        #expect(result.status == 0)
        #expect(result.output == "python0,python1,python2")
    }

    @Test func plaintextClientOnTLSPortGets400InPlaintextAndOthersServed() throws {
        let plain = try RawClient(port: server.port)
        plain.send("GET /hello HTTP/1.1\r\nHost: x\r\n\r\n")
        // An answer it can read (as nginx gives), not a reset; then the connection ends.
        let response = try plain.readResponse()
        #expect(response.status == 400)
        #expect(response.header("Connection") == "close")
        #expect(response.bodyText.contains("plaintext HTTP request"))
        #expect(plain.isClosedByPeer(within: 3))
        // Garbage that is neither TLS nor HTTP is still just closed.
        let garbage = try RawClient(port: server.port)
        garbage.send([0x00, 0x01, 0x02, 0x03])
        #expect(garbage.isClosedByPeer(within: 3))
        let result = try curl(["-k", "https://localhost:\(server.port)/hello"])
        #expect(result.output == "hello")
    }

    @Test func silentClientDoesNotBlockOthersAndIsCutAtHandshakeDeadline() throws {
        let silent = try RawClient(port: server.port)
        let start = Date()
        let result = try curl(["-k", "https://localhost:\(server.port)/hello"])
        #expect(result.output == "hello")
        // Had the silent client blocked the server, curl would wait for its 2 s deadline.
        #expect(Date().timeIntervalSince(start) < 1.5)
        #expect(silent.isClosedByPeer(within: 4))
        #expect(Date().timeIntervalSince(start) < 4)
    }

    @Test func badCertificatePathFailsAtInit() {
        var configuration = HTTPServerConfiguration()
        configuration.port = 0
        configuration.tls = TLSConfiguration(certificateChainPath: "/nonexistent.pem", privateKeyPath: certificate.keyPath)
        #expect(throws: ServerError.self) { _ = try HTTPServer(configuration: configuration) { _ in HTTPResponse(status: 200) } }
    }
}
