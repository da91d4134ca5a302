import LayoutEngine
import LayoutRender
import Testing

@Suite struct HierarchyDumpTests {
    /// Every leaf kind in a leading vstack with spacing 0, in 100×100.
    /// Heights by hand: view 10, rect 5 (its frame modifier), image 8, text "ab cd" in Ahem
    /// 10 is 5em = 50 wide on one line of 10, divider 1 (spanning the proposed width 100),
    /// so the spacer takes 100 − 34 = 66 and is 0 wide (SWIFTUI-RULES.md: "0 across").
    /// The stack is as wide as its widest child (the divider, 100) and fills the height.
    static let leaves = #"""
        {"bounds":{"width":100,"height":100},"root":{"type":"vstack","id":"root","alignment":"leading","spacing":0,"children":[
          {"type":"view","id":"v","size":{"width":10,"height":10}},
          {"type":"rect","id":"r","modifiers":[{"frame":{"width":20,"height":5}}]},
          {"type":"image","id":"i","size":{"width":8,"height":8}},
          {"type":"text","id":"t","text":"ab cd","font":{"family":"Ahem","size":10}},
          {"type":"divider","id":"d"},
          {"type":"spacer","id":"s","minLength":0}
        ]}}
        """#

    @Test func everyLeafKindGetsOneLineWithItsFrameAndFields() throws {
        let dump = HierarchyDump.render(try inspect(Self.leaves))
        let expected = """
            vstack "root" (0, 0, 100×100) alignment=leading spacing=0
            ├─ view "v" (0, 0, 10×10) size=10×10
            ├─ rect "r" (0, 10, 20×5) ideal=10×10 modifiers=[frame(width: 20, height: 5, alignment: center)]
            ├─ image "i" (0, 15, 8×8) size=8×8 resizable=false
            ├─ text "t" (0, 23, 50×10) "ab cd" font=Ahem 10
            ├─ divider "d" (0, 33, 100×1) thickness=1
            └─ spacer "s" (0, 34, 0×66) minLength=0

            """
        #expect(dump == expected)
    }

    /// Containers, transparent and made nodes (a background is listed first: the node's
    /// modifiers come before its children in the request). Bounds 200×200, a topLeading zstack, so
    /// every child starts at (0, 0):
    /// - geometry takes the whole 200×200; its view sits at its top-leading corner;
    /// - the scroll view is framed 50×40, proposes 50 across and nothing along its axis,
    ///   so its rect is 50 wide and 100 tall (its ideal height): content 50×100;
    /// - the group's members both sit at (0, 0): its frame is their union, 6×6;
    /// - the hstack (spacing 2) with a 4-point padding and a background: 4 + 10 + 2 + 10 + 4
    ///   = 30 wide, 18 tall; its content at (4, 4); the background fills the padded 30×18.
    static let containers = #"""
        {"bounds":{"width":200,"height":200},"root":{"type":"zstack","id":"z","alignment":"topLeading","children":[
          {"type":"geometry","id":"g","children":[{"type":"view","id":"gv","size":{"width":10,"height":10}}]},
          {"type":"scroll","id":"sc","modifiers":[{"frame":{"width":50,"height":40}}],
           "children":[{"type":"rect","id":"sr","size":{"width":30,"height":100}}]},
          {"type":"group","id":"gr","children":[{"type":"view","id":"a","size":{"width":5,"height":5}},
                                               {"type":"view","id":"b","size":{"width":6,"height":6}}]},
          {"type":"hstack","id":"h","spacing":2,"modifiers":[{"padding":4},{"background":{"content":{"type":"rect"}}}],
           "children":[{"type":"view","id":"h1","size":{"width":10,"height":10}},{"type":"view","id":"h2","size":{"width":10,"height":10}}]}
        ]}}
        """#

    @Test func containersShowTheirFieldsAndMadeNodesHangUnderTheirMakers() throws {
        let dump = HierarchyDump.render(try inspect(Self.containers))
        let expected = """
            zstack "z" (0, 0, 200×200) alignment=topLeading
            ├─ geometry "g" (0, 0, 200×200)
            │  └─ view "gv" (0, 0, 10×10) size=10×10
            ├─ scroll "sc" (0, 0, 50×40) axes=vertical content=50×100 modifiers=[frame(width: 50, height: 40, alignment: center)]
            │  └─ rect "sr" (0, 0, 50×100) ideal=30×100
            ├─ group "gr" (0, 0, 6×6)
            │  ├─ view "a" (0, 0, 5×5) size=5×5
            │  └─ view "b" (0, 0, 6×6) size=6×6
            └─ hstack "h" (4, 4, 22×10) alignment=center spacing=2 \
            modifiers=[padding(top: 4, leading: 4, bottom: 4, trailing: 4), background(h/background, alignment: center)]
               ├─ rect "h/background" [background] (0, 0, 30×18) ideal=10×10
               ├─ view "h1" (4, 4, 10×10) size=10×10
               └─ view "h2" (16, 4, 10×10) size=10×10

