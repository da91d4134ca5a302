import Foundation
#if canImport(FoundationXML)
    import FoundationXML
#endif
import LayoutEngine

/// Lays out a request as the server does and keeps it whole for drawing.
func inspect(_ json: String, session: String? = nil, runtime: LayoutRuntime = LayoutRuntime()) throws -> LayoutInspection {
    switch runtime.layout(Array(json.utf8), sessionHeader: session, inspect: true) {
    case .success(let response):
        guard let inspection = response.inspection else { throw RenderTestError.noInspection }
        return inspection
    case .failure(let problem):
        throw RenderTestError.refused(String(decoding: problem.encoded(), as: UTF8.self))
    }
}

enum RenderTestError: Error {
    case noInspection
    case refused(String)
}

/// Parses the SVG with Foundation's XML parser: nil when well-formed, else the error.
func xmlError(_ svg: String) -> String? {
    let parser = XMLParser(data: Data(svg.utf8))
    return parser.parse() ? nil : String(describing: parser.parserError)
}

/// Every `<rect>` drawn for a node (the first rect of each `<g class="node ...">`), by id.
func nodeBoxes(_ svg: String) -> [String: String] {
    var boxes: [String: String] = [:]
    for group in svg.components(separatedBy: "<g class=\"node").dropFirst() {
        guard let idStart = group.range(of: "data-id=\""), let idEnd = group[idStart.upperBound...].firstIndex(of: "\""),
            let rectStart = group.range(of: "<rect "), let rectEnd = group[rectStart.upperBound...].range(of: "/>")
        else { continue }
        boxes[String(group[idStart.upperBound..<idEnd])] = String(group[rectStart.upperBound..<rectEnd.lowerBound])
    }
    return boxes
}
