@testable import ExpoStudio
import Testing

/// Passwords: 12 characters at least, 72 bytes at most (all bcrypt reads), nothing unseen.
@Suite struct PasswordTests {
    @Test func twelveCharactersInAnyScriptAreEnough() throws {
        _ = try Password("twelve chars")
        _ = try Password("비밀번호는열두글자입니다")
    }

    @Test(arguments: [
        ("", "empty"), ("eleven char", "has 11 characters; give at least 12"),
        ("tab\tinside password", "control character"), (String(repeating: "a", count: 73), "73 bytes long; bcrypt reads at most 72"),
        (String(repeating: "가", count: 25), "75 bytes long"),
    ])
    func weakOrUnusablePasswordsAreRefused(_ password: String, _ said: String) {
        #expect {
            try Password(password)
        } throws: { error in
            (error as! StudioError).description.contains(said)
        }
    }

    @Test func aPasswordNeverPrintsItself() throws {
        let password = try Password("correct horse battery")
        #expect(!"\(password)".contains("horse"))
    }

    /// The dummy hash an unknown name is checked against costs what a real one costs.
    @Test func theUnknownAccountsHashHasTheCostOfEveryOther() {
        let cost = PasswordHash.cost < 10 ? "0\(PasswordHash.cost)" : "\(PasswordHash.cost)"
        #expect(PasswordHash.unknownAccount.text.hasPrefix("$2b$\(cost)$"))
        #expect(PasswordHash.unknownAccount.text.count == 60)
    }
}
