/// Why a request body was refused, located on the tape so that the problem document can
/// name a JSON Pointer. Pointers are computed only when an error is reported.
struct DecodeFailure: Error {
    enum Cause {
        /// Not JSON (400), with the byte offset of the fault.
        case malformed(offset: Int)
        /// Too deep, too many nodes (413).
        case tooLarge
        /// Valid JSON, invalid tree (422).
        case invalid

        /// The problem this failure is reported as (a bad value inside valid JSON is an
        /// invalid tree, not malformed JSON).
        var problemKind: Problem.Kind {
            switch self {
            case .tooLarge: .treeTooLarge
            case .malformed, .invalid: .invalidTree
            }
        }

        /// A failure inside a request built by the engine (a patched tree), reported at
        /// the patch: too large stays too large, anything else is an invalid tree.
        init(_ kind: Problem.Kind) {
            switch kind {
            case .requestTooLarge, .treeTooLarge, .tooMuchWork, .responseTooLarge: self = .tooLarge
            case .malformedJSON, .invalidTree, .staleBaseline, .sessionMismatch: self = .invalid
            }
        }
    }

    var cause: Cause
    var detail: String
    /// The tape entry at fault (-1: the document as a whole).
    var location: Int
    /// A second location, for duplicate ids.
    var otherLocation: Int = -1

    static func invalid(_ location: Int, _ detail: String) -> DecodeFailure {
        DecodeFailure(cause: .invalid, detail: detail, location: location)
    }

    static func tooLarge(_ location: Int, _ detail: String) -> DecodeFailure {
        DecodeFailure(cause: .tooLarge, detail: detail, location: location)
    }
}
