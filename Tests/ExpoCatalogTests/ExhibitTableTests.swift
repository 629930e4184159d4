@testable import ExpoCatalog
import Testing

/// A load packs its exhibits (`PackedExhibits`): every exhibit read back from the bytes
/// must equal the one packed, and the table must read and change like the array it replaced.
@Suite struct ExhibitTableTests {
    private static let longMaker = "Joseph Mallord William Turner, a maker long enough to be recurring"

    /// Plain exhibits of every shape a record takes: texts empty, short, long, beyond ASCII,
    /// stops at the edges of the range, facts and fields recurring and not.
    private static func plain(_ count: Int) -> [Exhibit] {
        (0..<count).map { index in
            var facts = ObjectFacts()
            if index % 3 != 0 {
                facts = ObjectFacts(date: "19\(index % 100)", maker: index % 2 == 0 ? longMaker : "Kim",
                                    material: "Oil paint on canvas, mounted on board, \(index % 4)",
                                    dimensions: "support: \(index) x \(index * 2) mm", place: "",
                                    creditLine: "Purchased 1970", rights: "https://creativecommons.org/licenses/by-nc-nd/4.0/",
                                    source: index % 5 == 0 ? "" : "https://example.org/records/\(index)",
                                    fields: (0..<(index % 4)).map { ObjectFacts.Field(label: "Classification of the object \($0)",
                                                                                      value: $0 == 1 ? "" : "값 \(index)·\($0) 🎨") })
            }
            let stops = [1, 0, -1, Int.max, Int.min, 128, 16_383, 16_384]
            return Exhibit(id: "e-\(index)", stop: index < stops.count ? stops[index] : index + 1,
                           name: index % 7 == 0 ? "" : "출품작 \(index) — 대한제국관의 전시품",
                           shortDescription: String(repeating: "짧은 설명 ", count: index % 5),
                           description: index % 2 == 0 ? "A *long* description.\n\nWith two paragraphs, \(index)." : "",
                           facts: facts)
        }
    }

    private static func packed(_ exhibits: [Exhibit]) -> ExhibitTable {
        var table = ExhibitTable(exhibits)
        table.pack()
        return table
    }

    @Test func everyExhibitReadsBackAsPacked() {
        let exhibits = Self.plain(300)
        let table = Self.packed(exhibits)
        #expect(table.packed == 300)
        #expect(Array(table) == exhibits)
        #expect(table[3].stop == Int.max && table[4].stop == Int.min && table[2].stop == -1)
        // A recurring fact read back is the text held once, not a copy per record.
        #expect(table[2].facts.maker == Self.longMaker)
    }

    @Test func exhibitsWithMoreThanARecordHoldAreHeldWhole() {
        var exhibits = Self.plain(6)
        exhibits[1].images = [ExhibitImage(name: "e-1", alt: "A bowl"), ExhibitImage(name: "e-1-back")]
        exhibits[2].audio = "e-2.mp3"
        exhibits[3].position = ExhibitPosition(floor: "1", x: 10, y: 20)
        exhibits[4].versions.easyRead = "Easy words."
        exhibits[5].transcript = Transcript(text: "Hello.")
        let table = Self.packed(exhibits)
        #expect(Array(table) == exhibits)
        #expect(table[1].images.count == 2 && table[2].audio == "e-2.mp3" && table[3].position?.x == 10)
        #expect(table[0].isPlain && !table[4].isPlain)
    }

    @Test func aChangeToAPackedExhibitIsKept() {
        let exhibits = Self.plain(20)
        let table = Self.packed(exhibits)
        var changed = table
        changed[7].name = "새 이름"
        changed[8].facts.fields.append(ObjectFacts.Field(label: "Inscription", value: "1900"))
        #expect(changed[7].name == "새 이름" && changed[8].facts.fields.last?.value == "1900")
        #expect(changed.packed == 20)
        // The copy it was made from is as it was: the packed runs are shared, never changed.
        #expect(Array(table) == exhibits)
        #expect(changed != table)
        var expected = exhibits
        expected[7].name = "새 이름"
        expected[8].facts.fields.append(ObjectFacts.Field(label: "Inscription", value: "1900"))
        #expect(Array(changed) == expected)
        #expect(changed == ExhibitTable(expected))
    }

