#!/usr/bin/env python3
"""layoutd fixture generator: lays out flexbox fixtures in headless Chromium.

A fixture source is a small HTML file under tools/gentest/fixtures/ holding one
`<div id="test-root" style="...">` tree (see README.md for the format). For every
source and variant (ltr/rtl, and border-box/content-box where padding or borders
appear) this tool

  1. turns the tree into a layoutd request (API.md §3.2: `flex` and `text` nodes,
     React Native style names, CSS values),
  2. builds a page that lays the same tree out in Chromium with the service's
     defaults made explicit (display:flex, position:relative, box-sizing, Ahem),
  3. reads every element's getBoundingClientRect() relative to the viewport, and
  4. writes Tests/Fixtures/flex/<name>_<direction>_<box_sizing>.json.

Usage: python3 tools/gentest/gentest.py [--only SUBSTRING] [--keep-pages DIR]
"""
import argparse
import base64
import html
import html.parser
import json
import os
import re
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
FIXTURES = os.path.join(HERE, "fixtures")
OUTPUT = os.path.join(REPO, "Tests", "Fixtures", "flex")
DEFAULT_BOUNDS = (500, 500)
DEFAULT_FONT_SIZE = 10

# ---------------------------------------------------------------------------
# CSS declaration -> React Native style name. Each entry: css name -> (rn name, kind)

# Every Box Alignment keyword Chromium accepts in a flex container (CSS Box Alignment 3).
_POSITIONS = ["center", "start", "end", "flex-start", "flex-end"]
_SELF_POSITIONS = _POSITIONS + ["self-start", "self-end"]
_SAFE = lambda values: values + ["%s %s" % (s, v) for s in ("safe", "unsafe") for v in values]
_BASELINES = ["baseline", "first baseline", "last baseline"]
_DISTRIBUTION = ["space-between", "space-around", "space-evenly", "stretch"]

KEYWORDS = {
    "display": {"flex", "none"},
    "position": {"relative", "absolute"},
    "direction": {"inherit", "ltr", "rtl"},
    "flexDirection": {"row", "row-reverse", "column", "column-reverse"},
    "flexWrap": {"nowrap", "wrap", "wrap-reverse"},
    "justifyContent": set(["normal"] + _DISTRIBUTION + _SAFE(_POSITIONS + ["left", "right"])),
    "alignItems": set(["normal", "stretch"] + _BASELINES + _SAFE(_SELF_POSITIONS)),
    "alignSelf": set(["auto", "normal", "stretch"] + _BASELINES + _SAFE(_SELF_POSITIONS + ["anchor-center"])),
    "alignContent": set(["normal"] + _BASELINES + _DISTRIBUTION + _SAFE(_POSITIONS)),
    "overflow": {"visible", "hidden", "scroll"},
}

PROPERTIES = {
    "display": ("display", "keyword"),
    "position": ("position", "keyword"),
    "direction": ("direction", "keyword"),
    "flex-direction": ("flexDirection", "keyword"),
    "flex-wrap": ("flexWrap", "keyword"),
    "justify-content": ("justifyContent", "keyword"),
    "align-items": ("alignItems", "keyword"),
    "align-self": ("alignSelf", "keyword"),
    "align-content": ("alignContent", "keyword"),
    "overflow": ("overflow", "keyword"),
    "flex-grow": ("flexGrow", "number"),
    "flex-shrink": ("flexShrink", "number"),
    "flex-basis": ("flexBasis", "length"),
    "width": ("width", "length"),
    "height": ("height", "length"),
    "min-width": ("minWidth", "length"),
    "min-height": ("minHeight", "length"),
    "max-width": ("maxWidth", "max"),
    "max-height": ("maxHeight", "max"),
    "aspect-ratio": ("aspectRatio", "ratio"),
    "gap": ("gap", "gap"),
    "row-gap": ("rowGap", "length"),
    "column-gap": ("columnGap", "length"),
    "top": ("top", "length"),
    "left": ("left", "length"),
    "right": ("right", "length"),
    "bottom": ("bottom", "length"),
    "inset-inline-start": ("start", "length"),
    "inset-inline-end": ("end", "length"),
    "inset": ("inset", "length"),
    "inset-inline": ("insetHorizontal", "length"),
    "inset-block": ("insetVertical", "length"),
    "flex": ("flex", "flex"),
    "font-size": ("font-size", "font"),
}
for _css, _rn, _kind in (("margin", "margin", "length"), ("padding", "padding", "length"),
                         ("border", "border", "border")):
    # React Native spells border widths `border<Side>Width`; margin and padding `margin<Side>`.
    _suffix = "-width" if _css == "border" else ""
    _rn_suffix = "Width" if _css == "border" else ""
    PROPERTIES[_css + _suffix] = (_rn + _rn_suffix, _kind)
    for _side in ("top", "bottom", "left", "right"):
        PROPERTIES["%s-%s%s" % (_css, _side, _suffix)] = (_rn + _side.capitalize() + _rn_suffix, _kind)
    PROPERTIES["%s-inline%s" % (_css, _suffix)] = (_rn + "Horizontal" + _rn_suffix, _kind)
    PROPERTIES["%s-block%s" % (_css, _suffix)] = (_rn + "Vertical" + _rn_suffix, _kind)
    PROPERTIES["%s-inline-start%s" % (_css, _suffix)] = (_rn + "Start" + _rn_suffix, _kind)
    PROPERTIES["%s-inline-end%s" % (_css, _suffix)] = (_rn + "End" + _rn_suffix, _kind)

