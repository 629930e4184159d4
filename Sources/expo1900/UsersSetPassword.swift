import ArgumentParser
import ExpoStudio

extension Users {
    struct SetPassword: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "password",
            abstract: "Set an account's password, read from the terminal or standard input.",
            discussion: """
                Exit status: 0 when set, 1 when refused (no such account, or a password that is \
                too short, too long or holds control characters), 2 when the state folder cannot \
                be opened.
                """)

        @Argument(help: "The account's name (case does not matter).")
        var name: String

        @OptionGroup var state: StateOption

        func run() throws {
            do throws(StudioError) {
                let studio = try state.open()
                // A mistyped name is said before anyone types a password twice.
                guard let account = try studio.account(named: name) else { throw .noSuchAccount(name) }
                let password = try PasswordEntry.readNew(for: account.name)
                try studio.setPassword(password, of: account.name, by: Users.actor)
                print("set the password of \(account.name)")
            } catch {
                throw Users.fail(error)
            }
        }
    }
}