    @Test func addingAndRemovingReadsLikeAnArray() {
        let exhibits = Self.plain(50)
        var table = Self.packed(Array(exhibits[0..<30]))
        var array = Array(exhibits[0..<30])
        // After the packed part: packed again as a run of its own.
        table.append(contentsOf: exhibits[30..<40])
        array.append(contentsOf: exhibits[30..<40])
        table.pack()
        #expect(table.packed == 40)
        #expect(Array(table) == array)
        table[35].stop = 999
        array[35].stop = 999
        // Among the packed ones: the table is unpacked, and reads as the array does.
        table.insert(exhibits[45], at: 3)
        array.insert(exhibits[45], at: 3)
        table.remove(at: 10)
        array.remove(at: 10)
        #expect(table.packed == 0)
        #expect(Array(table) == array)
        table.swapAt(0, 1)
        array.swapAt(0, 1)
        #expect(Array(table) == array)
        #expect(table.firstIndex { $0.id == "e-45" } == array.firstIndex { $0.id == "e-45" })
    }

    @Test func manyRunsFindTheirExhibits() {
        let exhibits = Self.plain(ExhibitTable.runLength * 2 + 17)
        var table = ExhibitTable()
        for exhibit in exhibits { table.appendPacking(exhibit) }
        #expect(table.packed == ExhibitTable.runLength * 2)
        table.pack()
        #expect(table.packed == exhibits.count)
        for position in [0, 1, ExhibitTable.runLength - 1, ExhibitTable.runLength, ExhibitTable.runLength * 2, exhibits.count - 1] {
            #expect(table[position] == exhibits[position])
        }
        #expect(table.map(\.id) == exhibits.map(\.id))
    }

    @Test func partsReadWithoutDecodingAgreeWithTheExhibits() {
        var exhibits = Self.plain(40)
        exhibits[5].images = [ExhibitImage(name: "e-5", alt: "A seal")]
        exhibits[9].audio = "e-9.mp3"
        var table = Self.packed(Array(exhibits[0..<30]))
        table.append(contentsOf: exhibits[30..<40])
        table[12].versions.easyRead = "Easy."
        exhibits[12].versions.easyRead = "Easy."
        for position in table.indices {
            #expect(table.id(at: position) == exhibits[position].id)
            #expect(table.stop(at: position) == exhibits[position].stop)
            #expect(table.heading(at: position) == ExhibitHeading(id: exhibits[position].id, name: exhibits[position].name))
            #expect(table.isPlain(at: position) == exhibits[position].isPlain)
            #expect(table.hasOwnImages(at: position) == exhibits[position].hasOwnImages)
        }
        #expect(table.ids == exhibits.map(\.id))
        #expect(table.richExhibits == exhibits.filter { !$0.isPlain })
        #expect(table.richExhibits.map(\.id) == ["e-5", "e-9", "e-12"])
    }

    @Test func differencesAreFoundWhetherTheRunsAreSharedOrNot() {
        let exhibits = Self.plain(60)
        let table = Self.packed(exhibits)
        var edited = table
        edited[4].name = "바뀐 이름"
        edited[50].facts.maker = "Someone else"
        // The same exhibit written back unchanged is no difference.
        edited[7] = table[7]
        #expect(edited.differingPositions(from: table) == [4, 50])
        #expect(table.differingPositions(from: edited) == [4, 50])
        // Packed apart, as a catalog loaded again is: every record compared.
        var reloaded = exhibits
        reloaded[4].name = "바뀐 이름"
        reloaded[50].facts.maker = "Someone else"
        #expect(Self.packed(reloaded).differingPositions(from: table) == [4, 50])
        #expect(ExhibitTable(reloaded).differingPositions(from: table) == [4, 50])
        #expect(table.differingPositions(from: Self.packed(exhibits)).isEmpty)
    }
}
