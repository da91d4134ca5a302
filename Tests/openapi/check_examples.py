#!/usr/bin/env python3
"""Checks openapi.yaml against example requests and responses.

Valid examples must validate against the request (or response) schema; invalid ones
must be rejected. Also checks the document's own examples and a few structural rules
(every object schema closed, the node discriminator in step with its oneOf).

Usage: python3 Tests/openapi/check_examples.py [path/to/openapi.yaml]
Exits non-zero on any failure; the last line is "N passed, M failed".
"""

import copy
import pathlib
import re
import sys

import yaml
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

ROOT = pathlib.Path(__file__).resolve().parents[2]
SPEC_PATH = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "openapi.yaml"
SPEC_URI = "urn:layoutd:openapi"

with open(SPEC_PATH, encoding="utf-8") as f:
    SPEC = yaml.safe_load(f)


def dispatch_on_discriminator(node):
    """Rewrites each `oneOf` + `discriminator` into an if/then dispatch on the property.

    Every branch of those oneOfs requires the discriminator property with a distinct
    `const` (checked below under "structure"), so the two are equivalent; but a plain
    JSON Schema validator tries all 19 node schemas at every level of the tree, which is
    exponential in the tree's depth. The dispatch is what the discriminator means.
    """
    if isinstance(node, list):
        return [dispatch_on_discriminator(v) for v in node]
    if not isinstance(node, dict):
        return node
    node = {k: dispatch_on_discriminator(v) for k, v in node.items()}
    if "discriminator" in node and "oneOf" in node:
        prop = node["discriminator"]["propertyName"]
        mapping = node["discriminator"]["mapping"]
        del node["oneOf"]
        node["required"] = [prop]
        node["properties"] = {prop: {"enum": list(mapping)}}
        node["allOf"] = [
            {"if": {"properties": {prop: {"const": key}}}, "then": {"$ref": ref}}
            for key, ref in mapping.items()
        ]
    return node


REGISTRY = Registry().with_resource(
    SPEC_URI,
    Resource.from_contents(dispatch_on_discriminator(SPEC), default_specification=DRAFT202012),
)


def validator(pointer):
    """A validator for the schema at `pointer` (e.g. '/components/schemas/Node')."""
    return Draft202012Validator(
        {"$ref": f"{SPEC_URI}#{pointer}"},
        registry=REGISTRY,
        format_checker=Draft202012Validator.FORMAT_CHECKER,
    )


REQUEST = validator("/components/schemas/LayoutRequest")
RESPONSE = validator("/components/schemas/LayoutResponse")
PROBLEM = validator("/components/schemas/Problem")
STATS = validator("/components/schemas/Stats")

passed = 0
failed = 0


def report(ok, name, why=""):
    global passed, failed
    if ok:
        passed += 1
        print(f"ok    {name}")
    else:
        failed += 1
        print(f"FAIL  {name}{': ' + why if why else ''}")


def expect_valid(v, name, instance):
    errors = sorted(v.iter_errors(instance), key=lambda e: list(e.absolute_path))
    why = "; ".join(f"/{'/'.join(map(str, e.absolute_path))}: {e.message[:200]}" for e in errors[:3])
    report(not errors, f"valid: {name}", why)


def expect_invalid(v, name, instance):
    report(not v.is_valid(instance), f"invalid: {name}", "accepted, should be rejected")


# ---------------------------------------------------------------- valid requests

