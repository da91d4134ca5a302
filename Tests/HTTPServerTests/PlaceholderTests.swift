import Testing
@testable import HTTPServer
@Test func placeholder() { #expect(1 + 1 == 2) }
