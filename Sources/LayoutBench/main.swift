import AllocatorSettings
import LayoutEngine
import Workloads
#if canImport(Glibc)
import Glibc
#endif

/// Decode, layout and encode time per node for generated SwiftUI trees of 1k, 10k and
/// 100k nodes (stacks, padding, frames, spacers, text). Run in release:
///     swift run -c release layoutd-bench [--quick]
let quick = CommandLine.arguments.contains("--quick")
// The allocator as `layoutd serve` sets it, so that these figures are the server's.
AllocatorSettings.apply()
/// `--only decode|layout|encode|incremental|move|patch|hit [NODES] [--runs N]` repeats one
/// phase (for profilers); `incremental` alternates two session requests differing in one leaf, `patch` sends
/// that change as patches, `move` alternates two differing in a leaf whose change moves 1,160 nodes.
/// A missing or unknown phase is refused (it used to read past the arguments, or run
/// `encode` for any other word).
let only: String? = {
    guard let flag = CommandLine.arguments.firstIndex(of: "--only") else { return nil }
    let phases = ["decode", "layout", "encode", "incremental", "move", "patch", "hit"]
    guard flag + 1 < CommandLine.arguments.count, phases.contains(CommandLine.arguments[flag + 1]) else {
        let message = "layoutd-bench: --only takes one of \(phases.joined(separator: ", "))\n"
        _ = message.withCString { write(2, $0, strlen($0)) }
        exit(2)
    }
    return CommandLine.arguments[flag + 1]
}()
let clock = LayoutClock.continuous
/// The engine without caches: every layout computed afresh.
let runtime = LayoutRuntime(configuration: .uncached)

// Early exits: after the globals above, which they use.
/// `--emit-tree N` prints one generated request of N nodes and exits (for other tools).
if let flag = CommandLine.arguments.firstIndex(of: "--emit-tree"), flag + 1 < CommandLine.arguments.count,
    let count = Int(CommandLine.arguments[flag + 1])
{
    print(TreeGenerator(nodeCount: count, seed: 42).requestJSON())
    exit(0)
}
/// `--flex [DIR]` lays out only Taffy's benchmark trees: those written by
/// `python3 tools/taffy_bench/taffy_bench.py --emit DIR`, or without DIR the same trees made here.
if let flag = CommandLine.arguments.firstIndex(of: "--flex") {
    let next = flag + 1 < CommandLine.arguments.count ? CommandLine.arguments[flag + 1] : nil
    let directory = next.flatMap { $0.hasPrefix("--") ? nil : $0 }
    runFlexBenchmark(directory: directory)
    exit(0)
}

/// `--incremental [N]` prints only the incremental table (full layout, one-leaf relayout,
/// patches), for a 10,000-node tree unless N is given.
if let flag = CommandLine.arguments.firstIndex(of: "--incremental") {
    let nodes = flag + 1 < CommandLine.arguments.count ? Int(CommandLine.arguments[flag + 1]) ?? 10_000 : 10_000
    incrementalTable(nodes: nodes, runs: quick ? 9 : 21)
    exit(0)
}

/// `--text` runs only the text-heavy screens.
if CommandLine.arguments.contains("--text") {
    textTable(nodes: 1_000, runs: quick ? 11 : 41)
    textTable(nodes: 10_000, runs: quick ? 5 : 11)
    exit(0)
}

/// The median of `runs` timings of `body`, in nanoseconds.
func median(runs: Int, _ body: () -> Void) -> Double {
    var samples: [UInt64] = []
    for _ in 0..<runs {
        let start = clock.nanoseconds()
        body()
        samples.append(clock.nanoseconds() - start)
    }
    samples.sort()
    return Double(samples[samples.count / 2])
}

func pad(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(width - text.count, 0)) + text
}

func format(_ value: Double, decimals: Int = 1) -> String {
    let scale = Double([1, 10, 100, 1000][min(decimals, 3)])
    let rounded = (value * scale).rounded() / scale
    return decimals == 0 ? String(Int(rounded)) : String(rounded)
}


