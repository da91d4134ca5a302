import Foundation
import Testing
@testable import LayoutClient

/// The DSL writes the wire JSON of openapi.yaml, member for member.
struct WireEncodingTests {
    func json(_ text: String) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    }

    @Test func theContractsSwiftUIExampleInTheDSL() throws {
        // openapi.yaml, requestBodies.LayoutRequest.examples.swiftui, as written there but for
        // the font's `family`: `.system(size:)` names `system`, the default the example leaves out.
        let view = VStack(alignment: .leading) {
            Text("Inbox").font(.system(size: 34)).padding(.horizontal, 16).id("title")
            ScrollView {
                ForEach(["m1", "m2", "m3"]) {
                    HStack {
                        Image(width: 40, height: 40)
                        Text("Hello there").lineLimit(2)
                        Spacer()
                    }
                }
            }.id("feed")
        }.id("screen")
        let body = RequestBody.whole(
            view.resolvedNode, bounds: Bounds(width: 390, height: 844),
            environment: LayoutEnvironment(
                layoutDirection: .ltr, displayScale: 3,
                safeAreaInsets: .init(top: 47, leading: 0, bottom: 34, trailing: 0)),
            options: LayoutOptions(), session: "device-42")
        let expected = try json(
            """
            {"bounds": {"width": 390, "height": 844}, "session": "device-42",
             "environment": {"layoutDirection": "ltr", "displayScale": 3,
                             "safeAreaInsets": {"top": 47, "leading": 0, "bottom": 34, "trailing": 0}},
             "root": {"type": "vstack", "id": "screen", "alignment": "leading", "children": [
               {"type": "text", "id": "title", "text": "Inbox", "font": {"family": "system", "size": 34},
                "modifiers": [{"padding": {"horizontal": 16}}]},
               {"type": "scroll", "id": "feed", "children": [
                 {"type": "foreach", "data": ["m1", "m2", "m3"], "content":
                   {"type": "hstack", "children": [
                     {"type": "image", "size": {"width": 40, "height": 40}},
                     {"type": "text", "text": "Hello there", "lineLimit": 2},
                     {"type": "spacer"}]}}]}]}}
            """)
        #expect(body == expected)
    }

    @Test func modifiersChainInnermostFirst() throws {
        let node = Text("a").padding(8).frame(maxWidth: .infinity, alignment: .leading).background { Color.blue }
            .offset(y: -4)
        #expect(
            node.json
                == (try json(
                    """
                    {"type": "text", "text": "a", "modifiers": [
                      {"padding": 8}, {"frame": {"maxWidth": "infinity", "alignment": "leading"}},
                      {"background": {"content": {"type": "rect"}}}, {"offset": {"x": 0, "y": -4}}]}
                    """)))
    }

    @Test func lengthsPercentagesAndFlexStyles() throws {
        let node = Flex(FlexStyle().flexDirection(.column).justifyContent(.safe(.center)).gap(.percent(12.5)).flex(1)
            .marginTop(.auto).borderTopWidth(2)) { Rectangle().frame(width: .percent(50)) }
        #expect(
            node.resolvedNode.json
                == (try json(
                    """
                    {"type": "flex", "style": {"flexDirection": "column", "justifyContent": "safe center",
                      "gap": "12.5%", "flex": 1, "marginTop": "auto", "borderTopWidth": 2},
                     "children": [{"type": "rect", "modifiers": [{"frame": {"width": "50%"}}]}]}
                    """)))
    }

    @Test func textIsEscapedAndNumbersAreShortest() {
        let value: JSONValue = ["s": "a\"b\\c\n\u{1}", "i": 3, "f": 2.5, "n": .number(.nan)]
        #expect(value.text == #"{"f":2.5,"i":3,"n":null,"s":"a\"b\\c\n\u0001"}"#)
    }

    @Test func patchOperationsAsTheContractWritesThem() throws {
        let operations: [PatchOperation] = [
            .replace(id: "title", node: Text("Archive").id("title").resolvedNode), .remove(id: "m2"),
            .insert(parent: "list", index: 3, node: Rectangle().resolvedNode),
            .set(id: "card", field: "modifiers", value: [["padding": 4]]),
        ]
        let body = RequestBody.patch(
            operations, baseline: "9f1c0a3e5b7d4c21a0e4f1b2c3d4e5f6", bounds: Bounds(width: 390, height: nil),
            environment: nil, options: LayoutOptions(frames: .changed), session: "device-42")
        #expect(
            body
                == (try json(
                    """
                    {"session": "device-42", "baseline": "9f1c0a3e5b7d4c21a0e4f1b2c3d4e5f6",
                     "bounds": {"width": 390, "height": null}, "options": {"frames": "changed"},
                     "patch": [{"op": "replace", "id": "title", "node": {"type": "text", "id": "title", "text": "Archive"}},
                               {"op": "remove", "id": "m2"},
                               {"op": "insert", "parent": "list", "index": 3, "node": {"type": "rect"}},
                               {"op": "set", "id": "card", "field": "modifiers", "value": [{"padding": 4}]}]}
                    """)))
    }

    @Test func theIssuesOwnExampleReadsAsWritten() throws {
        // Issue 14's sketch: `VStack { Text("Inbox").font(.system(size: 34)); HStack { Image(size: 40); ... } }.padding()`.
        let view = VStack {
            Text("Inbox").font(.system(size: 34))
            HStack { Image(size: 40); Text("Ada"); Spacer() }
        }.padding()
        #expect(
            view.json
                == (try json(
                    """
                    {"type": "vstack", "modifiers": [{"padding": true}], "children": [
                      {"type": "text", "text": "Inbox", "font": {"family": "system", "size": 34}},
                      {"type": "hstack", "children": [{"type": "image", "size": {"width": 40, "height": 40}},
                        {"type": "text", "text": "Ada"}, {"type": "spacer"}]}]}
                    """)))
        #expect(Text("T").font(.largeTitle).resolvedNode.members["font"] == ["family": "system", "size": 34])
    }

    @Test func textAlignmentAndTruncationAreWireKeywords() {
        let text = Text("T").lineLimit(2).multilineTextAlignment(.trailing).truncationMode(.head).resolvedNode
        #expect(text.members["multilineTextAlignment"] == "trailing")
        #expect(text.members["truncationMode"] == "head")
        // Not given: left out, so the wire defaults (leading, tail) apply.
        #expect(Text("T").resolvedNode.members["truncationMode"] == nil)
        #expect(Text("T").resolvedNode.members["multilineTextAlignment"] == nil)
    }

    @Test func fontFieldsAndTextModifiers() throws {
        // SwiftUI's headline is semibold (Apple HIG, Dynamic Type sizes); Text's own
        // modifiers survive a later `.font`, as in SwiftUI.
        #expect(Text("T").font(.headline).resolvedNode.members["font"] == ["family": "system", "size": 17, "weight": 600])
        let text = Text("T").italic().kerning(1.5).font(.custom("Inter", size: 12).fallback()).fontWeight(.heavy)
            .lineSpacing(3)
        #expect(
            text.resolvedNode.members["font"]
                == (try json(
                    """
                    {"family": "Inter", "size": 12, "fallback": true, "italic": true, "kerning": 1.5, "weight": 800,
                     "lineSpacing": 3}
                    """)))
        // `tracking` and `kerning` are one spacing under two names: the later one is sent.
        #expect(Text("T").kerning(1).tracking(2).resolvedNode.members["font"] == ["letterSpacing": 2])
        #expect(Text("T").resolvedNode.members["font"] == nil)
        #expect(Font.system(size: 10, weight: Font.Weight(350)).json == ["family": "system", "size": 10, "weight": 350])
    }

    @Test func lazyContainersAndGridModifiers() throws {
        let grid = LazyVGrid(
            columns: [GridItem(.fixed(40)), GridItem(.flexible(maximum: .infinity), spacing: 2), GridItem(.adaptive(minimum: 30, maximum: 60))]
        ) { Rectangle().gridCellAnchor(UnitPoint(x: 0.25, y: 1)).gridCellUnsizedAxes([.horizontal, .vertical]) }
        #expect(
            grid.resolvedNode.json
                == (try json(
                    """
                    {"type": "lazyvgrid", "columns": [{"fixed": 40}, {"flexible": {"maximum": "infinity"}, "spacing": 2},
                      {"adaptive": {"minimum": 30, "maximum": 60}}],
                     "children": [{"type": "rect", "modifiers": [{"gridCellAnchor": {"x": 0.25, "y": 1}},
                       {"gridCellUnsizedAxes": "both"}]}]}
                    """)))
        #expect(ViewThatFits(in: .vertical) { Rectangle() }.resolvedNode.members == ["axes": "vertical"])
        #expect(ViewThatFits { Rectangle() }.resolvedNode.members == ["axes": "both"])
        #expect(LazyHGrid(rows: [GridItem()]) { Rectangle() }.resolvedNode.members == ["rows": [["flexible": [:]]]])
        #expect(Rectangle().gridCellAnchor(.bottomTrailing).modifiers == [["gridCellAnchor": "bottomTrailing"]])
        #expect(Rectangle().gridCellColumns(3).gridColumnAlignment(.leading).modifiers == [["gridCellColumns": 3], ["gridColumnAlignment": "leading"]])
        #expect(Rectangle().gridCellUnsizedAxes([]).modifiers == [])
        #expect(Rectangle().ignoresSafeArea().modifiers == [["ignoresSafeArea": true]])
        #expect(Rectangle().ignoresSafeArea(edges: []).modifiers == [["ignoresSafeArea": false]])
        #expect(Rectangle().ignoresSafeArea(edges: .horizontal).modifiers == [["ignoresSafeArea": ["edges": "horizontal"]]])
        #expect(Rectangle().ignoresSafeArea(edges: .bottom).modifiers == [["ignoresSafeArea": ["edges": "bottom"]]])
        #expect(
            Rectangle().ignoresSafeArea(edges: [.top, .trailing]).modifiers == [["ignoresSafeArea": ["edges": ["top", "trailing"]]]])
        #expect(FlexStyle().insetHorizontal(4).alignSelf(.safe(.anchorCenter)).json == ["insetHorizontal": 4, "alignSelf": "safe anchor-center"])
    }

    @Test func theContractsResponseAndProblemExamplesDecode() throws {
        // openapi.yaml, responses.LayoutOK.example and responses.StaleBaseline.example.
        let response = try JSONDecoder().decode(
            LayoutResponse.self,
            from: Data(
                """
                {"treeHash": "9f1c0a3e5b7d4c21a0e4f1b2c3d4e5f6", "size": {"width": 390, "height": 844},
                 "frames": {"screen": {"x": 0, "y": 47, "width": 390, "height": 763},
                            "title": {"x": 16, "y": 47, "width": 85, "height": 34}},
                 "scroll": {"feed": {"contentWidth": 390, "contentHeight": 5120}}, "cache": "miss",
                 "metrics": {"parseMicros": 120, "hashMicros": 31, "layoutMicros": 340, "diffMicros": 12,
                             "encodeMicros": 90, "nodes": 812, "measured": 40, "reused": 772},
                 "diff": {"baseline": "0d4e5f60718293a4b5c6d7e8f9a0b1c2", "inserted": ["row-9"], "removed": [],
                          "moved": ["row-10"], "resized": ["list"], "unchanged": 808}}
                """.utf8))
        #expect(response["title"] == Frame(x: 16, y: 47, width: 85, height: 34))
        #expect(response.scroll["feed"] == ScrollContent(contentWidth: 390, contentHeight: 5120))
        #expect(response.metrics.nodes == 812 && response.metrics.reused == 772)
        #expect(response.cache == .miss)
        #expect(response.diff?.moved == ["row-10"] && response.diff?.unchanged == 808)
        let problem = try JSONDecoder().decode(
            LayoutProblem.self,
            from: Data(
                """
                {"type": "urn:layoutd:problem:stale-baseline", "title": "Stale baseline", "status": 409,
                 "detail": "baseline 9f1c0a3e5b7d4c21a0e4f1b2c3d4e5f6 is not the session's current tree",
                 "treeHash": "0d4e5f60718293a4b5c6d7e8f9a0b1c2"}
                """.utf8))
        #expect(problem.isStaleBaseline && problem.treeHash == "0d4e5f60718293a4b5c6d7e8f9a0b1c2")
        #expect(problem.pointers.isEmpty)
    }

    @Test func customViewsResolveThroughTheirBody() {
        struct Badge: View {
            let count: Int
            var body: some View { Text("\(count)").padding(4) }
        }
        #expect(Badge(count: 3).resolvedNode == Text("3").padding(4))
        #expect(VStack { Badge(count: 1); if false { Text("no") } }.resolvedNode.children?.count == 1)
    }
}
