"""schemathesis hooks for tools/contract-test: the one rule of openapi.yaml that a schema
cannot state. A layout request may name its session in the body (`session`) and in the
`Layout-Session` header, and the two must then be equal (else 400, as documented). The
generator draws them independently, so the header is set to the body's key before the
request is sent."""
import schemathesis


@schemathesis.hook
def before_call(context, case, kwargs):
    body = case.body if isinstance(case.body, dict) else None
    headers = case.headers or {}
    if body is None or not isinstance(body.get("session"), str):
        return
    for name in list(headers):
        if name.lower() == "layout-session" and headers[name] != body["session"]:
            headers[name] = body["session"]
