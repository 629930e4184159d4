import ExpoStudio
import Foundation
import GRDB
import Testing

/// A name written another way (spaces of other kinds around it, full-width letters, another
/// case) is the same name everywhere: for the lookup, the login throttle and uniqueness.
/// Names that mix Latin with Cyrillic or Greek letters are refused, since they can pass for another.
@Suite(.serialized) struct StudioNameFormsTests {
    static let variants = [" tv", "tv ", "\u{a0}tv", "tv\u{3000}", "TV ", "ｔｖ", "Ｔｖ", "\ttv"]

    @Test func everyWayOfWritingANameHasOneCanonicalForm() throws {
        for variant in Self.variants { #expect(AccountName.canonical(variant) == "tv", "\(variant.unicodeScalars.map(\.value))") }
        #expect(try AccountName("ａｄａ").folded == AccountName("ada").folded)
        #expect(try AccountName("\u{3000}ada\u{a0}").text == "ada")
    }

    @Test func aFullWidthLookAlikeIsTheSameAccount() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let state = try StudioState(folder: folder.url, creating: true)
        try state.addAccount(AccountName("ada"), role: .editor, password: Password(LiveStudio.password), by: "test")
        #expect(throws: StudioError.nameTaken("ａｄａ")) {
            try state.addAccount(AccountName("ａｄａ"), role: .admin, password: Password(LiveStudio.password), by: "test")
        }
        #expect(try state.authenticate(name: "ＡＤＡ\u{3000}", password: LiveStudio.password)?.name == "ada")
    }

    @Test(arguments: ["\u{430}da", "ad\u{3b1}", "Ольгa"])
    func aNameMixingLatinWithCyrillicOrGreekIsRefused(_ name: String) {
        let error = #expect(throws: StudioError.self) { try AccountName(name) }
        #expect(error?.description.contains("mixes Latin and") == true || error?.description.contains("and Latin") == true,
                "\(error?.description ?? "")")
        #expect(error?.description.contains("write it in one script") == true)
    }

    @Test(arguments: ["Ольга", "김민지", "Σοφία", "ada-2", "Zoë_3"])
    func aNameInOneScriptIsTaken(_ name: String) throws {
        #expect(try AccountName(name).text == name)
    }

    @Test func namesStoredInTheOldFormStillLogInAfterTheMigration() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var state: StudioState? = try StudioState(folder: folder.url, creating: true)
        try state?.addAccount(AccountName("ｊｏ"), role: .editor, password: Password(LiveStudio.password), by: "test")
        let file = try #require(state?.file.path)
        state = nil
        // As a guide before this change stored it: the name in NFC, case folded.
        try DatabaseQueue(path: file).write { db in
            try db.execute(sql: "UPDATE account SET folded = 'ｊｏ'")
            try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = 'v4: names compared in NFKC'")
        }
        let reopened = try StudioState(folder: folder.url, creating: false)
        #expect(try reopened.authenticate(name: "jo", password: LiveStudio.password)?.name == "ｊｏ")
        #expect(try reopened.authenticate(name: "ｊｏ", password: LiveStudio.password)?.name == "ｊｏ")
    }

    /// The hostile test's case: twelve wrong passwords for one name, written twelve ways from
    /// twelve addresses, then the right one.
    @Test func theThrottleCountsANameHoweverItIsWritten() async throws {
        let studio = try await LiveStudio(transport: .proxy("127.0.0.1"))
        defer { Task { await studio.stop() } }
        var statuses: [Int] = []
        for (index, variant) in (Self.variants + Self.variants).prefix(12).enumerated() {
            let from = [("X-Forwarded-For", "203.0.113.\(index + 1)")]
            statuses.append(try await studio.logIn(variant.replacingOccurrences(of: "tv", with: "ben").replacingOccurrences(of: "ｔｖ", with: "ｂｅｎ")
                .replacingOccurrences(of: "Ｔｖ", with: "Ｂｅｎ").replacingOccurrences(of: "TV", with: "BEN"),
                password: "a wrong password", headers: from).answer.status)
        }
        #expect(statuses.prefix(5).allSatisfy { $0 == 401 }, "\(statuses)")
        #expect(statuses.dropFirst(6).allSatisfy { $0 == 429 }, "\(statuses)")
        let right = try await studio.logIn("ben", headers: [("X-Forwarded-For", "198.51.100.7")])
        #expect(right.answer.status == 429, "the right password waits its turn too")
    }
}
