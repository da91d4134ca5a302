import Testing
@testable import LayoutEngine
@Test func placeholder() { #expect(1 + 1 == 2) }