# Values equal to the service's (CSS) default are left out of the request.
DEFAULTS = {
    "display": "flex", "position": "relative", "direction": "inherit",
    "flexDirection": "row", "flexWrap": "nowrap", "justifyContent": "flex-start",
    "alignItems": "stretch", "alignSelf": "auto", "alignContent": "stretch",
    "overflow": "visible", "flexGrow": 0, "flexShrink": 1, "flexBasis": "auto",
    "width": "auto", "height": "auto", "minWidth": "auto", "minHeight": "auto",
}

# Specificity rank of the edge families, used to reject declaration orders in
# which CSS's "last wins" and React Native's "most specific wins" would disagree.
def _edge_family(rn):
    """(family, edge suffix) of an edge property: ("border", "Top") for borderTopWidth."""
    if rn.startswith("border") and rn.endswith("Width"):
        return "border", rn[len("border"):-len("Width")]
    for family in ("margin", "padding", "inset"):
        if rn.startswith(family):
            return family, rn[len(family):]
    if rn in ("top", "bottom", "left", "right", "start", "end"):
        return "inset", rn.capitalize()
    return None, None


def _edge_rank(rn):
    family, rest = _edge_family(rn)
    if family is None:
        return None, None
    if rest == "":
        return family, 0
    if rest in ("Horizontal", "Vertical"):
        return family, 1
    return family, 2


LOGICAL_PAIRS = [("Start", "Left"), ("Start", "Right"), ("End", "Left"), ("End", "Right")]


class FixtureError(Exception):
    pass


def parse_number(text, where):
    try:
        value = float(text)
    except ValueError:
        raise FixtureError("%s: not a number: %r" % (where, text))
    return int(value) if value == int(value) else value


def parse_length(text, where, allow_auto=True):
    text = text.strip()
    if text == "auto" and allow_auto:
        return "auto"
    if text == "0":
        return 0
    m = re.fullmatch(r"(-?\d+(?:\.\d+)?)px", text)
    if m:
        return parse_number(m.group(1), where)
    m = re.fullmatch(r"(-?\d+(?:\.\d+)?)%", text)
    if m:
        return "%s%%" % m.group(1)
    raise FixtureError("%s: unsupported length %r" % (where, text))


def parse_style(text, where):
    """Returns [(css property, value)] in declaration order."""
    decls = []
    for part in (text or "").split(";"):
        if not part.strip():
            continue
        if ":" not in part:
            raise FixtureError("%s: bad declaration %r" % (where, part))
        prop, value = part.split(":", 1)
        decls.append((prop.strip().lower(), value.strip()))
    return decls


