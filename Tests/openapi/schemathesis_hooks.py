"""schemathesis hooks for tools/contract-test: the one rule of openapi.yaml that a schema
cannot state. A layout request may name its session in the body (`session`) and in the
`Layout-Session` header, and the two must then be equal (else 400, as documented). The
generator draws them independently, so the header is set to the body's key before the
request is sent. A key that is not printable ASCII cannot travel in a header (HTTP
clients encode header values as Latin-1, the server reads UTF-8), so then the header is
dropped and the body alone names the session."""
import schemathesis


@schemathesis.hook
def before_call(context, case, kwargs):
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
