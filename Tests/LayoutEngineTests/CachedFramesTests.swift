import Foundation
import Testing
import Workloads

@testable import LayoutEngine

/// The layout cache's entries: large ones in pages of their own, small ones on the heap,
/// and either read back byte for byte.
@Suite struct CachedFramesTests {
    static let page = 4096

    @Test func largeFramesAreMappedAndChargedInWholePages() {
        let frames = (0..<(CachedFrames.mappedFrom + 1_000)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let cached = CachedFrames(copying: frames)
        // 66,536 bytes take 17 pages of 4 KiB.
        #expect(cached.footprint == 17 * Self.page)
        #expect(cached.withUnsafeBytes { Array($0) } == frames)
        let array = cached.array(reservingExtra: 300)
        #expect(array == frames)
        #expect(array.capacity >= frames.count + 300)
    }

    @Test func smallFramesStayOnTheHeapAtTheirSize() {
        var roomy: [UInt8] = []
        roomy.reserveCapacity(10_000)
        roomy.append(contentsOf: (0..<1_000).map { UInt8(truncatingIfNeeded: $0) })
        let cached = CachedFrames(copying: roomy)
        // Copied to its size: charged about 1,000 bytes, not the 10,000 reserved.
        #expect(cached.footprint >= 1_000 && cached.footprint < 1_100)
        #expect(cached.withUnsafeBytes { Array($0) } == roomy)
        #expect(cached.array(reservingExtra: 0) == roomy)
    }

    /// An entry let go leaves its mapping for the next of about its size: resident pages,
    /// not fresh ones to fault in; past the pool's bound a mapping is unmapped.
    @Test func aReleasedMappingServesTheNextEntryOfItsSize() throws {
        let pool = MappingPool(maxBytes: 1 << 20)
        let size = 300_000  // 74 pages of 4 KiB
        // (Made in a closure of its own, so that it is let go when the closure returns.)
        let address = try { () throws -> UnsafeRawPointer? in
            try #require(MappedBytes(copying: [UInt8](repeating: 1, count: size), pool: pool)).bytes.baseAddress
        }()
        #expect(pool.bytes == 74 * Self.page)
        let second = try #require(MappedBytes(copying: [UInt8](repeating: 2, count: size - 5_000), pool: pool))
        #expect(second.bytes.baseAddress == address)
        #expect(second.bytes.count == size - 5_000)
        #expect(second.bytes.allSatisfy { $0 == 2 })
        #expect(second.mappedCount == 74 * Self.page)
        #expect(pool.bytes == 0)
        // A much smaller entry does not take a large mapping (at most a quarter more).
        let small = try #require(MappedBytes(copying: [UInt8](repeating: 3, count: 100_000), pool: pool))
        #expect(small.mappedCount == 25 * Self.page)
        // Mappings past the bound are not kept: 4 × 74 pages are over 1 MiB.
        try {
            let many = try (0..<4).map { _ in try #require(MappedBytes(copying: [UInt8](repeating: 4, count: size), pool: pool)) }
            #expect(many.count == 4)
        }()
        #expect(pool.bytes == 3 * 74 * Self.page)
    }

    /// A layout whose frames are mapped answers both kinds of hit with the miss's frames:
    /// by the same bytes (the server's I/O path) and by the same tree in other bytes.
    @Test func mappedEntriesAnswerHits() throws {
        let runtime = LayoutRuntime()
        let text = TreeGenerator(nodeCount: 2_000, seed: 3).requestJSON()
        let body = Array(text.utf8)
        let miss = try runtime.layout(body).get()
        #expect(!miss.cacheHit)
        let framesPart = try #require(Self.frames(miss.body))
        #expect(framesPart.count >= CachedFrames.mappedFrom)  // (so the entry was mapped)

        let byBody = try #require(runtime.cachedLayout(runtime.bodyKey(body, tenant: "")))
        #expect(byBody.cacheHit)
        #expect(Self.frames(byBody.body) == framesPart)

        let byTree = try runtime.layout(Array((text + "\n ").utf8)).get()
        #expect(byTree.cacheHit)
        #expect(Self.frames(byTree.body) == framesPart)
    }

    /// The response up to its `"cache"` member: the frames as encoded.
    static func frames(_ body: [UInt8]) -> [UInt8]? {
        let marker = Array(#","cache":"#.utf8)
        guard body.count >= marker.count else { return nil }
        for start in 0...(body.count - marker.count) where body[start..<(start + marker.count)].elementsEqual(marker) {
            return Array(body[..<start])
        }
        return nil
    }
}
