import LayoutEngine
import LayoutRender
import Testing

@Suite struct SVGRendererTests {
    @Test func everyLeafKindIsOneStyledBoxAtItsFrame() throws {
        let svg = SVGRenderer.render(try inspect(HierarchyDumpTests.leaves))
        #expect(xmlError(svg) == nil)
        #expect(svg.contains(#"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100""#))
        // Frames derived in HierarchyDumpTests.leaves.
        let boxes = nodeBoxes(svg)
        #expect(boxes.count == 7)
        #expect(boxes["root"] == #"x="0" y="0" width="100" height="100""#)
        #expect(boxes["v"] == #"x="0" y="0" width="10" height="10""#)
        #expect(boxes["r"] == #"x="0" y="10" width="20" height="5""#)
        #expect(boxes["i"] == #"x="0" y="15" width="8" height="8""#)
        #expect(boxes["t"] == #"x="0" y="23" width="50" height="10""#)
        #expect(boxes["d"] == #"x="0" y="33" width="100" height="1""#)
        #expect(boxes["s"] == #"x="0" y="34" width="0" height="66""#)
        #expect(svg.contains(#"<g class="node container vstack" data-id="root"><title>root — vstack (0, 0, 100×100)</title>"#))
        #expect(svg.contains(#"<g class="node leaf view" data-id="v">"#))
        #expect(svg.contains(#"<g class="node leaf rect" data-id="r">"#))
        #expect(svg.contains(#"<g class="node leaf image" data-id="i">"#))
        #expect(svg.contains(#"<g class="node divider" data-id="d">"#))
        #expect(svg.contains(#"<g class="node spacer" data-id="s">"#))
        // Ahem 10 on a 10-point line: baseline at 23 + 0 + 8.
        #expect(svg.contains(#"<text font-family="Ahem, monospace" font-size="10"><tspan x="0" y="31">ab cd</tspan></text>"#))
    }

    @Test func containersTransparentAndMadeNodesAreStyledAndBackgroundsDrawnFirst() throws {
        let svg = SVGRenderer.render(try inspect(HierarchyDumpTests.containers))
        #expect(xmlError(svg) == nil)
        #expect(svg.contains(#"<g class="node container geometry" data-id="g">"#))
        #expect(svg.contains(#"<g class="node transparent group" data-id="gr">"#))
        #expect(nodeBoxes(svg)["gr"] == #"x="0" y="0" width="6" height="6""#)
        #expect(svg.contains(#"<g class="node leaf rect made background" data-id="h/background">"#))
        // Scroll content: 50×100 from the scroll view's origin.
        #expect(svg.contains(#"<rect class="scroll-content" x="0" y="0" width="50" height="100">"#))
        // Painter's order: the background before its owner, the owner before its children.
        let background = try #require(svg.range(of: #"data-id="h/background""#)).lowerBound
        let owner = try #require(svg.range(of: #"data-id="h""#)).lowerBound
        let child = try #require(svg.range(of: #"data-id="h1""#)).lowerBound
        #expect(background < owner && owner < child)
    }

