import ArgumentParser
import ExpoStudio
import Foundation

/// `expo1900 users …`: the studio's accounts, from a terminal or a script.
struct Users: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Make, list and remove the studio's accounts, and set their passwords and roles.",
        discussion: """
            Accounts live in the state folder (--state DIR; by default $XDG_STATE_HOME/expo1900 \
            or ~/.local/state/expo1900), in studio.sqlite. There is no default account and no \
            default password. A password is read from the terminal without showing it (asked \
            twice), or as the first line of standard input when that is not a terminal; never \
            from an argument. Roles: contributor (edits drafts, submits them for review), editor \
            (also publishes and reverts), admin (also manages accounts). \
            Exit status: 0 when done, 1 when the request is refused (a bad name or password, \
            an unknown account, the last admin), 2 when the state folder cannot be opened.
            """,
        subcommands: [Add.self, List.self, Remove.self, SetPassword.self, SetRole.self])

    /// What the audit log records as the one who made a change from the command line.
    static var actor: String {
        "command line (\(ProcessInfo.processInfo.userName))"
    }

    /// Prints `error` as one line and ends with its status: 2 when the state folder is the
    /// trouble, 1 when the request is refused.
    static func fail(_ error: StudioError) -> ExitCode {
        printError("expo1900: \(error)")
        return ExitCode(error.isAboutTheStateFolder ? 2 : 1)
    }
}

extension Role: ExpressibleByArgument {}
