#ifndef LAYOUTD_CFONTCONFIG_SHIM_H
#define LAYOUTD_CFONTCONFIG_SHIM_H
#include <fontconfig/fontconfig.h>

// Property names are string macros (FC_FAMILY, ...); Swift imports them, but the slant
// and weight constants are plain ints that read better through named functions.
static inline int layoutd_FC_SLANT_ITALIC(void) { return FC_SLANT_ITALIC; }
static inline int layoutd_FC_SLANT_ROMAN(void) { return FC_SLANT_ROMAN; }
#endif
