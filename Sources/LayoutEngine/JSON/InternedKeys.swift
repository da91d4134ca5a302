/// The object keys requests use most, numbered from 1. Both tape parsers write a key's
/// number into its tape entry (`Entry.key`), so that a reader maps a key to its meaning
/// with one load (`ByteKeyTable`), not by hashing its bytes again, and so that repeated
/// keys among the first 64 are found with one bit per key instead of comparing hashes.
/// (Numbering value strings too, node types say, cost the parser what it saved the
/// resolver.)
/// A key is matched by its length and its first and last eight bytes, which is exact
/// for keys of up to 16 bytes (longer ones are never numbered).
enum InternedKeys {
    /// Keys 1...64 also own a bit of an object's key mask: the ones found in node, frame,
    /// size, font and modifier objects come first.
    static let names: [String] = [
        "type", "id", "modifiers", "children", "size", "width", "height", "text", "font", "spacing", "alignment",
        "padding", "frame", "maxWidth", "maxHeight", "minWidth", "minHeight", "idealWidth", "idealHeight",
        "background", "overlay", "content", "style", "resizable", "lineLimit", "minLength", "thickness", "axes",
        "data", "header", "footer", "columns", "rows", "truncationMode", "verticalSpacing", "offset", "position",
        "aspectRatio", "fixedSize", "layoutPriority", "ignoresSafeArea", "alignmentGuide", "gridCellColumns",
        "gridCellAnchor", "family", "weight", "italic", "lineHeight", "lineSpacing", "letterSpacing", "kerning",
        "fallback", "top", "bottom", "leading", "trailing", "horizontal", "vertical", "all", "x", "y", "bounds",
        "root", "ratio",
        // Numbered, but checked for repeats by their hashes as unnumbered keys are.
        "contentMode", "value", "axis", "environment", "options", "session", "patch", "baseline",
    ]

    /// The numbers of keys some readers compare entries against directly (a literal, so
    /// reading one costs no initialisation check; `InternedKeysTests` holds them to the list).
    static let type: UInt8 = 1
    static let id: UInt8 = 2
    static let size: UInt8 = 5
    static let width: UInt8 = 6
    static let height: UInt8 = 7

    /// How many keys own a mask bit.
    static let maskedCount = 64

    /// The table the parsers probe, built once.
    static let table = Table(names)

    /// The number of `name` (0: not numbered).
    static func number(of name: String) -> UInt8 {
        let bytes = Array(name.utf8)
        guard (1...16).contains(bytes.count) else { return 0 }
        let (head, tail) = words(bytes.count) { bytes[$0] }
        return table.number(head: head, tail: tail, length: bytes.count)
    }

    /// A key's first eight bytes (zero-padded) and, from eight bytes on, its last eight,
    /// as little-endian words (what both parsers also hash keys by), read through `byte`.
    @inline(__always)
    static func words(_ length: Int, _ byte: (Int) -> UInt8) -> (head: UInt64, tail: UInt64) {
        var head: UInt64 = 0, tail: UInt64 = 0
        for offset in 0..<min(length, 8) { head |= UInt64(byte(offset)) << UInt64(offset &* 8) }
        if length >= 8 {
            for offset in 0..<8 { tail |= UInt64(byte(length - 8 + offset)) << UInt64(offset &* 8) }
        }
        return (head, tail)
    }

    /// An open-addressing table of the numbered keys, in memory that is never freed (the
    /// fast path reads it through a pointer, without bounds checks or reference counts).
    final class Table: @unchecked Sendable {
        struct Slot {
            var head: UInt64 = 0
            var tail: UInt64 = 0
            var length: Int32 = 0
            /// 0: empty.
            var number: Int32 = 0
        }

        static let slotCount = 512
        let slots: UnsafeMutablePointer<Slot>

        init(_ names: [String]) {
            precondition(names.count <= Int(UInt8.max), "key numbers are one byte")
            slots = .allocate(capacity: Self.slotCount)
            slots.initialize(repeating: Slot(), count: Self.slotCount)
            for (index, name) in names.enumerated() {
                let bytes = Array(name.utf8)
                precondition((1...16).contains(bytes.count), "interned keys are 1 to 16 bytes long")
                // The fast path takes a match by the first quote alone as a plain string.
                let isPlain = bytes.allSatisfy {
                    (0x20..<0x80).contains($0) && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\")
                }
                precondition(isPlain, "interned keys are plain ASCII")
                let (head, tail) = InternedKeys.words(bytes.count) { bytes[$0] }
                var slot = Self.slot(head: head, tail: tail, length: bytes.count)
                while slots[slot].number != 0 {
                    precondition(
                        slots[slot].head != head || slots[slot].tail != tail
                            || Int(slots[slot].length) != bytes.count, "\(name) is listed twice")
                    slot = (slot + 1) & (Self.slotCount - 1)
                }
                slots[slot] = Slot(
                    head: head, tail: tail, length: Int32(bytes.count), number: Int32(index + 1))
            }
        }

        @inline(__always)
        static func slot(head: UInt64, tail: UInt64, length: Int) -> Int {
            // One multiply: the listed words differ in their first eight bytes or in
            // their length, or else in their last eight.
            let mixed = (head ^ (tail &>> 3) ^ UInt64(truncatingIfNeeded: length)) &* 0x9E37_79B9_7F4A_7C15
            return Int(truncatingIfNeeded: mixed >> 55) & (slotCount - 1)
        }

        /// The number of the key with these words and length (1 to 16 bytes), or 0.
        @inline(__always)
        func number(head: UInt64, tail: UInt64, length: Int) -> UInt8 {
            var slot = Self.slot(head: head, tail: tail, length: length)
            while true {
                let candidate = slots[slot]
                if candidate.number == 0 { return 0 }
                if candidate.head == head, candidate.tail == tail, Int(candidate.length) == length {
                    return UInt8(truncatingIfNeeded: candidate.number)
                }
                slot = (slot &+ 1) & (Self.slotCount - 1)
            }
        }
    }
}
