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
    /// The symbols of the versions the stop has besides the standard one, and for a screen
    /// reader what they say ("Also at this stop: Audio description, Easy read").
    var versions: [Mark]
    var versionsText: String?

    struct Mark: Sendable {
        var symbol: HTML
        var name: String
    }

    /// The versions `exhibit` has that a visitor may choose, as marks; those made only (a
    /// recording or video that could not be made is no version to offer).
    static func versions(of exhibit: Exhibit, assets: SiteAssets, strings: VersionStrings) -> [Mark] {
        guard exhibit.hasVersions else { return [] }
        let versions = exhibit.versions
        return versions.kinds.filter { kind in
            switch kind {
            case .audioDescription: versions.audioDescription.flatMap(assets.recording) != nil
            case .sign: versions.signVideo.flatMap { assets.video($0.file) } != nil
            default: true
            }
        }.map { Mark(symbol: VersionSymbol.svg($0), name: strings.name($0)) }
    }

    /// `other`: the same exhibit in the catalog's other language, when it has its own name there.
    init(_ exhibit: Exhibit, stop: Int, other: (exhibit: Exhibit, language: Language, dir: String)?, url: String?, strings: LabelStrings,
         versions: [Mark] = []) {
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
        self.versions = versions
        versionsText = versions.isEmpty ? nil : strings.alsoHere + ": " + versions.map(\.name).joined(separator: ", ")
    }
}

extension WallLabel: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
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
        .field("versions", \.versions),
        .field("versionsText", \.versionsText),
    ]
}

extension WallLabel.Mark: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("symbol", \.symbol),
        .field("name", \.name),
    ]
}
