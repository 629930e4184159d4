import ArgumentParser
import ExpoStudio

extension Users {
    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Remove an account. The last admin cannot be removed.",
            discussion: """
                Exit status: 0 when removed, 1 when refused (no such account, or the last admin), \
                2 when the state folder cannot be opened.
                """)

        @Argument(help: "The account's name (case does not matter).")
        var name: String

        @OptionGroup var state: StateOption

        func run() throws {
            do throws(StudioError) {
                try state.open().removeAccount(named: name, by: Users.actor)
            } catch {
                throw Users.fail(error)
            }
            print("removed \(name.trimmingCharacters(in: .whitespaces))")
        }
    }
}
