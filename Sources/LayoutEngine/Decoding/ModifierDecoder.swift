/// A decoded modifier whose background or overlay content (if any) is still on the tape:
/// the content becomes a node only where the modifier lands, once per receiving child.
struct PendingModifier {
    var modifier: Modifier
    /// Tape index of a background/overlay content node, or -1.
    var content: Int = -1
}

enum ModifierDecoder {
    static let edgeKeyList = "top, bottom, leading, trailing, horizontal, vertical or all"
    static let names =
        "padding, frame, offset, position, aspectRatio, fixedSize, layoutPriority, background, overlay, ignoresSafeArea, alignmentGuide, gridCellColumns, gridColumnAlignment, gridCellAnchor, gridCellUnsizedAxes"
}

extension NodeResolver {
    /// A `modifiers` array: objects with exactly one key each, innermost first, pushed
    /// onto `pending`.
    mutating func decodeModifiers(_ array: Int) throws(DecodeFailure) {
        try tape.requireArray(array, "modifiers")
        // A plain loop: a closure capturing the resolver to push onto `pending` copied the
        // whole resolver to call each (non-mutating) decoder.
        var element = array + 1
        let end = Int(tape.entries[array].end)
        while element < end {
            if let common = try commonModifier(element) {
                pending.append(common)
            } else if let modifier = try decodeModifierObject(element) {
                pending.append(modifier)
                // `center` without an axis sets the centre guide of both axes.
                if case .alignmentGuide(.horizontal(.center), let guideValue) = modifier.modifier,
                    tape.member("axis", of: element + 2) == nil
                {
                    pending.append(PendingModifier(modifier: .alignmentGuide(.vertical(.center), value: guideValue)))
                }
            }
            element = tape.next(after: element)
        }
    }

    /// The most common modifiers, `{"padding": n}` with a short whole number ≥ 0, frames,
    /// backgrounds and overlays, read without the general path's name lookup and copies of
    /// the modifier; nil for anything else, which the general path reads. Frames and
    /// layers go to the readers the general path calls for them (so they fail with its
    /// messages), after the checks it makes first: an object of one key, numbered here.
    @inline(__always)
    private func commonModifier(_ element: Int) throws(DecodeFailure) -> PendingModifier? {
        let value = element + 2
        guard value < tape.entries.count else { return nil }
        let object = tape.entries[element]
        guard object.kind == .object, object.count == 1 else { return nil }
        let key = tape.entries[element + 1].key
        if key == paddingKey, let points = tape.plainNonNegativeInteger(value) {
            let length = Length.points(points)
            return PendingModifier(
                modifier: .padding(PaddingSpec(top: length, leading: length, bottom: length, trailing: length)))
        }
        if key == frameKey, tape.entries[value].kind == .object {
            return PendingModifier(modifier: try decodeFrame(value))
        }
        if key == backgroundKey || key == overlayKey {
            let isBackground = key == backgroundKey
            let (content, alignment) = try decodeLayer(value, isBackground ? "background" : "overlay")
            return PendingModifier(
                modifier: isBackground
                    ? .background(node: -1, alignment: alignment) : .overlay(node: -1, alignment: alignment),
                content: content)
        }
        return nil
    }

    /// One element of a `modifiers` array: an object with exactly one key.
    private func decodeModifierObject(_ element: Int) throws(DecodeFailure) -> PendingModifier? {
        try tape.requireObject(element, "a modifier")
        guard tape.entries[element].count == 1 else {
            throw .invalid(element, "a modifier must have exactly one key, the modifier's name")
        }
        let key = element + 1, value = element + 2
        guard let name = Self.modifierNames.lookup(tape, key) else {
            throw .invalid(key, "unknown modifier '\(tape.string(at: key))'; expected one of \(ModifierDecoder.names)")
        }
        return try decodeModifier(named: name, key: key, value: value)
    }

    /// The modifier names, matched by their bytes.
    enum ModifierName: String, CaseIterable, Sendable {
        case padding, frame, offset, position, aspectRatio, fixedSize, layoutPriority, background, overlay
        case ignoresSafeArea, alignmentGuide, gridCellColumns, gridColumnAlignment, gridCellAnchor, gridCellUnsizedAxes
    }

    private static let modifierNames = ByteKeyTable(ModifierName.allCases.map { ($0.rawValue, $0) })

