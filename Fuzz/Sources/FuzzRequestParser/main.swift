import FuzzDriver
@testable import HTTPServer

/// What the parser made of a whole stream: each message, or the first error.
enum Outcome: Equatable {
    case message(method: String, target: String, body: [UInt8])
    case error(HTTPError)
    case incomplete
}

/// Feeds `raw` in slices of `slice` bytes, keeping unconsumed bytes as the connection does.
func parse(_ raw: [UInt8], slice: Int) -> [Outcome] {
    var limits = RequestParserLimits()
    limits.maxBodyLength = 1 << 16
    var parser = RequestParser(limits: limits)
    var pending: [UInt8] = []
    var fed = 0
    var outcomes: [Outcome] = []
    while outcomes.count < 64 {
        let (consumed, result) = pending.withUnsafeBytes { parser.parse($0) }
        precondition(consumed >= 0 && consumed <= pending.count, "consumed \(consumed) of \(pending.count)")
        pending.removeFirst(consumed)
        switch result {
        case .needMoreData:
            guard fed < raw.count else {
                if parser.isInsideMessage || !pending.isEmpty { outcomes.append(.incomplete) }
                return outcomes
            }
            let next = min(raw.count, fed + slice)
            pending.append(contentsOf: raw[fed..<next])
            fed = next
        case .headComplete:
            continue
        case .messageComplete(let head, let body):
            outcomes.append(.message(method: head.method, target: head.target, body: body))
        case .failed(let error):
            outcomes.append(.error(error))
            return outcomes
        }
    }
    return outcomes
}

/// The request parser given the input whole and in 1-, 7- and 64-byte slices must agree.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzRequestParser(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let raw = Array(UnsafeBufferPointer(start: data, count: size))
    let whole = parse(raw, slice: max(raw.count, 1))
    for slice in [1, 7, 64] {
        let chunked = parse(raw, slice: slice)
        precondition(chunked == whole, "slices of \(slice) bytes: \(chunked) != whole: \(whole)")
    }
    return 0
}

runFuzzer { data, size in fuzzRequestParser(data, size) }
