import ArgumentParser
import ExpoCatalog
import ExpoStudio
import Foundation

extension Users {
    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make an account; its password is read from the terminal or standard input.",
            discussion: """
                Makes the state folder (0700) and studio.sqlite (0600) when they do not exist yet. \
                Exit status: 0 when made, 1 when refused, 2 when the state folder cannot be opened.
                """)

        @Argument(help: "The name to log in with: 1–64 letters (any script), digits, '.', '-', '_'.")
        var name: String

        @Option(help: "What the account may do: contributor, editor or admin.")
        var role: Role

        @Option(help: ArgumentHelp(
            "The exhibition (a folder's name under studio --catalogs) the role is in; without it, the role is in every exhibition.",
            valueName: "NAME"))
        var exhibition: String?

        @OptionGroup var state: StateOption

        func run() throws {
            do throws(StudioError) {
                // Everything that can be refused without the password is, before it is asked for.
                let name = try AccountName(name)
                if let exhibition, let problem = MuseumFolder.problem(withName: exhibition) {
                    throw StudioError.invalidExhibition(exhibition, problem)
                }
                let folder = try state.folder()
                do throws(StudioError) {
                    if try StudioState(folder: folder, creating: false).account(named: name.text) != nil {
                        throw .nameTaken(name.text)
                    }
                } catch {
                    // No state yet is what the first `users add` finds; anything else is said now.
                    guard case .noState = error else { throw error }
                }
                let password = try PasswordEntry.readNew(for: name.text)
                let account = try StudioState(folder: folder, creating: true)
                    .addAccount(name, role: role, in: exhibition, password: password, by: Users.actor)
                print("added \(account.name) as \(account.rolesDescription)")
            } catch {
                throw Users.fail(error)
            }
        }
    }
}
