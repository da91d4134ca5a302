// Generated from openapi.yaml by tools/embed-openapi.sh. Do not edit.

/// The normative contract, served at `/openapi.yaml` byte for byte.
enum OpenAPIDocument {
    static let yaml = ###"""
openapi: 3.1.0
jsonSchemaDialect: https://json-schema.org/draft/2020-12/schema

info:
  title: layoutd
  version: 1.0.0
  summary: Layout as a service — SwiftUI and CSS flexbox layout of JSON view trees.
  description: |
    Clients POST a JSON view tree and the bounds it is laid out in; the service answers
    with one frame per node. This document is the normative, machine-readable form of
    the wire contract (`API.md`); where the two disagree, fix one of them in the same
    change.

    ## General rules
    - Request bodies are `application/json` (UTF-8). Every request object is closed:
      unknown members, unknown node `type`s, wrong value types and a key given twice in
      one object are `422` errors (with a pointer), never ignored.
    - Response objects are closed too: the server emits no member that is not
      documented here. New members are added to this document first; clients should
      nevertheless ignore members they do not know.
    - All lengths are in points. Frames are `{x, y, width, height}`.
    - Every error is `application/problem+json` (RFC 9457), on every route, including
      the errors of the HTTP layer (`408`, `411`, `414`, `431`, `501`, `505`) and of
      unknown paths (`404`).
    - Any method that a path does not list answers `405` with an `Allow` header naming
      the methods it does list (e.g. `GET /v1/layout` → `405`, `Allow: POST`).
      `TRACE` is such a method everywhere (it would echo credentials back); methods
      the server does not know at all answer `501`.
    - `HEAD` is accepted wherever `GET` is and answers the `GET` headers without a body.
    - Limits (all configurable; defaults shown): request line 8 KiB (`414`), header
      section 16 KiB and 100 headers (`431`), body 8 MiB (`413`, answered before the
      body is read), tree depth 512 and node count 200,000 (`413`), header read
      deadline 10 s (`408`), idle keep-alive 60 s, 4,096 connections and a bounded
      number of requests in flight (`503` with `Retry-After` beyond).

    - Request ids: every answer carries `X-Request-Id`, the client's own if it sent a
      valid one (1 to 128 characters, letters, digits and `-_.:+/=@~`), else one the
      server made (32 hex digits). Problem documents repeat it as `requestId`, and the
      server's log line for the request carries it as `request_id`, so a client's
      report can be matched to the log.

    ## Browsers (CORS)
    Off by default: the server sends no CORS headers, so scripts on other origins
    cannot read its answers (server-to-server clients need no CORS). With
    `--cors-origin https://app.example.com[,…]` (or `*`), a preflight (`OPTIONS` with
    `Origin` and `Access-Control-Request-Method`) from an allowed origin answers `204`
    with `Access-Control-Allow-Methods: GET, HEAD, POST, DELETE`,
    `Access-Control-Allow-Headers: Authorization, Content-Type, Layout-Session,
    X-Request-Id` and `Access-Control-Max-Age: 600`, without needing a key; answers to
    an allowed origin carry `Access-Control-Allow-Origin` and expose `X-Request-Id`,
    `X-Layout-Cache`, `Server-Timing`, `Retry-After` and `WWW-Authenticate`. Any other
    `OPTIONS` request answers `405` like every unlisted method.

    ## Authentication
    API keys are optional. When the server runs with a key file (`--api-keys`), every
    route except `/healthz`, `/readyz`, `/metrics` and `/openapi.yaml` requires
    `Authorization: Bearer <key>`; the key names a tenant, and tenants never see or
    touch each other's sessions or cached results. Without a key file the server is
    open (one tenant), and an `Authorization` header is ignored.
  license:
    name: Proprietary
    identifier: LicenseRef-layoutd

servers:
  - url: http://127.0.0.1:8080
    description: Default `layoutd serve` address (plain HTTP)
  - url: https://{host}:{port}
    description: Direct TLS (`--tls-cert`/`--tls-key`) or behind a TLS-terminating proxy
    variables:
      host:
        default: localhost
      port:
        default: "443"

security:
  - bearerAuth: []
  - {}

tags:
  - name: layout
    description: Layout of view trees, sessions and patches
  - name: operations
    description: Health, readiness, metrics and statistics
  - name: meta
    description: This document

paths:
  /v1/layout:
    post:
      operationId: layout
      tags: [layout]
      summary: Lay out a view tree (or patch the session's last tree) and return one frame per node
      description: |
        The body carries either a whole tree (`root`) or a `patch` against the last tree
        of a session (`session` plus `baseline`). The answer carries a frame for every
        node (section "Identity" of `LayoutRequest`), the structural `treeHash`, the
        cache outcome, the per-phase cost and, when a session was given, the identity
        diff against the session's previous response.

        A failed request of any kind leaves the session untouched.
      parameters:
        - $ref: '#/components/parameters/LayoutSessionHeader'
        - $ref: '#/components/parameters/LayoutFormat'
        - $ref: '#/components/parameters/LayoutGuides'
      requestBody:
        $ref: '#/components/requestBodies/LayoutRequest'
      responses:
        '200':
          $ref: '#/components/responses/LayoutOK'
        '400':
          $ref: '#/components/responses/BadRequest'
        '401':
          $ref: '#/components/responses/Unauthorized'
        '409':
          $ref: '#/components/responses/StaleBaseline'
        '411':
          $ref: '#/components/responses/LengthRequired'
        '413':
          $ref: '#/components/responses/TooLarge'
        '415':
          $ref: '#/components/responses/UnsupportedMediaType'
        '422':
          $ref: '#/components/responses/InvalidRequest'
        '429':
          $ref: '#/components/responses/TooManyRequests'
        '503':
          $ref: '#/components/responses/Unavailable'
        default:
          $ref: '#/components/responses/HTTPError'

  /layout:
    post:
      operationId: layoutAlias
      tags: [layout]
      summary: Alias of `POST /v1/layout`
      description: |
        Exactly the same operation as `POST /v1/layout`: same request, responses,
        headers, authentication, sessions and caches. Kept for clients that predate the
        versioned path; new clients should use `/v1/layout`.
      parameters:
        - $ref: '#/components/parameters/LayoutSessionHeader'
        - $ref: '#/components/parameters/LayoutFormat'
        - $ref: '#/components/parameters/LayoutGuides'
      requestBody:
        $ref: '#/components/requestBodies/LayoutRequest'
      responses:
        '200':
          $ref: '#/components/responses/LayoutOK'
        '400':
          $ref: '#/components/responses/BadRequest'
        '401':
          $ref: '#/components/responses/Unauthorized'
        '409':
          $ref: '#/components/responses/StaleBaseline'
        '411':
          $ref: '#/components/responses/LengthRequired'
        '413':
          $ref: '#/components/responses/TooLarge'
        '415':
          $ref: '#/components/responses/UnsupportedMediaType'
        '422':
          $ref: '#/components/responses/InvalidRequest'
        '429':
          $ref: '#/components/responses/TooManyRequests'
        '503':
          $ref: '#/components/responses/Unavailable'
        default:
          $ref: '#/components/responses/HTTPError'

  /v1/sessions/{id}:
    delete:
      operationId: deleteSession
      tags: [layout]
      summary: Forget a session (its last tree, frames and hash)
      description: |
        Deletes the session of the caller's tenant. A later request with the same key
        starts a new session (`diff.baseline` is `null`). A session of another tenant
        is indistinguishable from a missing one (`404`).
      parameters:
        - name: id
          in: path
          required: true
          description: The session key, percent-encoded as a path segment.
          schema:
            $ref: '#/components/schemas/SessionKey'
      responses:
        '204':
          description: The session existed and is deleted.
        '401':
          $ref: '#/components/responses/Unauthorized'
        '404':
          $ref: '#/components/responses/NotFound'
        default:
          $ref: '#/components/responses/HTTPError'

  /v1/fonts:
    get:
      operationId: fonts
      tags: [layout]
      summary: The font families texts may name
      description: |
        Every family the server found (the system's fonts through fontconfig, plus the
        `--font-dir` directories; a file that does not load is logged and skipped at start-up),
        with its faces' styles, weights and slants, and the default family. `Ahem` is built in.
      responses:
        '200':
          description: The families.
          content:
            application/json:
              schema:
                $ref: '#/components/schemas/FontList'
              example:
                default: DejaVu Sans
                families:
                  - name: Ahem
                    faces: [{style: Regular, weight: 400, italic: false}]
                  - name: DejaVu Sans
                    faces:
                      - {style: Book, weight: 400, italic: false}
                      - {style: Oblique, weight: 400, italic: true}
                      - {style: Bold, weight: 700, italic: false}
        '401':
          $ref: '#/components/responses/Unauthorized'
        default:
          $ref: '#/components/responses/HTTPError'

  /v1/stats:
    get:
      operationId: stats
      tags: [operations]
      summary: The caller's cache and session statistics (JSON)
      description: |
        The calling tenant's own share: its entries, bytes, hits, misses and evictions
        in the layout cache, and its live sessions. Counts only: no keys, trees or
        results. `measurements` (the measurement cache, which every tenant shares) is
        present only on a server without API keys, whose one tenant is everyone.
        Process-wide figures are on `/metrics`.
      responses:
        '200':
          description: Current statistics.
          content:
            application/json:
              schema:
                $ref: '#/components/schemas/Stats'
              example:
                cache: {entries: 1830, bytes: 41230112, hits: 90211, misses: 10342, evictions: 812, hitRate: 0.8971}
                sessions: {live: 212}
                measurements: {entries: 52113, maxBytes: 25690112, hits: 731200, misses: 61020}
        '401':
          $ref: '#/components/responses/Unauthorized'
        default:
          $ref: '#/components/responses/HTTPError'

  /healthz:
    get:
      operationId: healthz
      tags: [operations]
      summary: Liveness — the process is alive
      description: Always `200` while the process runs, also while it drains on shutdown and while every layout worker is busy (it is answered without waiting for a worker).
      security: []
      responses:
        '200':
          description: Alive.
          content:
            text/plain:
              schema:
                type: string
                const: "ok\n"
        default:
          $ref: '#/components/responses/HTTPError'

  /readyz:
    get:
      operationId: readyz
      tags: [operations]
      summary: Readiness — the server accepts work
      description: |
        `200` while the server accepts layout requests; `503` (with `Retry-After`) while
        it starts, drains on SIGTERM/SIGINT, or has no room for more requests in flight.
        Load balancers take an instance out of rotation on `503`.
      security: []
      responses:
        '200':
          description: Ready.
          content:
            text/plain:
              schema:
                type: string
                const: "ok\n"
        '503':
          $ref: '#/components/responses/Unavailable'
        default:
          $ref: '#/components/responses/HTTPError'

  /metrics:
    get:
      operationId: metrics
      tags: [operations]
      summary: Prometheus metrics (text exposition format 0.0.4)
      description: |
        Prometheus text format. The series include:
        - `layoutd_http_requests_total{route,status}` (counter),
        - `layoutd_http_request_duration_seconds{route}` (histogram),
        - `layoutd_phase_duration_seconds{phase}` (histogram; phase = parse, hash,
          layout, diff, encode),
        - `layoutd_requests_in_flight`, `layoutd_open_connections` (gauges),
        - `layoutd_bytes_received_total`, `layoutd_bytes_sent_total` (counters),
        - `layoutd_cache_entries`, `layoutd_cache_bytes`, `layoutd_cache_hit_ratio`,
          `layoutd_sessions`, `layoutd_measurement_cache_entries` (gauges),
        - `layoutd_cache_hits_total`, `layoutd_cache_misses_total`,
          `layoutd_cache_evictions_total` (counters),
        - `layoutd_build_info{version,swift}` (gauge, always 1),
        - `process_cpu_seconds_total`, `process_resident_memory_bytes`,
          `process_virtual_memory_bytes`, `process_open_fds`, `process_max_fds`,
          `process_start_time_seconds` (the standard process families, from `/proc`).

        Every family has `# HELP` and `# TYPE` lines. Labels are bounded: `route` is a
        path of this document, or `unmatched` for unknown paths and for requests the
        HTTP layer refused before routing (malformed, too large, server full); `status`
        is an HTTP status code and `phase` one of the five phases. No label names a
        tenant, a session or a client's path.

        The route is open (no credentials) by default, so that scrapers need no key.
        A server started with `--metrics-key FILE` answers it only with
        `Authorization: Bearer <the key in FILE>` (`metricsKey`; a tenant's API key is
        not it) and 401 otherwise.
      security:
        - {}
        - metricsKey: []
      responses:
        '200':
          description: Metrics.
          content:
            text/plain; version=0.0.4; charset=utf-8:
              schema:
                type: string
              example: |
                # HELP layoutd_requests_in_flight Requests queued for or running on the worker pool.
                # TYPE layoutd_requests_in_flight gauge
                layoutd_requests_in_flight 3
                # HELP layoutd_http_requests_total HTTP requests answered by the application, by route and status.
                # TYPE layoutd_http_requests_total counter
                layoutd_http_requests_total{route="/v1/layout",status="200"} 10231
        '401':
          $ref: '#/components/responses/Unauthorized'
        default:
          $ref: '#/components/responses/HTTPError'

  /openapi.yaml:
    get:
      operationId: openapi
      tags: [meta]
      summary: This document
      security: []
      responses:
        '200':
          description: The OpenAPI 3.1 description of the service, byte for byte the `openapi.yaml` of the build.
          content:
            application/yaml:
              schema:
                description: This document (a YAML mapping).
                type: object
                required: [openapi, info, paths]
        default:
          $ref: '#/components/responses/HTTPError'

  /playground:
    get:
      operationId: playground
      tags: [meta]
      summary: A page to try layouts in a browser
      description: |
        One self-contained HTML page (no external scripts, styles or fonts): a JSON
        editor beside the live SVG of `POST /v1/layout?format=svg`, with bounds,
        environment (rtl, displayScale, safe area), alignment guides, the
        `Server-Timing` and metrics of each answer, the diff when a session is set, the
        problem document with its JSON Pointer's value marked, and examples. The page is
        open (it is static and holds nothing of any tenant); the layouts it requests
        carry the API key typed into it, so a server with keys still guards them. It
        sends only `Content-Type`, `Accept`, `Authorization` and `Layout-Session`.
      security: []
      responses:
        '200':
          description: The page, with a `Content-Security-Policy` that allows nothing but itself and requests to this server.
          content:
            text/html:
              schema:
                type: string
        default:
          $ref: '#/components/responses/HTTPError'

components:
  securitySchemes:
    bearerAuth:
      type: http
      scheme: bearer
      description: |
        `Authorization: Bearer <key>`, a key of the server's key file (one `KEY TENANT`
        per line). Optional: a server started without a key file is open and ignores
        the header.
    metricsKey:
      type: http
      scheme: bearer
      description: |
        `Authorization: Bearer <key>` with the one key of the server's `--metrics-key`
        file; only `/metrics` uses it, and only when the server was started with it.