            """
        #expect(dump == expected)
    }

    /// Grid: two cells of 10 and 20 with no spacing make a 30×10 grid; form: the section
    /// header and the separator between two rows are made nodes.
    @Test func gridFlexAndFormNodesAreNamed() throws {
        let json = #"""
            {"bounds":{"width":300,"height":300},"root":{"type":"vstack","id":"root","spacing":0,"children":[
              {"type":"grid","id":"gd","horizontalSpacing":0,"verticalSpacing":0,"children":[
                {"type":"gridrow","id":"row","children":[{"type":"view","id":"c1","size":{"width":10,"height":10}},
                                                        {"type":"view","id":"c2","size":{"width":20,"height":10}}]}]},
              {"type":"flex","id":"f","style":{"width":60,"height":20,"justifyContent":"center"},
               "children":[{"type":"view","id":"fv","size":{"width":10,"height":10},"style":{"flexGrow":1}}]},
              {"type":"form","id":"fm","children":[{"type":"section","id":"sec","header":{"type":"text","text":"H","font":{"family":"Ahem","size":10}},
                "children":[{"type":"view","id":"r1","size":{"width":10,"height":10}},{"type":"view","id":"r2","size":{"width":10,"height":10}}]}]}
            ]}}
            """#
        let lines = HierarchyDump.render(try inspect(json)).split(separator: "\n").map(String.init)
        // Centred in 300: the 30-wide grid starts at 135.
        #expect(lines.contains { $0.hasPrefix("├─ grid \"gd\" (135, ") && $0.hasSuffix("30×10) alignment=center horizontalSpacing=0 verticalSpacing=0") })
        #expect(lines.contains { $0.contains("gridrow \"row\"") })
        #expect(lines.contains { $0.contains("flex \"f\"") && $0.hasSuffix("60×20) flex={justifyContent=center, width=60, height=20}") })
        #expect(lines.contains { $0.contains("view \"fv\"") && $0.hasSuffix("flex={flexGrow=1}") })
        #expect(lines.contains { $0.contains("text \"sec/header\" [header]") && $0.contains("\"H\"") })
        #expect(lines.contains { $0.contains("divider") && $0.contains("[separator]") })
        #expect(lines.first?.hasPrefix("vstack \"root\"") == true)
    }

    @Test func idsAndTextsWithControlCharactersStayOnOneLine() throws {
        let json = #"{"bounds":{"width":50,"height":50},"root":{"type":"text","id":"a\nb\"c","text":"x\ty"}}"#
        let dump = HierarchyDump.render(try inspect(json))
        #expect(dump.hasPrefix(#"text "a\nb\"c" "#))
        #expect(dump.contains(#""x\ty""#))
        #expect(dump.split(separator: "\n").count == 1)
    }
}
