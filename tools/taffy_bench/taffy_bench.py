#!/usr/bin/env python3
"""Times Taffy (through its Python binding `stretchable`) on the trees of Taffy's
own flexbox benchmarks, and writes the same trees as layoutd requests.

Trees (shapes as in Taffy's benches/benches/flexbox.rs and its helper
build_deep_tree; this is our own re-implementation in Python):

  huge-nested  every non-root node is width 10, height 10, flexGrow 1; each
               container has 10 children (the shape of Yoga's benchmark)
  wide         a root holding many containers, each with 1-4 leaves; every
               non-root node has a random style
  deep         a binary tree (2 children per container); random styles

Random style (Taffy's `Style::random`): width and height each independently
20% auto, 60% a length in [0, 500), 20% a percentage in [0, 100%).
The random generator is SplitMix64 (seed 12345), not Taffy's ChaCha8, so the
random trees have Taffy's distribution but not its exact values. Random lengths
are rounded to 2 decimals so the emitted JSON and the Taffy tree hold the same
numbers. Sources/Workloads/TaffyBenchTrees.swift makes the same trees (the same
bytes; TaffyBenchTreeTests checks it), so `layoutd-bench` times them without this
script.

Every tree is laid out with a max-content proposal on both axes (Taffy's
`Size::MAX_CONTENT`; layoutd `"bounds": {"width": null, "height": null}`),
without rounding.

Only Taffy's layout call is timed: `taffylib.node_compute_layout_with_measure`
(the call inside stretchable's `Node.compute_layout`, which afterwards walks
every node in Python to read the layouts back; that walk is not timed). A fresh
tree is built for every repetition, because a second layout of the same tree
would be served from Taffy's cache.

With --emit DIR, each tree is written as DIR/<tree>_<target>.json (a layoutd
request) and DIR/<tree>_<target>.taffy-frames.json (Taffy's frames for it, absolute,
f32 values, for cross-checking; Taffy is not the contract, Chromium is).

Usage:
  python3 tools/taffy_bench/taffy_bench.py [--sizes 1000,10000,100000] [--reps N]
                                           [--trees huge-nested,wide,deep] [--emit DIR]
"""
import argparse
import json
import math
import os
import statistics
import sys
import time

SEED = 12345


# ---------------------------------------------------------------------------
# Tree description, independent of Taffy: (style dict in layoutd terms, children)

class SplitMix64:
    """The generator of Sources/Workloads/SplitMix64.swift, draw for draw."""
    MASK = (1 << 64) - 1

    def __init__(self, seed):
        self.state = seed & self.MASK

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & self.MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & self.MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & self.MASK
        return z ^ (z >> 31)

    def unit(self):
        """A float in [0, 1) from the top 53 bits (exact)."""
        return (self.next() >> 11) * 2.0 ** -53


def hundredths(value):
    """To two decimals as the Swift generator rounds: nearest integer of 100x (ties to even), / 100."""
    return round(value * 100) / 100


def random_dimension(rng):
    switch = rng.unit()
    if switch < 0.2:
        return "auto"
    if switch < 0.8:
        return hundredths(500 * rng.unit())
    return "%s%%" % hundredths(100 * rng.unit())


def random_style(rng):
    style = {}
    for axis in ("width", "height"):
        value = random_dimension(rng)
        if value != "auto":
            style[axis] = value
    return style


