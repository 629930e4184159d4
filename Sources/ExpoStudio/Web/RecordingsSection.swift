import ExpoCatalog

/// The exhibit page's recordings: the file each language plays (the draft's, where one was
/// sent), a link to hear it in the preview, and a form that sends a recording for a
/// language. Plain forms; `studio.js` adds dropping and progress as for photos.
enum RecordingsSection {
    static func html(sheet: ExhibitSheet, user: StudioUser, words: StudioStrings) -> String {
        let e = StudioPages.escape
        let path = e(sheet.studioPath)
        var rows = ""
        for language in sheet.languages {
            let file = sheet.current(.audio, language)
            let isNew = sheet.draftedFiles[file] != nil
            let page = GuideEditing.previewPath + (language == sheet.primary ? "" : "\(language.code)/") + sheet.guidePath
            let listen = file.isEmpty ? "" : " <a href=\"\(e(page))\">\(e(words["recording_listen"]))</a>"
            rows += "<li><span class=\"photo-name\">\(e(language.autonym)) (\(e(language.code)))</span> "
                + (file.isEmpty ? e(words["recording_none"]) : e(file))
                + (isNew ? " <span class=\"tag\">\(e(words["photo_new"]))</span>" : "") + listen + "</li>"
        }
        let options = sheet.languages.map { language in
            "<option value=\"\(e(language.code))\">\(e(language.autonym)) (\(e(language.code)))</option>"
        }.joined()
        return """
            <section class="photos recordings" aria-labelledby="recordings-heading">
            <h2 id="recordings-heading">\(e(words["recordings_heading"]))</h2>
            <ul class="gallery">\(rows)</ul>
            <form class="upload" method="post" action="\(path)/files" enctype="multipart/form-data">\(StudioPages.tokenField(user.formToken))
            <label for="recording-language">\(e(words["recording_language"]))</label>
            <select id="recording-language" name="language">\(options)</select>
            <label for="recording-file">\(e(words["recording_choose"]))</label>
            <p class="hint" id="recording-limit">\(e(words["recording_limit", ["megabytes": String(GuideEditing.recordingLimit >> 20)]]))</p>
            <input type="file" id="recording-file" name="files" accept="audio/*,.wav,.flac,.ogg,.opus,.m4a,.mp3,.aif,.aiff,.webm" aria-describedby="recording-limit">
            <progress hidden max="100" value="0"></progress>
            <div class="actions"><button type="submit">\(e(words["recording_send"]))</button></div>
            </form>
            </section>
            """
    }
}
