import ExpoStudio
import Foundation
import Testing

/// bcrypt's C code stops at a NUL, so "the password, a NUL, anything" hashed like the
/// password itself. A password with a control character is refused at login as when it is
/// set, with a wrong password's answer.
@Suite(.serialized) struct StudioLoginControlTests {
    static let tails = ["\u{0}", "\u{0}anything", "\u{0}\u{0}", "\u{1b}", "\t"]

    @Test(arguments: tails)
    func aPasswordWithAControlCharacterOpensNothing(_ tail: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let state = try StudioState(folder: folder.url, creating: true)
        try state.addAccount(AccountName("anna"), role: .admin, password: Password(LiveStudio.password), by: "test")
        #expect(try state.authenticate(name: "anna", password: LiveStudio.password + tail) == nil)
        #expect(try state.authenticate(name: "anna", password: LiveStudio.password) != nil)
    }

    @Test func overHTTPItGetsAWrongPasswordsAnswer() async throws {
        let studio = try await LiveStudio()
        defer { Task { await studio.stop() } }
        let wrong = try await studio.logIn("anna", password: "not the password").answer
        let nul = try await studio.logIn("anna", password: LiveStudio.password + "\u{0}anything").answer
        #expect(nul.status == 401)
        #expect(nul.cookie("studio_session") == nil)
        func scrubbed(_ answer: RawHTTP.Answer) throws -> String {
            answer.body.replacingOccurrences(of: try LiveStudio.token(in: answer.body), with: "")
        }
        #expect(try scrubbed(nul) == scrubbed(wrong))
    }
}
