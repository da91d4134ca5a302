import Foundation
import Synchronization
import Testing

@testable import LayoutEngine

/// Modifier chains are laid out by loops (ModifierLayout.swift), not a call per level, so
/// the chain's length, which the request chooses, does not decide the stack's depth
/// (issue 8: 35,000 paddings once overflowed the stack).
@Suite struct ModifierChainTests {
    /// Lays `json` out on a thread with a 512 KiB stack.
    func framesOnASmallStack(_ json: String, limits: DecodeLimits) -> [String: Rect]? {
        let result = Mutex<[String: Rect]?>(nil)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            let laid = try? frames(json, limits: limits)
            result.withLock { $0 = laid }
            done.signal()
        }
        thread.stackSize = 512 << 10
        thread.start()
        done.wait()
        return result.withLock { $0 }
    }

    func limits() -> DecodeLimits {
        var limits = DecodeLimits()
        limits.maxModifiersPerNode = 20_000
        limits.maxLayoutDepth = 40_000
        return limits
    }

    @Test func fiveThousandPaddingsOnASmallStack() throws {
        let chain = Array(repeating: #"{"padding":1}"#, count: 5_000).joined(separator: ",")
        let json =
            #"{"bounds":{"width":20000,"height":20000},"alignment":"topLeading","root":{"type":"view","id":"v","size":{"width":10,"height":10},"modifiers":[\#(chain)]}}"#
        let laid = try #require(framesOnASmallStack(json, limits: limits()))
        // By hand: each padding adds 1 on every side, so the view sits at (5,000, 5,000).
        #expect(laid["v"] == Rect(x: 5_000, y: 5_000, width: 10, height: 10))
    }

    @Test func chainsWithBackgroundsOnASmallStack() throws {
        // 2,000 times: padding 1, then a background.
        var modifiers: [String] = []
        for index in 0..<2_000 {
            modifiers.append(#"{"padding":1}"#)
            modifiers.append(#"{"background":{"content":{"type":"rect","id":"bg\#(index)"}}}"#)
        }
        let json =
            #"{"bounds":{"width":20000,"height":20000},"alignment":"topLeading","root":{"type":"view","id":"v","size":{"width":10,"height":10},"modifiers":[\#(modifiers.joined(separator: ","))]}}"#
        let laid = try #require(framesOnASmallStack(json, limits: limits()))
        // By hand: the k-th background (from 0) wraps the view and k + 1 paddings, so it is
        // 12 + 2k square, and the 1,999 - k paddings outside it put it at 1,999 - k; the view
        // sits inside all 2,000 paddings at (2,000, 2,000).
        #expect(laid["v"] == Rect(x: 2_000, y: 2_000, width: 10, height: 10))
        #expect(laid["bg0"] == Rect(x: 1_999, y: 1_999, width: 12, height: 12))
        #expect(laid["bg1999"] == Rect(x: 0, y: 0, width: 4_010, height: 4_010))
    }
}
