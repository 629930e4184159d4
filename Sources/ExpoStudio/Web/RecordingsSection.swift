import ExpoCatalog
import ExpoSite

/// The exhibit page's recordings: the file each language plays (the draft's, where one was
/// sent), a link to hear it in the preview, and a form that sends a recording for a
/// language. Plain forms; `studio.js` adds dropping and progress as for photos.
struct RecordingsSection: TemplateObject {
    struct Recording: TemplateObject {
        let code: String
        let autonym: String
        let file: String?
        let isNew: Bool
        let listen: String?
        static let templateFields: TemplateFields<Self> = [
            .field("code", \.code), .field("autonym", \.autonym), .field("file", \.file), .field("isNew", \.isNew), .field("listen", \.listen),
        ]
    }

    let recordings: [Recording]
    let limit: String

    init(sheet: ExhibitSheet, words: StudioStrings) {
        recordings = sheet.languages.map { language in
            let file = sheet.current(.audio, language)
            let page = GuideEditing.previewPath + (language == sheet.primary ? "" : "\(language.code)/") + sheet.guidePath
            return Recording(code: language.code, autonym: language.autonym, file: file.isEmpty ? nil : file,
                             isNew: sheet.draftedFiles[file] != nil, listen: file.isEmpty ? nil : page)
        }
        limit = words["recording_limit", ["megabytes": String(GuideEditing.recordingLimit >> 20)]]
    }

    static let templateFields: TemplateFields<Self> = [.field("recordings", \.recordings), .field("limit", \.limit)]
}