SWIFTUI = {
    "bounds": {"width": 390, "height": 844},
    "alignment": "top",
    "session": "device-42",
    "environment": {
        "layoutDirection": "rtl",
        "displayScale": 3,
        "safeAreaInsets": {"top": 47, "leading": 0, "bottom": 34, "trailing": 0},
    },
    "options": {"frames": "all", "coordinates": "parent", "cache": "refresh"},
    "root": {
        "type": "vstack",
        "id": "screen",
        "alignment": "leading",
        "spacing": 0,
        "modifiers": [{"ignoresSafeArea": True}],
        "children": [
            {
                "type": "hstack",
                "id": "header",
                "alignment": "firstTextBaseline",
                "children": [
                    {"type": "text", "id": "title", "text": "Inbox",
                     "font": {"family": "Ahem", "size": 34, "lineHeight": 40}, "lineLimit": 1,
                     "modifiers": [{"layoutPriority": 1},
                                   {"alignmentGuide": {"alignment": "leading", "value": 4}}]},
                    {"type": "spacer", "minLength": 0},
                    {"type": "image", "size": {"width": 24, "height": 24}, "resizable": True,
                     "modifiers": [{"frame": {"width": 44, "height": 44}},
                                   {"aspectRatio": {"contentMode": "fit"}}]},
                ],
                "modifiers": [{"padding": {"horizontal": 16, "top": 8}},
                              {"background": {"content": {"type": "rect"}, "alignment": "bottom"}}],
            },
            {"type": "divider", "thickness": 0.5},
            {
                "type": "scroll",
                "id": "feed",
                "axes": "vertical",
                "children": [
                    {"type": "foreach", "data": ["m1", "m2", 3, 4.5],
                     "content": {"type": "hstack", "children": [
                         {"type": "view", "size": {"width": 40, "height": 40}},
                         {"type": "text", "text": "Hello\u200bthere"},
                         {"type": "rect", "size": {"width": 8, "height": 8},
                          "modifiers": [{"frame": {"maxWidth": "infinity", "minHeight": "50%"}},
                                        {"fixedSize": {"vertical": True}},
                                        {"offset": {"x": 2, "y": -1}},
                                        {"overlay": {"content": {"type": "rect", "id": "badge"},
                                                     "alignment": "topTrailing"}}]},
                     ]}},
                    {"type": "zstack", "alignment": "bottomLeading", "children": [
                        {"type": "geometry", "children": [{"type": "rect",
                                                           "modifiers": [{"position": {"x": "50%", "y": 20}}]}]},
                        {"type": "group", "modifiers": [{"padding": 4}], "children": [
                            {"type": "rect"}, {"type": "rect", "modifiers": [{"fixedSize": True}]}]},
                        {"type": "divided", "thickness": 2, "children": [{"type": "rect"}, {"type": "rect"}]},
                    ]},
                    {"type": "grid", "alignment": "leading", "horizontalSpacing": 4, "verticalSpacing": 2,
                     "children": [
                         {"type": "gridrow", "alignment": "bottom",
                          "children": [{"type": "rect"}, {"type": "text", "text": "a"}]},
                         {"type": "divider"},
                     ]},
                ],
            },
        ],
    },
}

FORM = {
    "bounds": {"width": 390, "height": None},
    "root": {
        "type": "form",
        "id": "settings",
        "style": {"horizontalMargin": 16, "rowInsets": {"vertical": 8, "leading": 16, "trailing": 16},
                  "minRowHeight": 44, "separatorThickness": 0.5, "sectionSpacing": 35,
                  "headerSpacing": 6},
        "children": [
            {"type": "text", "text": "Standalone row"},
            {"type": "text", "text": "Same implicit card"},
            {
                "type": "section",
                "id": "account",
                "header": {"type": "text", "text": "ACCOUNT", "font": {"size": 13}},
                "footer": {"type": "text", "id": "account-note", "text": "Signed in."},
                "children": [
                    {"type": "text", "text": "Name"},
                    {
                        "type": "section",
                        "header": {"type": "text", "text": "dropped"},
                        "children": [
                            {"type": "text", "text": "Email"},
                            {"type": "section", "children": [{"type": "text", "text": "Phone"}]},
                        ],
                    },
                    {"type": "hstack", "children": [{"type": "text", "text": "Sync"}, {"type": "spacer"},
                                                    {"type": "view", "size": {"width": 51, "height": 31}}]},
                ],
            },
            {"type": "section", "children": [{"type": "text", "text": "About"}]},
        ],
    },
}

FLEX = {
    "bounds": {"width": 800, "height": 600},
    "options": {"coordinates": "absolute"},
    "root": {
        "type": "flex",
        "id": "page",
        "style": {"flexDirection": "column", "width": "100%", "height": 600, "padding": 10,
                  "gap": 8, "alignItems": "stretch", "boxSizing": "border-box"},
        "children": [
            {"type": "flex", "id": "nav",
             "style": {"flexDirection": "row", "justifyContent": "space-between", "alignItems": "center",
                       "height": 56, "paddingHorizontal": 16, "borderBottomWidth": 1, "flexShrink": 0},
             "children": [
                 {"type": "text", "text": "Logo", "style": {"marginEnd": "auto"}},
                 {"type": "view", "size": {"width": 32, "height": 32},
                  "style": {"alignSelf": "flex-end", "margin": -2}},
             ]},
            {"type": "flex", "id": "body",
             "style": {"flexDirection": "row", "flexWrap": "wrap", "flexGrow": 1, "flexBasis": 0,
                       "alignContent": "space-around", "rowGap": "2%", "columnGap": 12,
                       "overflow": "hidden", "direction": "rtl"},
             "children": [
                 {"type": "rect", "style": {"flexBasis": "30%", "minWidth": 100, "maxWidth": 300,
                                            "aspectRatio": 1.5}},
                 {"type": "vstack", "style": {"flexGrow": 2, "flexShrink": 0},
                  "children": [{"type": "text", "text": "SwiftUI inside flex"}]},
                 {"type": "rect", "style": {"position": "absolute", "top": 0, "end": "10%",
                                            "width": 20, "height": 20, "display": "flex"}},
                 {"type": "rect", "style": {"display": "none"}},
             ]},
            {"type": "form", "style": {"flexGrow": 1, "minHeight": 0, "horizontalMargin": 0},
             "children": [{"type": "text", "text": "A form as a flex item"}]},
        ],
    },
}

