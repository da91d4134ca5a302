import Workloads

/// Session mode's request bodies (API.md §5): after a full request, patches against the
/// previous `treeHash` that resize one rigid leaf, the smallest realistic edit.
enum SessionPatches {
    /// Ids of the `view` leaves of a generated body: the nodes whose `size` a patch may set.
    static func viewLeafIDs(in body: [UInt8]) -> [String] {
        let marker = Array(#"{"type":"view","id":""#.utf8)
        var ids: [String] = []
        var index = 0
        while let start = find(marker, in: body, from: index) {
            var end = start + marker.count
            while end < body.count && body[end] != UInt8(ascii: "\"") { end += 1 }
            ids.append(String(decoding: body[(start + marker.count)..<end], as: UTF8.self))
            index = end
        }
        return ids
    }

    /// `{"bounds":…,"baseline":H,"patch":[{"op":"set","id":…,"field":"size","value":…}]}`.
    /// The session key travels in the `Layout-Session` header, not the body.
    static func resizeBody(baseline: String, leaf: String, random: inout SplitMix64) -> [UInt8] {
        let width = 8 + random.next() % 60
        let height = 8 + random.next() % 40
        let text = #"{"bounds":{"width":390,"height":844},"baseline":"\#(baseline)","patch":[{"op":"set","id":"\#(leaf)","field":"size","value":{"width":\#(width),"height":\#(height)}}]}"#
        return Array(text.utf8)
    }

    /// The `treeHash` member of a response body, if any (tolerates whitespace around the
    /// colon; hashes are hex, so no escapes need decoding).
    static func treeHash(in body: [UInt8]) -> String? {
        guard let start = find(Array(#""treeHash""#.utf8), in: body, from: 0) else { return nil }
        var index = start + 10
        func skipSpace() {
            while index < body.count && (body[index] == 32 || body[index] == 9 || body[index] == 10 || body[index] == 13) {
                index += 1
            }
        }
        skipSpace()
        guard index < body.count, body[index] == UInt8(ascii: ":") else { return nil }
        index += 1
        skipSpace()
        guard index < body.count, body[index] == UInt8(ascii: "\"") else { return nil }
        index += 1
        let valueStart = index
        while index < body.count && body[index] != UInt8(ascii: "\"") { index += 1 }
        guard index < body.count, index > valueStart else { return nil }
        return String(decoding: body[valueStart..<index], as: UTF8.self)
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from: Int) -> Int? {
        guard let first = needle.first, haystack.count >= needle.count else { return nil }
        var index = from
        while index <= haystack.count - needle.count {
            if haystack[index] == first && haystack[index..<(index + needle.count)].elementsEqual(needle) {
                return index
            }
            index += 1
        }
        return nil
    }
}
