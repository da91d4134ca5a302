#!/usr/bin/env python3
"""flexfuzz: random flex trees laid out by headless Chromium and by layoutd, compared.

Every tree is written in tools/gentest's fixture-source vocabulary (so that a failure
becomes a gentest fixture with Chromium's frames), rendered by Chromium many trees per
page load (each in its own viewport, measured as gentest measures), laid out by
`layoutd layout`, and every frame compared at 0.05. A failing tree is shrunk (drop
subtrees, then declarations, while it still fails) and, with --save, written to
tools/gentest/fixtures/fuzz_<seed>_<n>.html and generated through gentest.

    swift build -c release --product layoutd
    python3 tools/flexfuzz/flexfuzz.py --trees 10000 --mix all --seed 1 [--save]
"""
import argparse
import base64
import json
import os
import random
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(REPO, "tools", "gentest"))
import gentest  # noqa: E402  (the fixture vocabulary, page style and driver setup)

TOLERANCE = 0.05
MIXES = ["all", "nowrap", "wrap", "absolute", "text", "nested"]


# ---------------------------------------------------------------------------
# Random trees: {"decls": [(css, value)], "children": [...], "text": str}

def length(rng, percent=True, auto=False, negative=False, top=120):
    r = rng.random()
    if auto and r < 0.15:
        return "auto"
    if percent and r < 0.35:
        return "%d%%" % rng.randint(0 if not negative else -20, 100)
    low = -20 if negative else 0
    return "%dpx" % rng.randint(low, top)


def random_decls(rng, mix, is_root, is_text, depth):
    d = []
    container = not is_text
    if container and rng.random() < 0.6:
        d.append(("flex-direction", rng.choice(["row", "row-reverse", "column", "column-reverse"])))
    if container and (mix in ("wrap", "all") and rng.random() < 0.5):
        d.append(("flex-wrap", rng.choice(["wrap", "wrap-reverse"])))
        d.append(("align-content", rng.choice(sorted(gentest.KEYWORDS["alignContent"]))))
    if container and rng.random() < 0.4:
        d.append(("justify-content", rng.choice(sorted(gentest.KEYWORDS["justifyContent"]))))
    if container and rng.random() < 0.4:
        d.append(("align-items", rng.choice(sorted(gentest.KEYWORDS["alignItems"]))))
    if not is_root:
        if rng.random() < 0.3:
            d.append(("align-self", rng.choice(sorted(gentest.KEYWORDS["alignSelf"]))))
        r = rng.random()
        if r < 0.25:
            d.append(("flex", rng.choice(["1", "2", "0", "auto", "none", "0.5"])))
        else:
            if rng.random() < 0.3:
                d.append(("flex-grow", str(rng.choice([0, 1, 2, 0.5]))))
            if rng.random() < 0.3:
                d.append(("flex-shrink", str(rng.choice([0, 1, 2, 3]))))
            if rng.random() < 0.3:
                d.append(("flex-basis", length(rng, auto=True)))
        if mix in ("absolute", "all") and rng.random() < 0.15:
            d.append(("position", "absolute"))
            for side in ("top", "left", "right", "bottom"):
                if rng.random() < 0.4:
                    d.append((side, length(rng, auto=True, negative=True, top=60)))
        elif rng.random() < 0.05:
            d.append(("display", "none"))
    for prop in ("width", "height"):
        if rng.random() < (0.5 if is_root else 0.35):
            d.append((prop, length(rng, auto=True, top=200 if is_root else 120)))
    for prop in ("min-width", "min-height", "max-width", "max-height"):
        if rng.random() < 0.08:
            d.append((prop, length(rng)))
    if rng.random() < 0.1:
        d.append(("aspect-ratio", rng.choice(["1", "2", "0.5", "16 / 9"])))
    if rng.random() < 0.25:
        if rng.random() < 0.3:
            d.append(("margin", length(rng, auto=True, negative=True, top=15)))
        for side in ("top", "left", "right", "bottom"):
            if rng.random() < 0.2:
                d.append(("margin-" + side, length(rng, auto=True, negative=True, top=15)))
    if container and rng.random() < 0.2:
        d.append(("padding", length(rng, top=12)))
    if container and rng.random() < 0.2:
        d.append(("border-width", "%dpx" % rng.randint(0, 6)))
        if rng.random() < 0.5:
            d.append(("border-top-width", "%dpx" % rng.randint(0, 6)))
    if container and rng.random() < 0.2:
        d.append(("gap", length(rng, top=15)))
    if container and rng.random() < 0.1:
        d.append(("overflow", rng.choice(["hidden", "scroll"])))
    if rng.random() < 0.05:
        d.append(("direction", rng.choice(["ltr", "rtl"])))
    # gentest refuses a less specific edge after a more specific one: sort shorthands first.
    order = {"margin": 0, "padding": 0, "border-width": 0}
    d.sort(key=lambda kv: order.get(kv[0], 1))
    return d


