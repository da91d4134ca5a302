import FuzzDriver
@testable import LayoutEngine

/// The JSON tape parser on any bytes: it accepts or refuses, never traps; its fast path
/// and its diagnosing loop agree; an accepted document's every entry can be pointed at and
/// skipped, and its keys checked for duplicates.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzJSONTape(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let diagnosed = try? JSONTapeParser.parse(bytes, maxNesting: 64, paths: .diagnosingOnly)
    let fast = try? JSONTapeParser.parse(bytes, maxNesting: 64, paths: .fastOnly)
    precondition((fast == nil) == (diagnosed == nil), "the fast path and the diagnosing loop disagree")
    guard let tape = fast, let diagnosed else { return 0 }
    // The fast path builds the diagnosing loop's tape.
    precondition(tape.entries.count == diagnosed.entries.count, "entry counts differ")
    precondition(tape.mayHaveDuplicateKeys == diagnosed.mayHaveDuplicateKeys, "duplicate-key hints differ")
    for index in 0..<tape.entries.count {
        let a = tape.entries[index], b = diagnosed.entries[index]
        precondition(
            a.kind == b.kind && a.hasEscapes == b.hasEscapes && a.start == b.start && a.end == b.end && a.count == b.count
                && a.key == b.key,
            "entry \(index) differs")
    }
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
