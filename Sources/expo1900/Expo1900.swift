import ArgumentParser

@main
struct Expo1900: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "expo1900",
        abstract: "A guide to the 1900 Paris Exposition and the Korean Empire's pavilion.",
        subcommands: [Serve.self, Studio.self, Export.self, Validate.self, Convert.self, New.self, Import.self, Users.self],
        defaultSubcommand: Serve.self)
}
