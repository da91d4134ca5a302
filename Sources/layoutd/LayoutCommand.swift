import ArgumentParser

struct LayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "layout", abstract: "Lay out one request offline.")
    func run() throws {
        throw ValidationError("layout is not built yet")
    }
}
