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

    /// 128 random bits as 32 lowercase hex digits.
    public static func generate() -> String {
        var generator = SystemRandomNumberGenerator()
        let hex = Array("0123456789abcdef".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        for _ in 0..<2 {
            var word = generator.next()
            for _ in 0..<16 {
                bytes.append(hex[Int(word & 0xF)])
                word >>= 4
            }
        }
        return String(decoding: bytes, as: UTF8.self)
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
