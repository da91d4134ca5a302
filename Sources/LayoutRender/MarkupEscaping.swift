/// Escaping for text that ends up inside SVG (XML) and inside the hierarchy dump.
enum MarkupEscaping {
    /// Character data or an attribute value (either quote) as XML 1.0 accepts it: markup
    /// characters become references, and characters XML forbids even as references (C0
    /// controls other than tab, newline and return; U+FFFE, U+FFFF) become U+FFFD.
    static func xml(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&apos;"
            case "\t", "\n", "\r": output.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    output += "\u{FFFD}"
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        return output
    }

    /// A string quoted for one line of the dump: backslash, quote and controls escaped.
    static func quoted(_ text: String) -> String {
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": output += "\\\\"
            case "\"": output += "\\\""
            case "\n": output += "\\n"
            case "\t": output += "\\t"
            case "\r": output += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x2028...0x2029).contains(scalar.value) {
                    output += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        return output + "\""
    }
}

/// Numbers as SVG and the dump print them: at most three decimals, no exponent, no `-0`.
enum NumberFormat {
    static func short(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let thousandths = (value * 1000).rounded()
        // Beyond 2^53 thousandths no fraction is left to print; Swift's own spelling is exact.
        guard abs(thousandths) < 1e15 else { return String(value) }
        let whole = Int64(thousandths)
        if whole == 0 { return "0" }
        let sign = whole < 0 ? "-" : ""
        let magnitude = whole.magnitude
        let integer = magnitude / 1000, fraction = magnitude % 1000
        guard fraction != 0 else { return sign + String(integer) }
        var digits = String(fraction)
        digits = String(repeating: "0", count: 3 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return sign + String(integer) + "." + digits
    }
}
