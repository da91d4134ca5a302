import Synchronization

/// The id that ties a request to its log line and its answer: the client's `X-Request-Id`
/// when it is safe to echo, else one made here.
public enum RequestID {
    public static let headerName = "X-Request-Id"
    /// Long enough for a UUID, a W3C trace id or a base64 digest; short enough that a
    /// client cannot grow every log line.
    public static let maxLength = 128

    /// The client's id if it has 1 to 128 characters, all letters, digits or one of
    /// `-_.:+/=@~`: nothing that needs escaping in a header, a log line or JSON.
    public static func accepting(_ header: String?) -> String? {
        guard let header, !header.isEmpty, header.utf8.count <= maxLength,
            header.utf8.allSatisfy(isAllowed)
        else { return nil }
        return header
    }

    /// 128 bits as 32 lowercase hex digits: a process-wide counter run through two
    /// SplitMix64 streams keyed by random seeds drawn once. Each stream is a bijection of
    /// the counter, so ids never repeat within a process, and the seeds keep processes
    /// apart. Ids correlate logs; they are not secrets. Unlike reading the system's random
    /// source, this costs no system call (it runs for every request, cache hits included).
    public static func generate() -> String {
        let count = counter.add(1, ordering: .relaxed).newValue
        let hex = Array("0123456789abcdef".utf8)
        return String(unsafeUninitializedCapacity: 32) { buffer in
            var index = 0
            for seed in seeds {
                var word = mix(seed &+ count &* 0x9E37_79B9_7F4A_7C15)
                for _ in 0..<16 {
                    buffer[index] = hex[Int(word & 0xF)]
                    word >>= 4
                    index += 1
                }
            }
            return index
        }
    }

    private static let counter = Atomic<UInt64>(0)
    private static let seeds: [UInt64] = {
        var generator = SystemRandomNumberGenerator()
        return [generator.next(), generator.next()]
    }()

    /// SplitMix64's finaliser (Steele, Lea and Flood, "Fast splittable pseudorandom
    /// number generators", OOPSLA 2014): a bijection on 64-bit words.
    private static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    private static func isAllowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            Array("-_.:+/=@~".utf8).contains(byte)
        }
    }

    /// A problem document with `"requestId"` added as its last member. The id's
    /// characters need no JSON escaping (see `accepting`), and the document is one of
    /// ours, so it is an object that ends in `}`.
    static func addingMember(_ id: String, toProblem body: [UInt8]) -> [UInt8] {
        guard body.last == UInt8(ascii: "}") else { return body }
        var out = body
        out.removeLast()
        if out.last != UInt8(ascii: "{") { out.append(UInt8(ascii: ",")) }
        out.append(contentsOf: #""requestId":""#.utf8)
        out.append(contentsOf: id.utf8)
        out.append(contentsOf: #""}"#.utf8)
        return out
    }
}
