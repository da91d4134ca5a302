import Testing

@testable import LayoutEngine

/// Padding and flexible frames keep their lengths as plain numbers with a byte of flags
/// (`LengthBits`, issue 11): what is set reads back as set, in its unit, and two specs
/// built to the same lengths are equal and hash alike whatever was set before.
@Suite struct PackedLengthsTests {
    @Test func paddingReadsBackEachEdgeInItsUnit() {
        let padding = PaddingSpec(top: .points(4), leading: .percent(10), bottom: .points(-2.5), trailing: .percent(0))
        #expect(padding.top == .points(4))
        #expect(padding.leading == .percent(10))
        #expect(padding.bottom == .points(-2.5))
        #expect(padding.trailing == .percent(0))
        let insets = padding.resolve(against: ProposedSize(width: 200, height: nil))
        #expect(insets == EdgeInsets(top: 4, leading: 20, bottom: -2.5, trailing: 0))
    }

    @Test func frameReadsBackWhatIsSetAndNilForTheRest() {
        let frame = FlexibleFrameSpec(
            minWidth: .points(0), idealWidth: nil, maxWidth: .points(.infinity), minHeight: .percent(50),
            idealHeight: .points(30), maxHeight: nil, alignment: .topLeading)
        #expect(frame.minWidth == .points(0))
        #expect(frame.idealWidth == nil)
        #expect(frame.maxWidth == .points(.infinity))
        #expect(frame.minHeight == .percent(50))
        #expect(frame.idealHeight == .points(30))
        #expect(frame.maxHeight == nil)
        #expect(frame.alignment == .topLeading)
    }

    @Test func aLengthSetAndClearedLeavesNoTrace() {
        let plain = FlexibleFrameSpec(
            minWidth: nil, idealWidth: nil, maxWidth: .points(10), minHeight: nil, idealHeight: nil, maxHeight: nil,
            alignment: .center)
        var edited = plain
        edited.minWidth = .percent(25)
        edited.maxWidth = .percent(10)
        #expect(edited != plain)
        edited.minWidth = nil
        edited.maxWidth = .points(10)
        #expect(edited == plain)
        #expect(edited.hashValue == plain.hashValue)
    }

    @Test func modifiersTakeNoMoreThanTheirLargestPackedSpec() {
        // Six Length? took 96 bytes, and every modifier as much.
        #expect(MemoryLayout<FlexibleFrameSpec>.stride <= 56)
        #expect(MemoryLayout<PaddingSpec>.stride <= 40)
        #expect(MemoryLayout<Modifier>.stride <= 56)
    }
}
