import ExpoCatalog

/// The browse pages' addresses: `browse/`, a facet's values `browse/maker/` (then
/// `browse/maker/page/2/`), and a value's exhibits `browse/maker/<value>/` (then
/// `…/<value>/page/2/`), in each language's folder like every page.
extension Routes {
    func browse(_ language: Language) -> String { home(language) + "browse/" }

    func facet(_ language: Language, _ facet: String, page: Int = 1) -> String {
        browse(language) + facet + "/" + (page > 1 ? "page/\(page)/" : "")
    }

    func facetValue(_ language: Language, _ facet: String, _ value: String, page: Int = 1) -> String {
        browse(language) + facet + "/" + value + "/" + (page > 1 ? "page/\(page)/" : "")
    }
}
