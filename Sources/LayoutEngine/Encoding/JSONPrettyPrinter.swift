/// Re-indents compact JSON (two spaces per level), for humans reading `--pretty` output.
public enum JSONPrettyPrinter {
    public static func format(_ json: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(json.count * 2)
        var depth = 0
        var inString = false
        var escaped = false
        func newline() {
            out.append(0x0A)
            out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * 2))
        }
        var index = 0
        while index < json.count {
            let byte = json[index]
            if inString {
                out.append(byte)
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                index += 1
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
                out.append(byte)
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                out.append(byte)
                let closing = byte == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
                if index + 1 < json.count, json[index + 1] == closing {
                    out.append(closing)
                    index += 1
                } else {
                    depth += 1
                    newline()
                }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                newline()
                out.append(byte)
            case UInt8(ascii: ","):
                out.append(byte)
                newline()
            case UInt8(ascii: ":"):
                out.append(contentsOf: [UInt8(ascii: ":"), UInt8(ascii: " ")])
            case 0x20, 0x0A, 0x0D, 0x09:
                break
            default:
                out.append(byte)
            }
            index += 1
        }
        return out
    }
}
