import ExpoCatalog

/// Whole catalogs in and out: a form that sends spreadsheets; what the one waiting would
/// add, change and remove, and what reading it found, with a preview of the guide it
/// makes, before an editor takes it or drops it; and the catalog as a zip.
enum ImportPage {
    /// Each list shows at most this many rows; the counts are always whole.
    static let shown = 300

    static func html(context: StudioContext, user: StudioUser, staged: StagedImport?, message: String?, isAlert: Bool) -> String {
        let words = StudioStrings.of(context.language)
        let e = StudioPages.escape
        let token = StudioPages.tokenField(user.formToken)
        var report = ""
        if let message {
            report = "<p class=\"message\(isAlert ? " error" : "")\" role=\"\(isAlert ? "alert" : "status")\" tabindex=\"-1\" id=\"report\">\(e(message))</p>"
        }
        var waiting = ""
        if let staged {
            let result = staged.result
            func list(_ kind: SheetImport.Kind) -> String {
                let rows = result.changes.filter { $0.kind == kind }
                guard !rows.isEmpty else { return "" }
                let items = rows.prefix(shown).map { change in
                    "<li><span class=\"sheet-name\">\(e(change.sheet))</span> \(e(change.key))"
                        + (change.columns.isEmpty ? "" : ": " + e(change.columns.joined(separator: ", "))) + "</li>"
                }.joined() + (rows.count > shown ? "<li>\(e(words["translations_more", ["count": String(rows.count - shown)]]))</li>" : "")
                return "<h3>\(e(words["import_\(kind.rawValue)", ["count": String(rows.count)]]))</h3><ul>\(items)</ul>"
            }
            let problems = result.diagnostics.prefix(shown).map { diagnostic in
                "<li class=\"\(diagnostic.severity == .error ? "error" : diagnostic.severity.rawValue)\">\(e(diagnostic.line))</li>"
            }.joined() + (result.diagnostics.count > shown
                ? "<li>\(e(words["translations_more", ["count": String(result.diagnostics.count - shown)]]))</li>" : "")
            let errors = result.diagnostics.filter { $0.severity == .error }.count
            let take = result.hasErrors
                ? "<p class=\"message error\">\(e(words["import_blocked", ["count": String(errors)]]))</p>"
                : "<form method=\"post\" action=\"/studio/import/take\" class=\"inline\">\(token)"
                    + "<button type=\"submit\">\(e(words["import_take"]))</button></form>"
            waiting = """
                <section aria-labelledby="waiting">
                <h2 id="waiting">\(e(words["import_waiting", ["files": staged.sheets.keys.sorted().joined(separator: ", ")]]))</h2>
                <p>\(e(words["import_sent_by", ["name": staged.account, "time": StudioPages.time(staged.time)]]))</p>
                <p class="counts">\(e(words["import_counts", ["added": String(result.changes.filter { $0.kind == .added }.count),
                                                              "changed": String(result.changes.filter { $0.kind == .changed }.count),
                                                              "removed": String(result.changes.filter { $0.kind == .removed }.count),
                                                              "problems": String(result.diagnostics.count)]]))</p>
                \(result.catalog == nil ? "" : "<ul class=\"links\"><li><a href=\"\(GuideEditing.importPreviewPath)\">\(e(words["import_preview"]))</a></li></ul>")
                \(problems.isEmpty ? "" : "<h3>\(e(words["import_problems"]))</h3><ul class=\"problems\">\(problems)</ul>")
                \(list(.added))\(list(.changed))\(list(.removed))
                \(take)
                <form method="post" action="/studio/import/drop" class="inline">\(token)<button type="submit" class="secondary">\(e(words["import_drop"]))</button></form>
                </section>
                """
        }
        let main = """
            <h1>\(e(words["import_heading"]))</h1>
            \(report)
            <p>\(e(words["import_lead"]))</p>
            <form method="post" action="/studio/import" enctype="multipart/form-data" class="upload">\(token)
            <label for="sheets">\(e(words["import_files"]))</label>
            <input type="file" id="sheets" name="files" multiple accept=".csv,.tsv,.txt,text/csv" aria-describedby="sheets-hint">
            <p id="sheets-hint" class="hint">\(e(words["import_hint"]))</p>
            <progress hidden max="100" value="0"></progress>
            <button type="submit">\(e(words["import_send"]))</button></form>
            \(waiting)
            <h2>\(e(words["zip_heading"]))</h2>
            <p>\(e(words["zip_lead"]))</p>
            <ul class="links"><li><a href="/studio/catalog.zip" download>\(e(words["zip_link"]))</a></li></ul>
            """
        return StudioPages.page(words["import_heading"], main: main, context: context, user: user)
    }
}
