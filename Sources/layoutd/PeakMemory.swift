import Foundation

/// The process's peak resident set as the kernel counts it (`VmHWM`), for the test that
/// holds requests to the README's memory bound.
enum PeakMemory {
    static func report() -> String {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? "VmHWM: 0 kB"
        let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
        return "peak-resident-bytes \(kilobytes * 1024)\n"
    }
}