def convert_style(decls, where):
    """CSS declarations -> (ordered RN style dict, font size or None)."""
    style = {}
    font_size = None
    seen_rank = {}
    for prop, value in decls:
        if prop not in PROPERTIES:
            raise FixtureError("%s: property %r is not in the service's list" % (where, prop))
        rn, kind = PROPERTIES[prop]
        w = "%s %s" % (where, prop)
        family, rank = _edge_rank(rn)
        if family:
            if rank < seen_rank.get(family, -1):
                raise FixtureError("%s: put the less specific %s declarations first" % (where, family))
            seen_rank[family] = max(rank, seen_rank.get(family, -1))
        if kind == "keyword":
            if value not in KEYWORDS[rn]:
                raise FixtureError("%s: keyword %r not allowed" % (w, value))
            style[rn] = value
        elif kind == "number":
            style[rn] = parse_number(value, w)
        elif kind == "length":
            style[rn] = parse_length(value, w)
        elif kind == "border":
            v = parse_length(value, w, allow_auto=False)
            if isinstance(v, str):
                raise FixtureError("%s: border widths must be px" % w)
            style[rn] = v
        elif kind == "flex":
            # CSS `flex: N` / `auto` / `none` only (the request's shorthand takes these).
            if value in ("auto", "none"):
                style[rn] = value
            else:
                style[rn] = parse_number(value, w)
        elif kind == "max":
            if value == "none":
                style.pop(rn, None)
                continue
            style[rn] = parse_length(value, w, allow_auto=False)
        elif kind == "ratio":
            if value == "auto":
                continue
            parts = [p.strip() for p in value.split("/")]
            ratio = parse_number(parts[0], w)
            if len(parts) == 2:
                ratio = ratio / parse_number(parts[1], w)
                ratio = int(ratio) if ratio == int(ratio) else ratio
            style[rn] = ratio
        elif kind == "gap":
            parts = value.split()
            if len(parts) == 1:
                style["gap"] = parse_length(parts[0], w, allow_auto=False)
            elif len(parts) == 2:
                style["rowGap"] = parse_length(parts[0], w, allow_auto=False)
                style["columnGap"] = parse_length(parts[1], w, allow_auto=False)
            else:
                raise FixtureError("%s: gap takes one or two values" % w)
        elif kind == "font":
            font_size = parse_length(value, w, allow_auto=False)
            if not isinstance(font_size, (int, float)):
                raise FixtureError("%s: font-size must be px" % w)
    edges = {}
    for key in style:
        family, rest = _edge_family(key)
        if family:
            edges.setdefault(family, set()).add(rest)
    for family, sides in edges.items():
        for logical, physical in LOGICAL_PAIRS:
            if logical in sides and physical in sides:
                raise FixtureError("%s: do not mix %s %s with %s" % (where, family, logical, physical))
    for key, default in DEFAULTS.items():
        if style.get(key) == default:
            del style[key]
    def family_of(key):
        return "gap" if key in ("gap", "rowGap", "columnGap") else _edge_family(key)[0]
    for key in list(style):
        family = family_of(key)
        # A zero edge or gap is the default, unless it overrides a less specific one
        # (`border-width: 4px; border-top-width: 0`).
        overrides = any(family_of(other) == family and other != key and style[other] != 0 for other in style)
        if style[key] == 0 and family in ("margin", "padding", "border", "gap") and not overrides:
            del style[key]
    return style, font_size


# ---------------------------------------------------------------------------
# Fixture source parsing

class Element:
    def __init__(self, attrs, line):
        self.attrs = dict(attrs)
        self.line = line
        self.children = []
        self.text = ""


class SourceParser(html.parser.HTMLParser):
    def __init__(self, path):
        super().__init__(convert_charrefs=True)
        self.path = path
        self.stack = []
        self.root = None

    def handle_starttag(self, tag, attrs):
        where = "%s:%d" % (self.path, self.getpos()[0])
        if tag != "div":
            if not self.stack:
                return
            raise FixtureError("%s: only <div> elements are allowed in the tree" % where)
        element = Element(attrs, where)
        if self.stack:
            self.stack[-1].children.append(element)
        elif element.attrs.get("id") == "test-root":
            if self.root is not None:
                raise FixtureError("%s: more than one test-root" % where)
            self.root = element
        else:
            raise FixtureError("%s: top-level <div> must have id=test-root" % where)
        self.stack.append(element)

    def handle_endtag(self, tag):
        if tag == "div" and self.stack:
            self.stack.pop()

    def handle_data(self, data):
        if self.stack:
            self.stack[-1].text += data


def collapse(text):
    return re.sub(r"[ \t\r\n]+", " ", text).strip(" ")


def load_source(path):
    parser = SourceParser(os.path.relpath(path, REPO))
    with open(path, encoding="utf-8") as f:
        parser.feed(f.read())
    parser.close()
    if parser.root is None:
        raise FixtureError("%s: no <div id=\"test-root\">" % path)
    return parser.root


