#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The standard `process_*` families (the names and units every Prometheus client library
/// uses), read from `/proc/self` at each scrape. On a system without `/proc` the families
/// it cannot read are left out rather than reported as zero.
struct ProcessMetrics: Sendable {
    /// Clock ticks per second and page size, for `/proc/self/stat`'s units.
    private let ticksPerSecond = Double(max(1, sysconf(Int32(_SC_CLK_TCK))))
    private let pageSize = Double(max(1, sysconf(Int32(_SC_PAGESIZE))))

    struct Sample: Equatable {
        var cpuSeconds: Double
        var residentBytes: Double
        var virtualBytes: Double
        var startTimeSeconds: Double
    }

    func render(into buffer: inout [UInt8]) {
        var text = ""
        if let sample = sample() {
            text += Self.family(
                "process_cpu_seconds_total", "counter", "Total user and system CPU time spent in seconds.",
                sample.cpuSeconds)
            text += Self.family(
                "process_resident_memory_bytes", "gauge", "Resident memory size in bytes.", sample.residentBytes)
            text += Self.family(
                "process_virtual_memory_bytes", "gauge", "Virtual memory size in bytes.", sample.virtualBytes)
            text += Self.family(
                "process_start_time_seconds", "gauge", "Start time of the process since unix epoch in seconds.",
                sample.startTimeSeconds)
        }
        if let open = Self.openFileDescriptors() {
            text += Self.family("process_open_fds", "gauge", "Number of open file descriptors.", Double(open))
        }
        var limit = rlimit()
        if Self.fileLimit(&limit), limit.rlim_cur != rlim_t.max {
            text += Self.family(
                "process_max_fds", "gauge", "Maximum number of open file descriptors.", Double(limit.rlim_cur))
        }
        buffer.append(contentsOf: text.utf8)
    }

    /// `RLIMIT_NOFILE`; an unlimited limit (`RLIM_INFINITY`, all ones) is left out.
    private static func fileLimit(_ limit: inout rlimit) -> Bool {
        #if os(Linux)
            return getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0
        #else
            return getrlimit(RLIMIT_NOFILE, &limit) == 0
        #endif
    }

    private static func family(_ name: String, _ type: String, _ help: String, _ value: Double) -> String {
        "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n\(name) \(value)\n"
    }

    /// CPU, memory and start time from `/proc/self/stat` (proc(5)) and the boot time from
    /// `/proc/stat`'s `btime`.
    func sample() -> Sample? {
        guard let stat = Self.readFile("/proc/self/stat"), let system = Self.readFile("/proc/stat") else { return nil }
        return Self.parse(stat: stat, systemStat: system, ticksPerSecond: ticksPerSecond, pageSize: pageSize)
    }

    /// The fields after the command name, which is in parentheses and may itself hold
    /// spaces and parentheses, so the split starts after the last `)`. Field numbers are
    /// proc(5)'s: 14 utime, 15 stime, 22 starttime (ticks since boot), 23 vsize (bytes),
    /// 24 rss (pages).
    static func parse(stat: String, systemStat: String, ticksPerSecond: Double, pageSize: Double) -> Sample? {
        guard let close = stat.lastIndex(of: ")") else { return nil }
        // Field 3 (state) is the first after ")".
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        func field(_ number: Int) -> Double? {
            let index = number - 3
            return fields.indices.contains(index) ? Double(fields[index]) : nil
        }
        guard let user = field(14), let system = field(15), let start = field(22), let virtual = field(23),
            let resident = field(24)
        else { return nil }
        guard
            let bootLine = systemStat.split(separator: "\n").first(where: { $0.hasPrefix("btime ") }),
            let bootTime = Double(bootLine.dropFirst("btime ".count).trimmingSpaces)
        else { return nil }
        return Sample(
            cpuSeconds: (user + system) / ticksPerSecond, residentBytes: resident * pageSize, virtualBytes: virtual,
            startTimeSeconds: bootTime + start / ticksPerSecond)
    }

    /// Entries of `/proc/self/fd`, less the descriptor the listing itself holds open.
    static func openFileDescriptors() -> Int? {
        guard let directory = opendir("/proc/self/fd") else { return nil }
        defer { closedir(directory) }
        var count = 0
        while let entry = readdir(directory) {
            let isDot = withUnsafeBytes(of: entry.pointee.d_name) { name in
                name.first == UInt8(ascii: ".")
            }
            if !isDot { count += 1 }
        }
        return max(0, count - 1)
    }

    /// A small text file read whole (procfs files report size 0, so read until EOF).
    static func readFile(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while bytes.count < 1 << 20 {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        var text = self
        while text.first == " " { text = text.dropFirst() }
        while text.last == " " || text.last == "\n" { text = text.dropLast() }
        return text
    }
}
