import LayoutEngine
import Synchronization

/// Shaped texts by (text, font): shaping is the costly part of measuring, and screens
/// repeat their strings. Bounded by the UTF-8 bytes of the texts it holds; when full it is
/// emptied (coarse, O(1), and it only ever saves work).
final class ShapeCache: Sendable {
    private struct Key: Hashable {
        var content: String
        var font: TextFont
    }

    private let maxUnits: Int
    private let table = Mutex<(entries: [Key: ShapedText], units: Int)>(([:], 0))

    init(maxUnits: Int) { self.maxUnits = maxUnits }

    func lookup(_ content: String, _ font: TextFont) -> ShapedText? {
        table.withLock { $0.entries[Key(content: content, font: font)] }
    }

    func store(_ shaped: ShapedText, _ content: String, _ font: TextFont) {
        let units = content.utf8.count + 64
        guard units <= maxUnits / 4 else { return }  // a huge text would flush everything else
        table.withLock { table in
            if table.units + units > maxUnits { table = ([:], 0) }
            if table.entries.updateValue(shaped, forKey: Key(content: content, font: font)) == nil { table.units += units }
        }
    }
}
