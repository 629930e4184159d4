/// A stable 64-bit fingerprint of parsed JSON: the same values give the same digest on
/// every machine and run (unlike `Hasher`, which is seeded per process), and any change to
/// a key, a text or a number changes it. It names the service worker's cache, so it only
/// has to change when the content does, not resist an attacker; it reads eight bytes at a
/// step because a 100,000-exhibit catalog holds hundreds of megabytes of text.
struct JSONDigest {
    private(set) var value: UInt64 = 0x9E37_79B9_7F4A_7C15

    init(_ json: JSONValue) {
        add(json)
    }

    /// A large list is digested in runs on every core, the runs' digests then mixed in
    /// order: the same list gives the same digest on any machine, whatever its cores.
    static func of(_ json: JSONValue) -> UInt64 {
        guard case let .array(elements) = json, elements.count >= 4096 else { return JSONDigest(json).value }
        let digests = Runs.map(Runs.split(elements.count, into: 16)) { run in
            var digest = JSONDigest()
            for element in elements[run] { digest.add(element) }
            return digest.value
        }
        var digest = JSONDigest()
        digest.mix(2)
        for value in digests { digest.mix(value) }
        digest.mix(UInt64(elements.count))
        return digest.value
    }

    private init() {}

    private mutating func mix(_ word: UInt64) {
        value = (value ^ word) &* 0xFF51_AFD7_ED55_8CCD
        value ^= value >> 29
    }

    private mutating func add(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            let raw = UnsafeRawBufferPointer(bytes)
            var offset = 0
            while offset + 8 <= raw.count {
                mix(raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                offset += 8
            }
            var tail: UInt64 = 0
            for index in offset..<raw.count { tail = tail << 8 | UInt64(raw[index]) }
            mix(tail)
        }
        mix(UInt64(text.utf8.count))
    }

    private mutating func add(_ json: JSONValue) {
        switch json {
        case let .object(members):
            mix(1)
            for member in members {
                add(member.key)
                add(member.value)
            }
            mix(UInt64(members.count))
        case let .array(elements):
            mix(2)
            for element in elements { add(element) }
            mix(UInt64(elements.count))
        case let .string(text): mix(3); add(text)
        case let .integer(number): mix(4); mix(UInt64(bitPattern: Int64(number)))
        case let .number(number): mix(5); mix(number.bitPattern)
        case let .bool(flag): mix(flag ? 6 : 7)
        case .null: mix(8)
        }
    }
}
