/// Typed reads of tape values, each failing with a 422 at the value's pointer.
extension JSONTape {
    func kindName(_ index: Int) -> String {
        switch entries[index].kind {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .number: return "a number"
        case .true, .false: return "a boolean"
        case .null: return "null"
        }
    }

    /// Inlined: called for every node and modifier, and the check is one compare (the
    /// message is built out of line, only on failure).
    @inline(__always)
    func requireObject(_ index: Int, _ what: @autoclosure () -> String) throws(DecodeFailure) {
        guard entries[index].kind == .object else { throw notA("an object", index, what()) }
    }

    @inline(__always)
    func requireArray(_ index: Int, _ what: @autoclosure () -> String) throws(DecodeFailure) {
        guard entries[index].kind == .array else { throw notA("an array", index, what()) }
    }

    @inline(never)
    private func notA(_ kind: String, _ index: Int, _ what: String) -> DecodeFailure {
        .invalid(index, "\(what) must be \(kind), not \(kindName(index))")
    }

    func readString(_ index: Int, _ what: String) throws(DecodeFailure) -> String {
        guard entries[index].kind == .string else {
            throw .invalid(index, "\(what) must be a string, not \(kindName(index))")
        }
        return string(at: index)
    }

    func readBool(_ index: Int, _ what: String) throws(DecodeFailure) -> Bool {
        switch entries[index].kind {
        case .true: return true
        case .false: return false
        default: throw .invalid(index, "\(what) must be a boolean, not \(kindName(index))")
        }
    }

    /// The largest magnitude of a number in a request (openapi.yaml says the same). Sums of
    /// 200,000 such lengths, and products of two, stay far from overflow, so every frame
    /// of the answer is finite (beyond it, `1e308` plus an inset was infinity, sent as null).
    static let maxMagnitude = 1e9

    /// A finite number of magnitude at most `maxMagnitude`. Inlined for the common case,
    /// a short integer (read as one word, and always within the bounds); anything else
    /// takes the general reader.
    @inline(__always)
    func readNumber(_ index: Int, _ what: String) throws(DecodeFailure) -> Double {
        if let value = smallInteger(index) { return value }
        return try readAnyNumber(index, what)
    }

    @inline(never)
    private func readAnyNumber(_ index: Int, _ what: String) throws(DecodeFailure) -> Double {
        let entry = entries[index]
        guard entry.kind == .number else {
            throw .invalid(index, "\(what) must be a number, not \(kindName(index))")
        }
        let value = JSONNumberParser.parse(bytes, from: Int(entry.start), to: Int(entry.end))
        guard value.isFinite else { throw .invalid(index, "\(what) must be finite") }
        guard abs(value) <= Self.maxMagnitude else {
            throw .invalid(index, "\(what) must be between -1e9 and 1e9 (got \(value))")
        }
        return value
    }

    /// A finite number ≥ 0.
    func readNonNegative(_ index: Int, _ what: String) throws(DecodeFailure) -> Double {
        let value = try readNumber(index, what)
        guard value >= 0 else { throw .invalid(index, "\(what) must not be negative (got \(value))") }
        return value
    }

