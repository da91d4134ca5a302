import Testing

@testable import LayoutEngine

/// `ignoresSafeArea` on any node (issue 10 item 6), derived by hand from the rule in
/// SafeAreaLayout.swift: a node whose frame touches an ignored safe-area edge extends
/// through it to the bounds' edge (SwiftUI's full-bleed background:
/// `ZStack { Color.blue.ignoresSafeArea(); content }`, Apple's ignoresSafeArea docs).
@Suite struct SafeAreaTests {
    private let insets = #","environment":{"safeAreaInsets":{"top":47,"bottom":34}}"#

    private func screen(_ background: String) -> String {
        #"{"type":"zstack","id":"z","children":[{"type":"rect","id":"bg","modifiers":[\#(background)]},{"type":"view","id":"content","size":{"width":100,"height":100}}]}"#
    }

    @Test func backgroundBelowTheRootExtendsThroughTheSafeArea() throws {
        // 390×844, insets top 47, bottom 34: the root ZStack is offered 390×763 at (0, 47);
        // the rect takes 390×763, touching both safe edges (47 and 844 - 34 = 810), so it
        // extends to (0, 0, 390, 844). The content stays centred in the safe area:
        // (390 - 100) / 2 = 145, 47 + (763 - 100) / 2 = 378.5.
        let f = try frames(request(screen(#"{"ignoresSafeArea":true}"#), extra: insets))
        expectFrame(f["z"], rect(0, 47, 390, 763))
        expectFrame(f["bg"], rect(0, 0, 390, 844))
        expectFrame(f["content"], rect(145, 378.5, 100, 100))
    }

    @Test func onlyTheEdgesAskedFor() throws {
        // edges: top only → the rect extends up to 0 and keeps its bottom at 810.
        let f = try frames(request(screen(#"{"ignoresSafeArea":{"edges":"top"}}"#), extra: insets))
        expectFrame(f["bg"], rect(0, 0, 390, 810))
        // edges: [bottom] → from 47 down to 844.
        let g = try frames(request(screen(#"{"ignoresSafeArea":{"edges":["bottom"]}}"#), extra: insets))
        expectFrame(g["bg"], rect(0, 47, 390, 797))
    }

    @Test func nodesAwayFromTheEdgesAndRigidViewsStay() throws {
        // VStack(spacing 0) { rect.ignoresSafeArea() padded 10; view 10×10 ignoring too }:
        // offered 390×763 at y 47. The view (rigid, 10 tall) goes first: 763/2 → 10; the
        // padded rect gets 753 → rect 370×733 at (10, 57): 10 below the safe edge, so it
        // does not touch it and keeps its frame. The view's bottom touches 810, but a rigid
        // view does not grow: it stays at y 800.
        let f = try frames(
            request(
                #"{"type":"vstack","spacing":0,"children":[{"type":"rect","id":"r","modifiers":[{"ignoresSafeArea":true},{"padding":10}]},{"type":"view","id":"v","size":{"width":10,"height":10},"modifiers":[{"ignoresSafeArea":true}]}]}"#,
                extra: insets))
        expectFrame(f["r"], rect(10, 57, 370, 733))
        expectFrame(f["v"], rect(190, 800, 10, 10))
    }

    @Test func badEdgesAreRefused() throws {
        let p = try #require(problem(request(#"{"type":"rect","modifiers":[{"ignoresSafeArea":{"edges":"left"}}]}"#)))
        #expect(p.status == 422)
        #expect(p.detail.contains("unknown edge 'left'"), "\(p.detail)")
    }
}
