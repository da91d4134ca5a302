import Testing
@testable import LoadGenerator

/// The repeat-ratio maths that lets a run aim at a layout-cache hit rate.
@Suite struct RepeatScheduleTests {
    func draws(_ count: Int, ratio: Double, corpus: Int = 64, seed: UInt64 = 7) -> [Draw] {
        var schedule = RepeatSchedule(corpusSize: corpus, repeatRatio: ratio, seed: seed)
        return (0..<count).map { _ in schedule.next() }
    }

    @Test func ninetyPercentRepeats() {
        let sequence = draws(1000, ratio: 0.9)
        let repeats = sequence.filter(\.isRepeat).count
        // Binomial(999, 0.9): standard deviation ≈ 9.5, so ±40 is over 4 sigma.
        #expect((860...940).contains(repeats), "\(repeats) repeats")
        // A repeat re-sends a tree of the hot set that was sent before it.
        var sent = Set<Int>()
        for draw in sequence {
            if draw.isRepeat {
                #expect(sent.contains(draw.treeIndex))
                #expect(draw.treeIndex < 64)
            } else {
                #expect(!sent.contains(draw.treeIndex))
                sent.insert(draw.treeIndex)
            }
        }
    }

    @Test(arguments: [0.25, 0.5, 0.75])
    func ratioIsMet(ratio: Double) {
        let repeats = draws(10_000, ratio: ratio).filter(\.isRepeat).count
        #expect(abs(Double(repeats) / 10_000 - ratio) < 0.02)
    }

    @Test func sameSeedSameSequence() {
        #expect(draws(1000, ratio: 0.5, seed: 3) == draws(1000, ratio: 0.5, seed: 3))
        #expect(draws(1000, ratio: 0.5, seed: 3) != draws(1000, ratio: 0.5, seed: 4))
    }

    @Test func ratioZeroNeverRepeats() {
        let sequence = draws(1000, ratio: 0)
        #expect(sequence.allSatisfy { !$0.isRepeat })
        #expect(sequence.map(\.treeIndex) == Array(0..<1000))
    }

    @Test func ratioOneRepeatsTheFirstTree() {
        let sequence = draws(100, ratio: 1)
        #expect(sequence.first == Draw(treeIndex: 0, isRepeat: false))
        #expect(sequence.dropFirst().allSatisfy { $0 == Draw(treeIndex: 0, isRepeat: true) })
    }

    @Test func corpusIsDeterministicAndExtendsBySeed() {
        let corpus = Corpus(size: 4, nodeCount: 30, seed: 9)
        let again = Corpus(size: 2, nodeCount: 30, seed: 9)
        // Trees past the stored corpus are generated with the same formula.
        #expect(corpus.body(3) == again.body(3))
        #expect(corpus.body(0) == again.body(0))
        let distinct = Set((0..<8).map { corpus.body($0) })
        #expect(distinct.count == 8)
        #expect(Corpus(size: 1, nodeCount: 30, seed: 10).body(0) != corpus.body(0))
    }

    @Test func countBoundedRunsPregenerateTheirNewTrees() {
        var configuration = LoadConfiguration(target: TargetURL(host: "127.0.0.1", port: 1, path: "/"))
        configuration.requests = 1000
        #expect(Corpus.pregenerateCount(for: configuration) == 1000)
        configuration.repeatRatio = 0.9
        let count = Corpus.pregenerateCount(for: configuration)
        #expect(count == draws(1000, ratio: 0.9, seed: 1).filter { !$0.isRepeat }.count)
        // Within the memory budget; a duration-bound run keeps only the hot set.
        configuration.repeatRatio = 0
        #expect(Corpus.pregenerateCount(for: configuration, budgetBytes: 90 * 50 * 100) == 100)
        configuration.requests = nil
        #expect(Corpus.pregenerateCount(for: configuration) == 64)
    }
}