def build_node(element, node_id, box_sizing):
    where = "%s (%s)" % (element.line, node_id)
    decls = parse_style(element.attrs.get("style"), where)
    style, font_size = convert_style(decls, where)
    text = collapse(element.text)
    if box_sizing == "content-box":
        style["boxSizing"] = "content-box"
    if text and element.children:
        raise FixtureError("%s: an element holds either text or elements, not both" % where)
    if text:
        if any(k.startswith(("padding", "border")) for k in style):
            raise FixtureError("%s: text leaves take no padding or border" % where)
        if re.search(r"[^A-Za-z \u200b]", text):
            raise FixtureError("%s: text may hold only ASCII letters, spaces and U+200B" % where)
        node = {"type": "text", "id": node_id, "text": text,
                "font": {"family": "Ahem", "size": font_size or DEFAULT_FONT_SIZE}}
        if style:
            node["style"] = style
        return node
    if font_size is not None:
        raise FixtureError("%s: font-size only on text leaves" % where)
    node = {"type": "flex", "id": node_id}
    if style:
        node["style"] = style
    if element.children:
        node["children"] = [build_node(child, "%s/%d" % (node_id, i), box_sizing)
                            for i, child in enumerate(element.children)]
    return node


def has_box_edges(element):
    for prop, _ in parse_style(element.attrs.get("style"), element.line):
        if prop.startswith(("padding", "border")):
            return True
    return any(has_box_edges(child) for child in element.children)


# ---------------------------------------------------------------------------
# Page building

BASE_STYLE = ("display:flex; position:relative; box-sizing:%s; border:0 solid transparent; "
              "margin:0; padding:0; scrollbar-width:none; ")


def render_element(element, node_id, box_sizing):
    text = collapse(element.text)
    style = BASE_STYLE % box_sizing
    if text:
        style += "line-height:1; font-size:%dpx; " % DEFAULT_FONT_SIZE
    style += element.attrs.get("style", "") or ""
    inner = html.escape(text) if text else "".join(
        render_element(child, "%s/%d" % (node_id, i), box_sizing)
        for i, child in enumerate(element.children))
    return '<div data-id="%s" style="%s">%s</div>' % (node_id, html.escape(style), inner)


def build_page(root, bounds, direction, box_sizing, font_url):
    return """<!DOCTYPE html>
<html><head><meta charset="utf-8">
<style>@font-face { font-family: Ahem; src: url(%s) format("truetype"); }
body { font-family: Ahem; }</style></head>
<body style="margin:0"><div id="viewport" style="position:relative; display:flow-root; width:%spx; height:%spx; direction:%s">%s</div></body></html>
""" % (font_url, bounds[0], bounds[1], direction, render_element(root, "root", box_sizing))


MEASURE_SCRIPT = r"""
const done = arguments[arguments.length - 1];
document.fonts.load('10px Ahem').then(() => document.fonts.ready).then(() => {
  const probe = document.createElement('span');
  probe.style.cssText = 'font: 10px/1 Ahem; position: absolute; white-space: pre';
  probe.textContent = 'Hp \u200bx';
  document.body.appendChild(probe);
  const probeRect = probe.getBoundingClientRect();
  probe.remove();
  const vp = document.getElementById('viewport').getBoundingClientRect();
  const frames = [];
  for (const el of document.querySelectorAll('[data-id]')) {
    if (el.getClientRects().length === 0) continue;   // display:none (or inside it)
    const r = el.getBoundingClientRect();
    frames.push([el.dataset.id, r.left - vp.left, r.top - vp.top, r.width, r.height]);
  }
  done(JSON.stringify({probe: [probeRect.width, probeRect.height], frames: frames}));
}).catch(e => done(JSON.stringify({error: String(e)})));
"""


def make_driver():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--force-device-scale-factor=1", "--window-size=1600,1600",
                "--font-render-hinting=none", "--disable-lcd-text"):
        options.add_argument(arg)
    service = Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
    driver = webdriver.Chrome(service=service, options=options)
    driver.set_script_timeout(20)
    return driver


def clean_number(x):
    return int(x) if float(x).is_integer() else x


# ---------------------------------------------------------------------------

def fixture_variants(root):
    boxes = ["border-box", "content-box"] if has_box_edges(root) else ["border-box"]
    return [(d, b) for d in ("ltr", "rtl") for b in boxes]