PATCH = {
    "session": "device-42",
    "baseline": "9f1c0a3e5b7d4c21a0e4f1b2c3d4e5f6",
    "bounds": {"width": 390, "height": 844},
    "options": {"frames": "changed"},
    "patch": [
        {"op": "replace", "id": "title", "node": {"type": "text", "id": "title", "text": "Archive"}},
        {"op": "insert", "parent": "feed", "index": 3, "node": {"type": "rect"}},
        {"op": "remove", "id": "m2"},
        {"op": "set", "id": "header", "field": "modifiers", "value": [{"padding": 12}]},
        {"op": "set", "id": "title", "field": "lineLimit", "value": None},
    ],
}

expect_valid(REQUEST, "three-level SwiftUI tree", SWIFTUI)
expect_valid(REQUEST, "form with nested sections", FORM)
expect_valid(REQUEST, "flex tree", FLEX)
expect_valid(REQUEST, "patch request", PATCH)
expect_valid(REQUEST, "empty patch (relayout in new bounds)", {**PATCH, "patch": []})
expect_valid(REQUEST, "minimal request, unspecified bounds",
             {"bounds": {"width": None, "height": None}, "root": {"type": "rect"}})

# ---------------------------------------------------------------- invalid requests


def mutated(base, change):
    doc = copy.deepcopy(base)
    change(doc)
    return doc


INVALID = {
    "unknown field on a node": mutated(SWIFTUI, lambda d: d["root"]["children"][0].update(colour="red")),
    "unknown node type": mutated(SWIFTUI, lambda d: d["root"]["children"].append({"type": "button"})),
    "modifier with two keys": mutated(
        SWIFTUI, lambda d: d["root"]["modifiers"].append({"padding": 16, "frame": {"width": 10}})),
    "empty modifier": mutated(SWIFTUI, lambda d: d["root"]["modifiers"].append({})),
    "unknown modifier": mutated(SWIFTUI, lambda d: d["root"]["modifiers"].append({"blur": 3})),
    "unknown top-level field": {**FLEX, "verbose": True},
    "unknown field in frame": mutated(
        SWIFTUI, lambda d: d["root"]["modifiers"].append({"frame": {"width": 10, "depth": 3}})),
    "frame mixing fixed and flexible forms": mutated(
        SWIFTUI, lambda d: d["root"]["modifiers"].append({"frame": {"width": 10, "maxWidth": 20}})),
    "length with a space before %": mutated(
        SWIFTUI, lambda d: d["root"]["modifiers"].append({"frame": {"width": "50 %"}})),
    "wrong value type (spacing as string)": mutated(SWIFTUI, lambda d: d["root"].update(spacing="8")),
    "vertical alignment on a vstack": mutated(SWIFTUI, lambda d: d["root"].update(alignment="top")),
    "text without text": {"bounds": {"width": 1, "height": 1}, "root": {"type": "text"}},
    "lineLimit 0": {"bounds": {"width": 1, "height": 1}, "root": {"type": "text", "text": "a", "lineLimit": 0}},
    "unknown flex keyword": mutated(FLEX, lambda d: d["root"]["style"].update(justifyContent="between")),
    "unknown flex property": mutated(FLEX, lambda d: d["root"]["style"].update(float="left")),
    "form metric on a non-form style": mutated(FLEX, lambda d: d["root"]["style"].update(minRowHeight=44)),
    "negative flex width": mutated(FLEX, lambda d: d["root"]["style"].update(width=-1)),
    "foreach content with its own id": mutated(
        SWIFTUI, lambda d: d["root"]["children"][2]["children"][0]["content"].update(id="row")),
    "both root and patch": {**PATCH, "root": {"type": "rect"}},
    "patch without baseline": {k: v for k, v in PATCH.items() if k != "baseline"},
    "baseline without patch": {**FORM, "baseline": "9f1c0a3e5b7d4c21a0e4f1b2c3d4e5f6"},
    "neither root nor patch": {"bounds": {"width": 1, "height": 1}},
    "bounds without height": {"bounds": {"width": 1}, "root": {"type": "rect"}},
    "unknown patch op": mutated(PATCH, lambda d: d["patch"].append({"op": "move", "id": "a", "index": 0})),
    "set on the type field": mutated(
        PATCH, lambda d: d["patch"].append({"op": "set", "id": "a", "field": "type", "value": "rect"})),
    "baseline not 32 hex digits": {**PATCH, "baseline": "9F1C"},
    "displayScale 0": mutated(SWIFTUI, lambda d: d["environment"].update(displayScale=0)),
    "unknown option value": mutated(SWIFTUI, lambda d: d["options"].update(cache="maybe")),
}
for name, instance in INVALID.items():
    expect_invalid(REQUEST, name, instance)

