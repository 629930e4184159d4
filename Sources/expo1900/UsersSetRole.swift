import ArgumentParser
import ExpoStudio

extension Users {
    struct SetRole: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "role",
            abstract: "Give an account another role, in every exhibition or in one. The last admin cannot be demoted.",
            discussion: """
                Exit status: 0 when changed, 1 when refused (no such account, or the last admin), \
                2 when the state folder cannot be opened.
                """)

        @Argument(help: "The account's name (case does not matter).")
        var name: String

        @Option(help: "The new role: contributor, editor or admin; none takes the role away (with --exhibition, or from someone with roles in some exhibitions).")
        var role: RoleChoice

        @Option(help: ArgumentHelp("The exhibition the role is in; without it, the role is in every exhibition.", valueName: "NAME"))
        var exhibition: String?

        enum RoleChoice: String, ExpressibleByArgument, CaseIterable {
            case contributor, editor, admin, none

            var role: Role? { Role(rawValue: rawValue) }
        }

        @OptionGroup var state: StateOption

        func run() throws {
            do throws(StudioError) {
                let studio = try state.open()
                guard let account = try studio.account(named: name) else { throw .noSuchAccount(name) }
                try studio.setRole(role.role, of: account.name, in: exhibition, by: Users.actor)
                let now = try studio.account(named: account.name) ?? account
                print("\(account.name) is now \(now.rolesDescription)")
            } catch {
                throw Users.fail(error)
            }
        }
    }
}