def random_tree(rng, mix, depth=0, is_root=True):
    max_depth = 4 if mix in ("nested", "all") else 2
    is_text = not is_root and mix in ("text", "all") and rng.random() < 0.2
    node = {"decls": random_decls(rng, mix, is_root, is_text, depth), "children": [], "text": ""}
    if is_text:
        words = ["H" * rng.randint(1, 5) for _ in range(rng.randint(1, 5))]
        node["text"] = " ".join(words)
        node["decls"] = [kv for kv in node["decls"] if not kv[0].startswith(("padding", "border"))]
        if rng.random() < 0.3:
            node["decls"].append(("font-size", rng.choice(["10px", "20px"])))
        return node
    if depth < max_depth:
        count = rng.randint(0, 5 if depth == 0 else 3)
        node["children"] = [random_tree(rng, mix, depth + 1, False) for _ in range(count)]
    return node


def to_element(node, root=True):
    attrs = {"style": "; ".join("%s: %s" % tuple(kv) for kv in node["decls"])}
    if root:
        attrs["id"] = "test-root"
    element = gentest.Element(attrs.items(), "fuzz")
    element.text = node["text"]
    element.children = [to_element(child, False) for child in node["children"]]
    return element


def to_source(node, indent=0, root=True):
    pad = "  " * indent
    style = "; ".join("%s: %s" % tuple(kv) for kv in node["decls"])
    attr = (' id="test-root"' if root else "") + (' style="%s"' % style if style else "")
    if node["text"]:
        return '%s<div%s>%s</div>\n' % (pad, attr, node["text"])
    if not node["children"]:
        return "%s<div%s></div>\n" % (pad, attr)
    inner = "".join(to_source(child, indent + 1, False) for child in node["children"])
    return "%s<div%s>\n%s%s</div>\n" % (pad, attr, inner, pad)


# ---------------------------------------------------------------------------
# Chromium: many trees per page

BATCH_SCRIPT = r"""
const done = arguments[arguments.length - 1];
document.fonts.load('10px Ahem').then(() => document.fonts.ready).then(() => {
  const out = [];
  for (const vp of document.querySelectorAll('[data-tree]')) {
    const v = vp.getBoundingClientRect();
    const frames = {};
    for (const el of vp.querySelectorAll('[data-id]')) {
      if (el.getClientRects().length === 0) continue;
      const r = el.getBoundingClientRect();
      frames[el.dataset.id] = [r.left - v.left, r.top - v.top, r.width, r.height];
    }
    out.push(frames);
  }
  done(JSON.stringify(out));
}).catch(e => done(JSON.stringify({error: String(e)})));
"""


class Oracle:
    def __init__(self):
        from ahem import build_ahem
        self.tmp = tempfile.mkdtemp(prefix="flexfuzz-")
        font = os.path.join(self.tmp, "Ahem.ttf")
        build_ahem(font)
        with open(font, "rb") as f:
            self.font_url = "data:font/ttf;base64," + base64.b64encode(f.read()).decode()
        self.driver = gentest.make_driver()
        self.version = self.driver.capabilities.get("browserVersion", "?")

    def frames(self, cases):
        """cases: [(element, direction, box_sizing)] -> [frames by id]"""
        body = []
        for element, direction, box_sizing in cases:
            body.append('<div data-tree style="position:relative; display:flow-root; width:%dpx; height:%dpx; '
                        'direction:%s; margin-bottom:50px">%s</div>'
                        % (gentest.DEFAULT_BOUNDS[0], gentest.DEFAULT_BOUNDS[1], direction,
                           gentest.render_element(element, "root", box_sizing)))
        page = ('<!DOCTYPE html><html><head><meta charset="utf-8"><style>@font-face { font-family: Ahem; '
                'src: url(%s) format("truetype"); } body { font-family: Ahem; }</style></head>'
                '<body style="margin:0">%s</body></html>' % (self.font_url, "".join(body)))
        path = os.path.join(self.tmp, "batch.html")
        with open(path, "w", encoding="utf-8") as f:
            f.write(page)
        self.driver.get("file://" + path)
        result = json.loads(self.driver.execute_async_script(BATCH_SCRIPT))
        if isinstance(result, dict):
            raise RuntimeError(result["error"])
        return result

    def quit(self):
        self.driver.quit()