    /// The modifier, or nil for one that has no effect (`ignoresSafeArea: false`, or no edges).
    private func decodeModifier(named name: ModifierName, key: Int, value: Int) throws(DecodeFailure) -> PendingModifier? {
        switch name {
        case .padding: return PendingModifier(modifier: .padding(try decodePadding(value)))
        case .frame: return PendingModifier(modifier: try decodeFrame(value))
        case .offset:
            let (x, y) = try decodePoint(value, "offset")
            return PendingModifier(modifier: .offset(x: x, y: y))
        case .position:
            let (x, y) = try decodePoint(value, "position")
            return PendingModifier(modifier: .position(x: x, y: y))
        case .aspectRatio: return PendingModifier(modifier: try decodeAspectRatio(value))
        case .fixedSize: return PendingModifier(modifier: try decodeFixedSize(value))
        case .layoutPriority:
            return PendingModifier(modifier: .layoutPriority(try tape.readNumber(value, "layoutPriority")))
        case .background, .overlay:
            let (content, alignment) = try decodeLayer(value, name.rawValue)
            let modifier: Modifier =
                name == .background
                ? .background(node: -1, alignment: alignment) : .overlay(node: -1, alignment: alignment)
            return PendingModifier(modifier: modifier, content: content)
        case .ignoresSafeArea:
            let edges = try decodeSafeAreaEdges(value)
            return edges.isEmpty ? nil : PendingModifier(modifier: .ignoresSafeArea(edges))
        case .alignmentGuide: return PendingModifier(modifier: try decodeAlignmentGuide(value))
        case .gridCellColumns, .gridColumnAlignment, .gridCellAnchor, .gridCellUnsizedAxes:
            return PendingModifier(modifier: .gridCell(try decodeGridCell(named: name.rawValue, value)))
        }
    }

    /// `16`, `"10%"`, `true` (SwiftUI's default 16 on every edge) or an edge object.
    private func decodePadding(_ value: Int) throws(DecodeFailure) -> PaddingSpec {
        switch tape.entries[value].kind {
        case .true:
            return PaddingSpec(top: .points(16), leading: .points(16), bottom: .points(16), trailing: .points(16))
        case .number, .string:
            let length = try readFiniteLength(value, "padding")
            return PaddingSpec(top: length, leading: length, bottom: length, trailing: length)
        case .object:
            guard tape.entries[value].count > 0 else {
                throw .invalid(value, "padding needs at least one edge (\(ModifierDecoder.edgeKeyList))")
            }
            let edges = try tape.readEdges(
                value, unknown: { "unknown padding edge '\($0)'; expected \(ModifierDecoder.edgeKeyList)" }
            ) { edge, name throws(DecodeFailure) in try readFiniteLength(edge, "padding \(name)") }
            let zero = Length.points(0)
            return PaddingSpec(
                top: edges.top ?? zero, leading: edges.leading ?? zero, bottom: edges.bottom ?? zero,
                trailing: edges.trailing ?? zero)
        default:
            throw .invalid(value, "padding must be a number, \"N%\", true or an object of edges")
        }
    }

    /// The keys a frame object may have.
    private enum FrameKey: Int, Sendable {
        case width, height, minWidth, idealWidth, maxWidth, minHeight, idealHeight, maxHeight, alignment

        /// The JSON key (for messages).
        var label: String {
            switch self {
            case .width: "width"
            case .height: "height"
            case .minWidth: "minWidth"
            case .idealWidth: "idealWidth"
            case .maxWidth: "maxWidth"
            case .minHeight: "minHeight"
            case .idealHeight: "idealHeight"
            case .maxHeight: "maxHeight"
            case .alignment: "alignment"
            }
        }
    }

    private static let frameKeys = ByteKeyTable<FrameKey>([
        ("width", .width), ("height", .height), ("minWidth", .minWidth), ("idealWidth", .idealWidth),
        ("maxWidth", .maxWidth), ("minHeight", .minHeight), ("idealHeight", .idealHeight),
        ("maxHeight", .maxHeight), ("alignment", .alignment),
    ])

