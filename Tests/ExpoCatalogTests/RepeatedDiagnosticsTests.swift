import ExpoTestSupport
import Foundation
import Testing
@testable import ExpoCatalog

/// Many problems of one kind in one file come as a few lines and a count, whatever the
/// file and whatever the kind.
@Suite struct RepeatedDiagnosticsTests {
    @Test func aHundredThousandUnknownColumnsGiveAFewLinesWithTheCount() throws {
        // Not `x1`: `x` is a column now (an exhibit's position), and would be suggested.
        let extra = (1...100_000).map { "extra\($0)" }
        let rows = [SpreadsheetTests.rows[0] + extra, SpreadsheetTests.rows[1] + extra.map { _ in "" }, SpreadsheetTests.rows[2]]
        let folder = try SpreadsheetTests.catalog(items: Data(SpreadsheetTests.csv(rows).utf8))
        let catalog = try folder.load()
        let lines = catalog.diagnostics.map(\.description)
        #expect(lines.count == RepeatedDiagnostics.shown)
        #expect(lines.first == "items.csv:1 (extra1): unknown column; ignored")
        #expect(lines.last == "items.csv:1 (extra10): unknown column; ignored (and 99990 more like it in this file)")
        #expect(catalog.primary.exhibits.map(\.id) == ["jikji", "haegeum"])
    }

    @Test func kindsAndFilesAreCountedApartAndSmallGroupsStayWhole() {
        func warning(_ file: String, _ place: String, _ message: String) -> Diagnostic {
            Diagnostic(.warning, file: file, place: place, message)
        }
        let many = (0..<25).map { warning("items.json", "[\($0)].name", "\"name \($0)\" is also the name of items.json[\($0 + 100)].name") }
        let few = (0..<3).map { warning("items.json", "[\($0)].desc", "empty") }
        let elsewhere = (0..<12).map { warning("items.en.json", "[\($0)].desc", "empty") }
        let collapsed = RepeatedDiagnostics.collapsed(many + few + elsewhere)
        #expect(collapsed.count == 10 + 3 + 10)
        #expect(collapsed[9].message == "\"name 9\" is also the name of items.json[109].name (and 15 more like it in this file)")
        #expect(Array(collapsed[10..<13]) == few)
        #expect(collapsed.last?.message == "empty (and 2 more like it in this file)")
        // Nothing to collapse: the list is left as it is.
        #expect(RepeatedDiagnostics.collapsed(few + elsewhere.prefix(10)) == few + elsewhere.prefix(10))
    }

    @Test func aHintOrANumberDoesNotMakeAKindButOtherWordsDo() {
        let hinted = (0..<11).map { Diagnostic(.warning, file: "items.json", place: "[\($0)]", "unknown key \"nmae\($0)\"; did you mean \"name\"?") }
        let other = (0..<11).map { Diagnostic(.warning, file: "items.json", place: "[\($0)]", "unknown key \"x\"; ignored \($0) times") }
        let collapsed = RepeatedDiagnostics.collapsed(hinted + other)
        #expect(collapsed.count == 20)
        #expect(collapsed[9].message.hasSuffix("(and 1 more like it in this file)"))
        #expect(collapsed[19].message == "unknown key \"x\"; ignored 9 times (and 1 more like it in this file)")
    }

    @Test func aCollectionWithoutItsPhotosSaysSoInAFewLines() throws {
        let entries = (1...40).map { #"{"name": "출품작 \#($0)", "image_name": "photo-\#($0)"}"# }
        let folder = try TemporaryCatalog([
            "exposition_universelle_1900.json": TemporaryCatalog.seedExposition,
            "items.json": "[" + entries.joined(separator: ",") + "]",
        ])
        let lines = try folder.load().diagnostics.map(\.description).filter { $0.contains("no image") }
        // The poster, the flag and 40 photos: one kind of warning, whatever each image's name.
        #expect(lines.count == RepeatedDiagnostics.shown)
        #expect(lines.first == "poster.*: no image (poster.svg, .png, .jpg, .webp, .heic, .avif, .tif or .gif); a placeholder is shown")
        #expect(lines.last == "photo-8.*: no image (photo-8.svg, .png, .jpg, .webp, .heic, .avif, .tif or .gif); a placeholder is shown (and 32 more images like it)")
    }

    /// A mixed list: kinds past ten and under it, two files, an image name, an error.
    static let mixed: [Diagnostic] = (0..<300).map { index in
        switch index % 7 {
        case 0, 3: Diagnostic(.warning, file: "items.json", place: "[\(index)].images", "the image \"p\(index)\" has no alt text")
        case 1: Diagnostic(.warning, file: "p\(index).*", "no image (p\(index).svg, .png); a placeholder is shown")
        case 2: Diagnostic(.warning, file: "items.en.json", place: "[\(index)].desc", "empty")
        case 4 where index < 60: Diagnostic(.error, file: "items.json", place: "[\(index)]", "not an object")
        case 5 where index < 40: Diagnostic(.warning, file: "tours.json", place: "[\(index)]", "unknown stop")
        default: Diagnostic(.note, file: "items.json", place: "[\(index)].name", "a note \(index)")
        }
    }

    @Test func aFoldGatheredInPiecesSaysWhatCollapsingTheWholeListSays() {
        let whole = RepeatedDiagnostics.collapsed(Self.mixed)
        #expect(whole.count < Self.mixed.count)
        // One at a time, in runs folded apart and joined (as the cores read an items file),
        // and as arrays and slices.
        var oneByOne = DiagnosticFold()
        for diagnostic in Self.mixed { oneByOne.append(diagnostic) }
        #expect(oneByOne.collapsed == whole)
        for cuts in [[1], [7, 150], [0, 10, 11, 299], Array(stride(from: 13, to: 300, by: 13))] {
            var joined = DiagnosticFold()
            var start = 0
            for end in cuts + [Self.mixed.count] {
                var run = DiagnosticFold()
                run.append(contentsOf: Self.mixed[start..<end])
                joined += run
                start = end
            }
            #expect(joined.collapsed == whole, "cut at \(cuts)")
        }
        #expect(oneByOne.hasErrors)
        #expect(!DiagnosticFold(Self.mixed.filter { $0.severity != .error }).hasErrors)
    }

    @Test func aFoldKeepsOnlyTenOfAKindHoweverManyCome() {
        var fold = DiagnosticFold()
        for index in 0..<100_000 {
            fold.append(Diagnostic(.warning, file: "photo-\(index).*", "no image (photo-\(index).svg); a placeholder is shown"))
        }
        let lines = fold.collapsed
        #expect(lines.count == RepeatedDiagnostics.shown)
        #expect(lines.last?.message == "no image (photo-9.svg); a placeholder is shown (and 99990 more images like it)")
    }

    @Test func placesLocatedAfterFoldingAreThePlacesLocatedBefore() {
        let locate = { (diagnostic: Diagnostic) -> Diagnostic in
            var located = diagnostic
            located.place = ":\(diagnostic.place.count):1"
            return located
        }
        #expect(DiagnosticFold(Self.mixed).mapKept(locate).collapsed == RepeatedDiagnostics.collapsed(Self.mixed.map(locate)))
    }
}
