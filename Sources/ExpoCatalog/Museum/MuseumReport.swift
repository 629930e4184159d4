/// What `expo1900 validate --catalogs DIR` prints: the folder's own problems (names that
/// cannot be an address, `museum.json`), then each exhibition's report, each line led by
/// the exhibition's name, and the exit status of the worst of them.
public struct MuseumReport: Sendable {
    public var lines: [String] = []
    /// Lines for standard error: an exhibition that is not a catalog at all.
    public var failures: [String] = []
    /// 0: every exhibition can be served; 1: one cannot (or, when strict, has warnings), or
    /// the folder has errors of its own.
    public var exitStatus: Int32 = 0
    private var value: JSONValue = .null

    public init(folder: MuseumFolder, reports: [(name: String, report: ValidationReport)], strict: Bool) {
        lines = folder.diagnostics.map(\.line)
        let folderErrors = folder.diagnostics.contains { $0.severity == .error }
        let folderWarnings = folder.diagnostics.contains { $0.severity == .warning }
        if folderErrors || (strict && folderWarnings) { exitStatus = 1 }
        for (name, report) in reports {
            lines += report.lines.map { "\(name): \($0)" }
            if let failure = report.failure { failures.append("\(name): \(failure)") }
            // A sub-folder that is no catalog is an exhibition that cannot be served.
            exitStatus = max(exitStatus, min(report.exitStatus, 1))
        }
        let servable = reports.filter { $0.report.exitStatus == 0 }.count
        lines.append("\(servable) of \(reports.count) exhibitions can be served" + (folderErrors ? "; the folder has errors of its own" : ""))
        value = .object([
            ("status", .string(exitStatus == 0 ? "ok" : "failed")),
            ("exit_status", .integer(Int(exitStatus))),
            ("diagnostics", .array(folder.diagnostics.map { diagnostic in
                .object([("severity", .string(diagnostic.severity.rawValue)), ("file", .string(diagnostic.file)),
                         ("place", .string(diagnostic.place)), ("message", .string(diagnostic.message))])
            })),
            ("exhibitions", .array(reports.map { name, report in
                guard case let .object(members) = report.jsonValue else { return report.jsonValue }
                return .object([("name", .string(name))] + members)
            })),
        ])
    }

    public var json: String { JSONWriter.text(value) }
}
