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
        // 1. Determine the used flex factor.
        // With the gaps as resolved against the container's used size (a percentage gap
        // of an intrinsically sized container shrinks its items: Chromium,
        // gap_column_gap_percentage_cyclic_shrinkable).
        var hypotheticalSum = gaps
        for index in range { hypotheticalSum += items[index].hypotheticalOuterMain }
        let growing = hypotheticalSum < innerMain
        let shrinking = hypotheticalSum > innerMain
        // 2. Size inflexible items.
        for index in range {
            items[index].targetMain = items[index].hypotheticalMain
            let item = items[index]
            items[index].frozen =
                (!growing && !shrinking) || (growing ? item.flexGrow == 0 : item.flexShrink == 0)
                || (growing && item.flexBaseSize > item.hypotheticalMain)
                || (shrinking && item.flexBaseSize < item.hypotheticalMain)
        }
        // 3. Calculate initial free space.
        func freeSpace() -> Double {
            var used = gaps
            for index in range {
                let item = items[index]
                used += (item.frozen ? item.targetMain : item.flexBaseSize) + item.marginMain
            }
            return innerMain - used
        }
        let initialFreeSpace = freeSpace()
        // 4. Loop.
        while true {
            // a. Check for flexible items.
            var unfrozen = 0
            var factorSum = 0.0
            var scaledShrinkSum = 0.0
            for index in range where !items[index].frozen {
                unfrozen += 1
                factorSum += growing ? items[index].flexGrow : items[index].flexShrink
                scaledShrinkSum += items[index].flexShrink * items[index].innerFlexBasis
            }
            if unfrozen == 0 { break }
            // b. Calculate the remaining free space.
            var remaining = freeSpace()
            if factorSum < 1 {
                // (In layout units, truncated, as Chromium scales it.)
                let scaled = layoutUnit(initialFreeSpace * factorSum)
                if abs(scaled) < abs(remaining) { remaining = scaled }
            }
            // c. Distribute free space proportional to the flex factors.
            for index in range where !items[index].frozen { items[index].targetMain = items[index].flexBaseSize }
            if remaining != 0, growing ? factorSum > 0 : (shrinking && scaledShrinkSum > 0) {
                distributeInLayoutUnits(remaining, items, range, growing: growing)
            }
            // d. Fix min/max violations (the content box cannot be negative).
            var totalViolation = 0.0
            for index in range where !items[index].frozen {
                let item = items[index]
                let minimum =
                    item.targetMain < minimumUpperBound(item)
                    ? resolvedMinimumMain(items, index, container) : item.paddingBorderMain
                let clamped = max(clamp(item.targetMain, minimum, item.maxSize.main), item.paddingBorderMain)
                items[index].violation = clamped - item.targetMain
                items[index].targetMain = clamped
                totalViolation += clamped - item.targetMain
            }
            // e. Freeze over-flexed items.
            for index in range where !items[index].frozen {
                let violation = items[index].violation
                items[index].frozen =
                    totalViolation > 1e-9 ? violation > 0 : (totalViolation < -1e-9 ? violation < 0 : true)
            }
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
