import ArgumentParser

@main
struct LayoutdCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layoutd",
        abstract: "Layout as a service: SwiftUI and flexbox layout of JSON view trees.",
        subcommands: [ServeCommand.self, LayoutCommand.self, LoadCommand.self],
        defaultSubcommand: ServeCommand.self)
}