    /// The kinds not drawn above, each as its own styled group: grid, gridrow, flex, form,
    /// section (with its made header and separator), divided (with its made divider),
    /// foreach copies, an overlay.
    @Test func everyOtherKindIsStyledAndWellFormed() throws {
        let json = #"""
            {"bounds":{"width":300,"height":400},"root":{"type":"vstack","id":"root","spacing":0,"children":[
              {"type":"grid","id":"gd","children":[{"type":"gridrow","id":"row","children":[{"type":"view","id":"c1","size":{"width":10,"height":10}}]}]},
              {"type":"flex","id":"f","style":{"width":60,"height":20},"children":[{"type":"view","id":"fv","size":{"width":10,"height":10}}]},
              {"type":"divided","id":"dv","children":[{"type":"view","id":"d1","size":{"width":10,"height":10}},{"type":"view","id":"d2","size":{"width":10,"height":10}}]},
              {"type":"foreach","id":"each","data":["x","y"],"content":{"type":"view","size":{"width":5,"height":5},
               "modifiers":[{"overlay":{"content":{"type":"rect"}}}]}},
              {"type":"form","id":"fm","children":[{"type":"section","id":"sec","header":{"type":"text","text":"H","font":{"family":"Ahem","size":10}},
                "children":[{"type":"view","id":"r1","size":{"width":10,"height":10}},{"type":"view","id":"r2","size":{"width":10,"height":10}}]}]}
            ]}}
            """#
        let svg = SVGRenderer.render(try inspect(json), options: SVGOptions(alignmentGuides: true))
        #expect(xmlError(svg) == nil)
        for fragment in [
            #"<g class="node container grid" data-id="gd">"#, #"<g class="node container gridrow" data-id="row">"#,
            #"<g class="node container flex" data-id="f">"#, #"<g class="node transparent group" data-id="dv">"#,
            #"<g class="node transparent group" data-id="each">"#, #"<g class="node leaf view" data-id="each/x">"#,
            #"<g class="node leaf rect made overlay" data-id="each/x/overlay">"#,
            #"<g class="node container form" data-id="fm">"#, #"<g class="node container section" data-id="sec">"#,
            #"<g class="node text made header" data-id="sec/header">"#,
        ] {
            #expect(svg.contains(fragment), "\(fragment)")
        }
        #expect(svg.contains(#"<g class="node divider" data-id="dv/"#))
        #expect(svg.contains(#"class="node divider made separator""#))
        // The flex container is drawn at its style's 60×20, centred in the 300-wide column.
        #expect(nodeBoxes(svg)["f"]?.hasSuffix(#"width="60" height="20""#) == true)
    }

    @Test func idsAndTextAreEscapedSoNothingRuns() throws {
        let json = #"""
            {"bounds":{"width":100,"height":20},"root":{"type":"text","id":"<script>alert(1)</script>\"'&\u0001",
             "text":"<b>&amp;</b>","font":{"family":"Ahem","size":10}}}
            """#
        let svg = SVGRenderer.render(try inspect(json))
        #expect(xmlError(svg) == nil)
        #expect(!svg.contains("<script"))
        #expect(!svg.contains("<b>"))
        #expect(svg.contains(#"data-id="&lt;script&gt;alert(1)&lt;/script&gt;&quot;&apos;&amp;\#u{FFFD}""#))
        #expect(svg.contains("&lt;b&gt;&amp;amp;&lt;/b&gt;"))
    }

    /// Sizes at the request's limit (±1e9 per number) print in full, without exponent,
    /// and wrap no text.
    @Test func hugeFramesStayPrintable() throws {
        let json = #"{"bounds":{"width":1e9,"height":1e9},"alignment":"topLeading","root":{"type":"text","id":"t","text":"a b","font":{"family":"Ahem","size":10},"modifiers":[{"frame":{"width":1e9,"height":10}}]}}"#
        let svg = SVGRenderer.render(try inspect(json))
        #expect(xmlError(svg) == nil)
        #expect(svg.contains(#"<svg xmlns="http://www.w3.org/2000/svg" width="1000000000" height="1000000000""#))
        #expect(svg.contains(">a b</tspan>"))
    }

    /// Insets 10 top and 20 leading: bands along the top and down the leading edge, which
    /// right-to-left is the right edge.
    @Test func safeAreaBandsFollowTheLayoutDirection() throws {
        let base = #"{"bounds":{"width":100,"height":50},"environment":{"safeAreaInsets":{"top":10,"leading":20}DIR},"root":{"type":"rect","id":"r"}}"#
        let ltr = SVGRenderer.render(try inspect(base.replacingOccurrences(of: "DIR", with: "")))
        #expect(ltr.contains(#"<rect class="safe-area" x="0" y="0" width="100" height="10">"#))
        #expect(ltr.contains(#"<rect class="safe-area" x="0" y="10" width="20" height="40">"#))
        // The rect fills the safe area: 80×40 at (20, 10); mirrored, at (0, 10).
        #expect(nodeBoxes(ltr)["r"] == #"x="20" y="10" width="80" height="40""#)
        let rtl = SVGRenderer.render(
            try inspect(base.replacingOccurrences(of: "DIR", with: #","layoutDirection":"rtl""#)))
        #expect(rtl.contains(#"<rect class="safe-area" x="80" y="10" width="20" height="40">"#))
        #expect(nodeBoxes(rtl)["r"] == #"x="0" y="10" width="80" height="40""#)
    }

    /// A leading vstack's guide is its left edge; a bottom-aligned hstack's its bottom edge.
    @Test func alignmentGuidesAreDrawnOnRequest() throws {
        let json = #"""
            {"bounds":{"width":100,"height":100},"root":{"type":"vstack","id":"v","alignment":"leading","children":[
              {"type":"hstack","id":"h","alignment":"bottom","children":[{"type":"view","id":"a","size":{"width":10,"height":20}}]}]}}
            """#
        let layout = try inspect(json)
        #expect(!SVGRenderer.render(layout).contains("class=\"guide\""))
        let svg = SVGRenderer.render(layout, options: SVGOptions(alignmentGuides: true))
        // The 10×20 column is centred in 100×100: (45, 40).
        #expect(svg.contains(#"<line class="guide" x1="45" y1="40" x2="45" y2="60"/>"#))
        #expect(svg.contains(#"<line class="guide" x1="45" y1="60" x2="55" y2="60"/>"#))
    }

    /// A session's second layout: `b` is new, `a` moved up by 10 (the 10-point `x` above it
    /// is gone) and `c` grew from 10 to 30 wide.
    @Test func aSessionsDiffIsColoured() throws {
        let runtime = LayoutRuntime()
        let first = #"{"bounds":{"width":100,"height":100},"alignment":"topLeading","root":{"type":"vstack","id":"root","spacing":0,"alignment":"leading","children":[{"type":"view","id":"x","size":{"width":10,"height":10}},{"type":"view","id":"a","size":{"width":10,"height":10}},{"type":"view","id":"c","size":{"width":10,"height":10}}]}}"#
        let second = #"{"bounds":{"width":100,"height":100},"alignment":"topLeading","root":{"type":"vstack","id":"root","spacing":0,"alignment":"leading","children":[{"type":"view","id":"a","size":{"width":10,"height":10}},{"type":"view","id":"c","size":{"width":30,"height":10}},{"type":"view","id":"b","size":{"width":10,"height":10}}]}}"#
        _ = try inspect(first, session: "s", runtime: runtime)
        let svg = SVGRenderer.render(try inspect(second, session: "s", runtime: runtime))
        #expect(svg.contains(#"<g class="node leaf view inserted" data-id="b">"#))
        #expect(svg.contains(#"<g class="node leaf view moved" data-id="a">"#))
        #expect(svg.contains(#"<g class="node leaf view moved resized" data-id="c">"#))
    }

    /// 10,000 views in a vstack: one box each, well-formed.
    @Test func aTenThousandNodeTreeIsWellFormed() throws {
        let children = (0..<9_999).map { #"{"type":"view","id":"n\#($0)","size":{"width":4,"height":1}}"# }
        let json = #"{"bounds":{"width":100,"height":null},"root":{"type":"vstack","id":"root","spacing":0,"children":["#
            + children.joined(separator: ",") + "]}}"
        let svg = SVGRenderer.render(try inspect(json))
        #expect(xmlError(svg) == nil)
        let boxes = nodeBoxes(svg)
        #expect(boxes.count == 10_000)
        // Centred in the 100-wide bounds, 1 point per row.
        #expect(boxes["n9998"] == #"x="48" y="9998" width="4" height="1""#)
    }

    @Test(arguments: [
        ("leading", false, "0", "0"), ("center", false, "0", "10"), ("trailing", false, "0", "20"),
        ("leading", true, "0", "20"), ("center", true, "0", "10"), ("trailing", true, "0", "0"),
    ])
    func linesSitWhereMultilineTextAlignmentPutsThem(alignment: String, rtl: Bool, first: String, second: String)
        throws
    {
        // "abcd ef" in 10pt Ahem in 40-wide bounds: lines "abcd" (40) and "ef" (20), the
        // frame 40 × 20 at the origin. "abcd" fills the line, so it starts at 0 in every
        // case; "ef" starts at the leading edge (0 in ltr, 40 - 20 = 20 in rtl), centred at
        // (40 - 20) / 2 = 10, or at the trailing edge (20 in ltr, 0 in rtl). Baselines:
        // 0.8em into each 10pt line, 8 and 18.
        let direction = rtl ? #""environment":{"layoutDirection":"rtl"},"# : ""
        let svg = SVGRenderer.render(
            try inspect(
                #"{"bounds":{"width":40,"height":100},"alignment":"topLeading",\#(direction)"root":{"type":"text","id":"t","text":"abcd ef","font":{"size":10},"multilineTextAlignment":"\#(alignment)"}}"#
            ))
        #expect(nodeBoxes(svg)["t"] == #"x="0" y="0" width="40" height="20""#)
        #expect(svg.contains(#"<tspan x="\#(first)" y="8">abcd</tspan><tspan x="\#(second)" y="18">ef</tspan>"#), "\(svg)")
    }

    @Test(arguments: [("tail", "abc…", "40"), ("head", "…efgh", "50"), ("middle", "ab…gh", "50")])
    func aTruncatedLineIsDrawnWithItsEllipsis(mode: String, drawn: String, width: String) throws {
        // "abc defgh" in 10pt Ahem, one line, 55 wide: the engine's frames (TextTruncationTests)
        // are 40, 50 and 50. Redrawn in its frame: tail keeps 3 of 4 columns ("abc"), head the
        // last 4 of 5 ("efgh"), middle 2 of 4 at the start ("ab") and 2 at the end ("gh").
        let svg = SVGRenderer.render(
            try inspect(
                #"{"bounds":{"width":55,"height":100},"alignment":"topLeading","root":{"type":"text","id":"t","text":"abc defgh","font":{"size":10},"lineLimit":1,"truncationMode":"\#(mode)"}}"#
            ))
        #expect(nodeBoxes(svg)["t"] == #"x="0" y="0" width="\#(width)" height="10""#)
        #expect(svg.contains(#"<tspan x="0" y="8">\#(drawn)</tspan></text>"#), "\(svg)")
    }
}
