import Foundation
import HTTPServer
import Testing
@testable import LayoutClient

@Suite(.serialized) struct TransportTests {
    @Test func aSlowAnswerTimesOutAsATransportError() async throws {
        let server = try TestServer(intercept: { request in
            guard request.path == "/v1/layout" else { return nil }
            Thread.sleep(forTimeInterval: 2.5)
            return nil
        })
        defer { server.stop() }
        do {
            _ = try await server.client(timeout: 1).layout(Rectangle(), bounds: Bounds(width: 10, height: 10))
            Issue.record("a 2.5 s answer beat a 1 s timeout")
        } catch let error as LayoutClientError {
            guard case .transport = error else { return #expect(Bool(false), "\(error)") }
        }
        // Had the client waited for the answer, it would have been a 200 (the intercept lets
        // the service answer after its sleep): the error is the timeout's.
        #expect(server.layoutRequests.value == 1)
    }

    @Test func httpsVerifiesTheServersCertificate() async throws {
        // A self-signed certificate no trust store holds: URLSession must refuse it.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("layoutd-client-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let key = directory.appendingPathComponent("key.pem").path
        let certificate = directory.appendingPathComponent("cert.pem").path
        let openssl = Process()
        openssl.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        openssl.arguments = [
            "openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout", key,
            "-out", certificate, "-days", "1", "-subj", "/CN=localhost", "-addext", "subjectAltName=IP:127.0.0.1",
        ]
        openssl.standardError = FileHandle.nullDevice
        try openssl.run()
        openssl.waitUntilExit()
        try #require(openssl.terminationStatus == 0)
        let server = try TestServer(tls: TLSConfiguration(certificateChainPath: certificate, privateKeyPath: key))
        defer { server.stop() }
        let url = try #require(URL(string: "https://127.0.0.1:\(server.server.port)"))
        let client = LayoutClient(configuration: LayoutClientConfiguration(baseURL: url, timeout: 5, retry: .never))
        do {
            _ = try await client.layout(Rectangle(), bounds: Bounds(width: 10, height: 10))
            Issue.record("an untrusted certificate was accepted")
        } catch let error as LayoutClientError {
            guard case .transport(let detail) = error else { return #expect(Bool(false), "\(error)") }
            // libcurl's words for a failed verification (FoundationNetworking on Linux).
            #expect(detail.lowercased().contains("certificate") || detail.contains("-1202") || detail.contains("SSL"), "\(detail)")
        }
        // The handshake failed before any request reached the service.
        #expect(server.layoutRequests.value == 0)
        #expect(server.connectionsOpened.value >= 1)
    }
}
