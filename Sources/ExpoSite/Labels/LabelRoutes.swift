import ExpoCatalog

/// The curators' pages, in the primary language's space only (a label names its exhibit
/// in the primary language and one other): `/labels/`, `/labels/2/`, `/labels/letter/`,
/// `/labels/letter/2/` and `/labels/poster/`; the sheets whose codes carry a version under
/// its code (`/labels/sign/`, `/labels/easy/letter/2/`).
extension Routes {
    func labels(_ paper: LabelPaper, page: Int, version: GuideVersion? = nil) -> String {
        "/labels/" + (version.map { "\($0.code)/" } ?? "") + paper.folder + (page <= 1 ? "" : "\(page)/")
    }

    var poster: String { "/labels/poster/" }

    /// Whether a path is one of the labels' pages, which the service worker does not keep.
    static func isLabelsPage(_ path: String) -> Bool { path.hasPrefix("/labels/") }

    /// The page a path under `/labels/` names, read back as `labels(_:page:)` writes it;
    /// nil when there is no such page.
    func labelsJob(_ rest: Substring, pageCount: Int, versions: [GuideVersion] = []) -> PageJob? {
        if rest == "poster/" { return .poster }
        var rest = rest
        let version = versions.first { rest.hasPrefix("\($0.code)/") }
        if let version { rest = rest.dropFirst(version.code.count + 1) }
        var paper = LabelPaper.a4
        if rest.hasPrefix(LabelPaper.letter.folder) {
            paper = .letter
            rest = rest.dropFirst(LabelPaper.letter.folder.count)
        }
        if rest.isEmpty { return .labels(paper, page: 1, version: version) }
        guard rest.hasSuffix("/") else { return nil }
        let digits = rest.dropLast()
        // Only the number as `labels(_:page:)` writes it: `02/` is not page 2.
        guard let page = Int(digits), page >= 2, page <= pageCount, String(page) == digits else { return nil }
        return .labels(paper, page: page, version: version)
    }
}
