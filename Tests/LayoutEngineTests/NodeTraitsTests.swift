import Testing
import Workloads

@testable import LayoutEngine

/// The decoder sets each node's traits (NodeTraits.swift) wherever it sets a kind,
/// modifiers or children: on every kind of node, made or decoded, they are what the node's
/// kind, modifiers and children's traits give.
@Suite struct NodeTraitsTests {
    private func staleNodes(_ body: String) throws -> [String] {
        let tree = try RequestDecoder.decode(Array(body.utf8)).tree
        return tree.nodes.indices.filter { tree.nodes[$0].traits != tree.freshTraits(of: $0) }
            .map { tree.id(of: $0) }
    }

    @Test func everyKindOfNodeHasItsTraits() throws {
        let padded = #"[{"padding":4},{"layoutPriority":1}]"#
        let root = #"""
            {"type":"vstack","id":"root","modifiers":[{"frame":{"maxWidth":"infinity"}}],"children":[
             {"type":"group","id":"g","modifiers":\#(padded),"children":[{"type":"rect","id":"gr"},{"type":"spacer","id":"gs"}]},
             {"type":"divided","id":"d","modifiers":[{"fixedSize":true}],"children":[{"type":"text","id":"dt","text":"a"},{"type":"view","id":"dv","size":{"width":4,"height":4}}]},
             {"type":"foreach","id":"fe","data":["x","y"],"content":{"type":"image","size":{"width":3,"height":3},"resizable":true,"modifiers":[{"aspectRatio":{}}]}},
             {"type":"zstack","id":"z","children":[{"type":"rect","id":"zr","modifiers":[{"overlay":{"content":{"type":"divider","id":"zo"}}}]}]},
             {"type":"scroll","id":"s","axes":"vertical","children":[{"type":"lazyvstack","id":"ls","children":[{"type":"rect","id":"lr","modifiers":[{"position":{"x":1,"y":1}}]}]}]},
             {"type":"grid","id":"gd","children":[{"type":"gridrow","id":"row","children":[{"type":"text","id":"c1","text":"b"},{"type":"rect","id":"c2","modifiers":[{"frame":{"width":"50%"}}]}]}]},
             {"type":"gridrow","id":"loose","modifiers":[{"offset":{"x":1,"y":1}}],"children":[{"type":"spacer","id":"ls2"}]},
             {"type":"form","id":"form","children":[{"type":"section","id":"sec","children":[{"type":"text","id":"r1","text":"c"},{"type":"text","id":"r2","text":"d"},{"type":"section","id":"inner","children":[{"type":"rect","id":"r3"}]}]}]},
             {"type":"flex","id":"flex","children":[{"type":"view","id":"fv","size":{"width":5,"height":5}}]},
             {"type":"viewthatfits","id":"vtf","children":[{"type":"text","id":"vt","text":"e"}]},
             {"type":"geometry","id":"geo","children":[{"type":"rect","id":"geor","modifiers":[{"alignmentGuide":{"alignment":"leading","value":2}}]}]},
             {"type":"hstack","id":"h","children":[{"type":"divider","id":"hd"},{"type":"spacer","id":"hs","modifiers":[{"frame":{"minWidth":3,"maxWidth":9}}]}]}]}
            """#
        #expect(try staleNodes(request(root)) == [])
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func generatedScreensHaveTheirTraits(seed: UInt64) throws {
        #expect(try staleNodes(TreeGenerator(nodeCount: 2_000, seed: seed).requestJSON()) == [])
    }

    /// The tree says whether any node is transparent, as the nodes' traits do: a layout
    /// of a tree without one skips the pass that frames them.
    @Test func theTreeKnowsWhetherAnyNodeIsTransparent() throws {
        func flags(_ body: String) throws -> (tree: Bool, nodes: Bool) {
            let tree = try RequestDecoder.decode(Array(body.utf8)).tree
            return (tree.hasTransparentNodes, tree.nodes.contains { $0.traits.isTransparent })
        }
        let grouped = try flags(
            request(#"{"type":"vstack","id":"v","children":[{"type":"group","id":"g","children":[{"type":"rect","id":"r"}]}]}"#))
        #expect(grouped == (true, true))
        let looped = try flags(
            request(#"{"type":"hstack","id":"h","children":[{"type":"foreach","id":"f","data":["a"],"content":{"type":"rect"}}]}"#))
        #expect(looped == (true, true))
        let plain = try flags(TreeGenerator(nodeCount: 2_000, seed: 5).requestJSON())
        #expect(plain == (false, false))
    }

    /// The traits see the modifiers: a rect is as large as proposed, unless a frame in
    /// points or fixedSize says otherwise; a percentage makes it unknown.
    @Test func modifiersDecideTheReach() throws {
        func reach(_ modifiers: String) throws -> Reach {
            let tree = try RequestDecoder.decode(
                Array(request(#"{"type":"rect","id":"r","modifiers":\#(modifiers)}"#).utf8)
            ).tree
            return tree.nodes[0].traits.reach
        }
        let plain = try reach("[]")
        #expect(plain.reaches(along: .horizontal) && plain.reaches(along: .vertical))
        let framed = try reach(#"[{"padding":2},{"frame":{"width":40}}]"#)
        #expect(!framed.reaches(along: .horizontal) && framed.reaches(along: .vertical))
        let fixed = try reach(#"[{"fixedSize":{"vertical":true}},{"frame":{"maxHeight":"infinity"}}]"#)
        #expect(fixed.reaches(along: .horizontal) && fixed.reaches(along: .vertical))
        let bounded = try reach(#"[{"frame":{"maxWidth":90}}]"#)
        #expect(!bounded.reaches(along: .horizontal) && bounded.reaches(along: .vertical))
        let percent = try reach(#"[{"padding":"5%"}]"#)
        #expect(!percent.reaches(along: .horizontal) && !percent.reaches(along: .vertical))
    }
}
