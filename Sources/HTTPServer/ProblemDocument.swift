/// An RFC 9457 problem details object, encoded by hand so the server needs no Foundation.
public struct ProblemDocument: Sendable, Equatable {
    public static let mediaType = "application/problem+json"
    /// Specific problem types are URNs under this prefix (openapi.yaml, `Problem`);
    /// plain HTTP errors use `about:blank` with the status phrase as title.
    public static let typePrefix = "urn:layoutd:problem:"

    public var type: String
    public var title: String
    public var status: Int
    public var detail: String

    public init(type: String, title: String, status: Int, detail: String) {
        self.type = type
        self.title = title
        self.status = status
        self.detail = detail
    }

    public func encoded() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(96 + title.utf8.count + detail.utf8.count + type.utf8.count)
        out.append(contentsOf: #"{"type":"#.utf8)
        Self.appendJSONString(type, to: &out)
        out.append(contentsOf: #","title":"#.utf8)
        Self.appendJSONString(title, to: &out)
        out.append(contentsOf: #","status":"#.utf8)
        out.append(contentsOf: String(status).utf8)
        out.append(contentsOf: #","detail":"#.utf8)
        Self.appendJSONString(detail, to: &out)
        out.append(UInt8(ascii: "}"))
        return out
    }

    /// JSON string escaping of RFC 8259 §7.
    public static func appendJSONString(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): out.append(contentsOf: #"\\"#.utf8)
            case 0x0A: out.append(contentsOf: #"\n"#.utf8)
            case 0x0D: out.append(contentsOf: #"\r"#.utf8)
            case 0x09: out.append(contentsOf: #"\t"#.utf8)
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out.append(contentsOf: #"\u00"#.utf8)
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0xF)])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
