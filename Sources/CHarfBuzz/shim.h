#ifndef LAYOUTD_CHARFBUZZ_SHIM_H
#define LAYOUTD_CHARFBUZZ_SHIM_H
#include <hb.h>
#include <hb-ot.h>

// HB_TAG is a function-like macro.
static inline hb_tag_t layoutd_hb_tag(char a, char b, char c, char d) { return HB_TAG(a, b, c, d); }
#endif