    /// A whole number in `range`.
    func readInteger(_ index: Int, _ what: String, in range: ClosedRange<Int>) throws(DecodeFailure) -> Int {
        let value = try readNumber(index, what)
        guard value == value.rounded(), value >= Double(range.lowerBound), value <= Double(range.upperBound) else {
            throw .invalid(index, "\(what) must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return Int(value)
    }

    /// `width` (true) and `height` (false).
    private static let sizeKeys = ByteKeyTable([("width", true), ("height", false)])

    /// A `{"width": w, "height": h}` size of finite, non-negative numbers. Inlined for the
    /// common size (`plainSize`); anything else takes the general reader.
    @inline(__always)
    func readSize(_ index: Int, _ what: String) throws(DecodeFailure) -> Size {
        if let size = plainSize(index) { return size }
        return try readAnySize(index, what)
    }

    @inline(never)
    private func readAnySize(_ index: Int, _ what: String) throws(DecodeFailure) -> Size {
        try requireObject(index, what)
        var width: Double?, height: Double?
        try forEachMember(of: index) { key, value throws(DecodeFailure) in
            switch Self.sizeKeys.lookup(self, key) {
            case true?: width = try readNonNegative(value, "width")
            case false?: height = try readNonNegative(value, "height")
            case nil:
                throw .invalid(key, "unknown field '\(string(at: key))' in \(what); expected width and height")
            }
        }
        guard let width, let height else { throw .invalid(index, "\(what) needs both width and height") }
        return Size(width: width, height: height)
    }

    /// The common size, `{"width": w, "height": h}` in that order with short whole
    /// numbers ≥ 0, read without a walk or a table; nil for anything else (which the
    /// general reader reads, or refuses with its message).
    @inline(__always)
    private func plainSize(_ index: Int) -> Size? {
        guard index + 4 < entries.count else { return nil }
        let object = entries[index]
        guard object.kind == .object, object.count == 2, entries[index + 1].key == InternedKeys.width,
            entries[index + 3].key == InternedKeys.height,
            let width = plainNonNegativeInteger(index + 2), let height = plainNonNegativeInteger(index + 4)
        else { return nil }
        return Size(width: width, height: height)
    }

    /// The number at `index` if it is a whole number ≥ 0 of at most eight digits (what
    /// `readNonNegative` returns for it), else nil (any other value, for the general reader).
    @inline(__always)
    func plainNonNegativeInteger(_ index: Int) -> Double? {
        guard let value = smallInteger(index), value >= 0 else { return nil }
        return value
    }

    /// The number at `index` if it is a whole number of at most eight digits, read as one
    /// word (`JSONNumberParser.smallInteger`), else nil (any other value).
    @inline(__always)
    private func smallInteger(_ index: Int) -> Double? {
        let entry = entries[index]
        guard entry.kind == .number else { return nil }
        return bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.flatMap { base in
                JSONNumberParser.smallInteger(base, from: Int(entry.start), to: Int(entry.end), count: buffer.count)
            }
        }
    }

    /// A length: a number (points), `"infinity"`, or `"N%"` of the proposal. Inlined for
    /// the common forms (`plainLength`); anything else takes the general reader.
    @inline(__always)
    func readLength(_ index: Int, _ what: String, allowNegative: Bool) throws(DecodeFailure) -> Length {
        if let length = plainLength(index) { return length }
        return try readAnyLength(index, what, allowNegative: allowNegative)
    }

    @inline(never)
    private func readAnyLength(_ index: Int, _ what: String, allowNegative: Bool) throws(DecodeFailure) -> Length {
        switch entries[index].kind {
        case .number:
            let value = try readNumber(index, what)
            guard allowNegative || value >= 0 else {
                throw .invalid(index, "\(what) must not be negative (got \(value))")
            }
            return .points(value)
        case .string:
            // The common string, compared in place; anything else as a String.
            if isInfinityKeyword(index) { return .points(.infinity) }
            let text = string(at: index)
            if text == "infinity" { return .points(.infinity) }
            if text.hasSuffix("%"), let percent = Double(text.dropLast()), percent.isFinite,
                allowNegative || percent >= 0
            {
                return .percent(percent)
            }
            throw .invalid(index, "\(what) must be a number, \"infinity\" or \"N%\" (got \"\(text)\")")
        default:
            throw .invalid(index, "\(what) must be a number, \"infinity\" or \"N%\", not \(kindName(index))")
        }
    }

    /// The two common lengths, a short whole number ≥ 0 (valid whatever the sign rule) and
    /// `"infinity"` without escapes; nil for anything else.
    @inline(__always)
    private func plainLength(_ index: Int) -> Length? {
        if let points = plainNonNegativeInteger(index) { return .points(points) }
        if entries[index].kind == .string, isInfinityKeyword(index) { return .points(.infinity) }
        return nil
    }

    /// Whether the string at `index` is `infinity` written without escapes.
    @inline(__always)
    private func isInfinityKeyword(_ index: Int) -> Bool {
        let entry = entries[index]
        guard !entry.hasEscapes, entry.end - entry.start == 8 else { return false }
        let start = Int(entry.start)
        // "infinity" read as a little-endian word.
        return bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: start, as: UInt64.self) }
            == UInt64(littleEndian: 0x7974_696E_6966_6E69)
    }

    func readAlignment(_ index: Int, _ what: String) throws(DecodeFailure) -> Alignment {
        if entries[index].kind == .string, let alignment = AlignmentNames.twoAxisTable.lookup(self, index) {
            return alignment
        }
        let name = try readString(index, what)
        guard let alignment = AlignmentNames.twoAxis[name] else {
            throw .invalid(index, "unknown alignment '\(name)' for \(what); expected one of \(AlignmentNames.twoAxisList)")
        }
        return alignment
    }

    func readHorizontalAlignment(_ index: Int, _ what: String) throws(DecodeFailure) -> HorizontalAlignment {
        if entries[index].kind == .string, let alignment = AlignmentNames.horizontalTable.lookup(self, index) {
            return alignment
        }
        let name = try readString(index, what)
        guard let alignment = AlignmentNames.horizontal[name] else {
            throw .invalid(index, "unknown alignment '\(name)' for \(what); expected leading, center or trailing")
        }
        return alignment
    }

    func readVerticalAlignment(_ index: Int, _ what: String) throws(DecodeFailure) -> VerticalAlignment {
        if entries[index].kind == .string, let alignment = AlignmentNames.verticalTable.lookup(self, index) {
            return alignment
        }
        let name = try readString(index, what)
        guard let alignment = AlignmentNames.vertical[name] else {
            throw .invalid(
                index,
                "unknown alignment '\(name)' for \(what); expected top, center, bottom, firstTextBaseline or lastTextBaseline"
            )
        }
        return alignment
    }
}

/// The alignment names of API.md §3.3.
enum AlignmentNames {
    static let horizontal: [String: HorizontalAlignment] = [
        "leading": .leading, "center": .center, "trailing": .trailing,
    ]
    static let vertical: [String: VerticalAlignment] = [
        "top": .top, "center": .center, "bottom": .bottom,
        "firstTextBaseline": .firstTextBaseline, "lastTextBaseline": .lastTextBaseline,
    ]
    static let twoAxis: [String: Alignment] = [
        "topLeading": Alignment(horizontal: .leading, vertical: .top),
        "top": Alignment(horizontal: .center, vertical: .top),
        "topTrailing": Alignment(horizontal: .trailing, vertical: .top),
        "leading": Alignment(horizontal: .leading, vertical: .center),
        "center": .center,
        "trailing": Alignment(horizontal: .trailing, vertical: .center),
        "bottomLeading": Alignment(horizontal: .leading, vertical: .bottom),
        "bottom": Alignment(horizontal: .center, vertical: .bottom),
        "bottomTrailing": Alignment(horizontal: .trailing, vertical: .bottom),
    ]
    static let horizontalTable = ByteKeyTable(horizontal.map { ($0.key, $0.value) })
    static let verticalTable = ByteKeyTable(vertical.map { ($0.key, $0.value) })
    static let twoAxisTable = ByteKeyTable(twoAxis.map { ($0.key, $0.value) })
    static let twoAxisList =
        "topLeading, top, topTrailing, leading, center, trailing, bottomLeading, bottom, bottomTrailing"
}