    /// A fixed frame (`width`, `height`) or a flexible one (`min…`, `ideal…`, `max…`).
    /// Only maximums may be "infinity".
    private func decodeFrame(_ value: Int) throws(DecodeFailure) -> Modifier {
        try tape.requireObject(value, "frame")
        if let fixed = try decodeWidthAndHeight(value) { return fixed }
        var lengths = InlineArray<8, Length?>(repeating: nil)
        var locations = InlineArray<8, Int>(repeating: -1)
        var alignment = Alignment.center
        // Read once per frame, not per member (each read of a static checks it is set up).
        let frameKeys = Self.frameKeys
        try tape.forEachMember(of: value) { key, member throws(DecodeFailure) in
            guard let name = frameKeys.lookup(tape, key) else {
                throw .invalid(
                    key,
                    "unknown frame field '\(tape.string(at: key))'; expected width, height, minWidth, idealWidth, maxWidth, minHeight, idealHeight, maxHeight or alignment"
                )
            }
            if name == .alignment {
                // The resolver's copy of the names first, as `readAlignment` looks them up.
                if tape.entries[member].kind == .string, let known = alignmentNames.lookup(tape, member) {
                    alignment = known
                } else {
                    alignment = try tape.readAlignment(member, "a frame's alignment")
                }
                return
            }
            let isMaximum = name == .maxWidth || name == .maxHeight
            let label = name.label
            let length = try tape.readLength(member, label, allowNegative: false)
            if !isMaximum, case .points(let points) = length, points.isInfinite {
                throw .invalid(member, "\(label) must be finite; only maxWidth and maxHeight may be \"infinity\"")
            }
            lengths[name.rawValue] = length
            locations[name.rawValue] = member
        }
        let fixed = lengths[FrameKey.width.rawValue] != nil || lengths[FrameKey.height.rawValue] != nil
        var flexible = false
        for key in FrameKey.minWidth.rawValue...FrameKey.maxHeight.rawValue where lengths[key] != nil { flexible = true }
        if fixed && flexible {
            throw .invalid(value, "a frame takes either width/height or min/ideal/max sizes, not both")
        }
        if fixed {
            return .frame(
                width: lengths[FrameKey.width.rawValue], height: lengths[FrameKey.height.rawValue], alignment: alignment)
        }
        // One axis at a time, unrolled (a list of the two pairs was an allocation per frame).
        try checkOrder(
            lengths[FrameKey.minWidth.rawValue], lengths[FrameKey.maxWidth.rawValue], "minWidth", "maxWidth",
            at: locations[FrameKey.maxWidth.rawValue])
        try checkOrder(
            lengths[FrameKey.minHeight.rawValue], lengths[FrameKey.maxHeight.rawValue], "minHeight", "maxHeight",
            at: locations[FrameKey.maxHeight.rawValue])
        return .flexibleFrame(
            FlexibleFrameSpec(
                minWidth: lengths[FrameKey.minWidth.rawValue], idealWidth: lengths[FrameKey.idealWidth.rawValue],
                maxWidth: lengths[FrameKey.maxWidth.rawValue], minHeight: lengths[FrameKey.minHeight.rawValue],
                idealHeight: lengths[FrameKey.idealHeight.rawValue], maxHeight: lengths[FrameKey.maxHeight.rawValue],
                alignment: alignment))
    }

    /// The most common frame, `{"width": w, "height": h}` with two numbers, read without
    /// the general bookkeeping; nil for any other frame object. Each number is read as the
    /// general path reads it (so it fails with the same message, width first).
    @inline(__always)
    private func decodeWidthAndHeight(_ value: Int) throws(DecodeFailure) -> Modifier? {
        let widthKey = value + 1, widthValue = value + 2, heightKey = value + 3, heightValue = value + 4
        guard tape.entries[value].count == 2, tape.entries[widthValue].kind == .number,
            Self.isKey(widthKey, InternedKeys.width, .width, in: tape),
            Self.isKey(heightKey, InternedKeys.height, .height, in: tape),
            tape.entries[heightValue].kind == .number
        else { return nil }
        let width = try tape.readLength(widthValue, "width", allowNegative: false)
        let height = try tape.readLength(heightValue, "height", allowNegative: false)
        return .frame(width: width, height: height, alignment: .center)
    }

    /// Whether the key at `index` is the frame key `name`: by the number the parser gave
    /// it (one compare), else (written with escapes) by the byte table.
    @inline(__always)
    private static func isKey(_ index: Int, _ number: UInt8, _ name: FrameKey, in tape: JSONTape) -> Bool {
        let key = tape.entries[index].key
        return key != 0 ? key == number : frameKeys.lookup(tape, index) == name
    }

    /// A flexible frame's maximum may not be less than its minimum on one axis.
    private func checkOrder(
        _ low: Length?, _ high: Length?, _ lowName: String, _ highName: String, at location: Int
    ) throws(DecodeFailure) {
        if case .points(let minimum)? = low, case .points(let maximum)? = high, minimum > maximum {
            throw .invalid(location, "\(highName) (\(maximum)) is less than \(lowName) (\(minimum))")
        }
    }

    private func decodePoint(_ value: Int, _ what: String) throws(DecodeFailure) -> (Length, Length) {
        try tape.requireObject(value, what)
        var x = Length.points(0), y = Length.points(0)
        try tape.forEachMember(of: value) { key, member throws(DecodeFailure) in
            switch tape.string(at: key) {
            case "x": x = try readFiniteLength(member, "\(what) x")
            case "y": y = try readFiniteLength(member, "\(what) y")
            case let name: throw .invalid(key, "unknown \(what) field '\(name)'; expected x and y")
            }
        }
        return (x, y)
    }