# ---------------------------------------------------------------- responses

OK_RESPONSE = {
    "treeHash": "9f1c0a3e5b7d4c21a0e4f1b2c3d4e5f6",
    "size": {"width": 390, "height": 844},
    "frames": {"screen": {"x": 0, "y": 0, "width": 390, "height": 844}},
    "scroll": {},
    "cache": "hit",
    "metrics": {"parseMicros": 1, "hashMicros": 1, "layoutMicros": 0, "diffMicros": 0, "encodeMicros": 1,
                "nodes": 1, "measured": 0, "reused": 0},
    "diff": {"baseline": None, "inserted": ["screen"], "removed": [], "moved": [], "resized": [],
             "unchanged": 0},
}
expect_valid(RESPONSE, "200 response, new session", OK_RESPONSE)
expect_invalid(RESPONSE, "200 response with an undocumented member", {**OK_RESPONSE, "debug": {}})
expect_invalid(RESPONSE, "200 response without metrics",
               {k: v for k, v in OK_RESPONSE.items() if k != "metrics"})
# A profile as `"options": {"profile": true}` answers it: an hstack offered 100 whose
# 200-wide text and 80-wide view need 280.
PROFILE = {
    "layoutMicros": 292.1, "thresholds": {"measuredMoreThan": 8, "subtreeShare": 0.25},
    "nodes": {"long": {"calls": 2, "computed": 1, "memoHits": 1, "sharedHits": 0, "micros": 36.0, "samples": [
        {"proposal": {"width": None, "height": 100}, "size": {"width": 200, "height": 10}, "source": "computed"},
        {"proposal": {"width": None, "height": 100}, "size": {"width": 200, "height": 10}, "source": "memo"}]}},
    "warnings": [{"type": "textOverflow", "id": "long", "detail": "the text is 100 wider than offered"},
                 {"type": "stackOverflow", "id": "row", "detail": "its children need 280 along its axis; it was offered 100"}],
}
expect_valid(RESPONSE, "200 response with a profile", {**OK_RESPONSE, "profile": PROFILE})
expect_invalid(RESPONSE, "profile sample from an unknown source", {**OK_RESPONSE, "profile": mutated(
    PROFILE, lambda d: d["nodes"]["long"]["samples"][0].update(source="guess"))})
expect_invalid(RESPONSE, "profile warning of an unknown type", {**OK_RESPONSE, "profile": mutated(
    PROFILE, lambda d: d["warnings"][0].update(type="slow"))})
expect_valid(REQUEST, "profile option", mutated(SWIFTUI, lambda d: d["options"].update(profile=True)))
expect_invalid(REQUEST, "profile option as a string", mutated(SWIFTUI, lambda d: d["options"].update(profile="yes")))
expect_valid(PROBLEM, "400 problem with line and column",
             {"type": "urn:layoutd:problem:malformed-json", "title": "Malformed JSON", "status": 400,
              "detail": "unexpected end", "line": 1, "column": 12})
expect_invalid(PROBLEM, "problem with a non-integer line",
               {"type": "about:blank", "title": "Bad", "status": 400, "line": "1"})

STATS_BODY = {"cache": {"entries": 3, "bytes": 4096, "hits": 9, "misses": 3, "evictions": 0, "hitRate": 0.75},
              "sessions": {"live": 2}}
expect_valid(STATS, "GET /v1/stats body", STATS_BODY)
expect_invalid(STATS, "GET /v1/stats body with hitRate above 1",
               {**STATS_BODY, "cache": {**STATS_BODY["cache"], "hitRate": 1.5}})

