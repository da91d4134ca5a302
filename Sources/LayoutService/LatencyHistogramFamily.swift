import Prometheus
import Synchronization

/// A Prometheus histogram family with one label, kept by the service rather than by
/// swift-prometheus: its `Histogram` takes a lock and compares every bucket as a
/// `Duration` on each observation, six times per request, which was a tenth of a cache
/// hit's instructions. Here an observation is one integer search and a few additions
/// under the lock of the calling CPU's copy (`PerCPU`, so the I/O threads do not wait
/// for each other), and several series (the engine's phases) share one acquisition. The exposition text is the one swift-prometheus writes (cumulative
/// `_bucket` lines with its `le` spelling, `+Inf`, `_sum`, `_count`), so scrapers and
/// `promtool` see no difference.
final class LatencyHistogramFamily: Sendable {
    let name: String
    private let help: String
    private let label: String
    /// Upper bounds in nanoseconds, ascending, and their `le` text.
    private let bounds: [Int64]
    private let boundTexts: [String]

    /// Per series (by index): its observations per bucket (not cumulative; the last
    /// slot is above every bound), their sum and count. Kept per CPU, summed when read.
    private struct Counts: Sendable {
        var buckets: [[Int]] = []
        var sumNanoseconds: [Int64] = []
        var count: [Int] = []

        mutating func ensure(_ series: Int, buckets width: Int) {
            while buckets.count <= series {
                buckets.append(Array(repeating: 0, count: width))
                sumNanoseconds.append(0)
                count.append(0)
            }
        }
    }

    /// Label values by series index, and the index of each (series are made rarely).
    private let labels: Mutex<(values: [String], index: [String: Int])>
    private let counts: PerCPU<Counts>

    init(name: String, help: String, label: String, buckets: [Duration], labelValues: [String] = []) {
        self.name = name
        self.help = help
        self.label = label
        bounds = buckets.map { $0.totalNanoseconds }
        boundTexts = buckets.map(\.bucketRepresentation)
        var index: [String: Int] = [:]
        for (position, value) in labelValues.enumerated() { index[value] = position }
        labels = Mutex((labelValues, index))
        let width = buckets.count + 1
        let made = labelValues.count
        counts = PerCPU {
            var counts = Counts()
            if made > 0 { counts.ensure(made - 1, buckets: width) }
            return counts
        }
    }

    /// The series of a label value, made on first use (label values are bounded by the caller).
    func series(for labelValue: String) -> Int {
        labels.withLock { labels in
            if let known = labels.index[labelValue] { return known }
            labels.index[labelValue] = labels.values.count
            labels.values.append(labelValue)
            return labels.values.count - 1
        }
    }

    func record(series: Int, nanoseconds: Int64) {
        let bucket = bucket(of: nanoseconds), width = bounds.count + 1
        counts.withLock { counts in Self.add(nanoseconds, bucket: bucket, to: series, width: width, in: &counts) }
    }

    /// One observation for each of the first five series, under one acquisition.
    func recordFirstFive(_ a: Int64, _ b: Int64, _ c: Int64, _ d: Int64, _ e: Int64) {
        let width = bounds.count + 1
        let (ba, bb, bc, bd, be) = (bucket(of: a), bucket(of: b), bucket(of: c), bucket(of: d), bucket(of: e))
        counts.withLock { counts in
            Self.add(a, bucket: ba, to: 0, width: width, in: &counts)
            Self.add(b, bucket: bb, to: 1, width: width, in: &counts)
            Self.add(c, bucket: bc, to: 2, width: width, in: &counts)
            Self.add(d, bucket: bd, to: 3, width: width, in: &counts)
            Self.add(e, bucket: be, to: 4, width: width, in: &counts)
        }
    }

    /// The first bucket whose bound is at least the value (`bounds.count`: above all).
    private func bucket(of nanoseconds: Int64) -> Int {
        var bucket = 0
        while bucket < bounds.count && bounds[bucket] < nanoseconds { bucket += 1 }
        return bucket
    }

    private static func add(_ nanoseconds: Int64, bucket: Int, to series: Int, width: Int, in counts: inout Counts) {
        guard series >= 0 else { return }
        counts.ensure(series, buckets: width)
        counts.buckets[series][bucket] += 1
        counts.sumNanoseconds[series] &+= nanoseconds
        counts.count[series] += 1
    }

    /// `# HELP`, `# TYPE` and every series, as swift-prometheus writes a histogram family.
    func emit(into buffer: inout [UInt8]) {
        let values = labels.withLock { $0.values }
        guard !values.isEmpty else { return }
        var total = Counts()
        total.ensure(values.count - 1, buckets: bounds.count + 1)
        counts.forEach { counts in
            for series in counts.buckets.indices where series < values.count {
                for bucket in counts.buckets[series].indices { total.buckets[series][bucket] += counts.buckets[series][bucket] }
                total.sumNanoseconds[series] &+= counts.sumNanoseconds[series]
                total.count[series] += counts.count[series]
            }
        }
        buffer.append(contentsOf: "# HELP \(name) \(help.replacingBackslashes())\n".utf8)
        buffer.append(contentsOf: "# TYPE \(name) histogram\n".utf8)
        for (series, value) in values.enumerated() {
            let labels = "\(label)=\"\(value.escapedLabelValue())\""
            var cumulative = 0
            for (bound, text) in boundTexts.enumerated() {
                cumulative += total.buckets[series][bound]
                buffer.append(contentsOf: "\(name)_bucket{\(labels),le=\"\(text)\"} \(cumulative)\n".utf8)
            }
            buffer.append(contentsOf: "\(name)_bucket{\(labels),le=\"+Inf\"} \(total.count[series])\n".utf8)
            let sum = Duration.nanoseconds(total.sumNanoseconds[series]).bucketRepresentation
            buffer.append(contentsOf: "\(name)_sum{\(labels)} \(sum)\n".utf8)
            buffer.append(contentsOf: "\(name)_count{\(labels)} \(total.count[series])\n".utf8)
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
