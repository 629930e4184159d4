import ExpoTestSupport
import Foundation
import Testing
@testable import ExpoCatalog

/// 1,000 seeded mutations of the default catalog's JSON: loading and validating never
/// crashes, and every problem reported names a file.
@Suite struct HostileCatalogTests {
    static let replacements = ["null", "0", "-1", "1e999", "99999999999999999999999", "[]", "{}", "true", "\"\"", "\"../../etc\"",
                               "[[[[1]]]]", "NaN", "-0", "3000000000000000", "1e-320"]

    @Test func a1000MutationsNeverCrashAndAlwaysNameAFile() throws {
        guard let source = CatalogLoader.defaultCatalogURL else { Issue.record("no default catalog"); return }
        let files = ["items.json", "exposition_universelle_1900.json", "items.en.json", "exposition_universelle_1900.en.json"]
        let originals = try files.map { [UInt8](try Data(contentsOf: source.appendingPathComponent($0))) }
        let folder = try TemporaryCatalog()
        var mutation = Mutation(seed: 1900, replacements: Self.replacements)
        var outcomes = (loaded: 0, refused: 0)
        for round in 0..<1000 {
            let target = Int.random(in: 0..<files.count, using: &mutation.generator)
            for (index, name) in files.enumerated() {
                let bytes = index == target ? mutation.apply(originals[index]) : originals[index]
                try folder.write(name, Data(bytes))
            }
            let result = Result { () throws(CatalogError) in try CatalogLoader.load(at: folder.url, options: .init(pdfConverter: nil)) }
            let report = ValidationReport(loading: result, strict: false)
            #expect(report.exitStatus == 0 || report.exitStatus == 1, "round \(round): exit status \(report.exitStatus)")
            let diagnostics: [Diagnostic]
            switch result {
            case let .success(catalog): diagnostics = catalog.diagnostics; outcomes.loaded += 1
            case let .failure(error): diagnostics = error.diagnostics; outcomes.refused += 1
            }
            for diagnostic in diagnostics {
                #expect(!diagnostic.file.isEmpty, "round \(round): \(diagnostic) names no file")
            }
            // Every line but the counts (of the versions, then of everything) names a file.
            for line in report.lines.dropLast() where !line.hasPrefix("versions of the exhibits: ") {
                #expect(line.wholeMatch(of: /(error|warning): [^:\s]+(\.json|\.\*)[:\[.].*/) != nil, "round \(round): \(line)")
            }
        }
        // Both kinds must occur, or the mutations are not testing what they claim to.
        #expect(outcomes.loaded > 50 && outcomes.refused > 50, "\(outcomes)")
    }
}
