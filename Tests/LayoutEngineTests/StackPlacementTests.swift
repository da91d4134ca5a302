import Testing

@testable import LayoutEngine

/// Stack rule 7 of SWIFTUI-RULES.md: a stack places each child with the proposal it was
/// sized with (its share of the space), not with the size the child chose.
@Suite struct StackPlacementTests {
    @Test func relativeWidthKeepsItsShareWhenPlaced() throws {
        // Ole Begemann, "SwiftUI: relative sizing in stacks" (oleb.net, 2023):
        // HStack(spacing: 10) { blue at 50% of its proposed width; green; yellow } at 620
        // wide: SwiftUI draws blue 100 wide.
        // Derivation: available 620 - 2·10 = 600. Probes: blue's frame answers 0 for 0 and
        // ∞ for ∞, as do the colors: all infinitely flexible with minimum 0, so the order
        // is declaration order. blue ← 600/3 = 200 → 100; green ← (600-100)/2 = 250 → 250;
        // yellow ← 250 → 250. Slots: 0, 110, 370. Placed again with 200, blue's frame is
        // 100 and proposes its color 100 (proposing blue its own 100 would make it 50).
        let f = try frames(
            request(
                #"""
                {"type":"hstack","id":"s","spacing":10,"children":[
                 {"type":"rect","id":"blue","modifiers":[{"frame":{"width":"50%"}}]},
                 {"type":"rect","id":"green"},{"type":"rect","id":"yellow"}]}
                """#,
                width: "620", height: "50"))
        expectFrame(f["s"], rect(0, 0, 620, 50))
        expectFrame(f["blue"], rect(0, 0, 100, 50))
        expectFrame(f["green"], rect(110, 0, 250, 50))
        expectFrame(f["yellow"], rect(370, 0, 250, 50))
    }

    @Test func nestedStackKeepsItsOwnSize() throws {
        // The known frame HStack(spacing: 0) { red.frame(maxWidth: 100); green.frame(minWidth:
        // 100) } in 150 is 175 wide (SWIFTUI-RULES.md, from SwiftUI's documented behaviour).
        // Wrapped in another HStack(spacing: 0) it must stay so: the outer stack's only child
        // is proposed 150 → 175, and is placed with 150 again. (Proposing it the 175 it chose
        // would give red min(175/2, 100) = 87.5 and green 100: 187.5.) The outer stack is
        // 175 wide, centred in the 150-wide root at x = (150 - 175) / 2 = -12.5.
        let f = try frames(
            request(
                #"""
                {"type":"hstack","id":"outer","spacing":0,"children":[
                 {"type":"hstack","id":"inner","spacing":0,"children":[
                  {"type":"rect","id":"red","modifiers":[{"frame":{"maxWidth":100}}]},
                  {"type":"rect","id":"green","modifiers":[{"frame":{"minWidth":100}}]}]}]}
                """#,
                width: "150", height: "100"))
        expectFrame(f["outer"], rect(-12.5, 0, 175, 100))
        expectFrame(f["inner"], rect(-12.5, 0, 175, 100))
        expectFrame(f["red"], rect(-12.5, 0, 75, 100))
        expectFrame(f["green"], rect(62.5, 0, 100, 100))
    }

    @Test func vstackPlacesPercentPaddingWithItsShare() throws {
        // VStack(spacing: 0) { view 10×10 .padding(top: 10% of the proposed height); rect }
        // in 100×400. Probes: a answers 10 for 0 and ∞ for ∞; the rect 0 and ∞. Both are
        // infinitely flexible, so the larger minimum (a's 10) goes first.
        // a ← 400/2 = 200 → inset 20 + 10 = 30; b ← 400 - 30 = 370 → 370.
        // Placed again with 200, a's inset is 20: the view sits at y 20, centred across
        // (x 45). (Proposing a the 30 it chose would inset it by 3.)
        let f = try frames(
            request(
                #"""
                {"type":"vstack","spacing":0,"children":[
                 {"type":"view","id":"a","size":{"width":10,"height":10},"modifiers":[{"padding":{"top":"10%"}}]},
                 {"type":"rect","id":"b"}]}
                """#,
                width: "100", height: "400"))
        expectFrame(f["a"], rect(45, 20, 10, 10))
        expectFrame(f["b"], rect(0, 30, 100, 370))
    }
}
