/// `POST /v1/layout` body bytes → a validated `LayoutRequest`, or a problem document.
public enum RequestDecoder {
    /// A body is either a whole request or a patch against a session's last tree.
    enum Decoded {
        case request(LayoutRequest)
        /// The body's tape, its `patch` array, its `baseline` and `session`.
        case patch(JSONTape, patch: Int, baseline: String, session: String?)
    }

    public static func decode(_ bytes: [UInt8], limits: DecodeLimits = DecodeLimits()) throws(Problem) -> LayoutRequest {
        try decode(bytes, limits: limits, fonts: limits.fonts)
    }

    /// Decodes a request whose texts may name the fonts of `fonts`.
    public static func decode(_ bytes: [UInt8], limits: DecodeLimits = DecodeLimits(), fonts: any TextMeasurer) throws(Problem)
        -> LayoutRequest
    {
        var limits = limits
        limits.fonts = fonts
        switch try decodeOrPatch(bytes, limits: limits) {
        case .request(let request): return request
        case .patch(let tape, let patch, _, _):
            throw problem(for: .invalid(patch, "a patch needs a session store; send it to a server or layoutd layout"), in: tape)
        }
    }

    static func decodeOrPatch(_ bytes: [UInt8], limits: DecodeLimits = DecodeLimits()) throws(Problem) -> Decoded {
        var tape: JSONTape
        do {
            tape = try JSONTapeParser.parse(bytes, maxNesting: limits.maxJSONNesting)
        } catch {
            if error.isNestingLimit {
                throw Problem(.requestTooLarge, detail: "The request body is \(error.message).")
            }
            let (line, column) = JSONTapeParser.lineAndColumn(of: error.offset, in: bytes)
            var problem = Problem(
                .malformedJSON,
                detail: "The request body is not valid JSON: \(error.message) at line \(line), column \(column).")
            problem.line = line
            problem.column = column
            throw problem
        }
        do {
            try tape.rejectDuplicateKeys()
            let decoded = try decodeRequest(tape, limits: limits)
            // A whole request keeps nothing of its tape: its entries serve the next parse.
            if case .request = decoded { TapeScratchPool.giveEntries(&tape.entries) }
            return decoded
        } catch {
            throw problem(for: error, in: tape)
        }
    }

    static func problem(for failure: DecodeFailure, in tape: JSONTape) -> Problem {
        var errors = [Problem.FieldError(pointer: tape.pointer(to: failure.location), detail: failure.detail)]
        if failure.otherLocation >= 0 {
            errors.append(
                Problem.FieldError(pointer: tape.pointer(to: failure.otherLocation), detail: "the same id first appears here"))
        }
        return Problem(failure.cause.problemKind, detail: failure.detail, errors: errors)
    }

    private static func decodeRequest(_ tape: JSONTape, limits: DecodeLimits) throws(DecodeFailure) -> Decoded {
        try tape.requireObject(0, "the request")
        var bounds: ProposedSize?
        var rootIndex = -1
        var alignment = Alignment.center
        var environment = LayoutEnvironment()
        var options = LayoutOptions()
        var session: String?
        var patchIndex = -1, baselineIndex = -1
        try tape.forEachMember(of: 0) { key, value throws(DecodeFailure) in
            switch tape.string(at: key) {
            case "bounds": bounds = try decodeBounds(tape, value)
            case "root": rootIndex = value
            case "alignment": alignment = try tape.readAlignment(value, "alignment")
            case "environment": environment = try decodeEnvironment(tape, value)
            case "options": options = try decodeOptions(tape, value)
            case "session":
                let key = try tape.readString(value, "session")
                // Characters as JSON Schema's maxLength counts them (code points), so the
                // contract's 256 is the server's (at most 1 KiB of UTF-8).
                guard !key.isEmpty, key.unicodeScalars.count <= 256 else {
                    throw .invalid(value, "session must be 1 to 256 characters long")
                }
                session = key
            case "patch": patchIndex = value
            case "baseline": baselineIndex = value
            case let name:
                throw .invalid(
                    key,
                    "unknown field '\(name)'; expected bounds, root, patch, baseline, session, alignment, environment or options")
            }
        }
        guard let bounds else { throw .invalid(0, "the request needs \"bounds\"") }
        if patchIndex >= 0 {
            guard rootIndex < 0 else { throw .invalid(rootIndex - 1, "send either a root or a patch, not both") }
            guard baselineIndex >= 0 else { throw .invalid(0, "a patch needs the \"baseline\" treeHash it applies to") }
            try tape.requireArray(patchIndex, "patch")
            return .patch(
                tape, patch: patchIndex, baseline: try tape.readString(baselineIndex, "baseline"), session: session)
        }
        if baselineIndex >= 0 { throw .invalid(baselineIndex - 1, "baseline goes with a patch") }
        guard rootIndex >= 0 else { throw .invalid(0, "the request needs a \"root\" node") }
        if options.frames == .changed && session == nil {
            throw .invalid(0, "options.frames \"changed\" needs a session")
        }
        var resolver = NodeResolver(tape: tape, limits: limits)
        try resolver.resolveRoot(rootIndex)
        resolver.tree.idIndex = resolver.ids
        return .request(
            LayoutRequest(
                bounds: bounds, alignment: alignment, environment: environment, options: options, session: session,
                tree: resolver.tree))
    }

