import Testing

@testable import LayoutEngine

/// group, divided, foreach: children join the parent; modifiers apply to each child.
@Suite struct TransparentNodeTests {
    @Test func groupModifiersApplyToEachChild() throws {
        // VStack(spacing 0) { Group { 20×20; 30×30 }.padding(10) } in 100×200: the children
        // become 40×40 and 50×50; the stack 50×90 centred at (25, 55).
        let f = try frames(
            request(
                #"{"type":"vstack","spacing":0,"children":[{"type":"group","id":"g","modifiers":[{"padding":10}],"children":[{"type":"view","id":"a","size":{"width":20,"height":20}},{"type":"view","id":"b","size":{"width":30,"height":30}}]}]}"#,
                width: "100", height: "200"))
        expectFrame(f["a"], rect(40, 65, 20, 20))
        expectFrame(f["b"], rect(35, 105, 30, 30))
        // The group's frame is the union of its children's.
        expectFrame(f["g"], rect(35, 65, 30, 70))
    }

    @Test func groupModifiersGoOutsideTheChildsOwn() throws {
        // HStack { Group { rect.frame(width: 10, height: 10) }.frame(width: 50, alignment: .leading) }:
        // the child's own frame is inner, the group's outer: the rect sits at x 0 of 50.
        let f = try frames(
            request(
                #"{"type":"hstack","children":[{"type":"group","modifiers":[{"frame":{"width":50,"alignment":"leading"}}],"children":[{"type":"rect","id":"r","modifiers":[{"frame":{"width":10,"height":10}}]}]}]}"#,
                width: "50", height: "10"))
        expectFrame(f["r"], rect(0, 0, 10, 10))
    }

    @Test func nestedGroupsStackTheirModifiers() throws {
        // HStack(spacing 0) { Group { Group { 10×10 }.padding(1) }.padding(2) } → 16×16 box.
        let f = try frames(
            request(
                #"{"type":"hstack","id":"s","spacing":0,"children":[{"type":"group","modifiers":[{"padding":2}],"children":[{"type":"group","modifiers":[{"padding":1}],"children":[{"type":"view","id":"v","size":{"width":10,"height":10}}]}]}]}"#,
                width: "null", height: "null"))
        expectFrame(f["s"], rect(0, 0, 16, 16))
        expectFrame(f["v"], rect(3, 3, 10, 10))
    }

    @Test func groupBackgroundIsClonedPerChild() throws {
        // Group { a; b }.background(rect): each child gets its own background, named after it.
        let f = try frames(
            request(
                #"{"type":"hstack","spacing":0,"children":[{"type":"group","modifiers":[{"background":{"content":{"type":"rect"}}}],"children":[{"type":"view","id":"a","size":{"width":10,"height":10}},{"type":"view","id":"b","size":{"width":20,"height":10}}]}]}"#,
                width: "null", height: "null"))
        expectFrame(f["a/background"], rect(0, 0, 10, 10))
        expectFrame(f["b/background"], rect(10, 0, 20, 10))
    }

    @Test func dividedPutsDividersBetweenChildren() throws {
        // VStack(spacing 0) { Divided { 20×10, 20×10 } } in 100×100: view, divider, view.
        // The divider is 1 tall and offered the width (100); stack 100×21 at y 39.5.
        let f = try frames(
            request(
                #"{"type":"vstack","spacing":0,"children":[{"type":"divided","children":[{"type":"view","size":{"width":20,"height":10}},{"type":"view","size":{"width":20,"height":10}}]}]}"#,
                width: "100", height: "100"))
        expectFrame(f["root/0/0"], rect(40, 39.5, 20, 10))
        expectFrame(f["root/0/divider/0"], rect(0, 49.5, 100, 1))
        expectFrame(f["root/0/1"], rect(40, 50.5, 20, 10))
        expectFrame(f["root/0"], rect(0, 39.5, 100, 21))
    }

    @Test func foreachExpandsWithDatumIds() throws {
        // HStack(spacing 0) { ForEach(["a", "b", 3]) { 10×10 } } in 30×10.
        let f = try frames(
            request(
                #"{"type":"hstack","spacing":0,"children":[{"type":"foreach","id":"list","data":["a","b",3],"content":{"type":"view","size":{"width":10,"height":10}}}]}"#,
                width: "30", height: "10"))
        // Copies are named `<foreach id>/<datum>` (issue 10 item 5).
        expectFrame(f["list/a"], rect(0, 0, 10, 10))
        expectFrame(f["list/b"], rect(10, 0, 10, 10))
        expectFrame(f["list/3"], rect(20, 0, 10, 10))
        expectFrame(f["list"], rect(0, 0, 30, 10))
        #expect(f["a"] == nil)
    }

    @Test func foreachContentChildrenAreNamedUnderTheDatum() throws {
        let f = try frames(
            request(
                #"{"type":"vstack","children":[{"type":"foreach","data":[1.5,"x"],"content":{"type":"hstack","children":[{"type":"view","size":{"width":1,"height":1}}]}}]}"#))
        // The foreach is root/0 (§4), so the copies are root/0/1.5 and root/0/x.
        #expect(f["root/0/1.5/0"] != nil)
        #expect(f["root/0/x/0"] != nil)
    }

    @Test func sectionOutsideAFormIsTransparentWithHeaderAndFooter() throws {
        // VStack(spacing 0) { Section(header: 10×5) { 10×10 } footer: 10×5 } → three rows.
        let f = try frames(
            request(
                #"{"type":"vstack","spacing":0,"children":[{"type":"section","id":"s","header":{"type":"view","size":{"width":10,"height":5}},"footer":{"type":"view","size":{"width":10,"height":5}},"children":[{"type":"view","size":{"width":10,"height":10}}]}]}"#,
                width: "null", height: "null"))
        expectFrame(f["s/header"], rect(0, 0, 10, 5))
        expectFrame(f["s/0"], rect(0, 5, 10, 10))
        expectFrame(f["s/footer"], rect(0, 15, 10, 5))
        expectFrame(f["s"], rect(0, 0, 10, 20))
    }

    @Test func emptyGroupGetsAnEmptyFrame() throws {
        let f = try frames(
            request(#"{"type":"vstack","id":"s","children":[{"type":"group","id":"g"}]}"#, width: "100", height: "100"))
        expectFrame(f["g"], rect(50, 50, 0, 0))
    }

    @Test func gridrowOutsideAGridIsAGroup() throws {
        // SwiftUI: a GridRow outside a Grid behaves like a Group.
        let f = try frames(
            request(
                #"{"type":"hstack","spacing":0,"children":[{"type":"gridrow","id":"g","children":[{"type":"view","id":"a","size":{"width":10,"height":10}},{"type":"view","id":"b","size":{"width":10,"height":10}}]}]}"#,
                width: "null", height: "null"))
        expectFrame(f["a"], rect(0, 0, 10, 10))
        expectFrame(f["b"], rect(10, 0, 10, 10))
        expectFrame(f["g"], rect(0, 0, 20, 10))
    }
}
