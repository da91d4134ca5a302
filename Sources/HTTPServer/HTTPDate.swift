#if canImport(Glibc)
import Glibc
#endif

/// IMF-fixdate of RFC 9110 §5.6.7 (`Sun, 06 Nov 1994 08:49:37 GMT`), formatted without
/// Foundation and cached per second by the caller.
enum HTTPDate {
    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static func format(secondsSinceEpoch: Int) -> String {
        var seconds = time_t(secondsSinceEpoch)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func twoDigits(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let weekday = weekdays[Int(parts.tm_wday) % 7]
        let month = months[Int(parts.tm_mon) % 12]
        return "\(weekday), \(twoDigits(parts.tm_mday)) \(month) \(parts.tm_year + 1900) "
            + "\(twoDigits(parts.tm_hour)):\(twoDigits(parts.tm_min)):\(twoDigits(parts.tm_sec)) GMT"
    }

    static func now() -> Int { Int(time(nil)) }
}

/// Caches the formatted date for the current second; confined to the I/O queue.
struct HTTPDateCache {
    private var second = -1
    private var text = ""

    mutating func current() -> String {
        let now = HTTPDate.now()
        if now != second {
            second = now
            text = HTTPDate.format(secondsSinceEpoch: now)
        }
        return text
    }
}
