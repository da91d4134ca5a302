/// The `type` values of API.md §3 and the fields each accepts.
enum NodeType: String, CaseIterable, Sendable {
    case view, rect, image, text, spacer, divider, vstack, hstack, zstack, scroll, geometry
    case group, divided, foreach, form, section, grid, gridrow, flex
    case lazyvstack, lazyhstack, lazyvgrid, lazyhgrid, viewthatfits

    var allowedFields: FieldSet {
        let common: FieldSet = [.type, .id, .modifiers, .style]
        switch self {
        case .view: return common.union([.size])
        case .rect: return common.union([.size])
        case .image: return common.union([.size, .resizable])
        case .text: return common.union([.text, .font, .lineLimit, .multilineTextAlignment, .truncationMode])
        case .spacer: return common.union([.minLength])
        case .divider: return common.union([.thickness])
        case .vstack, .hstack, .lazyvstack, .lazyhstack: return common.union([.alignment, .spacing, .children])
        case .lazyvgrid: return common.union([.columns, .alignment, .spacing, .children])
        case .lazyhgrid: return common.union([.rows, .alignment, .spacing, .children])
        case .viewthatfits: return common.union([.axes, .children])
        case .zstack: return common.union([.alignment, .children])
        case .scroll: return common.union([.axes, .children])
        case .geometry, .group: return common.union([.children])
        case .divided: return common.union([.children, .thickness])
        case .foreach: return common.union([.data, .content])
        case .form: return common.union([.children, .style])
        case .section: return common.union([.header, .footer, .children])
        case .grid: return common.union([.alignment, .horizontalSpacing, .verticalSpacing, .children])
        case .gridrow: return common.union([.alignment, .children])
        case .flex: return common.union([.style, .children])
        }
    }

    static let list = allCases.map(\.rawValue).joined(separator: ", ")
    static let table = ByteKeyTable(allCases.map { ($0.rawValue, $0) })
    /// Each type with the bits of its allowed fields, computed once.
    static let tableWithFields = ByteKeyTable(allCases.map { ($0.rawValue, ($0, $0.allowedFields.rawValue)) })
}

/// The fields a node object may have.
enum Field: Int, CaseIterable, Sendable {
    case type, id, modifiers, style, size, resizable, text, font, lineLimit, minLength, thickness
    case alignment, spacing, children, axes, data, content, header, footer, horizontalSpacing, verticalSpacing
    case columns, rows, multilineTextAlignment, truncationMode

    /// At most `FieldSet.capacity`: a test holds the list to it.
    static let count = allCases.count

    /// Each field's JSON key is its case name.
    static let byName: [String: Field] = Dictionary(uniqueKeysWithValues: allCases.map { ("\($0)", $0) })

    static let table = ByteKeyTable(byName.map { ($0.key, $0.value) })

    /// Not a field, in `slotByKeyNumber`.
    static let noSlot: UInt8 = 0xFF

    /// The field (its raw value) of each numbered key (`InternedKeys`), `noSlot` for a
    /// numbered key that is not a node field: a node's keys map to fields with one load.
    static let slotByKeyNumber = SlotTable()

    /// 256 entries in memory that is never freed, read through a pointer (an array was
    /// retained and released for every node).
    final class SlotTable: @unchecked Sendable {
        /// Written once, in `init`; only read after.
        let slots: UnsafePointer<UInt8>

        init() {
            let slots = UnsafeMutablePointer<UInt8>.allocate(capacity: Int(UInt8.max) + 1)
            slots.initialize(repeating: Field.noSlot, count: Int(UInt8.max) + 1)
            for field in Field.allCases {
                let number = InternedKeys.number(of: "\(field)")
                if number != 0 { slots[Int(number)] = UInt8(field.rawValue) }
            }
            self.slots = UnsafePointer(slots)
        }
    }
}

struct FieldSet: ExpressibleByArrayLiteral {
    /// One bit per field.
    static let capacity = UInt32.bitWidth

    let rawValue: UInt32

    init(arrayLiteral fields: Field...) {
        rawValue = fields.reduce(0) { $0 | 1 << UInt32($1.rawValue) }
    }

    private init(rawValue: UInt32) { self.rawValue = rawValue }

    func union(_ other: FieldSet) -> FieldSet { FieldSet(rawValue: rawValue | other.rawValue) }

    func contains(_ field: Field) -> Bool { rawValue & 1 << UInt32(field.rawValue) != 0 }
}

/// The tape indices of a node object's fields (-1 when absent), one slot per bit of a
/// `FieldSet`, so that adding a field needs no count kept by hand.
struct NodeFields {
    private typealias Slots = InlineArray<32, Int32>
    static let slotCount = Slots.count

    private var values = Slots(repeating: -1)
    /// The fields present, one bit each (as `FieldSet`).
    private(set) var present: UInt32 = 0

    @inline(__always)
    subscript(_ field: Field) -> Int {
        get { Int(values[field.rawValue]) }
        set {
            values[field.rawValue] = Int32(newValue)
            present |= 1 << UInt32(field.rawValue)
        }
    }

    /// Sets the field whose raw value is `slot` (below `slotCount`).
    @inline(__always)
    mutating func set(slot: Int, to value: Int) {
        values[slot] = Int32(truncatingIfNeeded: value)
        present |= 1 &<< UInt32(truncatingIfNeeded: slot)
    }

    /// One bit test (no load of the slot and its bounds check).
    @inline(__always)
    func has(_ field: Field) -> Bool { present & 1 << UInt32(field.rawValue) != 0 }
}
