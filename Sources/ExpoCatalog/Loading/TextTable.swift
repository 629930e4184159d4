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
    private var texts: [String?]
    private var count = 0

    init() {
        digests = Array(repeating: 0, count: 1024)
        texts = Array(repeating: nil, count: 1024)
    }

    /// `text`, or one of the same bytes held already.
    func interned(_ text: String) -> String {
        var text = text
        // Up to 15 bytes of UTF-8 a string holds inline, with nothing to share.
        guard text.utf8.count > 15 else { return text }
        let given = text
        return text.withUTF8 { bytes in
            let digest = JSONElementScan.digest(UnsafeRawBufferPointer(bytes))
            let mask = digests.count - 1
            var slot = Int(truncatingIfNeeded: digest) & mask
            while let held = texts[slot] {
                if digests[slot] == digest, Self.same(held, bytes) { return held }
                slot = (slot + 1) & mask
            }
            texts[slot] = given
            digests[slot] = digest
            count += 1
            if count * 2 > digests.count { grow() }
            return given
        }
    }

    private static func same(_ held: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var held = held
        return held.withUTF8 { $0.count == bytes.count && memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0 }
    }

    private func grow() {
        let (oldDigests, oldTexts) = (digests, texts)
        digests = Array(repeating: 0, count: oldDigests.count * 2)
        texts = Array(repeating: nil, count: oldDigests.count * 2)
        let mask = digests.count - 1
        for index in oldTexts.indices {
            guard let text = oldTexts[index] else { continue }
            var slot = Int(truncatingIfNeeded: oldDigests[index]) & mask
            while texts[slot] != nil { slot = (slot + 1) & mask }
            texts[slot] = text
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
