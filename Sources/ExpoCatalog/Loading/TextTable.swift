import Foundation

/// Texts that recur across a collection's records, held once. A museum's facts repeat: in
/// Tate's and MoMA's 193,121 records, 445,582 field labels are 4 texts, 189,011 rights
/// statements 971, and makers, materials and credit lines a seventh of their count or less.
/// Each Swift string longer than 15 bytes is an allocation of its own (about 50 bytes
/// besides its text), so a fact held once per record cost half a kilobyte a record.
/// One table serves one decoding part, on one thread at a time.
final class TextTable: @unchecked Sendable {
    /// Open addressing by a digest of the text's bytes, probed linearly. Texts are matched
    /// byte for byte: `String`'s own hashing and `==` match by canonical equivalence, which
    /// normalises any text beyond ASCII, and cost more than the memory saved was worth.
    private var digests: [UInt64]
    /// Each slot's place in `texts`, or -1 when the slot is free.
    private var slots: [Int32]
    /// The texts held, in the order they were first given: a packed chunk's pool.
    private(set) var texts: [String] = []

    init() {
        digests = Array(repeating: 0, count: 1024)
        slots = Array(repeating: -1, count: 1024)
    }

    /// `text`, or one of the same bytes held already.
    func interned(_ text: String) -> String {
        // Up to 15 bytes of UTF-8 a string holds inline, with nothing to share.
        text.utf8.count > 15 ? texts[index(of: text)] : text
    }

    /// Where `text`, or one of the same bytes, is in `texts`, added when it is not.
    func index(of text: String) -> Int {
        var text = text
        let given = text
        return text.withUTF8 { bytes in
            let digest = JSONElementScan.digest(UnsafeRawBufferPointer(bytes))
            let mask = digests.count - 1
            var slot = Int(truncatingIfNeeded: digest) & mask
            while slots[slot] >= 0 {
                let held = Int(slots[slot])
                if digests[slot] == digest, Self.same(texts[held], bytes) { return held }
                slot = (slot + 1) & mask
            }
            slots[slot] = Int32(texts.count)
            digests[slot] = digest
            texts.append(given)
            if texts.count * 2 > digests.count { grow() }
            return texts.count - 1
        }
    }

    private static func same(_ held: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var held = held
        return held.withUTF8 { $0.count == bytes.count && memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0 }
    }

    private func grow() {
        let (oldDigests, oldSlots) = (digests, slots)
        digests = Array(repeating: 0, count: oldDigests.count * 2)
        slots = Array(repeating: -1, count: oldDigests.count * 2)
        let mask = digests.count - 1
        for index in oldSlots.indices where oldSlots[index] >= 0 {
            var slot = Int(truncatingIfNeeded: oldDigests[index]) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = oldSlots[index]
            digests[slot] = oldDigests[index]
        }
    }

    /// Whether each fact (as `ObjectFacts.keyNames` orders them) recurs from record to
    /// record: not dimensions and sources, which are mostly a record's own (in the two
    /// collections, 58 % and all of them distinct) and would only grow the table.
    static let recurringFacts = ObjectFacts.keyNames.map { ["date", "maker", "material", "place", "credit_line", "rights"].contains($0) }
}

extension TextTable? {
    /// `text` held once when it is a recurring fact and there is a table.
    func interned(_ text: String) -> String {
        self?.interned(text) ?? text
    }
}
