#!/usr/bin/env python3
"""Real-font text fixtures: flex trees of wrapping text laid out in headless Chromium.

Each tree is a `flex` column of a given width holding one to four texts in DejaVu
Sans/Serif or Liberation Sans/Serif (Debian's fonts-dejavu and fonts-liberation) at one
size, with `line-height: normal` and `white-space: normal`; the texts mix accents,
digits, punctuation, hyphenated and long words. Half the trees stretch their items
(the text wraps at the container's width), half align them to the start (fit-content).
Every box is `display:flex` as in the flex fixtures (gentest.py's BASE_STYLE: a text
node is a flex container around its anonymous text). Chromium runs with --font-render-hinting=none (unhinted, fractional advances, as
HarfBuzz shapes without hinting). Writes Tests/Fixtures/text/<name>.json in the flex
fixtures' format (request + expected frames).

Usage: python3 tools/gentest/textfonts.py [--count N] [--seed S]
"""
import argparse
import html
import json
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gentest import make_driver  # noqa: E402

FAMILIES = ["DejaVu Sans", "DejaVu Serif", "Liberation Sans", "Liberation Serif"]
SIZES = [9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 20, 22, 24, 28, 32, 13.5, 15.5]
WORDS = (
    "the quick brown fox jumps over lazy dog layout service measures text with real fonts "
    "café naïve résumé façade Ærø Zürich jalapeño crème brûlée déjà vu Øresund Łódź "
    "2026 3.14159 42 1,000,000 98.6% $19.99 #7 10:45 "
    "well-known state-of-the-art e-mail co-operate long-term "
    "(parenthesised) \"quoted\" it's — … ; : ! ? / "
    "internationalization incomprehensibilities Donaudampfschifffahrtsgesellschaft "
    "AVATAR WAVE Type Tj fi fl ffi office"
).split()
LONG_WORDS = ["Supercalifragilisticexpialidocious", "pneumonoultramicroscopicsilicovolcanoconiosis",
              "https://example.com/a/very/long/path/without/breaks"]


def sentence(rng):
    count = rng.randint(1, 14)
    words = [rng.choice(WORDS) for _ in range(count)]
    if rng.random() < 0.15:
        words.insert(rng.randrange(len(words) + 1), rng.choice(LONG_WORDS))
    return " ".join(words)


def make_tree(rng, index):
    family = FAMILIES[index % len(FAMILIES)]
    size = rng.choice(SIZES)
    width = rng.randint(40, 420)
    stretch = rng.random() < 0.5
    texts = [sentence(rng) for _ in range(rng.randint(1, 4))]
    name = "text_%03d_%s_%s" % (index, family.lower().replace(" ", "_"), "stretch" if stretch else "start")
    style = {"width": width, "flexDirection": "column"}
    if not stretch:
        style["alignItems"] = "flex-start"
    root = {"type": "flex", "id": "root", "style": style, "children": [
        {"type": "text", "id": "root/%d" % i, "text": t, "font": {"family": family, "size": size}}
        for i, t in enumerate(texts)]}
    request = {"bounds": {"width": 500, "height": 2000}, "alignment": "topLeading", "root": root}
    page = ('<div class="vp" style="position:relative; display:flow-root; width:500px; height:2000px">'
            '<div data-id="root" style="display:flex; flex-direction:column; width:%dpx;%s">%s</div></div>') % (
        width, "" if stretch else " align-items:flex-start",
        "".join('<div data-id="root/%d" style="display:flex; position:relative; font-family:\'%s\'; '
                'font-size:%spx; line-height:normal; white-space:normal">%s</div>' % (i, family, size, html.escape(t))
                for i, t in enumerate(texts)))
    return name, request, page


SCRIPT = r"""
const done = arguments[arguments.length - 1];
document.fonts.ready.then(() => {
  const out = [];
  for (const vp of document.querySelectorAll('.vp')) {
    const origin = vp.getBoundingClientRect();
    const frames = {};
    for (const el of vp.querySelectorAll('[data-id]')) {
      const r = el.getBoundingClientRect();
      frames[el.dataset.id] = [r.left - origin.left, r.top - origin.top, r.width, r.height];
    }
    out.push(frames);
  }
  done(JSON.stringify(out));
});
"""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--count", type=int, default=600)
    ap.add_argument("--seed", type=int, default=15)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    trees = [make_tree(rng, i) for i in range(args.count)]
    out_dir = os.path.join(os.path.dirname(__file__), "..", "..", "Tests", "Fixtures", "text")
    os.makedirs(out_dir, exist_ok=True)
    driver = make_driver()
    version = driver.capabilities.get("browserVersion", "?")
    try:
        for start in range(0, len(trees), 50):
            batch = trees[start:start + 50]
            page = '<!DOCTYPE html><html><head><meta charset="utf-8"></head><body style="margin:0">%s</body></html>' % (
                "".join(p for _, _, p in batch))
            driver.get("data:text/html;charset=utf-8;base64," + __import__("base64").b64encode(page.encode()).decode())
            results = json.loads(driver.execute_async_script(SCRIPT))
            for (name, request, _), frames in zip(batch, results):
                expected = {k: {"x": round(v[0], 4), "y": round(v[1], 4), "width": round(v[2], 4),
                                "height": round(v[3], 4)} for k, v in frames.items()}
                fixture = {"name": name, "source": "tools/gentest/textfonts.py --seed %d" % args.seed,
                           "chromium": version, "request": request, "expected": {"frames": expected}}
                with open(os.path.join(out_dir, name + ".json"), "w") as f:
                    json.dump(fixture, f, indent=1, ensure_ascii=False)
                    f.write("\n")
    finally:
        driver.quit()
    print("wrote %d fixtures (Chromium %s)" % (len(trees), version))


if __name__ == "__main__":
    main()
