import ExpoCatalog

/// The exhibit page's pictures: each with its place, whether it has alt text, and buttons
/// to move it or take it out; then a form that sends new photos. Every action is a plain
/// form, so it works without JavaScript; with it, `studio.js` adds dropping files and a
/// progress bar to the same form.
enum PhotosSection {
    struct Outcome {
        let sentName: String
        let message: String
        let isRefusal: Bool
    }

    static func html(sheet: ExhibitSheet, user: StudioUser, words: StudioStrings, outcomes: [Outcome]) -> String {
        let e = StudioPages.escape
        let path = e(sheet.studioPath)
        let token = StudioPages.tokenField(user.formToken)
        let drafted = sheet.draftedFiles.keys.map(CatalogFileName.stem)
        var rows = ""
        let gallery = sheet.gallery
        for (place, image) in gallery.enumerated() {
            let alt = sheet.current(.image(image, "alt"), sheet.primary)
            let anchor = "i-" + String(DraftSave.name(.image(image, "alt"), sheet.primary).map { $0.isLetter || $0.isNumber ? $0 : "-" })
            var notes = ""
            if drafted.contains(image) { notes += " <span class=\"tag\">\(e(words["photo_new"]))</span>" }
            if alt.allSatisfy(\.isWhitespace) {
                notes += " <a class=\"needs\" href=\"#\(anchor)\">\(e(words["photo_needs_alt"]))</a>"
            }
            var buttons = ""
            if image != sheet.id {
                func button(_ action: String, _ label: String, enabled: Bool) -> String {
                    guard enabled else { return "" }
                    return "<button type=\"submit\" name=\"action\" value=\"\(action)\" class=\"secondary\" "
                        + "aria-label=\"\(e(words["photo_\(action)_named", ["name": image]]))\">\(e(label))</button>"
                }
                buttons = "<form method=\"post\" action=\"\(path)/gallery\" class=\"inline\">\(token)"
                    + "<input type=\"hidden\" name=\"image\" value=\"\(e(image))\">"
                    + button("up", words["photo_up"], enabled: place > 1)
                    + button("down", words["photo_down"], enabled: place + 1 < gallery.count)
                    + button("remove", words["photo_remove"], enabled: true) + "</form>"
            } else {
                notes += " <span class=\"tag\">\(e(words["photo_main"]))</span>"
            }
            // A new file for the same picture: its texts stay, its place in the gallery too.
            let field = "replace-\(place)"
            buttons += "<form method=\"post\" action=\"\(path)/files\" enctype=\"multipart/form-data\" class=\"inline upload replace\">\(token)"
                + "<input type=\"hidden\" name=\"replace\" value=\"\(e(image))\">"
                + "<label for=\"\(field)\" class=\"visually-hidden\">\(e(words["photo_replace_named", ["name": image]]))</label>"
                + "<input type=\"file\" id=\"\(field)\" name=\"files\" accept=\"image/*,.svg,.heic,.avif\">"
                + "<progress hidden max=\"100\" value=\"0\"></progress>"
                + "<button type=\"submit\" class=\"secondary\" aria-label=\"\(e(words["photo_replace_named", ["name": image]]))\">\(e(words["photo_replace"]))</button></form>"
            rows += "<li><span class=\"photo-name\">\(place + 1). \(e(image))</span>\(notes)\(buttons)</li>"
        }
        var report = ""
        if !outcomes.isEmpty {
            report = "<div role=\"status\"><ul class=\"upload-report\">" + outcomes.map { outcome in
                "<li class=\"\(outcome.isRefusal ? "message error" : "message")\">\(e(outcome.sentName)): \(e(outcome.message))</li>"
            }.joined() + "</ul></div>"
        }
        return """
            <section class="photos" aria-labelledby="photos-heading">
            <h2 id="photos-heading">\(e(words["photos_heading"]))</h2>
            \(report)
            <ol class="gallery">\(rows)</ol>
            <form class="upload" method="post" action="\(path)/files" enctype="multipart/form-data">\(token)
            <label for="photo-files">\(e(words["photo_choose"]))</label>
            <p class="hint" id="photo-limit">\(e(words["photo_limit", ["megabytes": String(GuideEditing.fileLimit >> 20)]]))</p>
            <input type="file" id="photo-files" name="files" multiple accept="image/*,.svg,.heic,.avif" aria-describedby="photo-limit">
            <progress hidden max="100" value="0"></progress>
            <div class="actions"><button type="submit">\(e(words["photo_send"]))</button></div>
            </form>
            </section>
            """
    }
}
