import ExpoTestSupport
import Testing
@testable import ExpoCatalog

@Suite struct ValidationReportTests {
    @Test func summarisesAServableCatalog() throws {
        let catalog = try TemporaryCatalog.seed().load(publishingCheck: true)
        // The seed apps' format has no alt text: servable, but not ready to publish.
        let report = ValidationReport(loading: .success(catalog), strict: false)
        #expect(report.lines == [
            "warning: items.json[0]: the image \"jikji\" has no alt text; the exhibit's name stands in for it",
            "warning: items.json[1]: the image \"haegeum\" has no alt text; the exhibit's name stands in for it",
            "2 exhibits, 1 language (ko main), alt text 0/2 images, 0 errors, 2 warnings",
        ])
        #expect(report.exitStatus == 0)
        #expect(ValidationReport(loading: .success(catalog), strict: true).exitStatus == 1)
        var described = catalog
        for position in described.primary.exhibits.indices {
            described.primary.exhibits[position].images[0].alt = "A picture"
        }
        described.publishingNotes = []
        let clean = ValidationReport(loading: .success(described), strict: true)
        #expect(clean.lines == ["2 exhibits, 1 language (ko main), alt text 2/2 images, 0 errors, 0 warnings"])
        #expect(clean.exitStatus == 0)
    }

    @Test func warningsFailOnlyWhenStrict() throws {
        let folder = try TemporaryCatalog.seed()
        try folder.write("items.json", TemporaryCatalog.seedItems.replacingOccurrences(of: "\"두 줄 현악기\"", with: "null"))
        let catalog = try folder.load(publishingCheck: true)
        let lenient = ValidationReport(loading: .success(catalog), strict: false)
        #expect(lenient.lines.first == "warning: items.json[1].short_desc: null")
        #expect(lenient.lines.last == "2 exhibits, 1 language (ko main), alt text 0/2 images, 0 errors, 3 warnings")
        #expect(lenient.exitStatus == 0)
        #expect(ValidationReport(loading: .success(catalog), strict: true).exitStatus == 1)
    }

    @Test func listsEveryProblemOfACatalogThatCannotBeServed() {
        let error = CatalogError.invalid(path: "/c", diagnostics: [
            Diagnostic(.error, file: "items.json", place: ":2:3", "malformed JSON: unexpected '}'"),
            Diagnostic(.warning, file: "flag.*", "no image"),
        ])
        let report = ValidationReport(loading: .failure(error), strict: false)
        #expect(report.lines == [
            "error: items.json:2:3: malformed JSON: unexpected '}'",
            "warning: flag.*: no image",
            "1 error, 1 warning: the catalog cannot be served",
        ])
        #expect(report.exitStatus == 1)
        #expect(report.failure == nil)
    }

    @Test func aPathThatIsNotACatalogIsOneLineForStandardError() {
        let report = ValidationReport(loading: .failure(.notFound(path: "/nowhere")), strict: false)
        #expect(report.lines.isEmpty)
        #expect(report.failure == "/nowhere: no such file or folder")
        #expect(report.exitStatus == 2)
    }
}
