import ExpoCatalog
import Foundation

/// One exhibit's texts (or the exposition's) in every language side by side, as a plain form: saving keeps a
/// draft. Messages from reading the draft stand at the fields they are about; after a
/// refused save, what was saved meanwhile stands under the person's own text.
enum ExhibitPage {
    struct Conflict {
        /// Texts saved meanwhile, by form field name.
        let theirs: [String: String]
        /// Who saved them; nil when the file changed on disk.
        let account: String?
        /// The person's own texts, kept in the form.
        let save: DraftSave
    }

    static func html(context: StudioContext, user: StudioUser, sheet: ExhibitSheet, name: String, message: String? = nil,
                     conflict: Conflict? = nil, problems: [EntryProblem] = [], photos: [PhotosSection.Outcome]? = nil,
                     placeLink: Bool = false, players: [String: String] = [:], addsFloors: Bool = false) -> String {
        let words = StudioStrings.of(context.language)
        let e = StudioPages.escape
        let path = e(sheet.studioPath)
        var groups: [(title: String, fields: [EntryField])] = []
        let own = sheet.fields.filter { $0.image == nil && $0.fact == nil && $0.item == nil }
        if !own.isEmpty { groups.append((words[sheet.document == .exposition ? "group_exposition" : "group_texts"], own)) }
        for item in sheet.fields.compactMap(\.item).uniqued() {
            let title = sheet.itemTitles[item] ?? item
            groups.append((words[sheet.document == .floors ? "group_floor" : "group_tour", ["name": title]], sheet.fields.filter { $0.item == item }))
        }
        for image in sheet.fields.compactMap(\.image).uniqued() {
            groups.append((words["group_image", ["name": image]], sheet.fields.filter { $0.image == image }))
        }
        for fact in sheet.fields.compactMap(\.fact).uniqued() {
            groups.append((words["group_fact", ["number": String(fact)]], sheet.fields.filter { $0.fact == fact }))
        }
        let byField = Dictionary(grouping: problems) { problem in
            problem.field.map { DraftSave.name($0, problem.language) } ?? ""
        }
        var sections = ""
        for group in groups {
            sections += "<fieldset class=\"group\"><legend>\(e(group.title))</legend>\n"
            for field in group.fields {
                let languages = sheet.languages.filter { language in sheet.fields(in: language).contains(field) }
                sections += "<div class=\"field\"><p class=\"field-name\">\(e(words["field_\(field.key)"]))</p><div class=\"languages\">"
                for language in languages {
                    let name = DraftSave.name(field, language)
                    let text = conflict?.save.text(field, language, in: sheet) ?? sheet.current(field, language)
                    let input = "i-" + String(name.map { $0.isLetter || $0.isNumber ? $0 : "-" })
                    var described: [String] = []
                    var notes = ""
                    for (index, problem) in (byField[name] ?? []).enumerated() {
                        let note = "\(input)-m\(index)"
                        described.append(note)
                        let severity = words["severity_\(problem.diagnostic.severity.rawValue)"]
                        notes += "<p class=\"message \(problem.diagnostic.severity.rawValue)\" id=\"\(note)\">\(e(severity)): \(e(problem.diagnostic.message))</p>"
                    }
                    if let theirs = conflict?.theirs[name] {
                        let note = "\(input)-theirs"
                        described.append(note)
                        notes += "<div class=\"theirs\" id=\"\(note)\"><p>\(e(words["theirs"]))</p><p lang=\"\(e(language.code))\">\(e(theirs.isEmpty ? words["empty_text"] : theirs))</p></div>"
                    }
                    let attributes = "id=\"\(input)\" name=\"\(e(name))\" lang=\"\(e(language.code))\" dir=\"\(language.isRightToLeft ? "rtl" : "ltr")\""
                        + (described.isEmpty ? "" : " aria-describedby=\"\(described.joined(separator: " "))\"")
                    let box = field.isLong || text.count > 120 || text.contains("\n")
                        ? "<textarea \(attributes) rows=\"\(field.isLong ? 8 : 3)\">\(e(text))</textarea>"
                        : "<input \(attributes) value=\"\(e(text))\"\(field.isNumber ? " inputmode=\"numeric\"" : "")\(field == .stop ? " placeholder=\"\(sheet.stop)\"" : "")>"
                    if field == .transcriptText, let player = players[language.code] {
                        // The recording beside its transcript: a cue's times are taken from where it plays.
                        notes += "<div class=\"transcript-player\" data-for=\"\(input)\"><audio controls preload=\"metadata\" src=\"\(e(player))\"></audio>"
                            + "<button type=\"button\" class=\"secondary cue-time\" hidden>\(e(words["cue_time"]))</button></div>"
                    }
                    sections += "<div class=\"language\"><label for=\"\(input)\">\(e(language.autonym)) <span class=\"code\">(\(e(language.code)))</span></label>\(box)\(notes)</div>"
                }
                sections += "</div></div>\n"
            }
            sections += "</fieldset>\n"
        }
        let versions = sheet.languages.map { language in
            "<input type=\"hidden\" name=\"version.\(e(language.code))\" value=\"\(e(sheet.version(language)))\">"
        }.joined()
        var state = words["no_draft"]
        if let draft = sheet.draft {
            state = words["draft_state", ["account": draft.account, "time": StudioPages.time(draft.updated)]]
            if draft.submitted { state += " " + words["draft_submitted"] }
        }
        var notice = ""
        if let conflict {
            notice = "<div class=\"notice alert\" role=\"alert\"><h2>\(e(words["conflict_heading"]))</h2><p>"
                + e(conflict.account.map { words["conflict_draft", ["account": $0]] } ?? words["conflict_disk"]) + "</p></div>"
        } else if let message {
            notice = "<p class=\"notice\" role=\"status\">\(e(message))</p>"
        }
        var actions = "<button type=\"submit\">\(e(words["save_draft"]))</button>"
        var after = ""
        if sheet.draft != nil {
            after += "<form method=\"post\" action=\"\(path)/submit\">\(StudioPages.tokenField(user.formToken))"
                + "<button type=\"submit\" class=\"secondary\">\(e(words["submit_review"]))</button></form>"
            if user.account.role.may(.publish) {
                after += "<form method=\"post\" action=\"/studio/publish\">\(StudioPages.tokenField(user.formToken))"
                    + "<input type=\"hidden\" name=\"exhibit\" value=\"\(e(sheet.id))\"><button type=\"submit\" class=\"secondary\">\(e(words["publish_this"]))</button></form>"
            }
        }
        actions = "<div class=\"actions\">\(actions)</div>"
        // Each tour's stops and length are built on a page of their own.
        let tourLinks = sheet.document == .tours
            ? sheet.fields.compactMap(\.item).uniqued().map { id in
                "<li><a href=\"/studio/tour-stops/\(e(StudioRouter.pathSegment(id)))\">\(e(sheet.itemTitles[id] ?? id)): \(e(words["tour_stops_link"]))</a></li>"
            }.joined() : ""
        let main = """
            <h1>\(e(name))</h1>
            \(notice)
            <p>\(e(words[sheet.document.map { "\($0.rawValue.dropFirst())_lead" } ?? "edit_lead"]))</p>
            <p>\(e(state))</p>
            <ul class="links"><li><a href="\(GuideEditing.previewPath)\(e(sheet.guidePath))">\(e(words["preview_link"]))</a></li>\
            <li><a href="/\(e(sheet.guidePath))">\(e(words["public_link"]))</a></li>\
            <li><a href="\(path)/history">\(e(words["history_link"]))</a></li>\
            \(placeLink ? "<li><a href=\"\(path)/place\">\(e(words["place_link"]))</a></li>" : "")\
            \(tourLinks)</ul>
            \(photos.map { PhotosSection.html(sheet: sheet, user: user, words: words, outcomes: $0) + RecordingsSection.html(sheet: sheet, user: user, words: words) } ?? "")
            <form class="exhibit" method="post" action="\(path)">
            \(StudioPages.tokenField(user.formToken))
            <input type="hidden" name="revision" value="\(sheet.revision)">\(versions)
            \(sections)
            \(actions)
            </form>
            <div class="actions">\(after)</div>
            \(addsFloors ? NewFloorSection.html(user: user, words: words) : "")
            """
        return StudioPages.page(name, main: main, context: context, user: user)
    }
}

extension Sequence where Element: Hashable {
    /// The elements in their order, each once.
    func uniqued() -> [Element] {
        var seen: Set<Element> = []
        return filter { seen.insert($0).inserted }
    }
}
