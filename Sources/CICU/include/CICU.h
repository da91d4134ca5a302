#ifndef LAYOUTD_CICU_H
#define LAYOUTD_CICU_H
#include <stdint.h>

// Line break opportunities (UAX #14) from the system ICU's line BreakIterator. ICU
// itself stays behind this file: Foundation bundles its own ICU (symbols prefixed
// `swift_`, headers of its own), so no ICU header reaches a Swift module.

/// Writes the UTF-16 offsets after which a line may break (the last is `length`) into
/// `breaks`, and sets `hard[i]` to 1 where the break is mandatory (a newline). Returns
/// how many were written (at most `capacity`), or -1 if ICU failed.
int32_t layoutd_line_breaks(const uint16_t *text, int32_t length, int32_t *breaks, uint8_t *hard, int32_t capacity);
#endif
