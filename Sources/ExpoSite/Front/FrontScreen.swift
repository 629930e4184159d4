import ExpoCatalog

/// The museum's front page (`serve --catalogs`): its name and words, then its exhibitions,
/// current ones first, then upcoming, then past, each with its poster, title and dates.
struct FrontScreen: Sendable {
    /// Text in a language other than the page's is marked with its own.
    struct Line: Sendable {
        var text: String
        var lang: String?
    }

    struct Text: Sendable {
        var paragraphs: [String]
        var lang: String?
    }

    struct Entry: Sendable {
        var name: String
        var href: String
        var title: String
        var titleLang: String?
        var dates: Line?
        var note: String?
        var poster: ImageModel?
    }

    struct Section: Sendable {
        var id: String
        var heading: String
        var entries: [Entry]
    }

    var frame: PageFrame
    var title: String
    var titleLang: String?
    var text: Text?
    var sections: [Section]
    /// "No exhibitions yet", when the folder holds none.
    var noExhibitions: String
}

extension FrontScreen: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("frame", \.frame),
        .field("title", \.title),
        .field("titleLang", \.titleLang),
        .field("text", \.text),
        .field("sections", \.sections),
        .field("noExhibitions", \.noExhibitions),
    ]
}

extension FrontScreen.Line: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("text", \.text),
        .field("lang", \.lang),
    ]
}

extension FrontScreen.Text: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("paragraphs", \.paragraphs),
        .field("lang", \.lang),
    ]
}

extension FrontScreen.Entry: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("name", \.name),
        .field("href", \.href),
        .field("title", \.title),
        .field("titleLang", \.titleLang),
        .field("dates", \.dates),
        .field("note", \.note),
        .field("poster", \.poster),
    ]
}

extension FrontScreen.Section: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("id", \.id),
        .field("heading", \.heading),
        .field("entries", \.entries),
    ]
}
