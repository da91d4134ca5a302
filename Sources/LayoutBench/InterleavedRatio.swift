import LayoutEngine
import Workloads
#if canImport(Glibc)
import Glibc
#endif

/// The SwiftUI screens' layout per node over each flex tree's, measured interleaved: for
/// each flex tree, each round times the SwiftUI tree and then that tree (each the median
/// of several layouts after one unmeasured), and takes the ratio within the round. Printed
/// is the median of the rounds' ratios, with their range. (Dividing medians taken seconds
/// apart let the machine's drift between the two tables into the ratio: at 100k nodes it
/// moved by a tenth from run to run. Pairs, not all four trees in a round: after the
/// 100k-node deep tree, whose flex memo is the largest, the next layouts ran slower.)
func printInterleavedRatios(sizes: [Int], rounds: Int) {
    print("SwiftUI trees ÷ flex trees, layout ns per node, interleaved (≤ 1: SwiftUI no slower per node;")
    print("median of \(rounds) rounds' ratios, [lowest–highest] after it)")
    let trees = TaffyBenchTree.allCases
    print((["nodes", "SwiftUI ns/n"] + trees.map(\.rawValue)).map { pad($0, 20) }.joined())
    for size in sizes {
        guard let swiftUI = decodedRequest(Array(TreeGenerator(nodeCount: size, seed: 42).requestJSON().utf8)) else {
            continue
        }
        let layouts = size >= 100_000 ? 9 : (size >= 10_000 ? 21 : 101)
        var swiftUIPerNode: [Double] = []
        let cells = trees.map { tree -> String in
            guard let flex = decodedRequest(Array(tree.requestJSON(nodes: size).utf8)) else { return "-" }
            var ratios: [Double] = []
            for _ in 0..<rounds {
                let own = perNode(swiftUI, layouts: layouts)
                swiftUIPerNode.append(own)
                ratios.append(own / perNode(flex, layouts: layouts))
            }
            ratios.sort()
            return "\(format(middle(ratios), decimals: 2)) [\(format(ratios[0], decimals: 2))–\(format(ratios[ratios.count - 1], decimals: 2))]"
        }
        print(([String(size), format(middle(swiftUIPerNode.sorted()))] + cells).map { pad($0, 20) }.joined())
        fflush(nil)
    }
}

/// A request decoded, nil (with a line saying so) when refused.
private func decodedRequest(_ body: [UInt8]) -> LayoutRequest? {
    do {
        return try RequestDecoder.decode(body)
    } catch {
        print("tree refused: \(error.detail)")
        return nil
    }
}

/// The median layout time of `request` over `layouts` layouts, per node (after one unmeasured).
private func perNode(_ request: LayoutRequest, layouts: Int) -> Double {
    _ = runtime.layout(request)
    return median(runs: layouts) { _ = runtime.layout(request) } / Double(max(request.tree.nodeCount, 1))
}

/// The middle value of sorted values (the upper of the two middle ones).
private func middle(_ sorted: [Double]) -> Double { sorted.isEmpty ? .nan : sorted[sorted.count / 2] }
