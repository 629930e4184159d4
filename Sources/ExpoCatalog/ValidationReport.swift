import Foundation

/// What `expo1900 validate` prints and the exit status it ends with, worked out without
/// printing so that it can be tested.
public struct ValidationReport: Sendable {
    /// One line per diagnostic, then the summary; for standard output.
    public var lines: [String]
    /// The one line for standard error when the path is not a catalog at all.
    public var failure: String?
    /// 0: the catalog can be served; 1: it cannot (or, when strict, it has warnings);
    /// 2: the path does not exist or is not a catalog.
    public var exitStatus: Int32
    private var diagnostics: [Diagnostic] = []
    private var summary: [(key: String, value: JSONValue)] = []

    /// The same report for a script: every diagnostic and the counts, as one JSON object.
    public var json: String { JSONWriter.text(jsonValue) }

    var jsonValue: JSONValue {
        .object([
            ("status", .string(exitStatus == 0 ? "ok" : exitStatus == 1 ? "failed" : "not a catalog")),
            ("exit_status", .integer(Int(exitStatus))),
        ] + summary + [
            ("diagnostics", .array(diagnostics.map { diagnostic in
                .object([("severity", .string(diagnostic.severity.rawValue)), ("file", .string(diagnostic.file)),
                         ("place", .string(diagnostic.place)), ("message", .string(diagnostic.message))])
            })),
        ] + (failure.map { [("failure", JSONValue.string($0))] } ?? []))
    }

    public init(loading result: Result<Catalog, CatalogError>, strict: Bool) {
        switch result {
        case let .success(catalog):
            diagnostics = catalog.diagnostics + catalog.publishingNotes
            let warnings = diagnostics.filter { $0.severity == .warning }
            let notes = diagnostics.count - warnings.count
            let coverage = catalog.altTextCoverage
            summary = [
                ("exhibits", .integer(catalog.exhibitCount)),
                ("tours", .integer(catalog.primary.tours.count)),
                ("languages", .array(catalog.editions.map { edition in
                    .object([("code", .string(edition.language.code)), ("main", .bool(edition.language == catalog.primary.language)),
                             ("missing_texts", .integer(edition.missingTranslations))])
                })),
                ("alt_text", .object([("described", .integer(coverage.described)), ("images", .integer(coverage.images))])),
                ("errors", .integer(0)),
                ("warnings", .integer(warnings.count)),
                ("notes", .integer(notes)),
            ]
            lines = diagnostics.map(\.line)
            if let versions = Self.versionsLine(catalog) {
                lines.append(versions.line)
                summary.insert(("versions", versions.json), at: 4)
            }
            let alt = catalog.altTextCoverage
            lines.append(([
                Self.count(catalog.exhibitCount, "exhibit"),
            ] + (catalog.primary.tours.isEmpty ? [] : [Self.count(catalog.primary.tours.count, "tour")]) + [
                Self.count(catalog.languages.count, "language") + " (\(Self.translationCounts(catalog)))",
                "alt text \(alt.described)/\(alt.images) images",
                Self.count(0, "error"),
                Self.count(warnings.count, "warning"),
            ]).joined(separator: ", ") + (notes > 0 ? ", " + Self.count(notes, "note") : ""))
            exitStatus = strict && !warnings.isEmpty ? 1 : 0
        case let .failure(.invalid(_, found)):
            diagnostics = found
            let errors = diagnostics.filter { $0.severity == .error }.count
            let warnings = diagnostics.filter { $0.severity == .warning }.count
            let notes = diagnostics.count - errors - warnings
            summary = [("errors", .integer(errors)), ("warnings", .integer(warnings)), ("notes", .integer(notes))]
            lines = diagnostics.map(\.line)
            lines.append("\(Self.count(errors, "error")), \(Self.count(warnings, "warning"))"
                         + (notes > 0 ? ", " + Self.count(notes, "note") : "") + ": the catalog cannot be served")
            exitStatus = 1
        case let .failure(error):
            lines = []
            failure = error.description
            exitStatus = 2
        }
    }

    /// "ko main, en complete, fr 12 texts missing": how much of each translation is there.
    static func translationCounts(_ catalog: Catalog) -> String {
        (["\(catalog.primary.language.code) main"] + catalog.translations.map { edition in
            let missing = edition.missingTranslations
            return "\(edition.language.code) " + (missing == 0 ? "complete" : "\(count(missing, "text")) missing")
        }).joined(separator: ", ")
    }

    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
