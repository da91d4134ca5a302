/// Request bodies shaped to attack the engine's expansion and recursion at or past its
/// limits (issue 8): each is small on the wire and large once expanded. Sizes are
/// parameters so that tests can scale them against a body budget.
public enum HostileShapes {
    static let bounds = #"{"width":390,"height":844}"#

    /// A leaf view with `count` own `{"padding": 0}` modifiers (each a level of the
    /// layout's recursion).
    public static func modifierChain(_ count: Int) -> [UInt8] {
        var out = Array(#"{"bounds":\#(bounds),"root":{"type":"view","size":{"width":10,"height":10},"modifiers":["#.utf8)
        appendRepeated(#"{"padding":0}"#, count, to: &out)
        out += Array("]}}".utf8)
        return out
    }

    /// `levels` nested vstacks, each with `modifiersPerLevel` paddings: a long layout path
    /// made of individually small chains.
    public static func nestedChains(levels: Int, modifiersPerLevel: Int) -> [UInt8] {
        var modifiers: [UInt8] = Array(#","modifiers":["#.utf8)
        appendRepeated(#"{"padding":1}"#, modifiersPerLevel, to: &modifiers)
        modifiers += Array("]".utf8)
        var out = Array(#"{"bounds":\#(bounds),"root":"#.utf8)
        for _ in 0..<levels {
            out += Array(#"{"type":"vstack""#.utf8) + modifiers + Array(#","children":["#.utf8)
        }
        out += Array(#"{"type":"view","size":{"width":10,"height":10}}"#.utf8)
        for _ in 0..<levels { out += Array("]}".utf8) }
        out += Array("}".utf8)
        return out
    }

    /// A root vstack whose id is `idLength` bytes long over `children` id-less children
    /// (each child's derived id repeats the root's).
    public static func longIdOverChildren(idLength: Int, children: Int) -> [UInt8] {
        var out = Array(#"{"bounds":\#(bounds),"root":{"type":"vstack","id":""#.utf8)
        out += [UInt8](repeating: UInt8(ascii: "x"), count: idLength)
        out += Array(#"","children":["#.utf8)
        appendRepeated(#"{"type":"rect"}"#, children, to: &out)
        out += Array("]}}".utf8)
        return out
    }

    /// A group of `children` rects carrying `modifiers` offsets, which every child
    /// inherits.
    public static func bigGroup(children: Int, modifiers: Int) -> [UInt8] {
        var out = Array(#"{"bounds":\#(bounds),"root":{"type":"vstack","children":[{"type":"group","modifiers":["#.utf8)
        appendRepeated(#"{"offset":{"x":0}}"#, modifiers, to: &out)
        out += Array(#"],"children":["#.utf8)
        appendRepeated(#"{"type":"rect"}"#, children, to: &out)
        out += Array("]}]}}".utf8)
        return out
    }

    /// A foreach of `copies` data whose content is a text of `words` words.
    public static func foreachText(copies: Int, words: Int) -> [UInt8] {
        var out = Array(#"{"bounds":\#(bounds),"root":{"type":"vstack","children":[{"type":"foreach","data":["#.utf8)
        out += Array((0..<copies).map(String.init).joined(separator: ",").utf8)
        out += Array(#"],"content":{"type":"text","text":""#.utf8)
        for word in 0..<words { out += Array((word == 0 ? "word" : " word").utf8) }
        out += Array(#""}}]}}"#.utf8)
        return out
    }

    /// A vstack of `count` rects with ids `n0`, `n1`, ... (a session's tree to patch).
    public static func flatTree(_ count: Int) -> [UInt8] {
        var out = Array(#"{"bounds":\#(bounds),"session":"s","root":{"type":"vstack","id":"root","children":["#.utf8)
        for index in 0..<count {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out += Array(#"{"type":"rect","id":"n\#(index)"}"#.utf8)
        }
        out += Array("]}}".utf8)
        return out
    }

    /// A patch of `count` replace ops on nodes `n0`, `n1`, ... of `flatTree`.
    public static func replacePatch(baseline: String, count: Int, stride: Int = 1) -> [UInt8] {
        var ops: [String] = []
        for op in 0..<count {
            ops.append(#"{"op":"replace","id":"n\#(op * stride)","node":{"type":"view","id":"n\#(op * stride)","size":{"width":3,"height":4}}}"#)
        }
        return patch(baseline: baseline, ops)
    }

    /// A patch of `count` inserts at the front of `flatTree`'s root.
    public static func insertPatch(baseline: String, count: Int) -> [UInt8] {
        let ops = (0..<count).map { #"{"op":"insert","parent":"root","index":0,"node":{"type":"rect","id":"new\#($0)"}}"# }
        return patch(baseline: baseline, ops)
    }

    /// A patch request of `ops` (JSON texts) against session "s".
    public static func patch(baseline: String, _ ops: [String]) -> [UInt8] {
        Array(#"{"bounds":\#(bounds),"session":"s","baseline":"\#(baseline)","patch":[\#(ops.joined(separator: ","))]}"#.utf8)
    }

    static func appendRepeated(_ element: String, _ count: Int, to out: inout [UInt8]) {
        let bytes = Array(element.utf8)
        out.reserveCapacity(out.count + count * (bytes.count + 1))
        for index in 0..<count {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out += bytes
        }
    }
}
