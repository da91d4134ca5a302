import Foundation
import LayoutClient

/// `--bench N`: N layouts of a 200-row feed through the client, sent whole each time and
/// then as session updates (one row's text changes per update, so `update` sends patches).
/// Prints request size and latency per mode.
enum ClientBench {
    struct Feed: View {
        let rows: Int
        let changed: Int
        let round: Int

        var body: some View {
            ScrollView {
                VStack(alignment: .leading, spacing: 0) {
                    for row in 0..<rows {
                        HStack {
                            Image(width: 40, height: 40)
                            Text(row == changed ? "Message \(row), edit \(round)" : "Message \(row)").lineLimit(2)
                            Spacer()
                        }
                        .padding(.horizontal, 16)
                        .id("row-\(row)")
                    }
                }
            }
            .id("feed")
        }
    }

    struct Row {
        let mode: String
        var bytes: [Int] = []
        var millis: [Double] = []
    }

    static func run(client: LayoutClient, count: Int) async throws {
        let bounds = Bounds(width: 390, height: 844)
        // Every tree differs from the last (one row's text), so the layout cache cannot answer.
        var whole = Row(mode: "whole tree")
        for round in 0..<count {
            let feed = Feed(rows: 200, changed: round % 200, round: round)
            let started = ContinuousClock.now
            let response = try await client.layout(feed, bounds: bounds)
            whole.millis.append(milliseconds(ContinuousClock.now - started))
            whole.bytes.append(response.transfer?.requestBytes ?? 0)
        }
        // The client's own share: building the tree from the DSL and writing its JSON.
        var clientOnly = Row(mode: "client: build+encode")
        for round in 0..<count {
            let started = ContinuousClock.now
            let bytes = Feed(rows: 200, changed: round % 200, round: round).resolvedNode.json.encoded
            clientOnly.millis.append(milliseconds(ContinuousClock.now - started))
            clientOnly.bytes.append(bytes.count)
        }
        var patched = Row(mode: "session update")
        let session = client.session("bench-\(UUID().uuidString)")
        _ = try await session.update(Feed(rows: 200, changed: -1, round: 0), bounds: bounds)
        for round in 0..<count {
            let feed = Feed(rows: 200, changed: round % 200, round: round)
            let started = ContinuousClock.now
            let response = try await session.update(feed, bounds: bounds)
            patched.millis.append(milliseconds(ContinuousClock.now - started))
            patched.bytes.append(response.transfer?.requestBytes ?? 0)
        }
        try await session.end()
        print("mode                  requests  request bytes  p50 ms  p90 ms  p99 ms")
        for row in [clientOnly, whole, patched] {
            let sorted = row.millis.sorted()
            print(
                row.mode.padding(toLength: 22, withPad: " ", startingAt: 0) + pad(String(count), 8)
                    + pad(String(row.bytes.reduce(0, +) / max(1, row.bytes.count)), 15)
                    + pad(format(percentile(sorted, 0.5)), 8) + pad(format(percentile(sorted, 0.9)), 8)
                    + pad(format(percentile(sorted, 0.99)), 8))
        }
    }

    private static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }

    private static func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let index = min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded()))
        return sorted[index]
    }

    private static func format(_ value: Double) -> String { String(format: "%.2f", value) }

    private static func pad(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }
}
