/// A run of exhibits held as bytes, each decoded when it is asked for, the way a database
/// holds a table's rows. A decoded museum record held about a kilobyte: a list of fields, a
/// box of facts and an allocation for each text longer than 15 bytes. Packed, it is its
/// texts' bytes and a few more, and the facts that recur from record to record (makers,
/// rights, field labels) are held once per run.
///
/// A record is the stop number, then the id, name, short description and description,
/// then the eight fixed facts and the fields. An exhibit with more than the packed parts
/// hold (its own images, a recording, versions, a place on a plan; few in a museum's
/// collection, most in a guide written by hand) is held whole beside the bytes.
final class PackedExhibits: Sendable {
    private let bytes: [UInt8]
    /// Where each record ends in `bytes`; a record of no bytes is one held whole.
    private let ends: [UInt32]
    /// The recurring texts the records refer to.
    private let texts: [String]
    /// The exhibits held whole, by their place in the run.
    private let whole: [Int: Exhibit]

    var count: Int { ends.count }

    /// `exhibits` packed, in their order.
    init<Exhibits: Collection<Exhibit>>(_ exhibits: Exhibits) {
        var writer = Writer(texts: TextTable())
        var ends: [UInt32] = []
        ends.reserveCapacity(exhibits.count)
        var whole: [Int: Exhibit] = [:]
        for exhibit in exhibits {
            if exhibit.isPlain {
                writer.write(exhibit)
            } else {
                whole[ends.count] = exhibit
            }
            ends.append(UInt32(writer.bytes.count))
        }
        precondition(writer.bytes.count < Int(UInt32.max), "a packed run holds less than 4 GB")
        // Copied to their size: grown by appending, an array holds up to twice its bytes.
        bytes = Self.fitted(writer.bytes)
        self.ends = ends
        texts = Self.fitted(writer.texts.texts)
        self.whole = whole
    }

    /// A run read back from `encoded()`; nil when the bytes are not one, cut short or
    /// inconsistent, so that a damaged file on disk is read again from the catalog.
    init?(encoded: UnsafeRawBufferPointer) {
        var reader = EncodedReader(bytes: encoded)
        guard let count = reader.integer(), let byteCount = reader.integer(), let textCount = reader.integer(),
              count <= encoded.count, textCount <= encoded.count,
              let endBytes = reader.bytes(count * 4) else { return nil }
        var ends = [UInt32](repeating: 0, count: count)
        ends.withUnsafeMutableBytes { $0.copyMemory(from: endBytes) }
        ends = ends.map(UInt32.init(littleEndian:))
        // Each record ends after the one before it (none is held whole here) and within the
        // bytes: reading them trusts both.
        var last: UInt32 = 0
        for end in ends {
            guard end > last, Int(end) <= byteCount else { return nil }
            last = end
        }
        guard count == 0 || Int(last) == byteCount, let packed = reader.bytes(byteCount) else { return nil }
        var texts: [String] = []
        texts.reserveCapacity(textCount)
        for _ in 0..<textCount {
            guard let length = reader.integer(), let utf8 = reader.bytes(length) else { return nil }
            texts.append(String(decoding: utf8, as: UTF8.self))
        }
        guard reader.isAtEnd else { return nil }
        bytes = Array(packed)
        self.ends = ends
        self.texts = texts
        whole = [:]
        guard Self.recordsRead(self) else { return nil }
    }

    /// The run as bytes for a file (`init?(encoded:)`); nil when it holds an exhibit whole,
    /// which has more than packed records hold.
    func encoded() -> [UInt8]? {
        guard whole.isEmpty else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(24 + ends.count * 4 + bytes.count + texts.reduce(0) { $0 + 8 + $1.utf8.count })
        func integer(_ value: Int) { withUnsafeBytes(of: UInt64(value).littleEndian) { out.append(contentsOf: $0) } }
        integer(ends.count)
        integer(bytes.count)
        integer(texts.count)
        for end in ends { withUnsafeBytes(of: end.littleEndian) { out.append(contentsOf: $0) } }
        out += bytes
        for text in texts {
            integer(text.utf8.count)
            out.append(contentsOf: text.utf8)
        }
        return out
    }

    /// Whether every record reads to its end exactly, its recurring texts within `texts`:
    /// a file that passed the other checks but was written by another format is refused here.
    private static func recordsRead(_ run: PackedExhibits) -> Bool {
        run.bytes.withUnsafeBufferPointer { buffer in
            var start = 0
            for end in run.ends.map(Int.init) {
                var reader = Reader(bytes: UnsafeBufferPointer(rebasing: buffer[start..<end]), texts: run.texts)
                guard reader.checks() else { return false }
                start = end
            }
            return true
        }
    }

    private struct EncodedReader {
        let bytes: UnsafeRawBufferPointer
        var offset = 0

        var isAtEnd: Bool { offset == bytes.count }

        mutating func integer() -> Int? {
            guard let raw = self.bytes(8) else { return nil }
            let value = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
            return value <= UInt64(Int32.max) ? Int(value) : nil
        }

