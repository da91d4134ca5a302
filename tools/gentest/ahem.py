"""Builds the Ahem-style test font used by the fixtures (fontTools).

Metrics (units per em 1000): every printable ASCII glyph is a filled square
1em wide, from the descent (-0.2em) to the ascent (0.8em); the space is a blank
glyph 1em wide; U+200B ZERO WIDTH SPACE is blank and has no advance. Ascent 0.8em
and descent 0.2em in hhea, OS/2 typo (USE_TYPO_METRICS) and win metrics, no line
gap, so `line-height: normal` and `line-height: 1` both give 1em lines.
"""
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen

UPEM = 1000
ASCENT = 800
DESCENT = 200


def _square():
    pen = TTGlyphPen(None)
    pen.moveTo((0, -DESCENT))
    pen.lineTo((0, ASCENT))
    pen.lineTo((UPEM, ASCENT))
    pen.lineTo((UPEM, -DESCENT))
    pen.closePath()
    return pen.glyph()


def _blank():
    return TTGlyphPen(None).glyph()


def build_ahem(path):
    glyph_order = [".notdef", "space", "zwsp"]
    cmap = {0x20: "space", 0x200B: "zwsp"}
    glyphs = {".notdef": _square(), "space": _blank(), "zwsp": _blank()}
    metrics = {".notdef": (UPEM, 0), "space": (UPEM, 0), "zwsp": (0, 0)}
    for code in range(0x21, 0x7F):
        name = "g%02X" % code
        glyph_order.append(name)
        cmap[code] = name
        glyphs[name] = _square()
        metrics[name] = (UPEM, 0)

    fb = FontBuilder(UPEM, isTTF=True)
    fb.setupGlyphOrder(glyph_order)
    fb.setupCharacterMap(cmap)
    fb.setupGlyf(glyphs)
    fb.setupHorizontalMetrics(metrics)
    fb.setupHorizontalHeader(ascent=ASCENT, descent=-DESCENT, lineGap=0)
    fb.setupNameTable({"familyName": "Ahem", "styleName": "Regular"})
    fb.setupOS2(version=4, sTypoAscender=ASCENT, sTypoDescender=-DESCENT, sTypoLineGap=0,
                usWinAscent=ASCENT, usWinDescent=DESCENT, fsSelection=0x40 | 0x80,
                sxHeight=ASCENT, sCapHeight=ASCENT)
    fb.setupPost()
    fb.save(path)


if __name__ == "__main__":
    import sys
    build_ahem(sys.argv[1] if len(sys.argv) > 1 else "Ahem.ttf")
