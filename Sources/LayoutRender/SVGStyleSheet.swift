/// The wireframe's look, one class per node category and per diff state. Kept in the SVG
/// so the file stands alone.
enum SVGStyleSheet {
    static let css = """
        .bounds{fill:#fafafa;stroke:#9e9e9e;stroke-dasharray:4 2}
        .safe-area{fill:#ffcc80;fill-opacity:.35}
        .node>rect{vector-effect:non-scaling-stroke;stroke-width:1}
        .node:hover>rect{stroke-width:2.5;stroke:#000}
        .container>rect{fill:#e3f2fd;fill-opacity:.35;stroke:#1e88e5}
        .leaf>rect{fill:#c8e6c9;fill-opacity:.6;stroke:#2e7d32}
        .text>rect{fill:#fff9c4;fill-opacity:.6;stroke:#f9a825}
        .text>text{fill:#5d4037;white-space:pre}
        .spacer>rect{fill:#eceff1;fill-opacity:.5;stroke:#90a4ae;stroke-dasharray:2 2}
        .divider>rect{fill:#616161;stroke:#616161}
        .transparent>rect{fill:none;stroke:#8e24aa;stroke-dasharray:6 3}
        .made>rect{stroke:#6a1b9a;stroke-dasharray:1 2}
        .scroll-content{fill:none;stroke:#00897b;stroke-dasharray:8 4}
        .guide{stroke:#e91e63;stroke-width:1;stroke-dasharray:3 3}
        .inserted>rect{stroke:#00c853;stroke-width:2.5}
        .moved>rect{stroke:#ff6d00;stroke-width:2.5}
        .resized>rect{stroke:#d50000;stroke-width:2.5}
        """
}
