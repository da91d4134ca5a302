#ifndef LAYOUTD_CFREETYPE_SHIM_H
#define LAYOUTD_CFREETYPE_SHIM_H
// FreeType names its headers through macros (FT_FREETYPE_H), which a module map cannot.
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_TRUETYPE_TABLES_H

// TT_OS2.fsSelection bit 7: the typo metrics are the line metrics (OpenType spec, OS/2).
static inline int layoutd_FT_USE_TYPO_METRICS(void) { return 1 << 7; }
#endif