# ---------------------------------------------------------------- the document's own examples


def deref(node):
    """Follows a local '#/...' $ref (for responses and request bodies)."""
    while isinstance(node, dict) and "$ref" in node:
        target = SPEC
        for part in node["$ref"][2:].split("/"):
            target = target[part.replace("~1", "/").replace("~0", "~")]
        node = target
    return node


def media_examples(where, media):
    if "example" in media:
        yield where, media["example"]
    for name, ex in media.get("examples", {}).items():
        yield f"{where} example {name}", deref(ex)["value"]


def rebase(schema):
    """Rewrites '#/...' refs to absolute refs into the spec resource."""
    if isinstance(schema, dict):
        return {k: (f"{SPEC_URI}{v}" if k == "$ref" and v.startswith("#") else rebase(v))
                for k, v in schema.items()}
    if isinstance(schema, list):
        return [rebase(v) for v in schema]
    return schema


seen = set()
for path, item in SPEC["paths"].items():
    for method, op in item.items():
        bodies = []
        if "requestBody" in op:
            bodies.append((f"{method.upper()} {path} request", deref(op["requestBody"])))
        for status, response in op.get("responses", {}).items():
            bodies.append((f"{method.upper()} {path} {status}", deref(response)))
        for where, body in bodies:
            for media_type, media in body.get("content", {}).items():
                if not media_type.endswith("json"):
                    continue
                v = Draft202012Validator(rebase(media["schema"]), registry=REGISTRY,
                                         format_checker=Draft202012Validator.FORMAT_CHECKER)
                for name, value in media_examples(where, media):
                    key = (id(media), name.split(" ", 2)[-1])
                    if key in seen:
                        continue
                    seen.add(key)
                    expect_valid(v, f"document example: {name}", value)

# ---------------------------------------------------------------- structure

schemas = SPEC["components"]["schemas"]


def walk(node, where):
    if isinstance(node, dict):
        if node.get("type") == "object" or "properties" in node:
            yield where, node
        for k, v in node.items():
            yield from walk(v, f"{where}/{k}")
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from walk(v, f"{where}/{i}")


open_objects = [w for w, s in walk(schemas, "#/components/schemas")
                if s.get("type") == "object" and "properties" in s and s.get("additionalProperties") is not False]
report(not open_objects, "structure: every object schema with properties is closed",
       ", ".join(open_objects))

node = schemas["Node"]
mapping = node["discriminator"]["mapping"]
one_of = [r["$ref"] for r in node["oneOf"]]
report(sorted(mapping.values()) == sorted(one_of), "structure: Node discriminator mapping matches its oneOf")
mismatched = [t for t, ref in mapping.items()
              if schemas[ref.rsplit("/", 1)[1]]["properties"]["type"].get("const") != t]
report(not mismatched, "structure: each node schema's type const matches its mapping key", ", ".join(mismatched))
for name in ("Node", "PatchOperation"):
    union = schemas[name]
    prop = union["discriminator"]["propertyName"]
    branches = [schemas[r["$ref"].rsplit("/", 1)[1]] for r in union["oneOf"]]
    consts = [b["properties"][prop].get("const") for b in branches]
    report(all(prop in b.get("required", []) for b in branches) and len(set(consts)) == len(consts)
           and None not in consts,
           f"structure: every {name} branch requires a distinct const {prop!r} (oneOf == dispatch)")
# The vocabulary the decoder accepts: the cases of NodeType (their raw values are the names).
node_type_source = (ROOT / "Sources/LayoutEngine/Decoding/NodeType.swift").read_text()
node_type_body = node_type_source.split("enum NodeType", 1)[1].split("var allowedFields", 1)[0]
expected_types = {name.strip() for line in re.findall(r"^\s*case (.+)$", node_type_body, re.M)
                  for name in line.split(",")}
report(set(mapping) == expected_types, "structure: the node vocabulary of NodeType (the decoder)",
       f"missing {expected_types - set(mapping)}, extra {set(mapping) - expected_types}")
missing_common = [t for t, ref in mapping.items()
                  if not {"type", "id", "modifiers", "style"} <= set(schemas[ref.rsplit('/', 1)[1]]["properties"])]
report(not missing_common, "structure: every node has type, id, modifiers, style", ", ".join(missing_common))
form_style = set(schemas["FormStyle"]["properties"])
report(set(schemas["FlexStyle"]["properties"]) <= form_style, "structure: FormStyle carries every FlexStyle property",
       ", ".join(sorted(set(schemas["FlexStyle"]["properties"]) - form_style)))

print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
