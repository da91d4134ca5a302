"""schemathesis hooks for tools/contract-test: the one rule of openapi.yaml that a schema
cannot state. A layout request may name its session in the body (`session`) and in the
`Layout-Session` header, and the two must then be equal (else 400, as documented). The
generator draws them independently, so the header is set to the body's key before the
request is sent. A key that is not printable ASCII cannot travel in a header (HTTP
clients encode header values as Latin-1, the server reads UTF-8), so then the header is
dropped and the body alone names the session.

Likewise a font `family` must be one the server knows (422 otherwise, as documented);
which ones is the server's configuration, not the schema's, so a generated family name
(a non-empty string) is replaced by `Ahem`, which every server has. And a flexible
frame's maximum may not be below its minimum on the same axis (422), nor may a
GridItem's `flexible` or `adaptive` maximum be below its minimum; generated point values
are put in order."""
import schemathesis


def number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def cross_field_rules(value):
    if isinstance(value, dict):
        font = value.get("font")
        if isinstance(font, dict) and isinstance(font.get("family"), str) and font["family"]:
            font["family"] = "Ahem"
        frame = value.get("frame")
        if isinstance(frame, dict):
            for axis in ("Width", "Height"):
                low, high = frame.get("min" + axis), frame.get("max" + axis)
                if number(low) and number(high) and low > high:
                    frame["min" + axis], frame["max" + axis] = high, low
        for sizing in ("flexible", "adaptive"):
            item = value.get(sizing)
            if isinstance(item, dict):
                low, high = item.get("minimum"), item.get("maximum")
                if number(low) and number(high) and low > high:
                    item["minimum"], item["maximum"] = high, low
                    if sizing == "adaptive" and high <= 0:
                        item["minimum"] = 1  # adaptive minimums are above 0 (schema)
        for member in value.values():
            cross_field_rules(member)
    elif isinstance(value, list):
        for item in value:
            cross_field_rules(item)


@schemathesis.hook
def before_call(context, case, kwargs):
    cross_field_rules(case.body)
    if isinstance(kwargs.get("json"), (dict, list)):
        cross_field_rules(kwargs["json"])
    body = case.body if isinstance(case.body, dict) else None
    if body is None or not isinstance(body.get("session"), str):
        return
    session = body["session"]
    # Header values lose leading and trailing spaces (RFC 9110 §5.5).
    printable = all(" " <= character <= "~" for character in session) and session == session.strip(" ")
    # The case's headers, and the request's if schemathesis has already copied them.
    for headers in (case.headers, kwargs.get("headers")):
        for name in list(headers or {}):
            if name.lower() == "layout-session" and headers[name] != session:
                if printable:
                    headers[name] = session
                else:
                    del headers[name]