    /// A length that may be negative but not infinite (padding, offset, position).
    private func readFiniteLength(_ index: Int, _ what: String) throws(DecodeFailure) -> Length {
        let length = try tape.readLength(index, what, allowNegative: true)
        if case .points(let points) = length, points.isInfinite {
            throw .invalid(index, "\(what) must be a number or \"N%\", not \"infinity\"")
        }
        return length
    }

    private func decodeAspectRatio(_ value: Int) throws(DecodeFailure) -> Modifier {
        try tape.requireObject(value, "aspectRatio")
        var ratio: Double?
        var fill = false
        try tape.forEachMember(of: value) { key, member throws(DecodeFailure) in
            switch tape.string(at: key) {
            case "ratio":
                let number = try tape.readNumber(member, "ratio")
                // Bounded below too: width / 1e-300 is infinite.
                guard number >= 1e-9 else { throw .invalid(member, "ratio must be at least 1e-9") }
                ratio = number
            case "contentMode":
                switch try tape.readString(member, "contentMode") {
                case "fit": fill = false
                case "fill": fill = true
                case let other: throw .invalid(member, "unknown contentMode '\(other)'; expected fit or fill")
                }
            case let name: throw .invalid(key, "unknown aspectRatio field '\(name)'; expected ratio and contentMode")
            }
        }
        return .aspectRatio(ratio: ratio, fill: fill)
    }

    private func decodeFixedSize(_ value: Int) throws(DecodeFailure) -> Modifier {
        switch tape.entries[value].kind {
        case .true: return .fixedSize(horizontal: true, vertical: true)
        case .false: return .fixedSize(horizontal: false, vertical: false)
        case .object:
            var horizontal = false, vertical = false
            try tape.forEachMember(of: value) { key, member throws(DecodeFailure) in
                switch tape.string(at: key) {
                case "horizontal": horizontal = try tape.readBool(member, "horizontal")
                case "vertical": vertical = try tape.readBool(member, "vertical")
                case let name: throw .invalid(key, "unknown fixedSize field '\(name)'; expected horizontal and vertical")
                }
            }
            return .fixedSize(horizontal: horizontal, vertical: vertical)
        default:
            throw .invalid(value, "fixedSize must be a boolean or {\"horizontal\": …, \"vertical\": …}")
        }
    }

    /// `content` (true) and `alignment` (false), matched by their bytes (no String per key).
    private static let layerKeys = ByteKeyTable([("content", true), ("alignment", false)])

    private func decodeLayer(_ value: Int, _ name: String) throws(DecodeFailure) -> (Int, Alignment) {
        try tape.requireObject(value, name)
        var content = -1
        var alignment = Alignment.center
        try tape.forEachMember(of: value) { key, member throws(DecodeFailure) in
            switch Self.layerKeys.lookup(tape, key) {
            case true?: content = member
            case false?: alignment = try tape.readAlignment(member, "a \(name)'s alignment")
            case nil:
                throw .invalid(
                    key, "unknown \(name) field '\(tape.string(at: key))'; expected content and alignment")
            }
        }
        guard content >= 0 else { throw .invalid(value, "a \(name) needs \"content\"") }
        return (content, alignment)
    }

    /// `{"alignment": "leading", "value": 20}`; `center` sets both axes' centre guides
    /// unless `"axis"` names one.
    private func decodeAlignmentGuide(_ value: Int) throws(DecodeFailure) -> Modifier {
        try tape.requireObject(value, "alignmentGuide")
        var name: String?, nameIndex = value
        var guideValue: Double?
        var axis: Axis?
        try tape.forEachMember(of: value) { key, member throws(DecodeFailure) in
            switch tape.string(at: key) {
            case "alignment":
                name = try tape.readString(member, "alignment")
                nameIndex = member
            case "value": guideValue = try tape.readNumber(member, "value")
            case "axis":
                switch try tape.readString(member, "axis") {
                case "horizontal": axis = .horizontal
                case "vertical": axis = .vertical
                case let other: throw .invalid(member, "unknown axis '\(other)'; expected horizontal or vertical")
                }
            case let field:
                throw .invalid(key, "unknown alignmentGuide field '\(field)'; expected alignment, value and axis")
            }
        }
        guard let name, let guideValue else { throw .invalid(value, "an alignmentGuide needs alignment and value") }
        let guide: AlignmentGuide
        if name == "center" {
            guide = axis == .vertical ? .vertical(.center) : .horizontal(.center)
        } else if let horizontal = AlignmentNames.horizontal[name], axis != .vertical {
            guide = .horizontal(horizontal)
        } else if let vertical = AlignmentNames.vertical[name], axis != .horizontal {
            guide = .vertical(vertical)
        } else {
            throw .invalid(nameIndex, "unknown alignment '\(name)' for an alignmentGuide on this axis")
        }
        return .alignmentGuide(guide, value: guideValue)
    }
}