/// Node counts given on the command line (not the number after `--runs`).
let sizes = CommandLine.arguments.indices.dropFirst().compactMap { index in
    CommandLine.arguments[index - 1] == "--runs" ? nil : Int(CommandLine.arguments[index])
}
let tableSizes = !sizes.isEmpty ? sizes : (quick ? [1_000, 10_000] : [1_000, 10_000, 100_000])
/// `--ratios [NODES...]` prints only the interleaved SwiftUI ÷ flex table (issue 11's bar).
if CommandLine.arguments.contains("--ratios") {
    printInterleavedRatios(sizes: tableSizes, rounds: quick ? 3 : 5)
    exit(0)
}
print("layoutd-bench: SwiftUI trees (median of runs; ns per node; decode MB/s on the request bytes)")
let header = ["nodes", "bytes", "decode ms", "layout ms", "encode ms", "total ms", "decode ns/n", "layout ns/n", "encode ns/n", "decode MB/s", "measured/n", "hash ns/n"]
print(header.map { pad($0, 12) }.joined())
/// `--runs N`: how many times an `--only` phase repeats (fewer under callgrind).
let loopRuns = CommandLine.arguments.firstIndex(of: "--runs").flatMap { flag in
    flag + 1 < CommandLine.arguments.count ? Int(CommandLine.arguments[flag + 1]) : nil
}
if only == "incremental" {
    incrementalLoop(nodes: sizes.first ?? 10_000, runs: max(loopRuns ?? 400, 1))
    exit(0)
}
if only == "move" {
    movingLoop(nodes: sizes.first ?? 10_000, runs: max(loopRuns ?? 400, 1))
    exit(0)
}
if only == "patch" {
    patchLoop(nodes: sizes.first ?? 10_000, runs: max(loopRuns ?? 4_000, 1))
    exit(0)
}
/// `--only hit`: layout-cache hits of one plain body (the server's hot path), for a profiler.
if only == "hit" {
    let body = Array(TreeGenerator(nodeCount: sizes.first ?? 10_000, seed: 42).requestJSON().utf8)
    let cached = LayoutRuntime()
    _ = cached.layout(body)
    for _ in 0..<2_000 {
        guard case .success(let response) = cached.layout(body), response.cacheHit else { fatalError("no cache hit") }
    }
    exit(0)
}
/// `--only PHASE FILE.json`: the phase on a request read from a file (one of `--flex`'s
/// trees, say), so that a profiler or `perf stat` sees the same work for both engines.
let onlyFile = CommandLine.arguments.dropFirst().first { $0.hasSuffix(".json") }
if let only {
    let body =
        onlyFile.flatMap(requestFileBytes)
        ?? Array(TreeGenerator(nodeCount: sizes.first ?? 10_000, seed: 42).requestJSON().utf8)
    guard let request = try? RequestDecoder.decode(body) else { fatalError("generated tree refused") }
    var result = runtime.layout(request)
    for _ in 0..<max(loopRuns ?? 200, 0) {
        switch only {
        case "decode": _ = try? RequestDecoder.decode(body)
        case "layout": result = runtime.layout(request)
        default: _ = runtime.encode(request, result)
        }
    }
    exit(0)
}
/// One row of the table: decode, layout and encode of `body`, median of `runs`.
func benchmarkRow(_ body: [UInt8], runs: Int) {
    let request: LayoutRequest
    do {
        request = try RequestDecoder.decode(body)
    } catch {
        print("generated tree refused: \(error.detail)")
        return
    }
    let nodes = request.tree.nodeCount
    let decode = median(runs: runs) { _ = try? RequestDecoder.decode(body) }
    var result = runtime.layout(request)
    let layout = median(runs: runs) { result = runtime.layout(request) }
    var encoded: [UInt8] = []
    let encode = median(runs: runs) { encoded = runtime.encode(request, result) }
    precondition(!encoded.isEmpty)
    // The structural hash (SipHash-2-4/128 per subtree) a cached or session request adds.
    var hashes: [TreeHash] = []
    let hash = median(runs: runs) { hashes = request.tree.subtreeHashes() }
    precondition(hashes.count == nodes)
    let row = [
        String(nodes), String(body.count), format(decode / 1e6, decimals: 3), format(layout / 1e6, decimals: 3),
        format(encode / 1e6, decimals: 3), format((decode + layout + encode) / 1e6, decimals: 3),
        format(decode / Double(nodes)), format(layout / Double(nodes)), format(encode / Double(nodes)),
        format(Double(body.count) / (decode / 1e9) / 1e6, decimals: 0),
        format(Double(result.measured) / Double(nodes)), format(hash / Double(nodes)),
    ]
    print(row.map { pad($0, 12) }.joined())
    fflush(nil)
}

for size in tableSizes {
    let body = Array(TreeGenerator(nodeCount: size, seed: 42).requestJSON().utf8)
    benchmarkRow(body, runs: size >= 100_000 ? 7 : (size >= 10_000 ? 21 : 101))
}
print("stacks of rigid views (\(RigidStacks.rows) rows × \(RigidStacks.cells) padded cells × \(RigidStacks.views) views):")
benchmarkRow(Array(RigidStacks.requestJSON().utf8), runs: quick ? 9 : 21)

// Flex at the same sizes, in the same run; then the SwiftUI trees' layout per node over
// each flex tree's, timed interleaved (issue 11's bar: SwiftUI stacks no slower per node
// than flex).
print("")
runFlexBenchmark(targets: tableSizes)
printInterleavedRatios(sizes: tableSizes, rounds: quick ? 3 : 5)
print("")

incrementalTable(nodes: quick ? 2_000 : 10_000, runs: quick ? 9 : 21)
textTable(nodes: 1_000, runs: quick ? 11 : 41)
textTable(nodes: 10_000, runs: quick ? 5 : 11)
