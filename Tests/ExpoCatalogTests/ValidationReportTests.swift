import ExpoTestSupport
import Testing
@testable import ExpoCatalog

@Suite struct ValidationReportTests {
    @Test func summarisesAServableCatalog() throws {
        let catalog = try TemporaryCatalog.seed().load()
        let report = ValidationReport(loading: .success(catalog), strict: true)
        #expect(report.lines == ["2 exhibits, 1 language, 0 errors, 0 warnings"])
        #expect(report.exitStatus == 0)
    }

    @Test func warningsFailOnlyWhenStrict() throws {
        let folder = try TemporaryCatalog.seed()
        try folder.write("items.json", TemporaryCatalog.seedItems.replacingOccurrences(of: "\"두 줄 현악기\"", with: "null"))
        let catalog = try folder.load()
        let lenient = ValidationReport(loading: .success(catalog), strict: false)
        #expect(lenient.lines == ["warning: items.json[1].short_desc: null", "2 exhibits, 1 language, 0 errors, 1 warning"])
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
