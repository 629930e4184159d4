import ArgumentParser
import ExpoStudio

extension Users {
    struct SetRole: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "role",
            abstract: "Give an account another role. The last admin cannot be demoted.",
            discussion: """
                Exit status: 0 when changed, 1 when refused (no such account, or the last admin), \
                2 when the state folder cannot be opened.
                """)

        @Argument(help: "The account's name (case does not matter).")
        var name: String

        @Option(help: "The new role: contributor, editor or admin.")
        var role: Role

        @OptionGroup var state: StateOption

        func run() throws {
            do throws(StudioError) {
                let studio = try state.open()
                guard let account = try studio.account(named: name) else { throw .noSuchAccount(name) }
                try studio.setRole(role, of: account.name, by: Users.actor)
                print("\(account.name) is now \(role)")
            } catch {
                throw Users.fail(error)
            }
        }
    }
}
