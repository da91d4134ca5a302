/// CSS Flexbox §9.7 "Resolving Flexible Lengths".
extension LayoutComputer {
    // MARK: - 9.7 Resolving flexible lengths

    /// §9.7 "Resolving Flexible Lengths": grow or shrink the unfrozen items in
    /// proportion to their factors, freezing those clamped by min/max, until none moves.
    @inline(__always)
    mutating func resolveFlexibleLengths(
        _ container: borrowing FlexContainer, _ items: UnsafeMutableBufferPointer<FlexItem>, _ line: FlexLine
    ) {
        let range = line.start..<line.end
        let innerMain = container.innerContainerMain
        let gaps = sumOfGaps(container.gap.main, line.count)
        // The steps read and write the items in place, and each pass over them does the
        // work of as many steps as it can (a wide container's items do not fit the
        // caches, and every pass over them costs a trip to memory): the sums add the
        // same terms in the same order as one pass per step would.
        let item = items.baseAddress.unsafelyUnwrapped
        // 1. Determine the used flex factor.
        // With the gaps as resolved against the container's used size (a percentage gap
        // of an intrinsically sized container shrinks its items: Chromium,
        // gap_column_gap_percentage_cyclic_shrinkable).
        var hypotheticalSum = gaps
        for index in range { hypotheticalSum += item[index].hypotheticalOuterMain }
        let growing = hypotheticalSum < innerMain
        let shrinking = hypotheticalSum > innerMain
        // 2. Size inflexible items; with 3. (the initial free space) and 4 a (the first
        // check for flexible items) in the same pass.
        var used = gaps
        var unfrozen = 0
        var factorSum = 0.0
        var scaledShrinkSum = 0.0
        for index in range {
            item[index].targetMain = item[index].hypotheticalMain
            let frozen =
                (!growing && !shrinking) || (growing ? item[index].flexGrow == 0 : item[index].flexShrink == 0)
                || (growing && item[index].flexBaseSize > item[index].hypotheticalMain)
                || (shrinking && item[index].flexBaseSize < item[index].hypotheticalMain)
            item[index].frozen = frozen
            used += (frozen ? item[index].targetMain : item[index].flexBaseSize) + item[index].marginMain
            if !frozen {
                unfrozen += 1
                factorSum += growing ? item[index].flexGrow : item[index].flexShrink
                scaledShrinkSum += item[index].flexShrink * item[index].innerFlexBasis
                // (4 c's start: an unfrozen item's target is its base size.)
                item[index].targetMain = item[index].flexBaseSize
            }
        }
        let initialFreeSpace = innerMain - used
        // The remaining free space as 4 b finds it (the first time, the initial one).
        var remainingFreeSpace = initialFreeSpace
        // 4. Loop.
        while unfrozen > 0 {
            // b. Calculate the remaining free space.
            var remaining = remainingFreeSpace
            if factorSum < 1 {
                // (In layout units, truncated, as Chromium scales it.)
                let scaled = layoutUnit(initialFreeSpace * factorSum)
                if abs(scaled) < abs(remaining) { remaining = scaled }
            }
            // c. Distribute free space proportional to the flex factors. (The unfrozen
            // items' targets were reset to their base sizes in the pass that counted them.)
            if remaining != 0, growing ? factorSum > 0 : (shrinking && scaledShrinkSum > 0) {
                distributeInLayoutUnits(remaining, items, range, growing: growing)
            }
            // d. Fix min/max violations (the content box cannot be negative).
            var totalViolation = 0.0
            for index in range where !item[index].frozen {
                let target = item[index].targetMain
                let minimum =
                    target < minimumUpperBound(item[index])
                    ? resolvedMinimumMain(items, index, container) : item[index].paddingBorderMain
                let clamped = max(clamp(target, minimum, item[index].maxSize.main), item[index].paddingBorderMain)
                item[index].violation = clamped - target
                item[index].targetMain = clamped
                totalViolation += clamped - target
            }
            // e. Freeze over-flexed items; with the next round's a (check for flexible
            // items), b (the free space) and the first half of c (targets back to the
            // base sizes) in the same pass.
            used = gaps
            unfrozen = 0
            factorSum = 0
            scaledShrinkSum = 0
            for index in range {
                if !item[index].frozen {
                    let violation = item[index].violation
                    item[index].frozen =
                        totalViolation > 1e-9 ? violation > 0 : (totalViolation < -1e-9 ? violation < 0 : true)
                }
                if item[index].frozen {
                    used += item[index].targetMain + item[index].marginMain
                } else {
                    used += item[index].flexBaseSize + item[index].marginMain
                    unfrozen += 1
                    factorSum += growing ? item[index].flexGrow : item[index].flexShrink
                    scaledShrinkSum += item[index].flexShrink * item[index].innerFlexBasis
                    item[index].targetMain = item[index].flexBaseSize
                }
            }
            remainingFreeSpace = innerMain - used
        }
    }

    /// §9.7 step 4 c in Chromium's layout units: from the last unfrozen item back to the
    /// first, each takes its share of the space still left (its factor over those of
    /// the unfrozen items up to it), rounded to 1/64 px, and the first takes the rest.
    /// The shares add up to the free space exactly (Chromium: three `flex-grow: 1`
    /// items in 100px are 33.328125, 33.34375 and 33.328125 wide, not 33.33 each).
    @inline(never)
    func distributeInLayoutUnits(
        _ free: Double, _ items: UnsafeMutableBufferPointer<FlexItem>, _ range: Range<Int>, growing: Bool
    ) {
        // Each item's factor and the sum of the factors before it (in `violation`,
        // which step d overwrites), summed forward as Chromium sums them.
        @inline(__always)
        func factor(_ item: FlexItem) -> Double { growing ? item.flexGrow : item.flexShrink * item.innerFlexBasis }
        var before = 0.0
        for index in range where !items[index].frozen {
            items[index].violation = before
            before += factor(items[index])
        }
        var left = free
        for index in range.reversed() where !items[index].frozen {
            let item = items[index]
            let share: Double
            if factor(item) == 0 {
                share = 0  // (a weightless shrinker: none of the space)
            } else if item.violation == 0 {
                share = left
            } else {
                let scaled = left * (factor(item) / (item.violation + factor(item)))
                share = scaled.isFinite ? (scaled * 64).rounded() / 64 : 0
            }
            left -= share
            items[index].targetMain += share
        }
    }
}
