/// Generates request bodies of realistic SwiftUI-style screens: nested stacks of text,
/// shapes, rigid views and spacers, with padding, frames and backgrounds.
public struct TreeGenerator: Sendable {
    public var nodeCount: Int
    public var seed: UInt64
    public var bounds: (width: Double, height: Double)

    public init(nodeCount: Int, seed: UInt64 = 1, bounds: (width: Double, height: Double) = (390, 844)) {
        self.nodeCount = nodeCount
        self.seed = seed
        self.bounds = bounds
    }

    /// A whole `POST /v1/layout` body.
    public func requestJSON(extraFields: String = "") -> String {
        var random = SplitMix64(seed: seed)
        var remaining = nodeCount - 1
        var out = "{\"bounds\":{\"width\":\(Int(bounds.width)),\"height\":\(Int(bounds.height))},\"root\":"
        out.reserveCapacity(nodeCount * 110)
        var counter = 0
        appendContainer(&out, &random, &remaining, &counter, depth: 0, vertical: true, budget: remaining)
        out += extraFields + "}"
        return out
    }

    /// A container with about `budget` descendants.
    private func appendContainer(
        _ out: inout String, _ random: inout SplitMix64, _ remaining: inout Int, _ counter: inout Int, depth: Int,
        vertical: Bool, budget: Int
    ) {
        counter += 1
        out += "{\"type\":\"\(vertical ? "vstack" : "hstack")\",\"id\":\"n\(counter)\""
        if random.next() % 3 == 0 { out += ",\"spacing\":\(random.next() % 4 * 4)" }
        appendModifiers(&out, &random, &remaining, &counter)
        out += ",\"children\":["
        var left = budget
        var first = true
        // Fan-out of 2...8; subtrees take slices of the budget so the tree is as big as asked.
        let fanOut = Int(random.next() % 7) + 2
        var slot = 0
        while left > 0 && remaining > 0 {
            if !first { out += "," }
            first = false
            let share = max(left / max(fanOut - slot, 1), 1)
            if share > 4 && depth < 40 {
                remaining -= 1
                left -= 1
                let before = remaining
                appendContainer(&out, &random, &remaining, &counter, depth: depth + 1, vertical: !vertical, budget: share - 1)
                left -= before - remaining
            } else {
                let before = remaining
                appendLeaf(&out, &random, &remaining, &counter)
                left -= before - remaining
            }
            slot += 1
        }
        out += "]}"
    }

    private func appendLeaf(_ out: inout String, _ random: inout SplitMix64, _ remaining: inout Int, _ counter: inout Int) {
        remaining -= 1
        counter += 1
        switch random.next() % 10 {
        case 0, 1, 2:
            let words = ["Inbox", "Settings", "Hello world", "Wi-Fi", "Battery 87%", "Long title that wraps", "OK"]
            out += "{\"type\":\"text\",\"id\":\"n\(counter)\",\"text\":\"\(words[Int(random.next() % UInt64(words.count))])\",\"font\":{\"size\":\(12 + random.next() % 8)}"
        case 3, 4:
            out += "{\"type\":\"rect\",\"id\":\"n\(counter)\""
        case 5:
            out += "{\"type\":\"spacer\",\"id\":\"n\(counter)\""
        case 6:
            out += "{\"type\":\"image\",\"id\":\"n\(counter)\",\"size\":{\"width\":24,\"height\":24},\"resizable\":\(random.next() % 2 == 0)"
        default:
            out += "{\"type\":\"view\",\"id\":\"n\(counter)\",\"size\":{\"width\":\(8 + random.next() % 60),\"height\":\(8 + random.next() % 40)}"
        }
        appendModifiers(&out, &random, &remaining, &counter)
        out += "}"
    }

    private func appendModifiers(_ out: inout String, _ random: inout SplitMix64, _ remaining: inout Int, _ counter: inout Int) {
        var modifiers: [String] = []
        let roll = random.next() % 8
        if roll < 3 { modifiers.append("{\"padding\":\(random.next() % 3 * 4 + 4)}") }
        if roll == 1 || roll == 4 { modifiers.append("{\"frame\":{\"maxWidth\":\"infinity\",\"alignment\":\"leading\"}}") }
        if roll == 5 { modifiers.append("{\"frame\":{\"width\":\(20 + random.next() % 80),\"height\":\(20 + random.next() % 40)}}") }
        if roll == 6, remaining > 0 {
            remaining -= 1
            counter += 1
            modifiers.append("{\"background\":{\"content\":{\"type\":\"rect\",\"id\":\"n\(counter)\"}}}")
        }
        if !modifiers.isEmpty { out += ",\"modifiers\":[" + modifiers.joined(separator: ",") + "]" }
    }
}
