#include "CICU.h"
#include <unicode/ubrk.h>
#include <unicode/utypes.h>

int32_t layoutd_line_breaks(const uint16_t *text, int32_t length, int32_t *breaks, uint8_t *hard, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    // The root locale's rules are UAX #14 with CLDR's tailoring, as Chromium's default.
    UBreakIterator *iterator = ubrk_open(UBRK_LINE, "", (const UChar *)text, length, &status);
    if (U_FAILURE(status)) return -1;
    int32_t count = 0;
    for (int32_t position = ubrk_next(iterator); position != UBRK_DONE && count < capacity;
         position = ubrk_next(iterator)) {
        breaks[count] = position;
        int32_t rule = ubrk_getRuleStatus(iterator);
        hard[count] = (rule >= UBRK_LINE_HARD && rule < UBRK_LINE_HARD_LIMIT) ? 1 : 0;
        count += 1;
    }
    ubrk_close(iterator);
    return count;
}
