import Testing
@testable import ExpoImport

struct AddressCheckTests {
    @Test func onlyPublicAddressesPass() {
        let refused: [[UInt8]] = [
            [127, 0, 0, 1], [10, 1, 2, 3], [172, 16, 0, 1], [172, 31, 255, 255], [192, 168, 1, 1], [169, 254, 169, 254],
            [100, 64, 0, 1], [0, 0, 0, 0], [224, 0, 0, 1], [255, 255, 255, 255], [198, 18, 0, 1], [192, 0, 0, 8],
            Array(repeating: 0, count: 15) + [1],                         // ::1
            [0xFE, 0x80] + Array(repeating: 0, count: 14),                // fe80::
            [0xFD, 0x12] + Array(repeating: 0, count: 14),                // fd12:: (unique local)
            Array(repeating: 0, count: 10) + [0xFF, 0xFF, 127, 0, 0, 1],  // ::ffff:127.0.0.1
            [0, 0x64, 0xFF, 0x9B] + Array(repeating: 0, count: 8) + [10, 0, 0, 1], // 64:ff9b::10.0.0.1
        ]
        for address in refused { #expect(!AddressCheck.isPublic(address), "\(AddressCheck.text(address))") }
        let allowed: [[UInt8]] = [[8, 8, 8, 8], [172, 32, 0, 1], [100, 128, 0, 1], [192, 169, 0, 1],
                                  [0x20, 0x01, 0x0D, 0xB8] + Array(repeating: 0, count: 12)]
        for address in allowed { #expect(AddressCheck.isPublic(address), "\(AddressCheck.text(address))") }
    }

    @Test func schemesOtherThanHTTPAndLocalHostsAreRefusedBeforeAnyRequest() {
        let check = AddressCheck()
        #expect(throws: AddressCheck.Refusal.notHTTP("file:///etc/passwd")) { try check.check("file:///etc/passwd") }
        #expect(throws: AddressCheck.Refusal.notHTTP("gopher://example.org/")) { try check.check("gopher://example.org/") }
        #expect(throws: AddressCheck.Refusal.privateHost(host: "127.0.0.1", address: "127.0.0.1")) { try check.check("http://127.0.0.1:8080/x") }
        #expect(throws: AddressCheck.Refusal.unreadable("http://user:secret@example.org/")) { try check.check("http://user:secret@example.org/") }
        #expect(throws: AddressCheck.Refusal.self) { try check.check("http://localhost/") }
        let open = AddressCheck(allowsPrivate: true)
        #expect((try? open.check("http://127.0.0.1:8080/x"))?.port == 8080)
        #expect(throws: AddressCheck.Refusal.notHTTP("file:///etc/passwd")) { try open.check("file:///etc/passwd") }
    }
}
