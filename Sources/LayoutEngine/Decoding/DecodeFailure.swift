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
