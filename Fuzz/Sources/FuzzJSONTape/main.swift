import FuzzDriver
@testable import LayoutEngine

/// The JSON tape parser on any bytes: it accepts or refuses, never traps; an accepted
/// document's every entry can be pointed at and skipped, and its keys checked for
/// duplicates.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzJSONTape(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let tape = try? JSONTapeParser.parse(bytes, maxNesting: 64) else { return 0 }
    var index = 0
    while index < tape.entries.count {
        let next = tape.next(after: index)
        precondition(next > index && next <= tape.entries.count, "next(after: \(index)) = \(next)")
        _ = tape.pointer(to: index)
        index += 1
    }
    _ = try? tape.rejectDuplicateKeys()
    return 0
}

runFuzzer { data, size in fuzzJSONTape(data, size) }
