/// The normative contract of API.md, served at `/openapi.yaml` (OpenAPI 3.1).
/// Kept in code so the binary serves it without a resource bundle beside it.
enum OpenAPIDocument {
    static let yaml = #"""
openapi: 3.1.0
info:
  title: layoutd
  version: "1.0.0"
  description: Layout as a service. SwiftUI and CSS flexbox layout of JSON view trees.
servers:
  - url: http://127.0.0.1:8080
security:
  - {}
  - bearer: []
paths:
  /v1/layout:
    post:
      operationId: layout
      summary: Lay out a view tree.
      parameters:
        - name: Layout-Session
          in: header
          required: false
          description: Same as the body's `session`; both must agree when present.
          schema: {type: string}
      requestBody:
        required: true
        content:
          application/json:
            schema: {$ref: "#/components/schemas/LayoutRequest"}
      responses:
        "200":
          description: Frames for every node.
          headers:
            Server-Timing:
              description: parse, layout, diff, encode and total, `dur` in ms.
              schema: {type: string}
            X-Layout-Cache:
              schema: {type: string, enum: [hit, miss]}
          content:
            application/json:
              schema: {$ref: "#/components/schemas/LayoutResponse"}
        "400": {$ref: "#/components/responses/Problem"}
        "401": {$ref: "#/components/responses/Unauthorized"}
        "405": {$ref: "#/components/responses/MethodNotAllowed"}
        "409": {$ref: "#/components/responses/Problem"}
        "411": {$ref: "#/components/responses/Problem"}
        "413": {$ref: "#/components/responses/Problem"}
        "415": {$ref: "#/components/responses/Problem"}
        "422": {$ref: "#/components/responses/Problem"}
        "429": {$ref: "#/components/responses/Overloaded"}
        "503": {$ref: "#/components/responses/Overloaded"}
  /layout:
    post:
      operationId: layoutAlias
      summary: Alias of POST /v1/layout.
      requestBody:
        required: true
        content:
          application/json:
            schema: {$ref: "#/components/schemas/LayoutRequest"}
      responses:
        "200":
          description: As for /v1/layout.
          content:
            application/json:
              schema: {$ref: "#/components/schemas/LayoutResponse"}
        default: {$ref: "#/components/responses/Problem"}
  /healthz:
    get:
      operationId: health
      summary: The process is alive.
      security: [{}]
      responses:
        "200":
          description: Alive.
          content:
            application/json:
              schema: {$ref: "#/components/schemas/Status"}
  /readyz:
    get:
      operationId: readiness
      summary: The instance accepts work.
      security: [{}]
      responses:
        "200":
          description: Ready.
          content:
            application/json:
              schema: {$ref: "#/components/schemas/Status"}
        "503": {$ref: "#/components/responses/Overloaded"}
  /metrics:
    get:
      operationId: metrics
      summary: Prometheus text exposition.
      security: [{}]
      responses:
        "200":
          description: Metrics.
          content:
            text/plain:
              schema: {type: string}
  /openapi.yaml:
    get:
      operationId: openapi
      summary: This document.
      security: [{}]
      responses:
        "200":
          description: OpenAPI 3.1 YAML.
          content:
            application/yaml:
              schema: {type: string}
components:
  securitySchemes:
    bearer:
      type: http
      scheme: bearer
      description: Required only when the server runs with --api-keys.
  responses:
    Problem:
      description: An RFC 9457 problem document.
      content:
        application/problem+json:
          schema: {$ref: "#/components/schemas/Problem"}
    Unauthorized:
      description: Missing or unknown API key.
      headers:
        WWW-Authenticate: {schema: {type: string}}
      content:
        application/problem+json:
          schema: {$ref: "#/components/schemas/Problem"}
    MethodNotAllowed:
      description: Wrong method for the path.
      headers:
        Allow: {schema: {type: string}}
      content:
        application/problem+json:
          schema: {$ref: "#/components/schemas/Problem"}
    Overloaded:
      description: Too much work in flight, or shutting down.
      headers:
        Retry-After: {schema: {type: integer}}
      content:
        application/problem+json:
          schema: {$ref: "#/components/schemas/Problem"}
  schemas:
    Status:
      type: object
      properties:
        status: {type: string}
    Problem:
      type: object
      required: [type, title, status]
      properties:
        type: {type: string}
        title: {type: string}
        status: {type: integer}
        detail: {type: string}
        line: {type: integer, description: "Malformed JSON: 1-based line."}
        column: {type: integer, description: "Malformed JSON: 1-based byte column."}
        errors:
          type: array
          items:
            type: object
            required: [pointer, detail]
            properties:
              pointer: {type: string, description: "RFC 6901 JSON Pointer into the request."}
              detail: {type: string}
    Number:
      type: number
    Length:
      description: Points, "infinity", or "N%" of the proposal on that axis.
      oneOf:
        - type: number
        - type: string
          pattern: "^(infinity|-?[0-9]+(\\.[0-9]+)?%)$"
    FlexValue:
      description: Points, "N%", or "auto".
      oneOf:
        - type: number
        - type: string
          pattern: "^(auto|-?[0-9]+(\\.[0-9]+)?%)$"
    Size:
      type: object
      required: [width, height]
      properties:
        width: {type: number}
        height: {type: number}
    Bounds:
      type: object
      required: [width, height]
      properties:
        width: {type: ["number", "null"]}
        height: {type: ["number", "null"]}
    Insets:
      type: object
      additionalProperties: false
      properties:
        top: {type: number}
        bottom: {type: number}
        leading: {type: number}
        trailing: {type: number}
        horizontal: {type: number}
        vertical: {type: number}
        all: {type: number}
    Alignment:
      type: string
      enum: [leading, center, trailing, top, bottom, firstTextBaseline, lastTextBaseline,
             topLeading, topTrailing, bottomLeading, bottomTrailing]
    Environment:
      type: object
      additionalProperties: false
      properties:
        layoutDirection: {type: string, enum: [ltr, rtl]}
        displayScale: {type: number, exclusiveMinimum: 0}
        safeAreaInsets: {$ref: "#/components/schemas/Insets"}
    Options:
      type: object
      additionalProperties: false
      properties:
        frames: {type: string, enum: [all, changed]}
        coordinates: {type: string, enum: [absolute, parent]}
        cache: {type: string, enum: [use, refresh, none]}
    PatchOperation:
      type: object
      required: [op]
      properties:
        op: {type: string, enum: [replace, insert, remove, set]}
        id: {type: string}
        parent: {type: string}
        index: {type: integer, minimum: 0}
        node: {$ref: "#/components/schemas/Node"}
        field: {type: string}
        value: {}
    LayoutRequest:
      type: object
      required: [bounds]
      additionalProperties: false
      properties:
        bounds: {$ref: "#/components/schemas/Bounds"}
        root: {$ref: "#/components/schemas/Node"}
        session: {type: string}
        baseline: {type: string}
        patch:
          type: array
          items: {$ref: "#/components/schemas/PatchOperation"}
        alignment: {$ref: "#/components/schemas/Alignment"}
        environment: {$ref: "#/components/schemas/Environment"}
        options: {$ref: "#/components/schemas/Options"}
    Font:
      type: object
      properties:
        family: {type: string}
        size: {type: number}
        lineHeight: {type: number}
    Node:
      type: object
      required: [type]
      description: One node of the tree (API.md §3); fields depend on `type`.
      properties:
        type:
          type: string
          enum: [view, rect, image, text, spacer, divider, vstack, hstack, zstack, scroll,
                 geometry, group, divided, foreach, form, section, grid, gridrow, flex]
        id: {type: string}
        modifiers:
          type: array
          items: {$ref: "#/components/schemas/Modifier"}
        style: {$ref: "#/components/schemas/FlexStyle"}
        children:
          type: array
          items: {$ref: "#/components/schemas/Node"}
        size: {$ref: "#/components/schemas/Size"}
        resizable: {type: boolean}
        text: {type: string}
        font: {$ref: "#/components/schemas/Font"}
        lineLimit: {type: integer, minimum: 1}
        minLength: {type: number}
        thickness: {type: number}
        alignment: {$ref: "#/components/schemas/Alignment"}
        spacing: {type: number}
        horizontalSpacing: {type: number}
        verticalSpacing: {type: number}
        axes: {type: string, enum: [vertical, horizontal, both]}
        data:
          type: array
          items: {type: [string, number]}
        content: {$ref: "#/components/schemas/Node"}
        header: {$ref: "#/components/schemas/Node"}
        footer: {$ref: "#/components/schemas/Node"}
    Modifier:
      type: object
      description: Exactly one key per modifier; first in the array is innermost.
      minProperties: 1
      maxProperties: 1
      properties:
        padding:
          oneOf:
            - type: number
            - $ref: "#/components/schemas/Insets"
        frame:
          type: object
          properties:
            width: {$ref: "#/components/schemas/Length"}
            height: {$ref: "#/components/schemas/Length"}
            minWidth: {$ref: "#/components/schemas/Length"}
            idealWidth: {$ref: "#/components/schemas/Length"}
            maxWidth: {$ref: "#/components/schemas/Length"}
            minHeight: {$ref: "#/components/schemas/Length"}
            idealHeight: {$ref: "#/components/schemas/Length"}
            maxHeight: {$ref: "#/components/schemas/Length"}
            alignment: {$ref: "#/components/schemas/Alignment"}
        offset:
          type: object
          properties: {x: {type: number}, y: {type: number}}
        position:
          type: object
          properties: {x: {type: number}, y: {type: number}}
        aspectRatio:
          type: object
          properties:
            ratio: {type: number, exclusiveMinimum: 0}
            contentMode: {type: string, enum: [fit, fill]}
        fixedSize:
          oneOf:
            - type: boolean
            - type: object
              properties: {horizontal: {type: boolean}, vertical: {type: boolean}}
        layoutPriority: {type: number}
        background: {$ref: "#/components/schemas/Decoration"}
        overlay: {$ref: "#/components/schemas/Decoration"}
        ignoresSafeArea: {type: boolean}
        alignmentGuide:
          type: object
          required: [alignment, value]
          properties:
            alignment: {$ref: "#/components/schemas/Alignment"}
            value: {type: number}
    Decoration:
      type: object
      required: [content]
      properties:
        content: {$ref: "#/components/schemas/Node"}
        alignment: {$ref: "#/components/schemas/Alignment"}
    FlexStyle:
      type: object
      description: React Native style names with CSS values and defaults (API.md §3.2).
      properties:
        display: {type: string, enum: [flex, none]}
        position: {type: string, enum: [relative, absolute]}
        direction: {type: string, enum: [inherit, ltr, rtl]}
        flexDirection: {type: string, enum: [row, row-reverse, column, column-reverse]}
        flexWrap: {type: string, enum: [nowrap, wrap, wrap-reverse]}
        justifyContent: {type: string}
        alignItems: {type: string}
        alignSelf: {type: string}
        alignContent: {type: string}
        flexGrow: {type: number, minimum: 0}
        flexShrink: {type: number, minimum: 0}
        flexBasis: {$ref: "#/components/schemas/FlexValue"}
        width: {$ref: "#/components/schemas/FlexValue"}
        height: {$ref: "#/components/schemas/FlexValue"}
        minWidth: {$ref: "#/components/schemas/FlexValue"}
        minHeight: {$ref: "#/components/schemas/FlexValue"}
        maxWidth: {$ref: "#/components/schemas/FlexValue"}
        maxHeight: {$ref: "#/components/schemas/FlexValue"}
        aspectRatio: {type: number}
        gap: {$ref: "#/components/schemas/FlexValue"}
        rowGap: {$ref: "#/components/schemas/FlexValue"}
        columnGap: {$ref: "#/components/schemas/FlexValue"}
        top: {$ref: "#/components/schemas/FlexValue"}
        left: {$ref: "#/components/schemas/FlexValue"}
        right: {$ref: "#/components/schemas/FlexValue"}
        bottom: {$ref: "#/components/schemas/FlexValue"}
        start: {$ref: "#/components/schemas/FlexValue"}
        end: {$ref: "#/components/schemas/FlexValue"}
        overflow: {type: string, enum: [visible, hidden, scroll]}
        boxSizing: {type: string, enum: [border-box, content-box]}
      patternProperties:
        "^(margin|padding|borderWidth)(Top|Bottom|Left|Right|Horizontal|Vertical|Start|End)?$":
          $ref: "#/components/schemas/FlexValue"
    Frame:
      type: object
      required: [x, y, width, height]
      properties:
        x: {type: number}
        y: {type: number}
        width: {type: number}
        height: {type: number}
    LayoutResponse:
      type: object
      required: [size, frames]
      properties:
        treeHash: {type: string}
        size: {$ref: "#/components/schemas/Size"}
        frames:
          type: object
          additionalProperties: {$ref: "#/components/schemas/Frame"}
        scroll:
          type: object
          additionalProperties:
            type: object
            properties:
              contentWidth: {type: number}
              contentHeight: {type: number}
        cache: {type: string, enum: [hit, miss]}
        metrics:
          type: object
          properties:
            parseMicros: {type: number}
            layoutMicros: {type: number}
            encodeMicros: {type: number}
            nodes: {type: integer}
            measured: {type: integer}
            reused: {type: integer}
        diff:
          type: object
          properties:
            baseline: {type: ["string", "null"]}
            inserted: {type: array, items: {type: string}}
            removed: {type: array, items: {type: string}}
            moved: {type: array, items: {type: string}}
            resized: {type: array, items: {type: string}}
            unchanged: {type: integer}

"""#
}
