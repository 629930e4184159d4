import ArgumentParser
import ExpoStudio
import Foundation

extension Users {
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the accounts: name, role and when each was made (never a password or its hash).",
            discussion: "Exit status: 0 when listed, 2 when the state folder cannot be opened or holds no accounts yet.")

        @OptionGroup var state: StateOption

        func run() throws {
            let accounts: [Account]
            do throws(StudioError) {
                accounts = try state.open().accounts()
            } catch {
                throw Users.fail(error)
            }
            guard !accounts.isEmpty else {
                printError("expo1900: no accounts yet; make one with: expo1900 users add NAME --role admin")
                return
            }
            let nameWidth = max(4, accounts.map(\.name.count).max() ?? 0)
            let roleWidth = max(Role.allCases.map(\.rawValue.count).max()!, accounts.map(\.rolesDescription.count).max() ?? 0)
            print(Self.padded("NAME", nameWidth) + "  " + Self.padded("ROLE", roleWidth) + "  CREATED")
            for account in accounts {
                print(Self.padded(account.name, nameWidth) + "  " + Self.padded(account.rolesDescription, roleWidth) + "  " + Self.day(account.created))
            }
        }

        static func padded(_ text: String, _ width: Int) -> String {
            text + String(repeating: " ", count: max(0, width - text.count))
        }

        /// The day an account was made, in the local time zone, as ISO 8601 writes a date.
        static func day(_ date: Date) -> String {
            date.formatted(Date.ISO8601FormatStyle(timeZone: .current).year().month().day())
        }
    }
}
