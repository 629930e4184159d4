import ExpoCatalog

/// One printed label: the stop number, the exhibit's name in the primary language and in
/// one other, its short text (clipped by the stylesheet to the label's fixed size), and
/// the QR code to its stop.
struct WallLabel: Sendable {
    var stop: String
    /// "Stop 12", for a screen reader; the number alone is printed large.
    var stopLabel: String
    var name: String
    var otherName: String?
    var otherLang: String?
    var otherDir: String?
    var shortText: String
    var code: LabelCode?
    /// Under the code: "Scan or type stop 12"; only when there is a code.
    var hint: String?
    /// In place of the code, when the guide's public address is not known.
    var noCode: String?

    /// `other`: the same exhibit in the catalog's other language, when it has its own name there.
    init(_ exhibit: Exhibit, stop: Int, other: (exhibit: Exhibit, language: Language, dir: String)?, url: String?, strings: LabelStrings) {
        self.stop = String(stop)
        stopLabel = strings.stop(stop)
        name = exhibit.displayName
        if let other, other.exhibit.displayName != name {
            otherName = other.exhibit.displayName
            otherLang = other.language.code
            otherDir = other.dir
        }
        shortText = exhibit.shortDescription
        code = url.flatMap { LabelCode($0, strings: strings) }
        hint = code == nil ? nil : strings.scanHint(stop)
        noCode = code == nil ? strings.noCode : nil
    }
}

extension WallLabel: TemplateObject {
    static let templateFields: TemplateFields<Self> = [
        .field("stop", \.stop),
        .field("stopLabel", \.stopLabel),
        .field("name", \.name),
        .field("otherName", \.otherName),
        .field("otherLang", \.otherLang),
        .field("otherDir", \.otherDir),
        .field("shortText", \.shortText),
        .field("code", \.code),
        .field("hint", \.hint),
        .field("noCode", \.noCode),
    ]
}
