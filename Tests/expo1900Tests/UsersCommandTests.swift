import Foundation
import Testing

/// `expo1900 users …` as a person or a script runs it: the password piped on standard
/// input, never an argument; every refusal one line on standard error, a non-zero status,
/// and nothing written.
@Suite struct UsersCommandTests {
    /// A fresh folder to hold a state folder, removed by the caller.
    static func root() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("expo1900-users-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        return root
    }

    static func users(_ arguments: [String], state: URL, input: String? = nil) throws -> CommandRunner.Output {
        try CommandRunner.run(["users"] + arguments + ["--state", state.path], standardInput: input.map { Data($0.utf8) }, timeout: 60)
    }

    @Test func anAccountIsAddedListedGivenANewPasswordAndRemoved() throws {
        let root = try Self.root()
        defer { try? FileManager.default.removeItem(at: root) }
        let state = root.appendingPathComponent("state")

        let added = try Self.users(["add", "Anna", "--role", "admin"], state: state, input: "correct horse battery\n")
        #expect(added.status == 0, "\(added.standardError)")
        #expect(added.standardOutput == "added Anna as admin\n")
        let second = try Self.users(["add", "김민지", "--role", "contributor"], state: state, input: "비밀번호는열두글자입니다")
        #expect(second.status == 0, "\(second.standardError)")

        let listed = try Self.users(["list"], state: state)
        #expect(listed.status == 0, "\(listed.standardError)")
        let lines = listed.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("NAME") && lines[0].contains("ROLE") && lines[0].hasSuffix("CREATED"))
        #expect(lines[1].hasPrefix("Anna ") && lines[1].contains(" admin "))
        #expect(lines[2].hasPrefix("김민지 ") && lines[2].contains(" contributor "))
        #expect(!listed.standardOutput.contains("$2b$"))

        let changed = try Self.users(["password", "anna"], state: state, input: "a new password here\n")
        #expect(changed.status == 0, "\(changed.standardError)")
        #expect(changed.standardOutput == "set the password of Anna\n")

        let promoted = try Self.users(["role", "김민지", "--role", "editor"], state: state)
        #expect(promoted.status == 0, "\(promoted.standardError)")

