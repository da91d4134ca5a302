import Foundation
import LayoutEngine
import Testing
import Synchronization
import TextShaping

/// Discovery, bad input and bounds of the real-font measurer.
@Suite struct FontLibraryTests {
    @Test func listsTheInstalledFamiliesAndAhem() throws {
        let library = try FontLibrary()
        let names = library.families.map(\.name)
        for family in ["Ahem", "DejaVu Sans", "DejaVu Serif", "Liberation Sans", "Liberation Serif"] {
            #expect(names.contains(family))
        }
        #expect(library.defaultFamily == "DejaVu Sans")
        #expect(library.family(named: "dejavu sans") == "DejaVu Sans")
        let dejaVu = try #require(library.families.first { $0.name == "DejaVu Sans" })
        #expect(dejaVu.faces.contains { $0.weight == 700 && !$0.italic })
    }

    @Test func anUnknownFamilyIs422NamingTheKnownOnes() throws {
        let library = try FontLibrary()
        let body = #"{"bounds":{"width":100,"height":100},"root":{"type":"text","text":"a","font":{"family":"Helvetica Neue"}}}"#
        #expect(throws: Problem.self) { try RequestDecoder.decode(Array(body.utf8), fonts: library) }
        do {
            _ = try RequestDecoder.decode(Array(body.utf8), fonts: library)
        } catch {
            #expect(error.status == 422)
            #expect(error.errors.first?.pointer == "/root/font/family")
            #expect(error.detail.contains("DejaVu Sans") && error.detail.contains("Liberation Serif"))
        }
        let fallback = #"{"bounds":{"width":100,"height":100},"root":{"type":"text","text":"a","font":{"family":"Helvetica Neue","fallback":true}}}"#
        #expect(throws: Never.self) { try RequestDecoder.decode(Array(fallback.utf8), fonts: library) }
    }

    @Test func aBrokenFontFileIsLoggedAndSkipped() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("layoutd-fonts-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("not a font".utf8).write(to: directory.appendingPathComponent("broken.ttf"))
        var lines: [String] = []
        let library = try FontLibrary(fontDirectories: [directory.path]) { lines.append($0) }
        #expect(lines.count == 1)
        #expect(lines.first?.contains("broken.ttf") == true)
        #expect(library.family(named: "DejaVu Sans") != nil)
    }

    @Test func aHundredThousandCharacterWordIsMeasured() throws {
        // DejaVu Sans "a" advances 1255/2048 em (hmtx): at 10pt, 100,000 of them are
        // 612,792.96875 wide, on one line of (1901 + 483)/2048 × 10 = 11.640625.
        let library = try FontLibrary()
        let word = String(repeating: "a", count: 100_000)
        let body = #"{"bounds":{"width":null,"height":null},"root":{"type":"text","id":"t","text":"\#(word)","font":{"family":"DejaVu Sans","size":10}}}"#
        let frames = try ChromiumTextFixtureTests.frames(Data(body.utf8), library)
        #expect(abs((frames["t"]?.width ?? 0) - 612_792.96875) < 1e-6)
        #expect(abs((frames["t"]?.height ?? 0) - 11.640625) < 1e-9)
    }

    @Test func aMegabyteOfTextWrapsIntoWholeLines() throws {
        let library = try FontLibrary()
        let text = String(repeating: "layout ", count: 150_000)  // 1.05 MB
        let body = #"{"bounds":{"width":390,"height":null},"root":{"type":"text","id":"t","text":"\#(text)","font":{"family":"DejaVu Sans","size":10}}}"#
        let frame = try #require(try ChromiumTextFixtureTests.frames(Data(body.utf8), library)["t"])
        let lines = frame.height / 11.640625
        #expect(abs(lines - lines.rounded()) < 1e-6)
        #expect(lines > 1_000)
        #expect(frame.width <= 390)
    }
}

extension FontLibraryTests {
    @Test func threadsShapeAsOneThreadDoes() throws {
        // One library serves every worker thread: faces are chosen under its lock and
        // shaped with immutable HarfBuzz fonts, so concurrent shaping gives the same runs.
        let library = try FontLibrary()
        let texts = (0..<64).map { "Zürich \($0) well-known café — office \($0 * 7)" }
        var serif = TextFont(family: "Liberation Serif")
        serif.size = 15
        let font = serif
        let expected = texts.map { library.shape($0, font: font).segments }
        let fresh = try FontLibrary(shapeCacheUnits: 0)  // every call shapes
        let results = Mutex<[Int: [TextSegment]]>([:])
        DispatchQueue.concurrentPerform(iterations: texts.count) { index in
            let segments = fresh.shape(texts[index], font: font).segments
            results.withLock { $0[index] = segments }
        }
        let shaped = results.withLock { $0 }
        for index in texts.indices { #expect(shaped[index] == expected[index]) }
    }
}