    private static func decodeBounds(_ tape: JSONTape, _ object: Int) throws(DecodeFailure) -> ProposedSize {
        try tape.requireObject(object, "bounds")
        var width: Double??, height: Double??
        try tape.forEachMember(of: object) { key, value throws(DecodeFailure) in
            let dimension: Double? =
                tape.entries[value].kind == .null ? nil : try tape.readNonNegative(value, "bounds \(tape.string(at: key))")
            switch tape.string(at: key) {
            case "width": width = .some(dimension)
            case "height": height = .some(dimension)
            case let name: throw .invalid(key, "unknown field '\(name)' in bounds; expected width and height")
            }
        }
        guard let width, let height else {
            throw .invalid(object, "bounds needs width and height (a number, or null for unspecified)")
        }
        return ProposedSize(width: width, height: height)
    }

    private static func decodeEnvironment(_ tape: JSONTape, _ object: Int) throws(DecodeFailure) -> LayoutEnvironment {
        try tape.requireObject(object, "environment")
        var environment = LayoutEnvironment()
        try tape.forEachMember(of: object) { key, value throws(DecodeFailure) in
            switch tape.string(at: key) {
            case "layoutDirection":
                switch try tape.readString(value, "layoutDirection") {
                case "ltr": environment.layoutDirection = .leftToRight
                case "rtl": environment.layoutDirection = .rightToLeft
                case let other: throw .invalid(value, "unknown layoutDirection '\(other)'; expected ltr or rtl")
                }
            case "displayScale":
                let scale = try tape.readNumber(value, "displayScale")
                guard scale > 0 else { throw .invalid(value, "displayScale must be greater than 0") }
                environment.displayScale = scale
            case "safeAreaInsets":
                try tape.requireObject(value, "safeAreaInsets")
                try tape.forEachMember(of: value) { edge, inset throws(DecodeFailure) in
                    let amount = try tape.readNonNegative(inset, "safe area inset")
                    switch tape.string(at: edge) {
                    case "top": environment.safeAreaInsets.top = amount
                    case "leading": environment.safeAreaInsets.leading = amount
                    case "bottom": environment.safeAreaInsets.bottom = amount
                    case "trailing": environment.safeAreaInsets.trailing = amount
                    case let name:
                        throw .invalid(edge, "unknown edge '\(name)'; expected top, leading, bottom or trailing")
                    }
                }
            case let name:
                throw .invalid(key, "unknown environment field '\(name)'; expected layoutDirection, displayScale or safeAreaInsets")
            }
        }
        return environment
    }

    private static func decodeOptions(_ tape: JSONTape, _ object: Int) throws(DecodeFailure) -> LayoutOptions {
        try tape.requireObject(object, "options")
        var options = LayoutOptions()
        try tape.forEachMember(of: object) { key, value throws(DecodeFailure) in
            let name = tape.string(at: key)
            if name == "profile" {
                options.profile = try tape.readBool(value, "options.profile")
                return
            }
            let choice = try tape.readString(value, name)
            switch (name, choice) {
            case ("frames", "all"): options.frames = .all
            case ("frames", "changed"): options.frames = .changed
            case ("coordinates", "absolute"): options.coordinates = .absolute
            case ("coordinates", "parent"): options.coordinates = .parent
            case ("cache", "use"): options.cache = .use
            case ("cache", "refresh"): options.cache = .refresh
            case ("cache", "none"): options.cache = .none
            case ("frames", _), ("coordinates", _), ("cache", _):
                throw .invalid(value, "unknown value '\(choice)' for options.\(name)")
            default:
                throw .invalid(key, "unknown option '\(name)'; expected frames, coordinates, cache or profile")
            }
        }
        return options
    }
}
