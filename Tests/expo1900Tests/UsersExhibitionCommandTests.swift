import Foundation
import Testing

/// `users … --exhibition NAME`: a role in one exhibition of a folder of catalogs.
@Suite struct UsersExhibitionCommandTests {
    @Test func aRoleInOneExhibitionIsAddedListedChangedAndTakenAway() throws {
        let root = try UsersCommandTests.root()
        defer { try? FileManager.default.removeItem(at: root) }
        let state = root.appendingPathComponent("state")
        let users = { (arguments: [String], input: String?) in try UsersCommandTests.users(arguments, state: state, input: input) }
        #expect(try users(["add", "anna", "--role", "admin"], "correct horse battery\n").status == 0)
        let added = try users(["add", "ben", "--role", "editor", "--exhibition", "korea-1900"], "correct horse battery\n")
        #expect(added.status == 0, "\(added.standardError)")
        #expect(added.standardOutput == "added ben as editor in korea-1900\n")
        let more = try users(["role", "ben", "--role", "contributor", "--exhibition", "paris"], nil)
        #expect(more.standardOutput == "ben is now editor in korea-1900, contributor in paris\n")
        let listed = try users(["list"], nil).standardOutput.split(separator: "\n").map(String.init)
        #expect(listed[2].hasPrefix("ben ") && listed[2].contains(" editor in korea-1900, contributor in paris "))
        #expect(listed[1].hasPrefix("anna ") && listed[1].contains(" admin "))
        let away = try users(["role", "ben", "--role", "none", "--exhibition", "paris"], nil)
        #expect(away.status == 0, "\(away.standardError)")
        #expect(away.standardOutput == "ben is now editor in korea-1900\n")
        let last = try users(["role", "ben", "--role", "none", "--exhibition", "korea-1900"], nil)
        #expect(last.status == 1)
        #expect(last.standardError == "expo1900: 'ben' would have no role left; remove the account instead: expo1900 users remove ben\n")
    }

    @Test func anExhibitionNameThatNoFolderCouldHaveIsRefusedBeforeThePassword() throws {
        let root = try UsersCommandTests.root()
        defer { try? FileManager.default.removeItem(at: root) }
        let state = root.appendingPathComponent("state")
        for name in ["../etc", "특별전", "studio"] {
            let refused = try UsersCommandTests.users(["add", "ben", "--role", "editor", "--exhibition", name], state: state, input: nil)
            #expect(refused.status == 1, "\(name)")
            #expect(refused.standardError.hasPrefix("expo1900: the exhibition '\(name)' cannot be: "), "\(refused.standardError)")
            #expect(!FileManager.default.fileExists(atPath: state.path), "nothing was made for \(name)")
        }
    }
}