def frames_of(response):
    """A response's frames by id; None for a problem document (a refused tree)."""
    if "frames" not in response:
        return None
    return {k: [v["x"], v["y"], v["width"], v["height"]] for k, v in response["frames"].items()}


def layoutd_frames(binary, request):
    out = subprocess.run([binary, "layout", "-"], input=json.dumps(request).encode(), capture_output=True)
    if out.returncode != 0:
        return None
    return frames_of(json.loads(out.stdout))


def layoutd_frames_batch(binary, requests):
    """Every request's frames from one `layoutd layout --ndjson` process: starting a process per
    tree cost ten times what Chromium does. Lines the process did not answer (it crashed) are
    laid out one process each, so a crash still counts against only its own tree."""
    lines = "".join(json.dumps(request) + "\n" for request in requests).encode()
    out = subprocess.run([binary, "layout", "--ndjson", "-"], input=lines, capture_output=True)
    answers = [frames_of(json.loads(line)) for line in out.stdout.splitlines() if line.strip()]
    if out.returncode != 0 or len(answers) != len(requests):
        answers = answers[:len(requests)]
        answers += [layoutd_frames(binary, request) for request in requests[len(answers):]]
    return answers


def differences(expected, actual):
    if actual is None:
        return ["refused"]
    problems = []
    for node_id, want in expected.items():
        got = actual.get(node_id)
        if got is None:
            problems.append("%s missing" % node_id)
        elif any(abs(a - b) > TOLERANCE for a, b in zip(got, want)):
            problems.append("%s expected %s got %s" % (node_id, want, got))
    for node_id in actual:
        if node_id not in expected:
            problems.append("%s has a frame, expected none" % node_id)
    return problems


def request_for(element, direction, box_sizing):
    return {"bounds": {"width": gentest.DEFAULT_BOUNDS[0], "height": gentest.DEFAULT_BOUNDS[1]},
            "alignment": "topLeading", "environment": {"layoutDirection": direction},
            "root": gentest.build_node(element, "root", box_sizing)}


def fails(oracle, binary, node, direction, box_sizing):
    element = to_element(node)
    expected = oracle.frames([(element, direction, box_sizing)])[0]
    return bool(differences(expected, layoutd_frames(binary, request_for(element, direction, box_sizing))))


def shrink(oracle, binary, node, direction, box_sizing):
    """Drops subtrees, then declarations, then text words, while the tree still fails."""
    changed = True
    while changed:
        changed = False
        def nodes(n):
            yield n
            for c in n["children"]:
                yield from nodes(c)
        for parent in list(nodes(node)):
            for i in range(len(parent["children"]) - 1, -1, -1):
                removed = parent["children"].pop(i)
                if fails(oracle, binary, node, direction, box_sizing):
                    changed = True
                else:
                    parent["children"].insert(i, removed)
        for n in list(nodes(node)):
            for i in range(len(n["decls"]) - 1, -1, -1):
                removed = n["decls"].pop(i)
                try:
                    to_keep = fails(oracle, binary, node, direction, box_sizing)
                except gentest.FixtureError:
                    to_keep = False
                if to_keep:
                    changed = True
                else:
                    n["decls"].insert(i, removed)
    return node