def check_committed(jobs, everything):
    """Compares the committed fixtures with what the sources say, without a browser.

    Returns a process exit status: 0 when every request, name, source, variant and
    disabled reason matches and (for a full check) no JSON file lacks a source."""
    problems = []
    expected_files = set()
    for name, source, root, _bounds, direction, box_sizing, request in jobs:
        path = os.path.join(OUTPUT, name + ".json")
        expected_files.add(name + ".json")
        if not os.path.exists(path):
            problems.append("missing %s" % name)
            continue
        with open(path, encoding="utf-8") as f:
            committed = json.load(f)
        want = {"name": name, "source": "tools/gentest/fixtures/" + source,
                "variant": {"direction": direction, "boxSizing": box_sizing},
                "disabled": root.attrs.get("data-disabled"), "request": request}
        got = {k: committed.get(k) for k in want}
        if got != want:
            problems.append("out of date %s (regenerate it)" % name)
    if everything:
        for f in sorted(os.listdir(OUTPUT)):
            if f.endswith(".json") and f not in expected_files:
                problems.append("no source for %s" % f)
    for p in problems:
        print(p)
    print("%d fixtures checked, %d problems" % (len(jobs), len(problems)))
    return 1 if problems else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--only", help="only fixtures whose file name contains this")
    ap.add_argument("--keep-pages", help="also write the rendered pages into this directory")
    ap.add_argument("--check", action="store_true",
                    help="no browser: check that the committed JSON's requests match the sources")
    args = ap.parse_args()

    sources = sorted(f for f in os.listdir(FIXTURES) if f.endswith(".html"))
    if args.only:
        sources = [s for s in sources if args.only in s]
    jobs = []
    for source in sources:
        path = os.path.join(FIXTURES, source)
        root = load_source(path)
        bounds = DEFAULT_BOUNDS
        if root.attrs.get("data-bounds"):
            w, h = root.attrs["data-bounds"].split()
            bounds = (int(w), int(h))
        base = source[:-len(".html")]
        for direction, box_sizing in fixture_variants(root):
            name = "%s_%s_%s" % (base, direction, box_sizing.replace("-", "_"))
            request = {
                "bounds": {"width": bounds[0], "height": bounds[1]},
                "alignment": "topLeading",
                "environment": {"layoutDirection": direction},
                "root": build_node(root, "root", box_sizing),
            }
            jobs.append((name, source, root, bounds, direction, box_sizing, request))
    print("%d sources, %d fixtures" % (len(sources), len(jobs)))
    if args.check:
        sys.exit(check_committed(jobs, everything=not args.only))

    from ahem import build_ahem
    tmp = tempfile.mkdtemp(prefix="gentest-")
    font_path = os.path.join(tmp, "Ahem.ttf")
    build_ahem(font_path)
    with open(font_path, "rb") as f:
        font_url = "data:font/ttf;base64," + base64.b64encode(f.read()).decode()
    if args.keep_pages:
        os.makedirs(args.keep_pages, exist_ok=True)

    driver = make_driver()
    version = driver.capabilities.get("browserVersion", "?")
    print("Chromium", version)
    written = set()
    try:
        for i, (name, source, root, bounds, direction, box_sizing, request) in enumerate(jobs):
            page = build_page(root, bounds, direction, box_sizing, font_url)
            page_path = os.path.join(args.keep_pages or tmp, name + ".html")
            with open(page_path, "w", encoding="utf-8") as f:
                f.write(page)
            driver.get("file://" + page_path)
            result = json.loads(driver.execute_async_script(MEASURE_SCRIPT))
            if "error" in result:
                raise RuntimeError("%s: %s" % (name, result["error"]))
            if result["probe"] != [40, 10]:
                raise RuntimeError("%s: Ahem did not load (probe %r)" % (name, result["probe"]))
            frames = {}
            for node_id, x, y, w, h in result["frames"]:
                frames[node_id] = {"x": clean_number(x), "y": clean_number(y),
                                   "width": clean_number(w), "height": clean_number(h)}
            fixture = {"name": name,
                       "source": "tools/gentest/fixtures/" + source,
                       "variant": {"direction": direction, "boxSizing": box_sizing}}
            if root.attrs.get("data-disabled"):
                fixture["disabled"] = root.attrs["data-disabled"]
            fixture["request"] = request
            fixture["expected"] = {"frames": frames}
            out = os.path.join(OUTPUT, name + ".json")
            with open(out, "w", encoding="utf-8") as f:
                json.dump(fixture, f, indent=1)
                f.write("\n")
            written.add(name + ".json")
            if (i + 1) % 100 == 0:
                print("  %d/%d" % (i + 1, len(jobs)), flush=True)
    finally:
        driver.quit()
    if not args.only:
        for stale in sorted(set(f for f in os.listdir(OUTPUT) if f.endswith(".json")) - written):
            os.remove(os.path.join(OUTPUT, stale))
            print("removed stale", stale)
    print("wrote %d fixtures with Chromium %s" % (len(written), version))
    with open(os.path.join(OUTPUT, "CHROMIUM_VERSION"), "w") as f:
        f.write(version + "\n")


if __name__ == "__main__":
    sys.path.insert(0, HERE)
    try:
        main()
    except FixtureError as e:
        sys.exit("fixture error: %s" % e)