        mutating func bytes(_ count: Int) -> UnsafeRawBufferPointer? {
            guard count >= 0, count <= bytes.count - offset else { return nil }
            defer { offset += count }
            return UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count])
        }
    }

    private static func fitted<Element>(_ array: [Element]) -> [Element] {
        array.capacity - array.count < 64 ? array : Array(unsafeUninitializedCapacity: array.count) { buffer, count in
            count = buffer.initialize(fromContentsOf: array)
        }
    }

    subscript(position: Int) -> Exhibit {
        read(position, whole: { $0 }) { $0.exhibit() }
    }

    /// The exhibit's stop, without decoding the rest of its record.
    func stop(at position: Int) -> Int {
        read(position, whole: \.stop) { $0.stop() }
    }

    /// The exhibit's id, without decoding the rest of its record.
    func id(at position: Int) -> String {
        read(position, whole: \.id) { reader in
            _ = reader.stop()
            return reader.text()
        }
    }

    /// The exhibit's id and name, without decoding the rest of its record.
    func heading(at position: Int) -> ExhibitHeading {
        read(position, whole: ExhibitHeading.init) { reader in
            _ = reader.stop()
            let id = reader.text()
            return ExhibitHeading(id: id, name: reader.text())
        }
    }

    /// The places of the exhibits held whole, in order.
    var wholePositions: [Int] { whole.keys.sorted() }

    /// The exhibit at `position` when it is held whole; nil for a packed record, which
    /// holds no more than texts, a stop and facts.
    func whole(at position: Int) -> Exhibit? {
        whole.isEmpty ? nil : whole[position]
    }

    private func read<Value>(_ position: Int, whole part: (Exhibit) -> Value, _ body: (inout Reader) -> Value) -> Value {
        let start = position == 0 ? 0 : Int(ends[position - 1])
        let end = Int(ends[position])
        guard end > start else { return part(whole[position]!) }
        return bytes.withUnsafeBufferPointer { buffer in
            var reader = Reader(bytes: UnsafeBufferPointer(rebasing: buffer[start..<end]), texts: texts)
            return body(&reader)
        }
    }

    /// Texts in a record: 0 is the empty text; an odd number `2n + 1` the recurring text
    /// `n`; an even number `2n` a text of `n` bytes, which follow.
    private struct Writer {
        var bytes: [UInt8] = []
        let texts: TextTable

        mutating func write(_ exhibit: Exhibit) {
            number(UInt64(bitPattern: Int64(exhibit.stop) << 1 ^ Int64(exhibit.stop) >> 63))
            inline(exhibit.id)
            inline(exhibit.name)
            inline(exhibit.shortDescription)
            inline(exhibit.description)
            let facts = exhibit.facts
            for index in 0..<8 {
                TextTable.recurringFacts[index] ? recurring(facts[fact: index]) : inline(facts[fact: index])
            }
            number(UInt64(facts.fields.count))
            for field in facts.fields {
                recurring(field.label)
                inline(field.value)
            }
        }

        private mutating func inline(_ text: String) {
            var text = text
            text.withUTF8 { utf8 in
                number(UInt64(utf8.count) << 1)
                bytes.append(contentsOf: utf8)
            }
        }

        /// Held once in `texts` when it is longer than a string holds inline.
        private mutating func recurring(_ text: String) {
            guard text.utf8.count > 15 else { return inline(text) }
            number(UInt64(texts.index(of: text)) << 1 | 1)
        }

        /// Seven bits a byte, low first; the high bit says another byte follows.
        private mutating func number(_ value: UInt64) {
            var value = value
            while value >= 0x80 {
                bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
                value >>= 7
            }
            bytes.append(UInt8(value))
        }
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        let texts: [String]
        var offset = 0

        mutating func stop() -> Int {
            let zigzag = number()
            return Int(Int64(bitPattern: zigzag >> 1) ^ -Int64(bitPattern: zigzag & 1))
        }

        mutating func exhibit() -> Exhibit {
            let stop = stop()
            let id = text()
            let name = text()
            let shortDescription = text()
            let description = text()
            var facts = ObjectFacts()
            for index in 0..<8 { facts[fact: index] = text() }
            let fields = Int(number())
            if fields > 0 {
                facts.fields.reserveCapacity(fields)
                for _ in 0..<fields {
                    let label = text()
                    facts.fields.append(ObjectFacts.Field(label: label, value: text()))
                }
            }
            return Exhibit(id: id, stop: stop, name: name, shortDescription: shortDescription, description: description, facts: facts)
        }

        /// Walks the record as `exhibit()` reads it, checking each number and text lies
        /// within the record and each recurring text within `texts`; true when it ends exactly.
        mutating func checks() -> Bool {
            func skipText() -> Bool {
                guard let code = checkedNumber() else { return false }
                if code & 1 == 1 { return code >> 1 < UInt64(texts.count) }
                guard code >> 1 <= UInt64(bytes.count - offset) else { return false }
                offset += Int(code >> 1)
                return true
            }
            guard checkedNumber() != nil else { return false }
            for _ in 0..<12 where !skipText() { return false }
            guard let fields = checkedNumber(), fields <= UInt64(bytes.count) else { return false }
            for _ in 0..<(2 * Int(fields)) where !skipText() { return false }
            return offset == bytes.count
        }

        private mutating func checkedNumber() -> UInt64? {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while offset < bytes.count, shift < 64 {
                let byte = bytes[offset]
                offset += 1
                value |= UInt64(byte & 0x7F) << shift
                guard byte & 0x80 != 0 else { return value }
                shift += 7
            }
            return nil
        }

        mutating func text() -> String {
            let code = number()
            if code & 1 == 1 { return texts[Int(code >> 1)] }
            let length = Int(code >> 1)
            defer { offset += length }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<offset + length]), as: UTF8.self)
        }

        private mutating func number() -> UInt64 {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                let byte = bytes[offset]
                offset += 1
                value |= UInt64(byte & 0x7F) << shift
                guard byte & 0x80 != 0 else { return value }
                shift += 7
            }
        }
    }
}
