import ExpoCatalog

/// An exhibit's object facts as a definition list, and the link to its IIIF manifest.
struct ExhibitFacts: Sendable {
    struct Row: Sendable {
        var label: String
        var value: String
        /// Set when the value is a web address (a licence), shown as a link.
        var href: String?
    }

    var heading: String
    var rows: [Row]
    var manifestHref: String?
    var manifestLabel: String

    init(_ facts: ObjectFacts, strings: ExhibitStrings, manifestHref: String?) {
        heading = strings.aboutObject
        rows = ObjectFacts.keys.compactMap { key, path in
            let value = facts[keyPath: path]
            guard !value.isEmpty else { return nil }
            return Row(label: strings.label(forFact: key), value: value, href: WebAddress.isWeb(value) ? value : nil)
        } + facts.fields.map { Row(label: $0.label, value: $0.value) }
        self.manifestHref = manifestHref
        manifestLabel = strings.iiifManifest
    }
}

/// Whether a catalog text is a web address a page may link to.
enum WebAddress {
    static func isWeb(_ text: String) -> Bool {
        (text.hasPrefix("https://") || text.hasPrefix("http://")) && !text.contains(where: \.isWhitespace)
    }
}

extension ExhibitFacts: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("heading", \.heading),
        .field("rows", \.rows),
        .field("manifestHref", \.manifestHref),
        .field("manifestLabel", \.manifestLabel),
    ]
}

extension ExhibitFacts.Row: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("label", \.label),
        .field("value", \.value),
        .field("href", \.href),
    ]
}