def build_deep_tree(max_nodes, branching, make_leaf, make_container):
    """Taffy's build_deep_tree shape: a list of subtrees holding about max_nodes nodes."""
    if max_nodes <= branching:
        return [make_leaf() for _ in range(max_nodes)]
    children = []
    for _ in range(branching):
        sub = build_deep_tree((max_nodes - branching) // branching, branching, make_leaf, make_container)
        children.append(make_container(sub))
    return children


def tree_huge_nested(node_count):
    style = {"width": 10, "height": 10, "flexGrow": 1}
    kids = build_deep_tree(node_count, 10, lambda: (dict(style), []), lambda c: (dict(style), c))
    return ({}, kids)


def tree_wide(node_count):
    rng = SplitMix64(SEED)
    children = []
    count = 0
    while count < node_count:
        k = 1 + rng.next() % 4
        leaves = [(random_style(rng), []) for _ in range(k)]
        children.append((random_style(rng), leaves))
        count += 1 + k
    return ({}, children)


def tree_deep(node_count):
    leaf_rng = SplitMix64(SEED)
    container_rng = SplitMix64(SEED)   # two streams from one seed, as in Taffy's bench
    kids = build_deep_tree(node_count, 2,
                           lambda: (random_style(leaf_rng), []),
                           lambda c: (random_style(container_rng), c))
    return ({}, kids)


TREES = {"huge-nested": tree_huge_nested, "wide": tree_wide, "deep": tree_deep}


def count_nodes(tree):
    n, stack = 0, [tree]
    while stack:
        _, kids = stack.pop()
        n += 1
        stack.extend(kids)
    return n


# ---------------------------------------------------------------------------
# layoutd request

def to_request_node(tree, node_id):
    style, kids = tree
    node = {"type": "flex", "id": node_id}
    if style:
        node["style"] = style
    if kids:
        node["children"] = [to_request_node(k, "%s/%d" % (node_id, i)) for i, k in enumerate(kids)]
    return node


def emit_request(tree, path):
    sys.setrecursionlimit(100000)
    request = {"bounds": {"width": None, "height": None}, "alignment": "topLeading",
               "environment": {"layoutDirection": "ltr"},
               "options": {"cache": "none"},
               "root": to_request_node(tree, "root")}
    with open(path, "w") as f:
        json.dump(request, f, separators=(",", ":"))
        f.write("\n")


# ---------------------------------------------------------------------------
# Taffy through stretchable

def to_taffy(tree):
    """Creates the tree in stretchable's Taffy instance; returns (root id, all ids).

    Nodes are created with taffylib.node_create/node_add_child directly, with the
    style dictionaries stretchable's Style.to_dict() produces: building stretchable
    Style objects costs milliseconds per node in Python, which would make the
    100k-node trees take minutes to build (building is not timed either way).
    """
    from stretchable import Style
    from stretchable.context import taffy
    from stretchable.node import taffylib

    template = Style().to_dict()
    auto = {"dim": 0, "value": math.nan}
    ids = []

    def length(v):
        if v is None or v == "auto":
            return auto
        if isinstance(v, str):
            return {"dim": 2, "value": float(v[:-1]) / 100.0}
        return {"dim": 1, "value": float(v)}

    def build(t):
        style, kids = t
        d = dict(template)
        d["size"] = {"width": length(style.get("width")), "height": length(style.get("height"))}
        d["flex_grow"] = float(style.get("flexGrow", 0.0))
        node_id = taffylib.node_create(taffy._ptr, d)
        ids.append(node_id)
        for k in kids:
            taffylib.node_add_child(taffy._ptr, node_id, build(k))
        return node_id

    return build(tree), ids


def drop_taffy(ids):
    from stretchable.context import taffy
    from stretchable.node import taffylib
    for node_id in ids:
        taffylib.node_drop(taffy._ptr, node_id)


def time_taffy_layout(root_id):
    """Runs exactly the Taffy call of stretchable's Node.compute_layout and times it."""
    from stretchable import node as node_module
    from stretchable.context import taffy
    from stretchable.style.geometry.size import SizeAvailableSpace

    taffy.use_rounding = False
    available = SizeAvailableSpace.default().to_dict()   # max-content on both axes
    calls = [0]

    def measure(known_width, known_height, available_width, available_height, context):
        calls[0] += 1
        return node_module._measure_callback(node_module._node_refs, known_width, known_height,
                                             available_width, available_height, context)

    start = time.perf_counter_ns()
    ok = node_module.taffylib.node_compute_layout_with_measure(taffy._ptr, root_id, available, measure)
    elapsed = time.perf_counter_ns() - start
    if not ok:
        raise RuntimeError("taffy layout failed")
    return elapsed, calls[0]


def taffy_frames(tree):
    """Lays the tree out once in Taffy and returns {id: frame} in absolute coordinates."""
    from stretchable.context import taffy
    from stretchable.node import taffylib
    root_id, ids = to_taffy(tree)
    time_taffy_layout(root_id)
    frames = {}
    order = iter(ids)                      # to_taffy creates nodes in preorder

    def walk(t, node_id, ox, oy):
        layout = taffylib.PyLayout()
        taffylib.node_get_layout(taffy._ptr, next(order), layout)
        x, y = ox + layout.x, oy + layout.y
        frames[node_id] = {"x": x, "y": y, "width": layout.width, "height": layout.height}
        for i, k in enumerate(t[1]):
            walk(k, "%s/%d" % (node_id, i), x, y)

    walk(tree, "root", 0.0, 0.0)
    drop_taffy(ids)
    return frames


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", default="1000,10000,100000")
    ap.add_argument("--trees", default="huge-nested,wide,deep")
    ap.add_argument("--reps", type=int, default=0, help="repetitions (default: 7, 5, 3 by size)")
    ap.add_argument("--emit", metavar="DIR", help="write each tree as a layoutd request JSON file")
    ap.add_argument("--no-taffy", action="store_true", help="only emit, do not time")
    args = ap.parse_args()
    sys.setrecursionlimit(100000)

    sizes = [int(s) for s in args.sizes.split(",")]
    rows = []
    for name in args.trees.split(","):
        for size in sizes:
            tree = TREES[name](size)
            nodes = count_nodes(tree)
            if args.emit:
                os.makedirs(args.emit, exist_ok=True)
                emit_request(tree, os.path.join(args.emit, "%s_%d.json" % (name, size)))
            if args.no_taffy:
                continue
            if args.emit:
                with open(os.path.join(args.emit, "%s_%d.taffy-frames.json" % (name, size)), "w") as f:
                    json.dump({"frames": taffy_frames(tree)}, f, separators=(",", ":"))
                    f.write("\n")
            reps = args.reps or (7 if size <= 1000 else 5 if size <= 10000 else 3)
            times = []
            callbacks = 0
            for _ in range(reps):
                root_id, ids = to_taffy(tree)
                elapsed, callbacks = time_taffy_layout(root_id)
                times.append(elapsed)
                drop_taffy(ids)
            med = statistics.median(times)
            rows.append((name, size, nodes, med / 1e6, min(times) / 1e6, med / nodes, callbacks, reps))
            print("  %s %d done" % (name, size), file=sys.stderr, flush=True)
    if rows:
        import stretchable
        version = getattr(stretchable, "__version__", None)
        if version is None:
            from importlib.metadata import version as v
            version = v("stretchable")
        print("Taffy via stretchable %s, node_compute_layout_with_measure only, max-content, no rounding" % version)
        print("%-12s %7s %8s %11s %11s %11s %10s %5s" % ("tree", "target", "nodes", "median ms", "min ms",
                                                     "ns/node", "callbacks", "reps"))
        for r in rows:
            print("%-12s %7d %8d %11.3f %11.3f %11.1f %10d %5d" % r)


if __name__ == "__main__":
    main()
