import Foundation
import LayoutEngine
import Workloads

/// Flex layout time per node on the trees of Taffy's own benchmarks (huge-nested, wide,
/// deep; max-content bounds, no rounding, `cache: none`). Times only the layout of the
/// decoded request (as Taffy is timed on its layout call alone), median of several runs.
///
/// With `directory`, the trees are read from the files
/// `python3 tools/taffy_bench/taffy_bench.py --emit DIR` writes, and where the script also
/// wrote Taffy's frames, each row gives the largest difference from them as a cross-check
/// (Taffy is a reference, not the contract). Without, they are made here
/// (`TaffyBenchTree`, the same bytes).
func runFlexBenchmark(
    directory: String? = nil, trees: [TaffyBenchTree] = TaffyBenchTree.allCases,
    targets: [Int] = [1_000, 10_000, 100_000]
) {
    if let directory {
        print("layoutd-bench: flex trees of Taffy's benchmarks from \(directory) (layout only, median of runs;")
    } else {
        print("flex trees of Taffy's benchmarks, made as tools/taffy_bench makes them (layout only, median of runs;")
    }
    print("runs/node: flex algorithm runs per node; max Δ/taffy: largest frame difference from Taffy's, relative)")
    print(["tree", "target", "nodes", "median ms", "min ms", "ns/node", "runs", "runs/node", "max Δ/taffy"].map { pad($0, 12) }.joined())
    for tree in trees {
        for target in targets {
            let body: [UInt8]
            if let directory {
                let path = "\(directory)/\(tree.rawValue)_\(target).json"
                guard let bytes = requestFileBytes(path) else {
                    print("\(path): missing (run tools/taffy_bench/taffy_bench.py --emit \(directory))")
                    continue
                }
                body = bytes
            } else {
                body = Array(tree.requestJSON(nodes: target).utf8)
            }
            let request: LayoutRequest
            do {
                request = try RequestDecoder.decode(body)
            } catch {
                print("\(tree.rawValue) \(target): refused: \(error.detail)")
                continue
            }
            let nodes = request.tree.nodeCount
            let runs = target >= 100_000 ? 9 : (target >= 10_000 ? 31 : 201)
            var result = runtime.layout(request)
            var samples: [UInt64] = []
            for _ in 0..<runs {
                let start = clock.nanoseconds()
                result = runtime.layout(request)
                samples.append(clock.nanoseconds() - start)
            }
            samples.sort()
            let medianNanoseconds = Double(samples[samples.count / 2])
            let deviation = directory.flatMap {
                taffyDeviation(request, result, path: "\($0)/\(tree.rawValue)_\(target).taffy-frames.json")
            }
            let row = [
                tree.rawValue, String(target), String(nodes), format(medianNanoseconds / 1e6, decimals: 3),
                format(Double(samples[0]) / 1e6, decimals: 3), format(medianNanoseconds / Double(nodes)), String(runs), format(Double(result.measured) / Double(nodes)),
                deviation.map { format($0, decimals: 3) } ?? "-",
            ]
            print(row.map { pad($0, 12) }.joined())
            fflush(nil)
        }
    }
}

/// The bytes of a request file, nil when it cannot be read.
func requestFileBytes(_ path: String) -> [UInt8]? {
    FileManager.default.contents(atPath: path).map { Array($0) }
}

/// The largest difference of any frame edge from Taffy's frames (f32), if the file exists.
private func taffyDeviation(_ request: LayoutRequest, _ result: LayoutResult, path: String) -> Double? {
    guard let data = FileManager.default.contents(atPath: path),
        let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
        let frames = json["frames"] as? [String: [String: Double]]
    else { return nil }
    var largest = 0.0
    for index in 0..<request.tree.nodeCount {
        guard let expected = frames[request.tree.id(of: index)] else { continue }
        let frame = result.frames[index]
        for (ours, theirs) in [
            (frame.x, expected["x"]), (frame.y, expected["y"]), (frame.width, expected["width"]),
            (frame.height, expected["height"]),
        ] {
            guard let theirs else { continue }
            // Relative to the magnitude: Taffy works in f32.
            largest = max(largest, abs(ours - theirs) / max(1, abs(theirs)))
        }
    }
    return largest
}
