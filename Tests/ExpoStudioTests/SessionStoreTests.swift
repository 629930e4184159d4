import Foundation
import Testing
@testable import ExpoStudio

/// The session table through hummingbird-auth's storage interface.
@Suite struct SessionStoreTests {
    @Test func keysAreStoredAsTheirSHA256() {
        // FIPS 180-2's test vector.
        #expect(SessionStore.hash("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test func aValueExpiresAndAnExpiryIsKeptWhenSavedWithoutOne() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let clock = TestClock()
        let store = SessionStore(state: try StudioState(folder: folder.url, creating: true) { clock.now })
        try await store.set(key: "id", value: "first", expires: .seconds(60))
        try await store.set(key: "id", value: "second", expires: nil)
        #expect(try await store.get(key: "id", as: String.self) == "second")
        clock.advance(61)
        #expect(try await store.get(key: "id", as: String.self) == nil)
        try await store.create(key: "other", value: 1, expires: nil)
        await #expect(throws: (any Error).self) { try await store.create(key: "other", value: 2, expires: nil) }
        try await store.remove(key: "other")
        #expect(try await store.get(key: "other", as: Int.self) == nil)
    }
}
