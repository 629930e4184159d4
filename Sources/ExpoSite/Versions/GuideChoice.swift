import ExpoCatalog

/// "How would you like the guide?" on screen 1 and the list: the versions the catalog has in
/// the page's language, as radio buttons. The script keeps the choice on the device (no
/// cookie) and every page follows it; without a script every page shows every version, and
/// the chooser is hidden (`noscript.css`), as it could keep nothing.
struct GuideChoice: Sendable {
    struct Option: Sendable {
        var code: String
        var label: String
        var symbol: HTML
        /// What the status line says once it is chosen.
        var chosen: String
        /// Checked in the page as sent: the script checks the visitor's choice.
        var isStandard: Bool
    }

    var heading: String
    var note: String
    var options: [Option]

    /// Nil when the catalog has no version in `language` besides the standard one.
    init?(_ language: Language, strings: UIStrings, assets: SiteAssets) {
        let offered = assets.offeredVersions(language)
        guard !offered.isEmpty else { return nil }
        heading = strings.versions.choice
        note = strings.versions.choiceNote
        options = ([.standard] + offered).map { version in
            Option(code: version.code, label: strings.versions.name(version), symbol: VersionSymbol.svg(version),
                   chosen: strings.versions.chosen(version), isStandard: version == .standard)
        }
    }
}

extension GuideChoice: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("heading", \.heading),
        .field("note", \.note),
        .field("options", \.options),
    ]
}

extension GuideChoice.Option: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("code", \.code),
        .field("label", \.label),
        .field("symbol", \.symbol),
        .field("chosen", \.chosen),
        .field("isStandard", \.isStandard),
    ]
}
