import Prometheus
import Synchronization

/// A Prometheus histogram family with one label, kept by the service rather than by
/// swift-prometheus: its `Histogram` takes a lock and compares every bucket as a
/// `Duration` on each observation, six times per request, which was a tenth of a cache
/// hit's instructions. Here an observation is one integer search and a few additions
/// under one lock, and several series (the engine's phases) are recorded under one
/// acquisition. The exposition text is the one swift-prometheus writes (cumulative
/// `_bucket` lines with its `le` spelling, `+Inf`, `_sum`, `_count`), so scrapers and
/// `promtool` see no difference.
final class LatencyHistogramFamily: Sendable {
    let name: String
    private let help: String
    private let label: String
    /// Upper bounds in nanoseconds, ascending, and their `le` text.
    private let bounds: [Int64]
    private let boundTexts: [String]

    private struct Series {
        var labelValue: String
        /// Observations per bucket (not cumulative); the last slot is above every bound.
        var counts: [Int]
        var sumNanoseconds: Int64 = 0
        var count = 0
    }

    private struct State {
        var series: [Series] = []
        var index: [String: Int] = [:]
    }

    private let state: Mutex<State>

    init(name: String, help: String, label: String, buckets: [Duration], labelValues: [String] = []) {
        self.name = name
        self.help = help
        self.label = label
        bounds = buckets.map { $0.totalNanoseconds }
        boundTexts = buckets.map(\.bucketRepresentation)
        var initial = State()
        for value in labelValues {
            initial.index[value] = initial.series.count
            initial.series.append(Series(labelValue: value, counts: Array(repeating: 0, count: buckets.count + 1)))
        }
        state = Mutex(initial)
    }

    /// The series of a label value, made on first use (label values are bounded by the caller).
    func series(for labelValue: String) -> Int {
        state.withLock { state in
            if let known = state.index[labelValue] { return known }
            state.index[labelValue] = state.series.count
            state.series.append(Series(labelValue: labelValue, counts: Array(repeating: 0, count: bounds.count + 1)))
            return state.series.count - 1
        }
    }

    func record(series: Int, nanoseconds: Int64) {
        state.withLock { state in add(nanoseconds, to: series, in: &state) }
    }

    /// One observation for each of the first five series, under one acquisition.
    func recordFirstFive(_ a: Int64, _ b: Int64, _ c: Int64, _ d: Int64, _ e: Int64) {
        state.withLock { state in
            add(a, to: 0, in: &state)
            add(b, to: 1, in: &state)
            add(c, to: 2, in: &state)
            add(d, to: 3, in: &state)
            add(e, to: 4, in: &state)
        }
    }

    private func add(_ nanoseconds: Int64, to series: Int, in state: inout State) {
        guard state.series.indices.contains(series) else { return }
        var bucket = 0
        while bucket < bounds.count && bounds[bucket] < nanoseconds { bucket += 1 }
        state.series[series].counts[bucket] += 1
        state.series[series].sumNanoseconds &+= nanoseconds
        state.series[series].count += 1
    }

    /// `# HELP`, `# TYPE` and every series, as swift-prometheus writes a histogram family.
    func emit(into buffer: inout [UInt8]) {
        let series = state.withLock { $0.series }
        guard !series.isEmpty else { return }
        buffer.append(contentsOf: "# HELP \(name) \(help.replacingBackslashes())\n".utf8)
        buffer.append(contentsOf: "# TYPE \(name) histogram\n".utf8)
        for one in series {
            let labels = "\(label)=\"\(one.labelValue.escapedLabelValue())\""
            var cumulative = 0
            for (bound, text) in boundTexts.enumerated() {
                cumulative += one.counts[bound]
                buffer.append(contentsOf: "\(name)_bucket{\(labels),le=\"\(text)\"} \(cumulative)\n".utf8)
            }
            buffer.append(contentsOf: "\(name)_bucket{\(labels),le=\"+Inf\"} \(one.count)\n".utf8)
            let sum = Duration.nanoseconds(one.sumNanoseconds).bucketRepresentation
            buffer.append(contentsOf: "\(name)_sum{\(labels)} \(sum)\n".utf8)
            buffer.append(contentsOf: "\(name)_count{\(labels)} \(one.count)\n".utf8)
        }
    }
}

extension String {
    fileprivate func replacingBackslashes() -> String {
        var text = ""
        for character in self { text += character == "\\" ? "\\\\" : String(character) }
        return text
    }

    /// Backslash, double quote and line feed escaped (Prometheus text format 0.0.4).
    fileprivate func escapedLabelValue() -> String {
        var text = ""
        for character in self {
            switch character {
            case "\\": text += "\\\\"
            case "\"": text += "\\\""
            case "\n": text += "\\n"
            default: text.append(character)
            }
        }
        return text
    }
}