        let removed = try Self.users(["remove", "김민지"], state: state)
        #expect(removed.status == 0, "\(removed.standardError)")
        #expect(try Self.users(["list"], state: state).standardOutput.split(separator: "\n").count == 2)
    }

    @Test func theLastAdminIsNotRemovedAndTheMessageSaysWhatToDo() throws {
        let root = try Self.root()
        defer { try? FileManager.default.removeItem(at: root) }
        let state = root.appendingPathComponent("state")
        #expect(try Self.users(["add", "anna", "--role", "admin"], state: state, input: "correct horse battery\n").status == 0)
        let removed = try Self.users(["remove", "ANNA"], state: state)
        #expect(removed.status == 1)
        #expect(removed.standardError == "expo1900: 'anna' is the only admin; removing it would leave nobody able to manage accounts. Make another admin first: expo1900 users add NAME --role admin\n")
        let demoted = try Self.users(["role", "anna", "--role", "contributor"], state: state)
        #expect(demoted.status == 1)
        #expect(demoted.standardError.hasPrefix("expo1900: 'anna' is the only admin; making it contributor"))
    }

    @Test func aNameTakenInAnotherCaseIsRefusedBeforeAPasswordIsRead() throws {
        let root = try Self.root()
        defer { try? FileManager.default.removeItem(at: root) }
        let state = root.appendingPathComponent("state")
        #expect(try Self.users(["add", "anna", "--role", "admin"], state: state, input: "correct horse battery\n").status == 0)
        // No standard input at all: the name is refused first, so the password is never missed.
        let again = try Self.users(["add", "ANNA", "--role", "editor"], state: state)
        #expect(again.status == 1)
        #expect(again.standardError == "expo1900: an account named 'ANNA' already exists (names are compared ignoring case); choose another name\n")
        let unknown = try Self.users(["password", "nobody"], state: state)
        #expect(unknown.status == 1)
        #expect(unknown.standardError == "expo1900: there is no account named 'nobody'; see the names with: expo1900 users list\n")
    }

    @Test func thereIsNoPasswordOption() throws {
        let root = try Self.root()
        defer { try? FileManager.default.removeItem(at: root) }
        let state = root.appendingPathComponent("state")
        let result = try Self.users(["add", "x", "--role", "admin", "--password", "y"], state: state)
        #expect(result.status != 0)
        #expect(result.standardError.contains("Unknown option '--password'"))
        #expect(!FileManager.default.fileExists(atPath: state.path))
    }

    @Test(arguments: [
        ("<script>alert(1)</script>", "holds '<'"),
        ("bell\u{7}name", "holds a control character (\\u{7})"),
        ("esc\u{1B}[31mred", "holds a control character (\\u{1B})"),
        (String(repeating: "n", count: 10_000), "is 10000 characters long; a name has at most 64"),
    ])
    func hostileNamesAreRefusedInOneLineAndNothingIsWritten(_ name: String, _ said: String) throws {
        let root = try Self.root()
        defer { try? FileManager.default.removeItem(at: root) }
        let state = root.appendingPathComponent("state")
        let result = try Self.users(["add", name, "--role", "editor"], state: state, input: "correct horse battery\n")
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("expo1900: the name '"))
        #expect(result.standardError.contains(said))
        #expect(result.standardError.count < 300)
        #expect(result.standardError.filter { $0 == "\n" }.count == 1)
        #expect(!result.standardError.contains("\u{1B}") && !result.standardError.contains("\u{7}"))
        #expect(!FileManager.default.fileExists(atPath: state.path))
    }

    @Test(arguments: [
        ("\n", "the password is empty; give at least 12"),
        ("", "no password on standard input"),
        ("short\n", "has 5 characters; give at least 12"),
        ("tab\tin the middle\n", "control character"),
        (String(repeating: "p", count: 2 << 20), "longer than 1024 bytes"),
        (String(repeating: "가", count: 30) + "\n", "90 bytes long; bcrypt reads at most 72"),
    ])
    func unusablePasswordsOnStandardInputAreRefusedAndNothingIsWritten(_ input: String, _ said: String) throws {
        let root = try Self.root()
        defer { try? FileManager.default.removeItem(at: root) }
        let state = root.appendingPathComponent("state")
        let result = try Self.users(["add", "anna", "--role", "admin"], state: state, input: input)
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("expo1900: "))
        #expect(result.standardError.contains(said), "\(result.standardError)")
        #expect(result.standardError.filter { $0 == "\n" }.count == 1)
        #expect(!FileManager.default.fileExists(atPath: state.path))
    }

    @Test func aDamagedStateFileIsSaidInOneLineWithStatus2() throws {
        let root = try Self.root()
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("SQLite? no.".utf8).write(to: root.appendingPathComponent("studio.sqlite"))
        for arguments in [["list"], ["remove", "anna"], ["add", "anna", "--role", "admin"]] {
            let result = try Self.users(arguments, state: root, input: "correct horse battery\n")
            #expect(result.status == 2, "\(arguments)")
            #expect(result.standardError == "expo1900: \(root.path)/studio.sqlite: is not a readable studio database (damaged, or another kind of file); restore it from a backup, or move it away to start anew\n")
        }
    }

    @Test func aStateFolderWithNoAccountsSaysHowToMakeTheFirst() throws {
        let root = try Self.root()
        defer { try? FileManager.default.removeItem(at: root) }
        let state = root.appendingPathComponent("none")
        let result = try Self.users(["list"], state: state)
        #expect(result.status == 2)
        #expect(result.standardError == "expo1900: \(state.path) holds no studio accounts yet; make the first with: expo1900 users add NAME --role admin --state \(state.path)\n")
        #expect(!FileManager.default.fileExists(atPath: state.path))
    }

    @Test func aStateFolderThatCannotBeMadeIsSaidInPlainWords() throws {
        let root = try Self.root()
        defer { try? FileManager.default.removeItem(at: root) }
        // A file where the folder should be.
        let file = root.appendingPathComponent("file")
        try Data().write(to: file)
        let result = try Self.users(["add", "anna", "--role", "admin"], state: file.appendingPathComponent("state"), input: "correct horse battery\n")
        #expect(result.status == 2)
        #expect(result.standardError.hasPrefix("expo1900: \(file.path)/state"))
        #expect(!result.standardError.contains("Error Domain"))
        #expect(result.standardError.filter { $0 == "\n" }.count == 1)
    }
}
