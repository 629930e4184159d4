import ExpoCatalog

/// Where an exhibit is on the plans: a plain form (a floor, then across and down in
/// percent) that works without JavaScript; with it, `studio.js` shows the chosen floor's
/// plan with the exhibit's pin, which is placed by clicking the plan, by dragging, or with
/// the arrow keys (1 %, with Shift 0.1 %), each move said to screen readers.
enum PlacePage {
    struct Plan {
        let floor: Floor
        /// Where the studio serves the plan's image; nil when the browser cannot show it.
        let imagePath: String?
    }

    static func html(context: StudioContext, user: StudioUser, sheet: ExhibitSheet, name: String, plans: [Plan],
                     message: String?, isAlert: Bool, problems: [EntryProblem]) -> String {
        let words = StudioStrings.of(context.language)
        let e = StudioPages.escape
        let path = e(sheet.studioPath)
        let floor = sheet.current(.floor, sheet.primary)
        let x = sheet.current(.x, sheet.primary), y = sheet.current(.y, sheet.primary)
        let options = "<option value=\"\"\(floor.isEmpty ? " selected" : "")>\(e(words["place_nowhere"]))</option>"
            + plans.map { plan in
                "<option value=\"\(e(plan.floor.id))\"\(plan.floor.id == floor ? " selected" : "")>\(e(plan.floor.name.isEmpty ? plan.floor.id : plan.floor.name))</option>"
            }.joined()
        let figures = plans.compactMap { plan -> String? in
            guard let image = plan.imagePath else { return nil }
            let alt = plan.floor.planAlt.isEmpty ? words["place_plan_alt", ["floor": plan.floor.name]] : plan.floor.planAlt
            return "<figure class=\"plan-figure\" data-floor=\"\(e(plan.floor.id))\" hidden><div class=\"plan-frame\">"
                + "<img src=\"\(e(image))\" alt=\"\(e(alt))\" draggable=\"false\">"
                + "<button type=\"button\" class=\"pin\" aria-describedby=\"place-keys\" aria-label=\"\(e(words["place_pin", ["name": name]]))\"></button>"
                + "</div></figure>"
        }.joined()
        let notes = problems.map { problem in
            "<li class=\"message \(problem.diagnostic.severity.rawValue)\">\(e(words["severity_\(problem.diagnostic.severity.rawValue)"])): \(e(problem.diagnostic.message))</li>"
        }.joined()
        let notice = message.map { "<p class=\"notice\(isAlert ? " alert" : "")\" role=\"\(isAlert ? "alert" : "status")\">\(e($0))</p>" } ?? ""
        let main = """
            <h1>\(e(words["place_heading", ["name": name]]))</h1>
            \(notice)
            <p>\(e(words["place_lead"]))</p>
            <ul class="links"><li><a href="\(path)">\(e(words["place_back"]))</a></li>\
            <li><a href="\(GuideEditing.previewPath)\(e(sheet.guidePath))">\(e(words["preview_link"]))</a></li></ul>
            \(notes.isEmpty ? "" : "<ul class=\"problems\">\(notes)</ul>")
            <form class="place" method="post" action="\(path)/place">\(StudioPages.tokenField(user.formToken))
            <input type="hidden" name="revision" value="\(sheet.revision)">
            <label for="place-floor">\(e(words["place_floor"]))</label>
            <select id="place-floor" name="floor">\(options)</select>
            \(figures)
            <p class="hint" id="place-keys">\(e(words["place_keys"]))</p>
            <div class="coordinates">
            <div><label for="place-x">\(e(words["place_x"]))</label><input id="place-x" name="x" inputmode="decimal" value="\(e(x))"></div>
            <div><label for="place-y">\(e(words["place_y"]))</label><input id="place-y" name="y" inputmode="decimal" value="\(e(y))"></div>
            </div>
            <p id="place-status" class="hint" role="status" aria-live="polite" data-moved="\(e(words["place_moved"]))"></p>
            <div class="actions"><button type="submit">\(e(words["place_save"]))</button></div>
            </form>
            """
        return StudioPages.page(words["place_heading", ["name": name]], main: main, context: context, user: user)
    }
}