def shrink_dump(args):
    """Shrinks each tree of a --dump file into `--out`/<n>.html (for triage)."""
    os.makedirs(args.out, exist_ok=True)
    oracle = Oracle()
    try:
        with open(args.shrink_dump, encoding="utf-8") as f:
            entries = [json.loads(line) for line in f if line.strip()]
        for n, entry in enumerate(entries, 1):
            small = shrink(oracle, args.layoutd, entry["tree"], entry["direction"], entry["boxSizing"])
            element = to_element(small)
            want = oracle.frames([(element, entry["direction"], entry["boxSizing"])])[0]
            got = layoutd_frames(args.layoutd, request_for(element, entry["direction"], entry["boxSizing"]))
            problems = differences(want, got)
            with open(os.path.join(args.out, "%d.html" % n), "w", encoding="utf-8") as out:
                out.write("<!-- %s, %s: %s -->\n" % (entry["direction"], entry["boxSizing"],
                                                     "; ".join(problems[:3]).replace("--", "-")))
                out.write(to_source(small))
            print("shrunk", n, "of", len(entries), flush=True)
    finally:
        oracle.quit()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--trees", type=int, default=1000)
    ap.add_argument("--mix", choices=MIXES, default="all")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--batch", type=int, default=100, help="trees per page load")
    ap.add_argument("--save", action="store_true", help="shrink failures into gentest fixtures")
    ap.add_argument("--max-saved", type=int, default=10)
    ap.add_argument("--layoutd", default=os.path.join(REPO, ".build", "release", "layoutd"))
    ap.add_argument("--cache", help="keep Chromium's frames of the generated trees in this JSON file and reuse them")
    ap.add_argument("--dump", help="write every failing tree (unshrunk) to this file, one JSON per line")
    ap.add_argument("--shrink-dump", metavar="FILE", help="shrink the trees of a --dump file instead of generating")
    ap.add_argument("--out", help="with --shrink-dump: the directory for the shrunk sources")
    args = ap.parse_args()
    if args.shrink_dump:
        return shrink_dump(args)

    rng = random.Random(args.seed)
    cache = {}
    if args.cache and os.path.exists(args.cache):
        with open(args.cache, encoding="utf-8") as f:
            cache = json.load(f)
    oracle = Oracle()
    print("Chromium", oracle.version, "mix", args.mix, "seed", args.seed, flush=True)
    failures, done, saved = [], 0, 0
    try:
        while done < args.trees:
            cases = []
            for _ in range(min(args.batch, args.trees - done)):
                tree = random_tree(rng, args.mix)
                direction = rng.choice(["ltr", "rtl"])
                box_sizing = rng.choice(["border-box", "content-box"])
                try:
                    element = to_element(tree)
                    request = request_for(element, direction, box_sizing)
                except gentest.FixtureError:
                    continue
                cases.append((tree, element, direction, box_sizing, request))
            key = "%s:%d:%d:%d" % (args.mix, args.seed, args.batch, done)
            if key in cache:
                expected = cache[key]
            else:
                expected = oracle.frames([(c[1], c[2], c[3]) for c in cases])
                if args.cache:
                    cache[key] = expected
                    with open(args.cache, "w", encoding="utf-8") as f:
                        json.dump(cache, f)
            actual = layoutd_frames_batch(args.layoutd, [c[4] for c in cases])
            for (tree, element, direction, box_sizing, request), frames, ours in zip(cases, expected, actual):
                problems = differences(frames, ours)
                done += 1
                if problems:
                    failures.append((tree, direction, box_sizing, problems))
                    if args.dump:
                        with open(args.dump, "a", encoding="utf-8") as f:
                            f.write(json.dumps({"tree": tree, "direction": direction, "boxSizing": box_sizing,
                                                "problems": problems[:3]}) + "\n")
            print("  %d trees, %d fail (%.2f%% pass)" % (done, len(failures), 100 * (1 - len(failures) / max(done, 1))),
                  flush=True)
        if args.save:
            for tree, direction, box_sizing, problems in failures[:args.max_saved]:
                small = shrink(oracle, args.layoutd, json.loads(json.dumps(tree)), direction, box_sizing)
                saved += 1
                name = "fuzz_%d_%d" % (args.seed, saved)
                path = os.path.join(REPO, "tools", "gentest", "fixtures", name + ".html")
                with open(path, "w", encoding="utf-8") as f:
                    f.write("<!-- flexfuzz --seed %d --mix %s, shrunk (%s, %s): %s -->\n"
                            % (args.seed, args.mix, direction, box_sizing, problems[0][:120].replace("--", "-")))
                    f.write(to_source(small))
                print("saved", path, flush=True)
    finally:
        oracle.quit()
    rate = 100 * (1 - len(failures) / max(done, 1))
    print("flexfuzz: %d of %d trees match Chromium (%.2f%%), mix %s, seed %d"
          % (done - len(failures), done, rate, args.mix, args.seed))
    for tree, direction, box_sizing, problems in failures[:20]:
        print("  FAIL (%s, %s) %s" % (direction, box_sizing, "; ".join(problems[:2])))
    if saved:
        print("regenerate the saved fixtures: python3 tools/gentest/gentest.py --only fuzz_%d_" % args.seed)


if __name__ == "__main__":
    main()
