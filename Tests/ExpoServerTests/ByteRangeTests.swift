import Testing
@testable import ExpoServer

/// Range headers as RFC 9110 reads them, for a body of 1,000 bytes.
@Suite struct ByteRangeTests {
    @Test(arguments: [
        ("bytes=0-", ByteRange.satisfiable(lower: 0, upper: 999)),
        ("bytes=0-0", .satisfiable(lower: 0, upper: 0)),
        ("bytes=100-199", .satisfiable(lower: 100, upper: 199)),
        ("bytes=900-5000", .satisfiable(lower: 900, upper: 999)),
        ("bytes=-500", .satisfiable(lower: 500, upper: 999)),
        ("bytes=-5000", .satisfiable(lower: 0, upper: 999)),
        ("BYTES = 10-20", .whole),
        ("Bytes=10-20", .satisfiable(lower: 10, upper: 20)),
        ("bytes=1000-", .unsatisfiable),
        ("bytes=5000-6000", .unsatisfiable),
        ("bytes=-0", .unsatisfiable),
        ("bytes=0-1,5-9", .whole),
        ("bytes=20-10", .whole),
        ("bytes=a-b", .whole),
        ("bytes=+1-2", .whole),
        ("items=0-10", .whole),
        ("bytes=", .whole),
    ])
    func readsTheHeader(_ header: String, _ expected: ByteRange) {
        #expect(ByteRange.of(header, length: 1000) == expected, "\(header)")
    }

    @Test func anEmptyBodyHasNoBytesToGive() {
        #expect(ByteRange.of("bytes=0-", length: 0) == .unsatisfiable)
        #expect(ByteRange.of("bytes=-1", length: 0) == .unsatisfiable)
    }
}