  parameters:
    LayoutSessionHeader:
      name: Layout-Session
      in: header
      required: false
      description: |
        The session key, as an alternative to the body's `session` member (for load
        balancers that route by header). If both are present they must be equal, else
        `400`.
      schema:
        $ref: '#/components/schemas/SessionKey'

    LayoutFormat:
      name: format
      in: query
      required: false
      description: |
        What the `200` carries: `json` (the frames, `application/json`), `svg` (an SVG
        wireframe of the layout, `image/svg+xml`) or `tree` (the hierarchy dump,
        `text/plain; charset=utf-8`). Without it the `Accept` header chooses among the
        same three media types by q-value (`image/*` and `text/*` count; JSON on ties and
        when nothing offered is acceptable, so a client that asks for something else gets
        JSON rather than `406`). Problems are always `application/problem+json`. SVG and
        tree answers are never served from the layout cache (they need the laid-out tree),
        but count, diff and update sessions like JSON answers. Any other value is `400`.
      schema:
        type: string
        enum: [json, svg, tree]
    LayoutGuides:
      name: guides
      in: query
      required: false
      description: |
        With an SVG answer, `true` (or `1`) draws the alignment guide of every stack: a
        vertical line in a `vstack`, a horizontal one in an `hstack`.
      schema:
        type: string
        enum: ['true', 'false', '1', '0']

  requestBodies:
    LayoutRequest:
      required: true
      description: |
        `Content-Type: application/json` (an optional `charset=utf-8` parameter is
        accepted; anything else is `415`). The body must have a `Content-Length` or be
        chunked (else `411`) and is at most 8 MiB (else `413`).
      content:
        application/json:
          schema:
            $ref: '#/components/schemas/LayoutRequest'
          examples:
            swiftui:
              summary: A SwiftUI screen
              value:
                bounds: {width: 390, height: 844}
                session: device-42
                environment:
                  layoutDirection: ltr
                  displayScale: 3
                  safeAreaInsets: {top: 47, leading: 0, bottom: 34, trailing: 0}
                root:
                  type: vstack
                  id: screen
                  alignment: leading
                  children:
                    - type: text
                      id: title
                      text: Inbox
                      font: {size: 34}
                      modifiers: [{padding: {horizontal: 16}}]
                    - type: scroll
                      id: feed
                      children:
                        - type: foreach
                          data: [m1, m2, m3]
                          content:
                            type: hstack
                            children:
                              - {type: image, size: {width: 40, height: 40}}
                              - {type: text, text: Hello there, lineLimit: 2}
                              - {type: spacer}
            patch:
              summary: A patch against the session's last tree
              value:
                session: device-42
                baseline: 9f1c0a3e5b7d4c21a0e4f1b2c3d4e5f6
                bounds: {width: 390, height: 844}
                options: {frames: changed}
                patch:
                  - {op: replace, id: title, node: {type: text, id: title, text: Archive}}
                  - {op: remove, id: m2}

  headers:
    RequestId:
      description: |
        The request's id: the client's `X-Request-Id` if valid (1 to 128 of letters,
        digits and `-_.:+/=@~`), else 32 hex digits made by the server.
      schema:
        type: string
        pattern: '^[A-Za-z0-9._:+/=@~-]{1,128}$'
    ServerTiming:
      description: |
        The cost of the request's phases in milliseconds (W3C Server Timing):
        `parse`, `hash`, `layout`, `diff`, `encode` and `total`, each as
        `<name>;dur=<ms>`, e.g.
        `parse;dur=0.120, hash;dur=0.031, layout;dur=0.340, diff;dur=0.012, encode;dur=0.090, total;dur=0.610`.
        Phases that did not run (`diff` without a session; `layout` on a cache hit)
        are present with `dur=0`.
      schema:
        type: string
    XLayoutCache:
      description: '`hit` when the whole result came from the layout cache, else `miss` (same as the body''s `cache`).'
      schema:
        type: string
        enum: [hit, miss]
    Allow:
      description: The methods the path does list, comma-separated (e.g. `POST`).
      required: true
      schema:
        type: string
    RetryAfter:
      description: Seconds after which the client may retry.
      required: true
      schema:
        type: integer
        minimum: 0
    WWWAuthenticate:
      description: '`Bearer` challenge (RFC 6750), e.g. `Bearer realm="layoutd", error="invalid_token"`.'
      required: true
      schema:
        type: string

  responses:
    LayoutOK:
      description: |
        The frames of every node (JSON), or a picture of the layout (`format` parameter
        or `Accept`).
      headers:
        X-Request-Id:
          $ref: '#/components/headers/RequestId'
        Server-Timing:
          $ref: '#/components/headers/ServerTiming'
        X-Layout-Cache:
          $ref: '#/components/headers/XLayoutCache'
        Vary:
          description: Always `Accept`, since the media type of the answer depends on it.
          schema:
            type: string
      content:
        application/json:
          schema:
            $ref: '#/components/schemas/LayoutResponse'
          example:
            treeHash: 9f1c0a3e5b7d4c21a0e4f1b2c3d4e5f6
            size: {width: 390, height: 844}
            frames:
              screen: {x: 0, y: 47, width: 390, height: 763}
              title: {x: 16, y: 47, width: 85, height: 34}
            scroll:
              feed: {contentWidth: 390, contentHeight: 5120}
            cache: miss
            metrics: {parseMicros: 120, hashMicros: 31, layoutMicros: 340, diffMicros: 12, encodeMicros: 90, nodes: 812, measured: 40, reused: 772}
            diff:
              baseline: 0d4e5f60718293a4b5c6d7e8f9a0b1c2
              inserted: [row-9]
              removed: []
              moved: [row-10]
              resized: [list]
              unchanged: 808
        image/svg+xml:
          schema:
            type: string
            description: |
              A standalone SVG 1.1 document (UTF-8, with its own stylesheet, no scripts):
              the bounds and safe-area insets; every node with a frame as a
              `<g class="node CATEGORY KIND ...">` holding a `<title>` (id, kind, frame:
              shown on hover) and a `<rect>` at its frame; CATEGORY is `container`,
              `leaf`, `text`, `spacer`, `divider` or `transparent`; nodes the service made
              add `made` and `background`, `overlay`, `header`, `footer` or `separator`;
              with a session, `inserted`, `moved` and `resized`. Texts are drawn in their
              font (`<text>` with one `<tspan>` per line); scroll views add a
              `scroll-content` rect of their content size. Ids and texts are escaped.
          example: |
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="390" height="844" viewBox="0 0 390 844" class="layoutd-wireframe">
            <style>...</style>
            <rect class="bounds" x="0" y="0" width="390" height="844"/>
            <g class="node leaf view" data-id="a"><title>a — view (145, 397, 100×50)</title><rect x="145" y="397" width="100" height="50"/></g>
            </svg>
        text/plain:
          schema:
            type: string
            description: |
              The hierarchy, one line per node, drawn with box-drawing characters: kind,
              id (quoted), `[role]` for made nodes, frame `(x, y, width×height)` or
              `(no frame)`, a text's string, the fields that shaped the layout
              (`alignment=`, `spacing=`, `size=`, `font=size/lineHeight`, `content=` for
              scroll views, ...), `modifiers=[...]` innermost first, `flex={...}` with the
              style properties that differ from CSS's initial values, and with a session
              `diff=inserted|moved|resized`.
          example: |
            vstack "screen" (0, 0, 390×844) alignment=center spacing=default
            └─ view "a" (145, 397, 100×50) size=100×50
      links:
        DeleteSession:
          operationId: deleteSession
          description: The session the request named can be deleted.
          parameters:
            id: $request.body#/session
    BadRequest:
      description: |
        Malformed JSON (the problem carries the `line` and `column` of the first error,
        both from 1, column counted in bytes), a body `session` that disagrees with the
        `Layout-Session` header, a `Layout-Session` header that is empty or longer than
        256 characters, an unknown `format` or `guides` query parameter, or a malformed HTTP
        request.
      content:
        application/problem+json:
          schema:
            $ref: '#/components/schemas/Problem'
          examples:
            malformedJSON:
              value:
                type: urn:layoutd:problem:malformed-json
                title: Malformed JSON
                status: 400
                detail: expected ',' or '}' after an object member
                line: 3
                column: 17
            sessionMismatch:
              value:
                type: urn:layoutd:problem:session-mismatch
                title: Session mismatch
                status: 400
                detail: body session "a" differs from Layout-Session header "b"
    Unauthorized:
      description: Missing or unknown API key (only when the server runs with API keys).
      headers:
        WWW-Authenticate:
          $ref: '#/components/headers/WWWAuthenticate'
      content:
        application/problem+json:
          schema:
            $ref: '#/components/schemas/Problem'
          example: {type: about:blank, title: Unauthorized, status: 401, detail: missing or unknown API key}
    NotFound:
      description: No such route, or (for `DELETE /v1/sessions/{id}`) no such session for this tenant.
      content:
        application/problem+json:
          schema:
            $ref: '#/components/schemas/Problem'
          example: {type: about:blank, title: Not Found, status: 404, detail: no session "device-42"}
    MethodNotAllowed:
      description: The path exists but does not list this method.
      headers:
        Allow:
          $ref: '#/components/headers/Allow'
      content:
        application/problem+json:
          schema:
            $ref: '#/components/schemas/Problem'
          example: {type: about:blank, title: Method Not Allowed, status: 405, detail: GET is not allowed on /v1/layout}
    StaleBaseline:
      description: |
        The patch's `baseline` is not the session's current `treeHash`, or the session
        does not exist (new, expired, evicted or deleted; then `treeHash` is `null` and
        the client must send a whole `root`). The problem carries the session's current
        `treeHash`. The session is left as it was.
      content:
        application/problem+json:
          schema:
            allOf:
              - $ref: '#/components/schemas/Problem'
              - required: [treeHash]
          example:
            type: urn:layoutd:problem:stale-baseline
            title: Stale baseline
            status: 409
            detail: baseline 9f1c0a3e5b7d4c21a0e4f1b2c3d4e5f6 is not the session's current tree
            treeHash: 0d4e5f60718293a4b5c6d7e8f9a0b1c2
    LengthRequired:
      description: 'A POST with neither `Content-Length` nor `Transfer-Encoding: chunked`.'
      content:
        application/problem+json:
          schema:
            $ref: '#/components/schemas/Problem'
          example: {type: about:blank, title: Length Required, status: 411}
    TooLarge:
      description: |
        The body is over the body limit (default 8 MiB; answered before the body is
        read, and the connection is closed), or the tree is over the depth limit
        (default 512) or the node-count limit (default 200,000, counted after `foreach`
        expansion, container-made dividers included), or its layout needs more work than
        its budget: 500,000 + 30 × nodes content measurements and flex runs (nested
        flexible containers that size each other can otherwise cost exponential time).
        Expansion is bounded too (README, "Limits"): 64 modifiers on a node (its own
        plus those inherited from enclosing groups), 65,536 + body bytes / 12 modifiers
        in the tree after expansion, 1,024 nesting levels plus modifiers along any path
        from the root, node ids totalling 1 MiB + 8 × body bytes (at most 32 MiB; a
        derived id repeats its parent's), 32 MiB of text counted once per foreach copy,
        and a response of at most 64 MiB (`--max-response-bytes`; the problem's title
        is then `Response too large`). A patch counts as layout work as well: the
        session's tree is read once per run of ops (independent ops share one run; an
        op naming a node an earlier op made, replaced, moved or edited starts a new
        one), plus one read per op, and a patch whose reads pass 500,000 + 30 × nodes is
        refused (pointer `/patch`).
      content:
        application/problem+json:
          schema:
            $ref: '#/components/schemas/Problem'
          examples:
            body:
              value: {type: urn:layoutd:problem:body-too-large, title: Body too large, status: 413, detail: body over 8388608 bytes}
            tree:
              value:
                type: urn:layoutd:problem:tree-too-large
                title: Tree too large
                status: 413
                detail: tree deeper than 512
                errors: [{pointer: /root/children/0/children/0/children/0, detail: depth 513 exceeds 512}]
    UnsupportedMediaType:
      description: The body is not `application/json` (missing or other `Content-Type`, or a charset other than UTF-8).
      content:
        application/problem+json:
          schema:
            $ref: '#/components/schemas/Problem'
          example: {type: about:blank, title: Unsupported Media Type, status: 415, detail: 'Content-Type must be application/json'}
    InvalidRequest:
      description: |
        Well-formed JSON that does not match `LayoutRequest`: an unknown member, type
        or enum value, a wrong value type, a missing required member, a duplicate id
        (both JSON Pointers are listed), a patch that names an unknown id or a node
        inside a `foreach` copy (pointer at the op's `id` or `parent`), `frames:
        changed` without a session, an unknown font family. Every error found is listed
        with the JSON Pointer (RFC 6901) of the offending value.
      content:
        application/problem+json:
          schema:
            allOf:
              - $ref: '#/components/schemas/Problem'
              - required: [errors]
          example:
            type: urn:layoutd:problem:invalid-request
            title: Invalid request
            status: 422
            detail: 2 errors
            errors:
              - {pointer: /root/children/3/modifiers/0, detail: 'a modifier has exactly one key; found "padding" and "frame"'}
              - {pointer: /root/children/5/type, detail: 'unknown node type "button"'}
    TooManyRequests:
      description: |
        Reserved for per-tenant limits: the tenant has too many requests in flight. A
        server without per-tenant limits never sends it.
      headers:
        Retry-After:
          $ref: '#/components/headers/RetryAfter'
      content:
        application/problem+json:
          schema:
            $ref: '#/components/schemas/Problem'
          example: {type: urn:layoutd:problem:overloaded, title: Too many requests, status: 429, detail: tenant has too many requests in flight}
    Unavailable:
      description: |
        The server as a whole is at capacity (requests in flight, connections), starting,
        or draining on shutdown.
      headers:
        Retry-After:
          $ref: '#/components/headers/RetryAfter'
      content:
        application/problem+json:
          schema:
            $ref: '#/components/schemas/Problem'
          example: {type: urn:layoutd:problem:overloaded, title: Service unavailable, status: 503, detail: too many requests in flight}
    HTTPError:
      description: |
        Any other error, always as a problem: `400` (malformed HTTP), `404` (unknown
        path), `408` (header deadline), `413`, `414` (request line), `431` (header
        section), `500`, `501` (unknown method or transfer coding), `505` (HTTP version).
      content:
        application/problem+json:
          schema:
            $ref: '#/components/schemas/Problem'

  schemas:
    # ------------------------------------------------------------------ request
    LayoutRequest:
      title: LayoutRequest
      description: |
        A whole tree (`root`) or a patch (`patch` + `baseline`) and the bounds to lay it
        out in.

        ## Identity
        Every node of the tree gets exactly one frame under its id:
        - a node's id is its `id` if given, else `<parent id>/<index>`, where index is
          the node's position in its parent's JSON `children` array (from 0). The root
          without an `id` is `root`.
        - container-made nodes: `<id>/header`, `<id>/footer` (a section's header and
          footer), `<id>/background`, `<id>/overlay` (modifier content) — in each case
          the content's own `id` wins if given — and `<id>/divider/<k>` (k from 0): the
          dividers of `divided` and the row separators of form cards (a section card's
          separators are under the section's id; the separators of the form's implicit
          cards are under the form's id, k counting on across them).
        - a `foreach` copy's id is `<foreach id>/<datum>`, the foreach's id given or
          derived by the first rule, the datum as a string (numbers printed in the
          shortest round-trip form, integers without a fraction: `3` → `"3"`,
          `2.5` → `"2.5"`). Inside a copy, a given `id` is scoped under the copy:
          `<copy id>/<id>` (nested foreaches nest the scopes); ids derived from a
          parent follow the rules above. Reordering the data keeps every copy's ids,
          so a session's diff reports the copies as moved.
        - ids are unique per request: a duplicate is a `422` naming both JSON Pointer
          paths. Sessions diff by id.

        Transparent nodes (`group`, `divided`, `foreach`, a flattened `section`) get the
        union of their children's frames. The header and footer of a flattened section
        get no frame, nor does a node under `display: none`.
      type: object
      additionalProperties: false
      required: [bounds]
      properties:
        bounds:
          $ref: '#/components/schemas/Bounds'
        root:
          $ref: '#/components/schemas/SingleView'
        patch:
          type: array
          description: |
            Operations applied in order to the session's last tree; each op sees the tree
            as the previous ops left it. The patched tree is identified, hashed and laid
            out exactly as if it had been sent whole as `root` (so an insert or remove
            renumbers the path-derived ids of the later siblings). Requires a session
            (body `session` or `Layout-Session` header) and `baseline`. An empty list
            re-lays out the last tree (e.g. in new bounds). An op may not name a node
            inside a `foreach` copy (`<foreach id>/<datum>` or anything in it): the
            copies are made from the foreach's one `content`, so such an op is a `422`;
            edit the foreach itself (`set` its `content` or `data`, or `replace` it).
          items:
            $ref: '#/components/schemas/PatchOperation'
        baseline:
          description: |
            With `patch` only: the `treeHash` the patch was written against. It must
            equal the session's current `treeHash`, else `409` with the current hash.
          allOf:
            - $ref: '#/components/schemas/TreeHash'
        session:
          $ref: '#/components/schemas/SessionKey'
        alignment:
          description: |
            Where the root sits inside `bounds` when its size differs (SwiftUI hosting
            behaviour). On an axis whose bound is `null` the root sits at 0.
          allOf:
            - $ref: '#/components/schemas/TwoAxisAlignment'
          default: center
        environment:
          $ref: '#/components/schemas/Environment'
        options:
          $ref: '#/components/schemas/Options'
      dependentRequired:
        # The server also takes the session from the Layout-Session header; a schema
        # cannot say "in the body or in a header", so it asks for the body's.
        patch: [session]
      # Likewise `frames: changed` needs a session (there is nothing to compare with).
      if:
        required: [options]
        properties:
          options:
            required: [frames]
            properties:
              frames: {const: changed}
      then:
        required: [session]
      oneOf:
        - title: whole tree
          required: [root]
          not:
            anyOf:
              - required: [patch]
              - required: [baseline]
        - title: patch
          required: [patch, baseline]
          not:
            required: [root]

    Bounds:
      description: |
        The size proposed to the root. `null` on an axis = unspecified: the root takes
        its ideal size on that axis (SwiftUI's `nil` proposal, CSS max-content).
      type: object
      additionalProperties: false
      required: [width, height]
      properties:
        width:
          type: [number, 'null']
          minimum: 0
          maximum: 1000000000
        height:
          type: [number, 'null']
          minimum: 0
          maximum: 1000000000

    SessionKey:
      description: |
        A client-chosen session key. Per (tenant, session) the service keeps the last
        tree, frames and `treeHash`, bounded in count (`--max-sessions`), in bytes
        (`--session-bytes`) and idle time (`--session-ttl`). When full, the least recently
        used session of the tenant holding the most bytes is evicted, so a tenant at or
        under its fair share never loses a session to another tenant's requests.
      type: string
      minLength: 1
      maxLength: 256

    Environment:
      type: object
      additionalProperties: false
      properties:
        layoutDirection:
          description: |
            `rtl` mirrors leading/trailing, runs HStacks right to left, and is the
            default of flex `direction`.
          type: string
          enum: [ltr, rtl]
          default: ltr
        displayScale:
          description: |
            Absent: exact frames. N > 0: frame edges rounded to multiples of 1/N, by
            rounding the absolute left, top, right and bottom edges and deriving width
            and height from them (as browsers do).
          type: number
          maximum: 1000000000
          exclusiveMinimum: 0
        safeAreaInsets:
          description: |
            The root's content is inset by these, except on the edges the root's
            `ignoresSafeArea` modifier names; other nodes with that modifier extend
            through the edges they touch.
          type: object
          additionalProperties: false
          properties:
            top: {type: number, maximum: 1000000000, minimum: 0, default: 0}
            leading: {type: number, maximum: 1000000000, minimum: 0, default: 0}
            bottom: {type: number, maximum: 1000000000, minimum: 0, default: 0}
            trailing: {type: number, maximum: 1000000000, minimum: 0, default: 0}

    Options:
      type: object
      additionalProperties: false
      properties:
        frames:
          description: |
            `all`: every frame. `changed`: only the frames of the ids in the diff's
            `inserted`, `moved` and `resized` (requires a session, else `422`). The
            default is `all` for a whole tree and `changed` for a patch: a client
            that patches a session holds the previous frames, and encoding every
            frame would cost a one-leaf patch of a 10,000-node tree most of its time.
            A patch that wants every frame sends `all`.
          type: string
          enum: [all, changed]
        coordinates:
          description: |
            `absolute`: relative to the bounds' top-left. `parent`: relative to the
            origin of the parent's frame, where the parent is the node the id rules
            derive from (the JSON parent; the modified node for background/overlay
            content; the container for its headers, footers and dividers; the `foreach`
            for its copies). The root is always relative to the bounds.
          type: string
          enum: [absolute, parent]
          default: absolute
        cache:
          description: |
            `use`: read and write the layout and measurement caches. `refresh`:
            recompute everything, then store. `none`: read and write no cache (a cold
            layout, for benchmarks and debugging). The frames are identical in all three.
          type: string
          enum: [use, refresh, none]
          default: use
        profile:
          description: |
            `true`: the answer carries a `profile` of this layout (per node, the sizes it
            was asked for and where they came from, and warnings). A profiled request is
            never answered from, nor stored in, the layout cache; the measurement cache
            still answers (counted as `sharedHits`). Off, it costs one check per size
            asked (about 1% of a layout's instructions; not measurable in wall time).
          type: boolean
          default: false

    # ----------------------------------------------------------------- patches
    PatchOperation:
      oneOf:
        - $ref: '#/components/schemas/ReplaceOperation'
        - $ref: '#/components/schemas/InsertOperation'
        - $ref: '#/components/schemas/RemoveOperation'
        - $ref: '#/components/schemas/SetOperation'
      discriminator:
        propertyName: op
        mapping:
          replace: '#/components/schemas/ReplaceOperation'
          insert: '#/components/schemas/InsertOperation'
          remove: '#/components/schemas/RemoveOperation'
          set: '#/components/schemas/SetOperation'
    ReplaceOperation:
      description: Replaces the node `id` (with its subtree) by `node`. Replacing the root's id replaces the root.
      type: object
      additionalProperties: false
      required: [op, id, node]
      properties:
        op: {type: string, const: replace}
        id: {$ref: '#/components/schemas/NodeId'}
        node: {$ref: '#/components/schemas/Node'}
    InsertOperation:
      description: |
        Inserts `node` into the `children` of `parent` at `index` (0 … count; count
        appends). `422` if `parent` has no `children` member.
      type: object
      additionalProperties: false
      required: [op, parent, index, node]
      properties:
        op: {type: string, const: insert}
        parent: {$ref: '#/components/schemas/NodeId'}
        index: {type: integer, minimum: 0, maximum: 1000000000}
        node: {$ref: '#/components/schemas/Node'}
    RemoveOperation:
      description: Removes the node `id` and its subtree. The root cannot be removed (`422`).
      type: object
      additionalProperties: false
      required: [op, id]
      properties:
        op: {type: string, const: remove}
        id: {$ref: '#/components/schemas/NodeId'}
    SetOperation:
      description: |
        Sets one member of the node `id` to `value`, validated as that member of that
        node type (`422` if the type has no such member or the value does not fit it).
        `null` removes an optional member (back to its default).
      type: object
      additionalProperties: false
      required: [op, id, field, value]
      properties:
        op: {type: string, const: set}
        id: {$ref: '#/components/schemas/NodeId'}
        field:
          type: string
          enum: [modifiers, style, size, resizable, text, font, lineLimit, multilineTextAlignment,
                 truncationMode, minLength, thickness,
                 alignment, spacing, children, axes, data, content, header, footer,
                 horizontalSpacing, verticalSpacing]
        value: {}

    # ------------------------------------------------------------------- nodes
    NodeId:
      description: A node id (explicit, path-derived or container-made; see `LayoutRequest`).
      type: string
      minLength: 1

    Node:
      description: |
        One node of the view tree. Every node has `type`, optional `id`, optional
        `modifiers` and optional `style`, plus the members of its type.
      oneOf:
        - $ref: '#/components/schemas/ViewNode'
        - $ref: '#/components/schemas/RectNode'
        - $ref: '#/components/schemas/ImageNode'
        - $ref: '#/components/schemas/TextNode'
        - $ref: '#/components/schemas/SpacerNode'
        - $ref: '#/components/schemas/DividerNode'
        - $ref: '#/components/schemas/VStackNode'
        - $ref: '#/components/schemas/HStackNode'
        - $ref: '#/components/schemas/ZStackNode'
        - $ref: '#/components/schemas/ScrollNode'
        - $ref: '#/components/schemas/GeometryNode'
        - $ref: '#/components/schemas/GroupNode'
        - $ref: '#/components/schemas/DividedNode'
        - $ref: '#/components/schemas/ForEachNode'
        - $ref: '#/components/schemas/FormNode'
        - $ref: '#/components/schemas/SectionNode'
        - $ref: '#/components/schemas/GridNode'
        - $ref: '#/components/schemas/GridRowNode'
        - $ref: '#/components/schemas/FlexNode'
        - $ref: '#/components/schemas/LazyVStackNode'
        - $ref: '#/components/schemas/LazyHStackNode'
        - $ref: '#/components/schemas/LazyVGridNode'
        - $ref: '#/components/schemas/LazyHGridNode'
        - $ref: '#/components/schemas/ViewThatFitsNode'
      discriminator:
        propertyName: type
        mapping:
          view: '#/components/schemas/ViewNode'
          rect: '#/components/schemas/RectNode'
          image: '#/components/schemas/ImageNode'
          text: '#/components/schemas/TextNode'
          spacer: '#/components/schemas/SpacerNode'
          divider: '#/components/schemas/DividerNode'
          vstack: '#/components/schemas/VStackNode'
          hstack: '#/components/schemas/HStackNode'
          zstack: '#/components/schemas/ZStackNode'
          scroll: '#/components/schemas/ScrollNode'
          geometry: '#/components/schemas/GeometryNode'
          group: '#/components/schemas/GroupNode'
          divided: '#/components/schemas/DividedNode'
          foreach: '#/components/schemas/ForEachNode'
          form: '#/components/schemas/FormNode'
          section: '#/components/schemas/SectionNode'
          grid: '#/components/schemas/GridNode'
          gridrow: '#/components/schemas/GridRowNode'
          flex: '#/components/schemas/FlexNode'
          lazyvstack: '#/components/schemas/LazyVStackNode'
          lazyhstack: '#/components/schemas/LazyHStackNode'
          lazyvgrid: '#/components/schemas/LazyVGridNode'
          lazyhgrid: '#/components/schemas/LazyHGridNode'
          viewthatfits: '#/components/schemas/ViewThatFitsNode'

    Children:
      description: The child nodes, in order (ids derive from the index in this array).
      type: array
      items:
        $ref: '#/components/schemas/PlacedNode'

    FlexChildren:
      description: The items of a `flex`, in order; each may carry a flex item `style`.
      type: array
      items:
        $ref: '#/components/schemas/Node'

    SingleView:
      description: |
        Where exactly one view must result (the root, modifier content, a section's
        header and footer): not a `group`, `divided`, `foreach`, `section` or a
        `gridrow` outside a grid (a group there), which stand for their children
        (`422`). (The server accepts a transparent node that
        happens to yield one view in content, header and footer; the root never.)
      allOf:
        - $ref: '#/components/schemas/PlacedNode'
        - not:
            required: [type]
            properties:
              type: {enum: [group, divided, foreach, section, gridrow]}

    PlacedNode:
      description: |
        A node whose parent is not a `flex` (or the root, or modifier, header, footer
        or `foreach` content). Such a node is not a flex item, so it carries a `style`
        only when the style is its own: a `flex` (container style) or a `form`
        (`FormStyle`). A flex item `style` anywhere else is a `422`, not silently
        ignored, since it would have no effect. (`group`, `divided` and `foreach` pass
        their parent's flex context on: in a `flex`, their children are flex items and
        may carry a `style`, which this schema, written per parent, does not express.)
      allOf:
        - $ref: '#/components/schemas/Node'
        - if: {required: [style]}
          then:
            properties:
              type: {enum: [flex, form]}

    Modifiers:
      description: |
        An ordered list, first = innermost, exactly like chaining SwiftUI modifiers.
        Modifiers are not nodes: the node's frame is its own content frame, inside its
        padding; wrapper sizes matter only through what they do to positions.
      type: array
      items:
        $ref: '#/components/schemas/Modifier'

    Size:
      type: object
      additionalProperties: false
      required: [width, height]
      properties:
        width: {type: number, maximum: 1000000000, minimum: 0}
        height: {type: number, maximum: 1000000000, minimum: 0}

    ViewNode:
      description: A rigid leaf with that intrinsic size (a label, a UIView with an intrinsic size).
      type: object
      additionalProperties: false
      required: [type, size]
      properties:
        type: {type: string, const: view}
        id: {$ref: '#/components/schemas/NodeId'}
        modifiers: {$ref: '#/components/schemas/Modifiers'}
        style: {$ref: '#/components/schemas/FlexStyle'}
        size: {$ref: '#/components/schemas/Size'}

    RectNode:
      description: 'A shape or Color: takes any proposed size; an unspecified proposal takes the ideal `size`.'
      type: object
      additionalProperties: false
      required: [type]
      properties:
        type: {type: string, const: rect}
        id: {$ref: '#/components/schemas/NodeId'}
        modifiers: {$ref: '#/components/schemas/Modifiers'}
        style: {$ref: '#/components/schemas/FlexStyle'}
        size:
          description: The ideal size.
          allOf:
            - $ref: '#/components/schemas/Size'
          default: {width: 10, height: 10}

    ImageNode:
      description: 'Non-resizable: rigid at `size`. Resizable: like `rect` with ideal `size`.'
      type: object
      additionalProperties: false
      required: [type, size]
      properties:
        type: {type: string, const: image}
        id: {$ref: '#/components/schemas/NodeId'}
        modifiers: {$ref: '#/components/schemas/Modifiers'}
        style: {$ref: '#/components/schemas/FlexStyle'}
        size: {$ref: '#/components/schemas/Size'}
        resizable: {type: boolean, default: false}

    TextNode:
      description: |
        Measured text in its `font` (below): wraps at break opportunities; a word wider than
        the line overflows it. As a flex item its min-content width is its widest unbreakable
        run and its max-content width the whole paragraph.
      type: object
      additionalProperties: false
      required: [type, text]
      properties:
        type: {type: string, const: text}
        id: {$ref: '#/components/schemas/NodeId'}
        modifiers: {$ref: '#/components/schemas/Modifiers'}
        style: {$ref: '#/components/schemas/FlexStyle'}
        text: {type: string}
        font: {$ref: '#/components/schemas/Font'}
        lineLimit:
          description: |
            The maximum number of lines; absent = unlimited. Text past the limit is truncated
            where `truncationMode` says: the last line shows as much of the text as fits with
            "…", cut between characters, and its width counts the ellipsis.
          type: integer
          minimum: 1
          maximum: 1000000
        truncationMode:
          description: |
            SwiftUI's `truncationMode`, with `lineLimit`: which part of the text the last
            visible line replaces with "…". `tail`: the line starts as it would and ends with
            "…"; `head`: "…" then the end of the text; `middle`: the line's start, "…", then the
            end of the text, half of the room (the line's width less the ellipsis) going to the
            start. Each part is cut between characters, spaces next to the ellipsis are
            dropped, and the end never reaches back past a newline. The modes differ in width
            only through which characters remain.
          type: string
          enum: [tail, head, middle]
          default: tail
        multilineTextAlignment:
          description: |
            SwiftUI's `multilineTextAlignment`: where each line sits within the text's own
            frame (`leading` is the right edge when `layoutDirection` is `rtl`). It changes no
            frame (frames are the text's, not its lines'); the SVG rendering draws the lines
            where it puts them.
          type: string
          enum: [leading, center, trailing]
          default: leading

    Font:
      description: |
        A text's font. Faces are chosen as fontconfig chooses them (family, then weight and
        slant); a character the face lacks falls back, per character, to an installed font
        that has it (as browsers do). Text is shaped by HarfBuzz with the features browsers
        apply by default (kerning, ligatures) and broken into lines at UAX #14 break
        opportunities (ICU's line BreakIterator, as Chromium; a line may always end after a
        space, and never right after a slash inside a word, as Blink does).

        **Vertical metrics** come from the font's `hhea` table (OS/2 typo metrics when its
        `USE_TYPO_METRICS` bit is set), and are rounded differently by the two layout models:
        a text in a `flex` container follows CSS (Chromium): `line-height: normal` is
        round(ascent) + round(descent) + round(lineGap) at the used size; a text in a SwiftUI
        container follows Apple: the unrounded sum (SwiftUI's `Font.lineHeight`). An
        explicit `lineHeight` overrides both. The first baseline is half the leading plus
        the ascent below a line's top; the last baseline feeds baseline alignment.
      type: object
      additionalProperties: false
      properties:
        family:
          description: |
            A family the server has (`GET /v1/fonts`; matched without regard to case), or
            `system` for the server's default (`--default-font`, DejaVu Sans unless
            configured; SwiftUI's `.system(size:)` maps here). An unknown family is `422`
            listing the known ones, unless `fallback` is true. `Ahem` is always built in:
            every glyph 1em wide, lines 1em tall, ascent 0.8em; it breaks only at spaces
            and U+200B.
          type: string
          minLength: 1
          default: system
        size: {type: number, minimum: 0, maximum: 1000000000, default: 17}
        weight:
          description: |
            100–900 (CSS), or SwiftUI's names: ultraLight 100, thin 200, light 300,
            regular 400, medium 500, semibold 600, bold 700, heavy 800, black 900.
          oneOf:
            - {type: integer, minimum: 1, maximum: 1000}
            - {type: string, enum: [ultraLight, thin, light, regular, medium, semibold, bold, heavy, black]}
          default: 400
        italic: {type: boolean, default: false}
        lineHeight:
          description: The height of one line in points; absent = the font's natural line height (above).
          type: number
          maximum: 1000000000
          minimum: 0
        lineSpacing:
          description: Extra space between lines in points (SwiftUI `lineSpacing`).
          type: number
          minimum: 0
          maximum: 1000000000
          default: 0
        letterSpacing:
          description: Points added after every character (CSS `letter-spacing`, SwiftUI `tracking`).
          type: number
          minimum: -1000000000
          maximum: 1000000000
          default: 0
        kerning:
          description: The same as `letterSpacing` (SwiftUI's `kerning` modifier name).
          type: number
          minimum: -1000000000
          maximum: 1000000000
        fallback:
          description: An unknown `family` falls back to the default instead of a `422`.
          type: boolean
          default: false

    FontList:
      type: object
      additionalProperties: false
      required: [default, families]
      properties:
        default: {type: string, description: The family of texts that name none (or `system`).}
        families:
          type: array
          items:
            type: object
            additionalProperties: false
            required: [name, faces]
            properties:
              name: {type: string}
              faces:
                type: array
                items:
                  type: object
                  additionalProperties: false
                  required: [style, weight, italic]
                  properties:
                    style: {type: string}
                    weight: {type: integer}
                    italic: {type: boolean}

    SpacerNode:
      description: |
        Flexible space along the enclosing stack's axis, 0 across; layout priority below
        everything. Outside a stack it expands on both axes. No spacing next to it.
      type: object
      additionalProperties: false
      required: [type]
      properties:
        type: {type: string, const: spacer}
        id: {$ref: '#/components/schemas/NodeId'}
        modifiers: {$ref: '#/components/schemas/Modifiers'}
        style: {$ref: '#/components/schemas/FlexStyle'}
        minLength: {type: number, maximum: 1000000000, minimum: 0, default: 8}

    DividerNode:
      description: '`thickness` on the enclosing stack''s axis; spans its cross axis.'
      type: object
      additionalProperties: false
      required: [type]
      properties:
        type: {type: string, const: divider}
        id: {$ref: '#/components/schemas/NodeId'}
        modifiers: {$ref: '#/components/schemas/Modifiers'}
        style: {$ref: '#/components/schemas/FlexStyle'}
        thickness: {type: number, maximum: 1000000000, minimum: 0, default: 1}

    StackSpacing:
      description: |
        The distance between neighbours. Absent: the default distance, 8, and 0 next to
        a spacer. Given: that distance between every pair of neighbours.
      type: number
      minimum: -1000000000
      maximum: 1000000000

    VStackNode:
      description: SwiftUI VStack (flexibility order, layoutPriority groups).
      type: object
      additionalProperties: false
      required: [type]
      properties:
        type: {type: string, const: vstack}
        id: {$ref: '#/components/schemas/NodeId'}
        modifiers: {$ref: '#/components/schemas/Modifiers'}
        style: {$ref: '#/components/schemas/FlexStyle'}
        alignment:
          allOf: [{$ref: '#/components/schemas/HorizontalAlignment'}]
          default: center
        spacing: {$ref: '#/components/schemas/StackSpacing'}
        children: {$ref: '#/components/schemas/Children'}

    HStackNode:
      description: SwiftUI HStack (flexibility order, layoutPriority groups); right to left under `rtl`.
      type: object
      additionalProperties: false
      required: [type]
      properties:
        type: {type: string, const: hstack}
        id: {$ref: '#/components/schemas/NodeId'}
        modifiers: {$ref: '#/components/schemas/Modifiers'}
        style: {$ref: '#/components/schemas/FlexStyle'}
        alignment:
          allOf: [{$ref: '#/components/schemas/VerticalAlignment'}]
          default: center
        spacing: {$ref: '#/components/schemas/StackSpacing'}
        children: {$ref: '#/components/schemas/Children'}

    ZStackNode:
      description: Overlays its children; its size comes from the highest-priority children.
      type: object
      additionalProperties: false
      required: [type]
      properties:
        type: {type: string, const: zstack}
        id: {$ref: '#/components/schemas/NodeId'}
        modifiers: {$ref: '#/components/schemas/Modifiers'}
        style: {$ref: '#/components/schemas/FlexStyle'}
        alignment:
          allOf: [{$ref: '#/components/schemas/TwoAxisAlignment'}]
          default: center
        children: {$ref: '#/components/schemas/Children'}

    ScrollNode:
      description: |
        Takes the proposal; proposes unspecified along its axes; its children are
        stacked on the axis (as a VStack for `vertical`, an HStack for `horizontal`, a
        VStack for `both`); reports its content size in the response's `scroll`;
        content frames are given at scroll offset 0.
      type: object
      additionalProperties: false
      required: [type]
      properties:
        type: {type: string, const: scroll}
        id: {$ref: '#/components/schemas/NodeId'}
        modifiers: {$ref: '#/components/schemas/Modifiers'}
        style: {$ref: '#/components/schemas/FlexStyle'}
        axes:
          type: string
          enum: [vertical, horizontal, both]
          default: vertical
        children: {$ref: '#/components/schemas/Children'}

    GeometryNode:
      description: 'GeometryReader: takes all proposed space; children at its top-leading corner, each proposed its size.'
      type: object
      additionalProperties: false
      required: [type]
      properties:
        type: {type: string, const: geometry}
        id: {$ref: '#/components/schemas/NodeId'}
        modifiers: {$ref: '#/components/schemas/Modifiers'}
        style: {$ref: '#/components/schemas/FlexStyle'}
        children: {$ref: '#/components/schemas/Children'}

    GroupNode:
      description: |
        Transparent: its children join the parent's children; its modifiers apply to
        each child. Its frame is the union of its children's frames.
      type: object
      additionalProperties: false
      required: [type]
      properties:
        type: {type: string, const: group}
        id: {$ref: '#/components/schemas/NodeId'}
        modifiers: {$ref: '#/components/schemas/Modifiers'}
        style: {$ref: '#/components/schemas/FlexStyle'}
        children: {$ref: '#/components/schemas/Children'}

    DividedNode:
      description: |
        Transparent like `group`, with a divider of `thickness` between consecutive
        children; the dividers are `<id>/divider/<k>`, k from 0.
      type: object
      additionalProperties: false
      required: [type]
      properties:
        type: {type: string, const: divided}
        id: {$ref: '#/components/schemas/NodeId'}
        modifiers: {$ref: '#/components/schemas/Modifiers'}
        style: {$ref: '#/components/schemas/FlexStyle'}
        thickness: {type: number, maximum: 1000000000, minimum: 0, default: 1}
        children: {$ref: '#/components/schemas/Children'}

    ForEachNode:
      description: |
        Transparent: expands to one copy of `content` per datum, in order. A copy's id
        is `<foreach id>/<datum>`, so data must be unique (also across types: `1` and
        `"1"` collide; a repeat is a `422`). `content` has no `id` of its own (the datum
        is its id); ids given inside `content` are scoped under their copy
        (`<copy id>/<id>`), so every row can name its parts.
      type: object
      additionalProperties: false
      required: [type, data, content]
      properties:
        type: {type: string, const: foreach}
        id: {$ref: '#/components/schemas/NodeId'}
        modifiers: {$ref: '#/components/schemas/Modifiers'}
        style: {$ref: '#/components/schemas/FlexStyle'}
        data:
          type: array
          uniqueItems: true
          items:
            type: [string, number]
        content:
          allOf:
            - $ref: '#/components/schemas/PlacedNode'
            - not:
                required: [id]

    FormNode:
      description: |
        A grouped list (StackBoard semantics). Each top-level `section` is a card;
        consecutive non-section children form one implicit card. Rows inside a card are
        separated by separators (`<card id>/divider/<k>`); a row is at least
        `minRowHeight` tall and inset by `rowInsets`.
      type: object
      additionalProperties: false
      required: [type]
      properties:
        type: {type: string, const: form}
        id: {$ref: '#/components/schemas/NodeId'}
        modifiers: {$ref: '#/components/schemas/Modifiers'}
        style: {$ref: '#/components/schemas/FormStyle'}
        children:
          description: Sections and standalone rows.
          allOf: [{$ref: '#/components/schemas/Children'}]

    SectionNode:
      description: |
        In a form: a top-level section is a card with an optional `header` above and
        `footer` below it (`<id>/header`, `<id>/footer` unless they have their own
        `id`). A section nested in a section, at any depth, is flattened: its rows join
        the top-level section, depth-first, in order; its own header and footer are
        dropped (no frame) and its frame is the union of its rows. Outside a form a
        section is transparent like `group`, with its header, children and footer as
        its children in that order.
      type: object
      additionalProperties: false
      required: [type]
      properties:
        type: {type: string, const: section}
        id: {$ref: '#/components/schemas/NodeId'}
        modifiers: {$ref: '#/components/schemas/Modifiers'}
        style: {$ref: '#/components/schemas/FlexStyle'}
        header: {$ref: '#/components/schemas/SingleView'}
        footer: {$ref: '#/components/schemas/SingleView'}
        children: {$ref: '#/components/schemas/Children'}

    GridNode:
      description: |
        SwiftUI Grid. A `gridrow`'s children are cells, one column each (or
        `gridCellColumns`); a child that is not a `gridrow` is a row of one cell spanning
        all columns. Columns share the proposed width less the spacing as an HStack
        shares it among children: by the flexibility of their widest single-column cell,
        least flexible first, each offered the rest divided by the columns left and as
        wide as its widest cell at that offer (with no width proposed: its widest ideal
        width). Rows share the proposed height the same way, cells offered their column
        width. A spanning row widens the grid (not the columns) to its cell's width for
        the proposed width, unless `gridCellUnsizedAxes` says otherwise. Each cell is
        offered its column width(s) and row height and placed by `gridCellAnchor`, else
        aligned by its column's `gridColumnAlignment`, its row's `alignment` and the
        grid's `alignment`.
      type: object
      additionalProperties: false
      required: [type]
      properties:
        type: {type: string, const: grid}
        id: {$ref: '#/components/schemas/NodeId'}
        modifiers: {$ref: '#/components/schemas/Modifiers'}
        style: {$ref: '#/components/schemas/FlexStyle'}
        alignment:
          description: The alignment of every cell inside its column and row.
          allOf: [{$ref: '#/components/schemas/TwoAxisAlignment'}]
          default: center
        horizontalSpacing: {type: number, minimum: -1000000000, maximum: 1000000000, default: 8}
        verticalSpacing: {type: number, minimum: -1000000000, maximum: 1000000000, default: 8}
        children: {$ref: '#/components/schemas/Children'}

    GridRowNode:
      description: |
        One row of a grid; its children are the cells, one column each. `alignment`
        overrides the grid's vertical alignment for this row. Outside a grid a gridrow
        is transparent like `group`.
      type: object
      additionalProperties: false
      required: [type]
      properties:
        type: {type: string, const: gridrow}
        id: {$ref: '#/components/schemas/NodeId'}
        modifiers: {$ref: '#/components/schemas/Modifiers'}
        style: {$ref: '#/components/schemas/FlexStyle'}
        alignment: {$ref: '#/components/schemas/VerticalAlignment'}
        children: {$ref: '#/components/schemas/Children'}

    LazyVStackNode:
      description: |
        SwiftUI LazyVStack. Along its axis it shares space exactly as a `vstack` does,
        and its children are proposed its own proposed width, as in a `vstack`. Unlike a
        `vstack` (as wide as its widest child), it takes the whole width proposed and
        aligns its children inside it by `alignment`; with no width proposed (or an
        infinite one) it is as wide as its children. Every child is laid out (there is
        no viewport).
      type: object
      additionalProperties: false
      required: [type]
      properties:
        type: {type: string, const: lazyvstack}
        id: {$ref: '#/components/schemas/NodeId'}
        modifiers: {$ref: '#/components/schemas/Modifiers'}
        style: {$ref: '#/components/schemas/FlexStyle'}
        alignment:
          allOf: [{$ref: '#/components/schemas/HorizontalAlignment'}]
          default: center
        spacing: {$ref: '#/components/schemas/StackSpacing'}
        children: {$ref: '#/components/schemas/Children'}

    LazyHStackNode:
      description: SwiftUI LazyHStack; as `lazyvstack` with the axes swapped (it takes the whole height proposed).
      type: object
      additionalProperties: false
      required: [type]
      properties:
        type: {type: string, const: lazyhstack}
        id: {$ref: '#/components/schemas/NodeId'}
        modifiers: {$ref: '#/components/schemas/Modifiers'}
        style: {$ref: '#/components/schemas/FlexStyle'}
        alignment:
          allOf: [{$ref: '#/components/schemas/VerticalAlignment'}]
          default: center
        spacing: {$ref: '#/components/schemas/StackSpacing'}
        children: {$ref: '#/components/schemas/Children'}

    GridItem:
      description: |
        SwiftUI GridItem: exactly one of `fixed`, `flexible`, `adaptive`. Column widths
        (row heights of a `lazyhgrid`) follow Apple's GridItem rules: the spacing after
        every item but the last and the fixed sizes come off the proposed length; then
        flexible items in order each take the rest divided by the flexible and adaptive
        items still unsized, clamped to [minimum, maximum]; then adaptive items each take
        their share likewise and fit as many tracks of at least `minimum` into it as they
        can (at least one; at most 1000 tracks in all), sharing it equally within
        [minimum, maximum]. The grid is as wide as its tracks; when placed, the tracks
        are computed again from that width (so flexible columns with large minimums can
        overflow the grid, as in SwiftUI). With no width proposed, flexible and adaptive
        items take their minimum.
      type: object
      additionalProperties: false
      properties:
        fixed: {type: number, minimum: 0, maximum: 1000000000}
        flexible:
          type: object
          additionalProperties: false
          properties:
            minimum: {type: number, minimum: 0, maximum: 1000000000, default: 10}
            maximum:
              oneOf: [{type: number, minimum: 0, maximum: 1000000000}, {type: string, const: infinity}]
              default: infinity
        adaptive:
          type: object
          additionalProperties: false
          required: [minimum]
          properties:
            minimum: {type: number, exclusiveMinimum: 0, maximum: 1000000000}
            maximum:
              oneOf: [{type: number, minimum: 0, maximum: 1000000000}, {type: string, const: infinity}]
              default: infinity
        spacing:
          description: After this item's track(s), and between an adaptive item's tracks.
          type: number
          minimum: 0
          maximum: 1000000000
          default: 8
      oneOf:
        - required: [fixed]
        - required: [flexible]
        - required: [adaptive]

    LazyVGridNode:
      description: |
        SwiftUI LazyVGrid: `columns` split the width into tracks (see GridItem); the
        children fill the tracks row by row. Each cell is proposed its column's width
        and no height (its ideal height), a row is as tall as its tallest cell, rows are
        `spacing` apart, and cells are aligned in their cells by `alignment`
        horizontally and centred vertically. Every child is laid out (there is no
        viewport).
      type: object
      additionalProperties: false
      required: [type, columns]
      properties:
        type: {type: string, const: lazyvgrid}
        id: {$ref: '#/components/schemas/NodeId'}
        modifiers: {$ref: '#/components/schemas/Modifiers'}
        style: {$ref: '#/components/schemas/FlexStyle'}
        columns:
          type: array
          minItems: 1
          maxItems: 1000
          items: {$ref: '#/components/schemas/GridItem'}
        alignment:
          allOf: [{$ref: '#/components/schemas/HorizontalAlignment'}]
          default: center
        spacing: {type: number, minimum: 0, maximum: 1000000000, default: 8, description: Between rows.}
        children: {$ref: '#/components/schemas/Children'}

    LazyHGridNode:
      description: |
        SwiftUI LazyHGrid: as `lazyvgrid` with the axes swapped: `rows` split the height,
        the children fill the tracks column by column, cells are proposed their row's
        height and no width, and columns are `spacing` apart.
      type: object
      additionalProperties: false
      required: [type, rows]
      properties:
        type: {type: string, const: lazyhgrid}
        id: {$ref: '#/components/schemas/NodeId'}
        modifiers: {$ref: '#/components/schemas/Modifiers'}
        style: {$ref: '#/components/schemas/FlexStyle'}
        rows:
          type: array
          minItems: 1
          maxItems: 1000
          items: {$ref: '#/components/schemas/GridItem'}
        alignment:
          allOf: [{$ref: '#/components/schemas/VerticalAlignment'}]
          default: center
        spacing: {type: number, minimum: 0, maximum: 1000000000, default: 8, description: Between columns.}
        children: {$ref: '#/components/schemas/Children'}

    ViewThatFitsNode:
      description: |
        SwiftUI ViewThatFits: the first child whose ideal size fits the proposal on
        `axes` (its size proposed nothing on those axes and the proposal on the others;
        an unspecified proposal fits anything), else the last child. The chosen child
        is laid out with the whole proposal and the node takes its size. The children
        not chosen are not laid out: they and their subtrees have no entry in `frames`.
      type: object
      additionalProperties: false
      required: [type]
      properties:
        type: {type: string, const: viewthatfits}
        id: {$ref: '#/components/schemas/NodeId'}
        modifiers: {$ref: '#/components/schemas/Modifiers'}
        style: {$ref: '#/components/schemas/FlexStyle'}
        axes:
          type: string
          enum: [horizontal, vertical, both]
          default: both
        children: {$ref: '#/components/schemas/Children'}

    FlexNode:
      description: |
        A CSS flexbox container (CSS Flexbox Level 1 as browsers implement it); its
        container properties and its own item properties are in `style`. Any node may be
        a flex item: a non-flex child is measured by its own rules as the item's
        content size. Inside a SwiftUI container a flex sizes like a block-level box: it
        fills a specified proposal on the horizontal axis and fits its content on the
        other.
      type: object
      additionalProperties: false
      required: [type]
      properties:
        type: {type: string, const: flex}
        id: {$ref: '#/components/schemas/NodeId'}
        modifiers: {$ref: '#/components/schemas/Modifiers'}
        style: {$ref: '#/components/schemas/FlexStyle'}
        children: {$ref: '#/components/schemas/FlexChildren'}

    # --------------------------------------------------------------- alignment
    HorizontalAlignment:
      type: string
      enum: [leading, center, trailing]
    VerticalAlignment:
      type: string
      enum: [top, center, bottom, firstTextBaseline, lastTextBaseline]
    TwoAxisAlignment:
      type: string
      enum: [topLeading, top, topTrailing, leading, center, trailing, bottomLeading, bottom, bottomTrailing]

    # ---------------------------------------------------------------- lengths
    Percent:
      description: A percentage of the proposal (SwiftUI) or of the containing block (flex) on that axis.
      type: string
      pattern: '^-?[0-9]+(\.[0-9]+)?%$'
    NonNegativePercent:
      type: string
      pattern: '^[0-9]+(\.[0-9]+)?%$'
    FrameLength:
      description: 'A frame size: points (≥ 0) or `"N%"` (≥ 0) of the proposal on that axis.'
      oneOf:
        - type: number
          minimum: 0
          maximum: 1000000000
        - $ref: '#/components/schemas/NonNegativePercent'
    MaxFrameLength:
      description: 'A frame maximum: a `FrameLength` or `"infinity"`.'
      oneOf:
        - $ref: '#/components/schemas/FrameLength'
        - type: string
          const: infinity
    FiniteLength:
      description: 'Points or `"N%"` of the proposal on that axis.'
      oneOf:
        - type: number
          minimum: -1000000000
          maximum: 1000000000
        - $ref: '#/components/schemas/Percent'

    # -------------------------------------------------------------- modifiers
    Modifier:
      description: An object with exactly one key, the modifier's name.
      type: object
      minProperties: 1
      maxProperties: 1
      oneOf:
        - $ref: '#/components/schemas/PaddingModifier'
        - $ref: '#/components/schemas/FrameModifier'
        - $ref: '#/components/schemas/OffsetModifier'
        - $ref: '#/components/schemas/PositionModifier'
        - $ref: '#/components/schemas/AspectRatioModifier'
        - $ref: '#/components/schemas/FixedSizeModifier'
        - $ref: '#/components/schemas/LayoutPriorityModifier'
        - $ref: '#/components/schemas/BackgroundModifier'
        - $ref: '#/components/schemas/OverlayModifier'
        - $ref: '#/components/schemas/IgnoresSafeAreaModifier'
        - $ref: '#/components/schemas/AlignmentGuideModifier'
        - $ref: '#/components/schemas/GridCellColumnsModifier'
        - $ref: '#/components/schemas/GridColumnAlignmentModifier'
        - $ref: '#/components/schemas/GridCellAnchorModifier'
        - $ref: '#/components/schemas/GridCellUnsizedAxesModifier'

    PaddingModifier:
      description: |
        Proposes the proposal minus the insets (not below 0); size = child + insets.
        A single length pads every edge; `true` is SwiftUI's default `padding()`, 16 on
        every edge.
      type: object
      additionalProperties: false
      required: [padding]
      properties:
        padding:
          oneOf:
            - $ref: '#/components/schemas/FiniteLength'
            - type: boolean
              const: true
            - $ref: '#/components/schemas/PaddingEdges'
    PaddingEdges:
      description: |
        Insets by edge. An edge key wins over `horizontal`/`vertical`, which win over
        `all`; an edge no key names is 0.
      type: object
      additionalProperties: false
      minProperties: 1
      properties:
        top: {$ref: '#/components/schemas/FiniteLength'}
        bottom: {$ref: '#/components/schemas/FiniteLength'}
        leading: {$ref: '#/components/schemas/FiniteLength'}
        trailing: {$ref: '#/components/schemas/FiniteLength'}
        horizontal: {$ref: '#/components/schemas/FiniteLength'}
        vertical: {$ref: '#/components/schemas/FiniteLength'}
        all: {$ref: '#/components/schemas/FiniteLength'}

    FrameModifier:
      type: object
      additionalProperties: false
      required: [frame]
      properties:
        frame:
          description: |
            Either the fixed form (`width`, `height`) or the flexible form (`min*`,
            `ideal*`, `max*`), each with an optional `alignment`; mixing the two forms
            is an error.
          oneOf:
            - $ref: '#/components/schemas/FixedFrame'
            - $ref: '#/components/schemas/FlexibleFrame'
    FixedFrame:
      description: |
        `frame(width:height:alignment:)`: a given axis is exactly that size and proposes
        it; an absent axis adopts the child's behaviour. The child is aligned inside.
      type: object
      additionalProperties: false
      properties:
        width: {$ref: '#/components/schemas/FrameLength'}
        height: {$ref: '#/components/schemas/FrameLength'}
        alignment:
          allOf: [{$ref: '#/components/schemas/TwoAxisAlignment'}]
          default: center
    FlexibleFrame:
      description: |
        `frame(minWidth:idealWidth:maxWidth:minHeight:idealHeight:maxHeight:alignment:)`
        with SwiftUI's semantics (SWIFTUI-RULES.md). At least one of the six bounds.
      type: object
      additionalProperties: false
      anyOf:
        - required: [minWidth]
        - required: [idealWidth]
        - required: [maxWidth]
        - required: [minHeight]
        - required: [idealHeight]
        - required: [maxHeight]
      properties:
        minWidth: {$ref: '#/components/schemas/FrameLength'}
        idealWidth: {$ref: '#/components/schemas/FrameLength'}
        maxWidth: {$ref: '#/components/schemas/MaxFrameLength'}
        minHeight: {$ref: '#/components/schemas/FrameLength'}
        idealHeight: {$ref: '#/components/schemas/FrameLength'}
        maxHeight: {$ref: '#/components/schemas/MaxFrameLength'}
        alignment:
          allOf: [{$ref: '#/components/schemas/TwoAxisAlignment'}]
          default: center

    OffsetModifier:
      description: Moves the frame, not the layout.
      type: object
      additionalProperties: false
      required: [offset]
      properties:
        offset:
          type: object
          additionalProperties: false
          properties:
            x: {allOf: [{$ref: '#/components/schemas/FiniteLength'}], default: 0}
            y: {allOf: [{$ref: '#/components/schemas/FiniteLength'}], default: 0}

    PositionModifier:
      description: Takes all proposed space and centres the child on the point.
      type: object
      additionalProperties: false
      required: [position]
      properties:
        position:
          type: object
          additionalProperties: false
          properties:
            x: {allOf: [{$ref: '#/components/schemas/FiniteLength'}], default: 0}
            y: {allOf: [{$ref: '#/components/schemas/FiniteLength'}], default: 0}

    AspectRatioModifier:
      description: |
        Proposes the largest (`fit`) or smallest (`fill`) size of ratio width/height
        within/around the proposal; `ratio` absent = the child's ideal ratio. An
        unspecified proposal passes through.
      type: object
      additionalProperties: false
      required: [aspectRatio]
      properties:
        aspectRatio:
          type: object
          additionalProperties: false
          properties:
            ratio: {type: number, minimum: 0.000000001, maximum: 1000000000}
            contentMode:
              type: string
              enum: [fit, fill]
              default: fit

    FixedSizeModifier:
      description: |
        Proposes unspecified (the ideal size) on the fixed axes and centres the result.
        `true` = both axes; `false` = neither (no effect); an absent axis key = false.
      type: object
      additionalProperties: false
      required: [fixedSize]
      properties:
        fixedSize:
          oneOf:
            - type: boolean
            - type: object
              additionalProperties: false
              properties:
                horizontal: {type: boolean, default: false}
                vertical: {type: boolean, default: false}

    LayoutPriorityModifier:
      description: Read by the enclosing stack; default 0.
      type: object
      additionalProperties: false
      required: [layoutPriority]
      properties:
        layoutPriority: {type: number, minimum: -1000000000, maximum: 1000000000}

    DecorationContent:
      description: |
        The content is proposed the modified view's size and aligned over it; it never
        changes the view's own size. Its id is `<id>/background` or `<id>/overlay`
        unless it has its own `id`.
      type: object
      additionalProperties: false
      required: [content]
      properties:
        content: {$ref: '#/components/schemas/SingleView'}
        alignment:
          allOf: [{$ref: '#/components/schemas/TwoAxisAlignment'}]
          default: center
    BackgroundModifier:
      type: object
      additionalProperties: false
      required: [background]
      properties:
        background: {$ref: '#/components/schemas/DecorationContent'}
    OverlayModifier:
      type: object
      additionalProperties: false
      required: [overlay]
      properties:
        overlay: {$ref: '#/components/schemas/DecorationContent'}

    IgnoresSafeAreaModifier:
      description: |
        The root is laid out in the bounds less `environment.safeAreaInsets`, except on
        the edges its own `ignoresSafeArea` names. Any other node whose frame touches
        (or crosses) a safe-area edge it ignores extends through the inset to the
        bounds' edge, and its content is laid out again in the extended frame (a
        full-bleed background); content that does not take the extended size when
        offered it (a rigid view) keeps its frame. `true` ignores every edge, `false`
        none; `edges` names some (`horizontal` = leading and trailing, `vertical` = top
        and bottom).
      type: object
      additionalProperties: false
      required: [ignoresSafeArea]
      properties:
        ignoresSafeArea:
          oneOf:
            - type: boolean
            - type: object
              additionalProperties: false
              properties:
                edges:
                  oneOf:
                    - $ref: '#/components/schemas/SafeAreaEdge'
                    - type: array
                      items: {$ref: '#/components/schemas/SafeAreaEdge'}
                  default: all

    SafeAreaEdge:
      type: string
      enum: [all, top, leading, bottom, trailing, horizontal, vertical]

    AlignmentGuideModifier:
      description: |
        Overrides the node's alignment guide for `alignment` with `value`, in the node's
        own coordinates. `center` sets the centre guide of both axes (a VStack reads the
        horizontal one, an HStack the vertical one, a ZStack both) unless `axis` names
        one; for the other guides `axis`, if given, must be theirs.
      type: object
      additionalProperties: false
      required: [alignmentGuide]
      properties:
        alignmentGuide:
          type: object
          additionalProperties: false
          required: [alignment, value]
          properties:
            alignment:
              type: string
              enum: [leading, center, trailing, top, bottom, firstTextBaseline, lastTextBaseline]
            value: {type: number, minimum: -1000000000, maximum: 1000000000}
            axis:
              type: string
              enum: [horizontal, vertical]
          # A guide belongs to one axis: x guides on the horizontal, y guides on the vertical.
          allOf:
            - if: {required: [axis], properties: {axis: {const: horizontal}}}
              then: {properties: {alignment: {enum: [leading, center, trailing]}}}
            - if: {required: [axis], properties: {axis: {const: vertical}}}
              then: {properties: {alignment: {enum: [top, center, bottom, firstTextBaseline, lastTextBaseline]}}}

    GridCellColumnsModifier:
      description: In a `grid` row, the cell spans this many columns (clipped to the grid's columns). Elsewhere no effect.
      type: object
      additionalProperties: false
      required: [gridCellColumns]
      properties:
        gridCellColumns: {type: integer, minimum: 1, maximum: 1000}

    GridColumnAlignmentModifier:
      description: In a `grid` row, sets the horizontal alignment of every cell of this cell's column. Elsewhere no effect.
      type: object
      additionalProperties: false
      required: [gridColumnAlignment]
      properties:
        gridColumnAlignment: {$ref: '#/components/schemas/HorizontalAlignment'}

    GridCellAnchorModifier:
      description: |
        In a `grid`, places the cell in its cell box so that this unit point of the
        cell meets the same unit point of the box (0 leading/top, 1 trailing/bottom),
        instead of aligning it. A name stands for its unit point. Elsewhere no effect.
      type: object
      additionalProperties: false
      required: [gridCellAnchor]
      properties:
        gridCellAnchor:
          oneOf:
            - $ref: '#/components/schemas/TwoAxisAlignment'
            - type: object
              additionalProperties: false
              required: [x, y]
              properties:
                x: {type: number, minimum: -1000000000, maximum: 1000000000}
                y: {type: number, minimum: -1000000000, maximum: 1000000000}

    GridCellUnsizedAxesModifier:
      description: |
        In a `grid`, the cell does not size its column(s) (or the grid's width, for a
        row spanning every column) on `horizontal`, nor its row on `vertical`; it is
        offered the size the other cells decided. Elsewhere no effect.
      type: object
      additionalProperties: false
      required: [gridCellUnsizedAxes]
      properties:
        gridCellUnsizedAxes:
          type: string
          enum: [horizontal, vertical, both]

    # ----------------------------------------------------------------- flex style
    Dimension:
      description: 'Points (≥ 0), `"N%"` of the containing block, or `"auto"`.'
      oneOf:
        - type: number
          maximum: 1000000000
          minimum: 0
        - $ref: '#/components/schemas/NonNegativePercent'
        - type: string
          const: auto
    LengthPercentageAuto:
      description: 'Points (may be negative), `"N%"` of the containing block''s width, or `"auto"`.'
      oneOf:
        - type: number
          minimum: -1000000000
          maximum: 1000000000
        - $ref: '#/components/schemas/Percent'
        - type: string
          const: auto
    LengthPercentage:
      description: 'Points (≥ 0) or `"N%"` of the containing block''s width.'
      oneOf:
        - type: number
          maximum: 1000000000
          minimum: 0
        - $ref: '#/components/schemas/NonNegativePercent'
    BorderWidth:
      description: Points (≥ 0). Borders only take space; nothing is drawn.
      type: number
      maximum: 1000000000
      minimum: 0

    FlexStyle:
      description: |
        React Native style names with CSS values and CSS defaults. On a `flex` node: its
        container properties and, when its parent is a flex, its item properties. On any
        other node: its item properties when its parent is a `flex` (otherwise they have
        no effect). `Start`/`End` follow the direction (`ltr`: left/right). Precedence
        for edges (margin, padding, border widths, insets), whatever the key order: a
        single side wins over `Horizontal`/`Vertical`, which win over the unsuffixed
        shorthand; `Start`/`End` win over `Left`/`Right` (as in Yoga). The same holds
        for `flex` and `gap` against their longhands.
      type: object
      additionalProperties: false
      properties:
        display:
          description: '`none`: the node and its subtree are not laid out and get no frame.'
          type: string
          enum: [flex, none]
          default: flex
        position: {type: string, enum: [relative, absolute], default: relative}
        direction: {type: string, enum: [inherit, ltr, rtl], default: inherit}
        flexDirection: {type: string, enum: [row, row-reverse, column, column-reverse], default: row}
        flexWrap: {type: string, enum: [nowrap, wrap, wrap-reverse], default: nowrap}
        justifyContent:
          description: |
            CSS Box Alignment keywords as Chromium lays them out in a flex container:
            `start`/`end` are the main axis's own (a reversed direction puts them at
            flex-end/flex-start); `left`/`right` are physical on a row and `start` on a
            column; `normal` and `stretch` behave as `flex-start`. `safe X`: `start` when
            the items overflow; `unsafe X` is the same as `X`. With negative free space
            `space-between` falls back to `flex-start`, `space-around` and `space-evenly`
            to `start`.
          type: string
          enum: [normal, space-between, space-around, space-evenly, stretch, center, start, end, flex-start, flex-end, left, right, 'safe center', 'safe start', 'safe end', 'safe flex-start', 'safe flex-end', 'safe left', 'safe right', 'unsafe center', 'unsafe start', 'unsafe end', 'unsafe flex-start', 'unsafe flex-end', 'unsafe left', 'unsafe right']
          default: normal
        alignItems:
          description: |
            `normal` behaves as `stretch`; `start`/`end` are the cross axis's own
            (`wrap-reverse` puts them at flex-end/flex-start); `self-start`/`self-end` are
            the item's own (they differ on a column's cross axis when the item's
            `direction` differs); `baseline` is `first baseline`; `last baseline` aligns
            last baselines at the line's cross end; `safe X`: `start` when the item
            overflows its line.
          type: string
          enum: [normal, stretch, 'first baseline', 'last baseline', baseline, center, start, end, flex-start, flex-end, self-start, self-end, 'safe center', 'safe start', 'safe end', 'safe flex-start', 'safe flex-end', 'safe self-start', 'safe self-end', 'unsafe center', 'unsafe start', 'unsafe end', 'unsafe flex-start', 'unsafe flex-end', 'unsafe self-start', 'unsafe self-end']
          default: normal
        alignSelf:
          description: '`auto`: the container''s `alignItems`. Otherwise as `alignItems`, plus `anchor-center`, which behaves as `center` (a flex item has no anchor).'
          type: string
          enum: [auto, normal, stretch, 'first baseline', 'last baseline', baseline, center, start, end, flex-start, flex-end, self-start, self-end, anchor-center, 'safe center', 'safe start', 'safe end', 'safe flex-start', 'safe flex-end', 'safe self-start', 'safe self-end', 'safe anchor-center', 'unsafe center', 'unsafe start', 'unsafe end', 'unsafe flex-start', 'unsafe flex-end', 'unsafe self-start', 'unsafe self-end', 'unsafe anchor-center']
          default: auto
        alignContent:
          description: |
            Applies to `wrap` and `wrap-reverse` containers. `normal` behaves as
            `stretch`; `start`/`end` are the cross axis's own; `first baseline`
            (`baseline`) behaves as `flex-start` and `last baseline` as `normal` (Chromium
            156); `safe X`: `start` when the lines overflow; `space-around` and
            `space-evenly` fall back to `start` with negative free space.
          type: string
          enum: [normal, 'first baseline', 'last baseline', baseline, space-between, space-around, space-evenly, stretch, center, start, end, flex-start, flex-end, 'safe center', 'safe start', 'safe end', 'safe flex-start', 'safe flex-end', 'unsafe center', 'unsafe start', 'unsafe end', 'unsafe flex-start', 'unsafe flex-end']
          default: normal
        flex:
          description: |
            CSS's `flex` shorthand: a number n ≥ 0 means `flexGrow: n, flexShrink: 1,
            flexBasis: "0%"`; `auto` means 1, 1, `auto`; `none` means 0, 0, `auto`. The
            longhands win over it whatever the key order.
          oneOf:
            - type: number
              minimum: 0
              maximum: 1000000000
            - type: string
              enum: [auto, none]
        flexGrow: {type: number, maximum: 1000000000, minimum: 0, default: 0}
        flexShrink: {type: number, maximum: 1000000000, minimum: 0, default: 1}
        flexBasis: {allOf: [{$ref: '#/components/schemas/Dimension'}], default: auto}
        width: {allOf: [{$ref: '#/components/schemas/Dimension'}], default: auto}
        height: {allOf: [{$ref: '#/components/schemas/Dimension'}], default: auto}
        minWidth: {allOf: [{$ref: '#/components/schemas/Dimension'}], default: auto}
        minHeight: {allOf: [{$ref: '#/components/schemas/Dimension'}], default: auto}
        maxWidth: {$ref: '#/components/schemas/Dimension'}
        maxHeight: {$ref: '#/components/schemas/Dimension'}
        aspectRatio:
          description: width / height.
          type: number
          maximum: 1000000000
          exclusiveMinimum: 0
        margin: {$ref: '#/components/schemas/LengthPercentageAuto'}
        marginTop: {$ref: '#/components/schemas/LengthPercentageAuto'}
        marginBottom: {$ref: '#/components/schemas/LengthPercentageAuto'}
        marginLeft: {$ref: '#/components/schemas/LengthPercentageAuto'}
        marginRight: {$ref: '#/components/schemas/LengthPercentageAuto'}
        marginHorizontal: {$ref: '#/components/schemas/LengthPercentageAuto'}
        marginVertical: {$ref: '#/components/schemas/LengthPercentageAuto'}
        marginStart: {$ref: '#/components/schemas/LengthPercentageAuto'}
        marginEnd: {$ref: '#/components/schemas/LengthPercentageAuto'}
        padding: {$ref: '#/components/schemas/LengthPercentage'}
        paddingTop: {$ref: '#/components/schemas/LengthPercentage'}
        paddingBottom: {$ref: '#/components/schemas/LengthPercentage'}
        paddingLeft: {$ref: '#/components/schemas/LengthPercentage'}
        paddingRight: {$ref: '#/components/schemas/LengthPercentage'}
        paddingHorizontal: {$ref: '#/components/schemas/LengthPercentage'}
        paddingVertical: {$ref: '#/components/schemas/LengthPercentage'}
        paddingStart: {$ref: '#/components/schemas/LengthPercentage'}
        paddingEnd: {$ref: '#/components/schemas/LengthPercentage'}
        borderWidth: {$ref: '#/components/schemas/BorderWidth'}
        borderTopWidth: {$ref: '#/components/schemas/BorderWidth'}
        borderBottomWidth: {$ref: '#/components/schemas/BorderWidth'}
        borderLeftWidth: {$ref: '#/components/schemas/BorderWidth'}
        borderRightWidth: {$ref: '#/components/schemas/BorderWidth'}
        borderHorizontalWidth: {$ref: '#/components/schemas/BorderWidth'}
        borderVerticalWidth: {$ref: '#/components/schemas/BorderWidth'}
        borderStartWidth: {$ref: '#/components/schemas/BorderWidth'}
        borderEndWidth: {$ref: '#/components/schemas/BorderWidth'}
        gap:
          description: '`rowGap` and `columnGap` at once (the longhands win whatever the key order). A percentage is of the container''s content box in that axis (`rowGap` of its height, `columnGap` of its width), 0 while that size is indefinite.'
          allOf: [{$ref: '#/components/schemas/LengthPercentage'}]
        rowGap: {$ref: '#/components/schemas/LengthPercentage'}
        columnGap: {$ref: '#/components/schemas/LengthPercentage'}
        top: {$ref: '#/components/schemas/LengthPercentageAuto'}
        left: {$ref: '#/components/schemas/LengthPercentageAuto'}
        right: {$ref: '#/components/schemas/LengthPercentageAuto'}
        bottom: {$ref: '#/components/schemas/LengthPercentageAuto'}
        start: {$ref: '#/components/schemas/LengthPercentageAuto'}
        end: {$ref: '#/components/schemas/LengthPercentageAuto'}
        inset:
          description: All four insets (`top`, `bottom`, `left`, `right`), the least specific inset key.
          allOf: [{$ref: '#/components/schemas/LengthPercentageAuto'}]
        insetHorizontal:
          description: '`left` and `right` (CSS `inset-inline`).'
          allOf: [{$ref: '#/components/schemas/LengthPercentageAuto'}]
        insetVertical:
          description: '`top` and `bottom` (CSS `inset-block`).'
          allOf: [{$ref: '#/components/schemas/LengthPercentageAuto'}]
        overflow: {type: string, enum: [visible, hidden, scroll], default: visible}
        boxSizing: {type: string, enum: [border-box, content-box], default: border-box}

    FormStyle:
      description: |
        The form metrics (documented defaults), plus every `FlexStyle` property for when
        the form is a flex item.
      type: object
      additionalProperties: false
      properties:
        horizontalMargin:
          description: How far the cards are inset from the form's leading and trailing edges.
          type: number
          maximum: 1000000000
          minimum: 0
          default: 20
        rowInsets:
          description: The insets of every row's content inside its card.
          allOf: [{$ref: '#/components/schemas/EdgeInsets'}]
          default: {top: 11, bottom: 11, leading: 20, trailing: 20}
        minRowHeight: {type: number, maximum: 1000000000, minimum: 0, default: 44}
        separatorThickness: {type: number, maximum: 1000000000, minimum: 0, default: 0.5}
        sectionSpacing:
          description: The space above the first, between consecutive, and below the last top-level item (card or section with its header and footer).
          type: number
          maximum: 1000000000
          minimum: 0
          default: 35
        headerSpacing:
          description: The space between a section's header or footer and its card.
          type: number
          maximum: 1000000000
          minimum: 0
          default: 6
        display: {$ref: '#/components/schemas/FlexStyle/properties/display'}
        position: {$ref: '#/components/schemas/FlexStyle/properties/position'}
        direction: {$ref: '#/components/schemas/FlexStyle/properties/direction'}
        flexDirection: {$ref: '#/components/schemas/FlexStyle/properties/flexDirection'}
        flexWrap: {$ref: '#/components/schemas/FlexStyle/properties/flexWrap'}
        justifyContent: {$ref: '#/components/schemas/FlexStyle/properties/justifyContent'}
        alignItems: {$ref: '#/components/schemas/FlexStyle/properties/alignItems'}
        alignSelf: {$ref: '#/components/schemas/FlexStyle/properties/alignSelf'}
        alignContent: {$ref: '#/components/schemas/FlexStyle/properties/alignContent'}
        flexGrow: {$ref: '#/components/schemas/FlexStyle/properties/flexGrow'}
        flexShrink: {$ref: '#/components/schemas/FlexStyle/properties/flexShrink'}
        flexBasis: {$ref: '#/components/schemas/FlexStyle/properties/flexBasis'}
        width: {$ref: '#/components/schemas/FlexStyle/properties/width'}
        height: {$ref: '#/components/schemas/FlexStyle/properties/height'}
        minWidth: {$ref: '#/components/schemas/FlexStyle/properties/minWidth'}
        minHeight: {$ref: '#/components/schemas/FlexStyle/properties/minHeight'}
        maxWidth: {$ref: '#/components/schemas/FlexStyle/properties/maxWidth'}
        maxHeight: {$ref: '#/components/schemas/FlexStyle/properties/maxHeight'}
        aspectRatio: {$ref: '#/components/schemas/FlexStyle/properties/aspectRatio'}
        margin: {$ref: '#/components/schemas/LengthPercentageAuto'}
        marginTop: {$ref: '#/components/schemas/LengthPercentageAuto'}
        marginBottom: {$ref: '#/components/schemas/LengthPercentageAuto'}
        marginLeft: {$ref: '#/components/schemas/LengthPercentageAuto'}
        marginRight: {$ref: '#/components/schemas/LengthPercentageAuto'}
        marginHorizontal: {$ref: '#/components/schemas/LengthPercentageAuto'}
        marginVertical: {$ref: '#/components/schemas/LengthPercentageAuto'}
        marginStart: {$ref: '#/components/schemas/LengthPercentageAuto'}
        marginEnd: {$ref: '#/components/schemas/LengthPercentageAuto'}
        padding: {$ref: '#/components/schemas/LengthPercentage'}
        paddingTop: {$ref: '#/components/schemas/LengthPercentage'}
        paddingBottom: {$ref: '#/components/schemas/LengthPercentage'}
        paddingLeft: {$ref: '#/components/schemas/LengthPercentage'}
        paddingRight: {$ref: '#/components/schemas/LengthPercentage'}
        paddingHorizontal: {$ref: '#/components/schemas/LengthPercentage'}
        paddingVertical: {$ref: '#/components/schemas/LengthPercentage'}
        paddingStart: {$ref: '#/components/schemas/LengthPercentage'}
        paddingEnd: {$ref: '#/components/schemas/LengthPercentage'}
        borderWidth: {$ref: '#/components/schemas/BorderWidth'}
        borderTopWidth: {$ref: '#/components/schemas/BorderWidth'}
        borderBottomWidth: {$ref: '#/components/schemas/BorderWidth'}
        borderLeftWidth: {$ref: '#/components/schemas/BorderWidth'}
        borderRightWidth: {$ref: '#/components/schemas/BorderWidth'}
        borderHorizontalWidth: {$ref: '#/components/schemas/BorderWidth'}
        borderVerticalWidth: {$ref: '#/components/schemas/BorderWidth'}
        borderStartWidth: {$ref: '#/components/schemas/BorderWidth'}
        borderEndWidth: {$ref: '#/components/schemas/BorderWidth'}
        gap: {$ref: '#/components/schemas/LengthPercentage'}
        rowGap: {$ref: '#/components/schemas/LengthPercentage'}
        columnGap: {$ref: '#/components/schemas/LengthPercentage'}
        top: {$ref: '#/components/schemas/LengthPercentageAuto'}
        left: {$ref: '#/components/schemas/LengthPercentageAuto'}
        right: {$ref: '#/components/schemas/LengthPercentageAuto'}
        bottom: {$ref: '#/components/schemas/LengthPercentageAuto'}
        start: {$ref: '#/components/schemas/LengthPercentageAuto'}
        end: {$ref: '#/components/schemas/LengthPercentageAuto'}
        flex: {$ref: '#/components/schemas/FlexStyle/properties/flex'}
        inset: {$ref: '#/components/schemas/LengthPercentageAuto'}
        insetHorizontal: {$ref: '#/components/schemas/LengthPercentageAuto'}
        insetVertical: {$ref: '#/components/schemas/LengthPercentageAuto'}
        overflow: {$ref: '#/components/schemas/FlexStyle/properties/overflow'}
        boxSizing: {$ref: '#/components/schemas/FlexStyle/properties/boxSizing'}

    EdgeInsets:
      description: |
        Insets by edge, in points, with the keys of `padding`. An edge key wins over
        `horizontal`/`vertical`, which win over `all`; an edge no key names keeps its
        default.
      type: object
      additionalProperties: false
      properties:
        top: {type: number, maximum: 1000000000, minimum: 0}
        bottom: {type: number, maximum: 1000000000, minimum: 0}
        leading: {type: number, maximum: 1000000000, minimum: 0}
        trailing: {type: number, maximum: 1000000000, minimum: 0}
        horizontal: {type: number, maximum: 1000000000, minimum: 0}
        vertical: {type: number, maximum: 1000000000, minimum: 0}
        all: {type: number, maximum: 1000000000, minimum: 0}

    # ---------------------------------------------------------------- response
    TreeHash:
      description: A 128-bit structural hash of the canonical tree (not of the JSON text), 32 lowercase hex digits.
      type: string
      pattern: '^[0-9a-f]{32}$'

    Frame:
      type: object
      additionalProperties: false
      required: [x, y, width, height]
      properties:
        x: {type: number}
        y: {type: number}
        width: {type: number, minimum: 0}
        height: {type: number, minimum: 0}

    ScrollContent:
      type: object
      additionalProperties: false
      required: [contentWidth, contentHeight]
      properties:
        contentWidth: {type: number, minimum: 0}
        contentHeight: {type: number, minimum: 0}

    LayoutResponse:
      type: object
      additionalProperties: false
      required: [treeHash, size, frames, cache, metrics]
      properties:
        treeHash: {$ref: '#/components/schemas/TreeHash'}
        size:
          description: |
            What the root occupies, with all its modifiers (a `padding` adds to it, a
            `position` makes it the whole proposal): the size to give a host view. The
            root's frame in `frames` is its content's. Snapped like frame edges under
            `displayScale`.
          type: object
          additionalProperties: false
          required: [width, height]
          properties:
            width: {type: number, minimum: 0}
            height: {type: number, minimum: 0}
        frames:
          description: |
            id → frame, in the coordinates `options.coordinates` asks for. With
            `frames: all` every node that is laid out has exactly one entry (nodes that
            are not laid out have none: flex `display: none` subtrees and the children a
            `viewthatfits` does not choose); with `changed` only the ids the diff lists
            as inserted, moved or resized.
          type: object
          additionalProperties: {$ref: '#/components/schemas/Frame'}
        scroll:
          description: id → content size, one entry per `scroll` node; absent when the tree has none.
          type: object
          additionalProperties: {$ref: '#/components/schemas/ScrollContent'}
        cache:
          description: '`hit` when the whole result came from the layout cache (never with `options.cache` `refresh` or `none`). A session request is a hit when it asks for the very layout the session already holds; its `diff` is then empty.'
          type: string
          enum: [hit, miss]
        metrics: {$ref: '#/components/schemas/Metrics'}
        diff: {$ref: '#/components/schemas/Diff'}
        profile: {$ref: '#/components/schemas/Profile'}

    Profile:
      description: |
        Present when `options.profile` is `true`. Sizes are asked through one entry
        point (a node's size for a proposal, modifiers included); a node's content
        measured through its modifier chain counts under the node.
      type: object
      additionalProperties: false
      required: [layoutMicros, thresholds, nodes, warnings]
      properties:
        layoutMicros: {type: number, minimum: 0, description: The profiled layout's time (profiling included).}
        thresholds:
          type: object
          additionalProperties: false
          required: [measuredMoreThan, subtreeShare]
          properties:
            measuredMoreThan: {type: integer, description: 'A `measuredOften` warning above this many computed sizes.'}
            subtreeShare: {type: number, description: 'A `slowSubtree` warning above this share of `layoutMicros`.'}
        nodes:
          description: By id, every node that was asked for its size.
          type: object
          additionalProperties: {$ref: '#/components/schemas/NodeProfile'}
        warnings:
          type: array
          items: {$ref: '#/components/schemas/ProfileWarning'}

    NodeProfile:
      type: object
      additionalProperties: false
      required: [calls, computed, memoHits, sharedHits, micros, samples]
      properties:
        calls: {type: integer, minimum: 1, description: Times the node was asked for its size.}
        computed: {type: integer, minimum: 0, description: Answers computed in this layout.}
        memoHits: {type: integer, minimum: 0, description: Answers repeated from this layout's memo (the same proposal asked again).}
        sharedHits: {type: integer, minimum: 0, description: Answers from the measurement cache shared across requests.}
        micros: {type: number, minimum: 0, description: Time inside the node's measurements, its subtree's included.}
        samples:
          description: The first 16 questions, in order.
          type: array
          maxItems: 16
          items:
            type: object
            additionalProperties: false
            required: [proposal, size, source]
            properties:
              proposal:
                type: object
                additionalProperties: false
                required: [width, height]
                properties:
                  width: {type: [number, 'null'], description: '`null`: unspecified.'}
                  height: {type: [number, 'null']}
              size:
                type: object
                additionalProperties: false
                required: [width, height]
                properties:
                  width: {type: number}
                  height: {type: number}
              source:
                type: string
                enum: [computed, memo, sharedCache]

    ProfileWarning:
      type: object
      additionalProperties: false
      required: [type, id, detail]
      properties:
        type:
          description: |
            `measuredOften`: more computed sizes than `thresholds.measuredMoreThan`.
            `slowSubtree`: the node's measurements took more than `thresholds.subtreeShare`
            of the layout and none of its descendants' did (the root is never named).
            `textOverflow`: a text larger than the space offered to it or to its
            container. `stackOverflow`: a stack whose children need more room along its
            axis than it was offered, or that lie outside its frame.
          type: string
          enum: [measuredOften, slowSubtree, textOverflow, stackOverflow]
        id: {type: string}
        detail: {type: string}

    Metrics:
      description: What this request cost.
      type: object
      additionalProperties: false
      required: [parseMicros, hashMicros, layoutMicros, diffMicros, encodeMicros, nodes, measured, reused]
      properties:
        parseMicros: {type: integer, minimum: 0, description: Decoding and validating the body.}
        hashMicros: {type: integer, minimum: 0, description: Computing the subtree hashes.}
        layoutMicros: {type: integer, minimum: 0, description: Sizing and placing (0 on a cache hit).}
        diffMicros: {type: integer, minimum: 0, description: Diffing against the session (0 without a session).}
        encodeMicros: {type: integer, minimum: 0, description: Writing the response body.}
        nodes: {type: integer, minimum: 0, description: 'Nodes of the tree after `foreach` expansion, container-made nodes included.'}
        measured: {type: integer, minimum: 0, description: Nodes measured in this request.}
        reused: {type: integer, minimum: 0, description: Nodes answered by the measurement cache.}

    Diff:
      description: |
        Present when a session was given: the identity diff by id against the session's
        previous response, comparing absolute frames (whatever `options.coordinates`
        says). An id can be both `moved` and `resized`; `inserted` ids are in neither.
      type: object
      additionalProperties: false
      required: [baseline, inserted, removed, moved, resized, unchanged]
      properties:
        baseline:
          description: The session's previous `treeHash`, or `null` when the session is new or was evicted (then `inserted` holds every id).
          oneOf:
            - $ref: '#/components/schemas/TreeHash'
            - type: 'null'
        inserted: {type: array, items: {$ref: '#/components/schemas/NodeId'}}
        removed: {type: array, items: {$ref: '#/components/schemas/NodeId'}}
        moved:
          description: Ids whose origin changed.
          type: array
          items: {$ref: '#/components/schemas/NodeId'}
        resized:
          description: Ids whose size changed.
          type: array
          items: {$ref: '#/components/schemas/NodeId'}
        unchanged:
          description: The number of ids present before and now with the same frame.
          type: integer
          minimum: 0

    Stats:
      type: object
      additionalProperties: false
      required: [cache, sessions]
      properties:
        cache:
          description: The calling tenant's entries and lookups in the layout cache.
          type: object
          additionalProperties: false
          required: [entries, bytes, hits, misses, evictions, hitRate]
          properties:
            entries: {type: integer, minimum: 0}
            bytes: {type: integer, minimum: 0}
            hits: {type: integer, minimum: 0}
            misses: {type: integer, minimum: 0}
            evictions: {type: integer, minimum: 0}
            hitRate:
              description: hits / (hits + misses); 0 before the first lookup.
              type: number
              minimum: 0
              maximum: 1
        sessions:
          description: The calling tenant's live sessions.
          type: object
          additionalProperties: false
          required: [live]
          properties:
            live: {type: integer, minimum: 0}
        measurements:
          description: The measurement cache of subtree sizes (shared by all tenants; only on a server without API keys).
          type: object
          additionalProperties: false
          required: [entries, maxBytes, hits, misses]
          properties:
            entries: {type: integer, minimum: 0}
            maxBytes:
              description: The byte bound of its tables (`--measure-cache-bytes`, rounded down to what its hash tables can hold).
              type: integer
              minimum: 0
            hits: {type: integer, minimum: 0}
            misses: {type: integer, minimum: 0}

    # ------------------------------------------------------------------ errors
    Problem:
      description: |
        RFC 9457 problem details. `type` is an opaque identifier: `about:blank` for
        plain HTTP errors (then `title` is the status phrase), or one of
        `urn:layoutd:problem:` + `malformed-json` (400), `session-mismatch` (400),
        `stale-baseline` (409), `body-too-large` (413), `tree-too-large` (413),
        `invalid-request` (422), `overloaded` (429, 503).
      type: object
      additionalProperties: false
      required: [type, title, status]
      properties:
        type:
          type: string
          format: uri-reference
          default: about:blank
        title: {type: string}
        status: {type: integer, minimum: 400, maximum: 599}
        detail: {type: string}
        requestId:
          description: |
            The request's id, as in the `X-Request-Id` response header. Absent only
            when the HTTP layer rejected the request before reading it whole
            (`400`, `408`, `411`, `413` of the body, `414`, `431`, `501`, `505`, and `503`
            when the server is full).
          type: string
        errors:
          description: For request bodies, one entry per error found.
          type: array
          minItems: 1
          items:
            type: object
            additionalProperties: false
            required: [pointer, detail]
            properties:
              pointer:
                description: A JSON Pointer (RFC 6901) into the request body.
                type: string
                format: json-pointer
              detail: {type: string}
        line:
          description: Malformed JSON (400) only; the line of the error, from 1.
          type: integer
          minimum: 1
        column:
          description: Malformed JSON (400) only; the column of the error in bytes, from 1.
          type: integer
          minimum: 1
        treeHash:
          description: Stale baseline (409) only; the session's current `treeHash`, `null` if the session does not exist.
          oneOf:
            - $ref: '#/components/schemas/TreeHash'
            - type: 'null'

"""###
}
