import ExpoCatalog

/// A tour's stops in order, each with buttons to move it or take it out; a search of the
/// guide's exhibits, each found one with a button to add it; and the tour's length, with a
/// suggestion from its recordings. Every action is a plain form: it works without JavaScript.
enum TourStopsPage {
    struct Found {
        let id: String
        let name: String
        let stop: Int
    }

    static func html(context: StudioContext, user: StudioUser, route: GuideEditing.TourRoute, names: [String: String], query: String,
                     found: [Found], suggestion: (minutes: Int, seconds: Double, recorded: Int), message: String?, isAlert: Bool) -> String {
        let words = StudioStrings.of(context.language)
        let e = StudioPages.escape
        let path = "/studio/tour-stops/" + StudioRouter.pathSegment(route.tour.id)
        let token = StudioPages.tokenField(user.formToken)
        let revision = "<input type=\"hidden\" name=\"revision\" value=\"\(route.sheet.revision)\">"
        func button(_ action: String, _ id: String, _ label: String, named: String) -> String {
            "<form method=\"post\" action=\"\(path)\" class=\"inline\">\(token)\(revision)<input type=\"hidden\" name=\"exhibit\" value=\"\(e(id))\">"
                + "<button type=\"submit\" name=\"action\" value=\"\(action)\" class=\"secondary\" aria-label=\"\(e(words["tour_\(action)_named", ["name": named]]))\">\(e(label))</button></form>"
        }
        var rows = ""
        for (place, id) in route.stops.enumerated() {
            let name = names[id] ?? id
            rows += "<li draggable=\"true\" data-exhibit=\"\(e(id))\"><span class=\"photo-name\">\(place + 1). \(e(name))</span> <span class=\"tag\">\(e(id))</span>"
                + (place > 0 ? button("up", id, words["photo_up"], named: name) : "")
                + (place + 1 < route.stops.count ? button("down", id, words["photo_down"], named: name) : "")
                + (route.stops.count > 1 ? button("remove", id, words["photo_remove"], named: name) : "") + "</li>"
        }
        let results = found.map { exhibit in
            let inTour = route.stops.contains(exhibit.id)
            return "<li><span class=\"photo-name\">\(exhibit.stop). \(e(exhibit.name))</span> <span class=\"tag\">\(e(exhibit.id))</span>"
                + (inTour ? " <span class=\"tag\">\(e(words["tour_in_it"]))</span>" : button("add", exhibit.id, words["tour_add"], named: exhibit.name)) + "</li>"
        }.joined()
        let searched = query.isEmpty ? "" : (found.isEmpty ? "<p>\(e(words["tour_none_found"]))</p>" : "<ul class=\"gallery\">\(results)</ul>")
        let seconds = Int(suggestion.seconds.rounded())
        let notice = message.map { "<p class=\"notice\(isAlert ? " alert" : "")\" role=\"\(isAlert ? "alert" : "status")\">\(e($0))</p>" } ?? ""
        let main = """
            <h1>\(e(words["tour_heading", ["title": route.tour.title]]))</h1>
            \(notice)
            <p>\(e(words["tour_lead"]))</p>
            <ul class="links"><li><a href="/studio/tours">\(e(words["tour_back"]))</a></li>\
            <li><a href="\(GuideEditing.previewPath)tours/\(e(StudioRouter.pathSegment(route.tour.id)))/">\(e(words["preview_link"]))</a></li></ul>
            <section class="photos" aria-labelledby="stops-heading">
            <h2 id="stops-heading">\(e(words["tour_stops", ["count": String(route.stops.count)]]))</h2>
            <ol class="gallery tour-stops" data-action="\(path)">\(rows)</ol>
            <form method="post" action="\(path)" class="tour-move" hidden>\(token)\(revision)<input type="hidden" name="action" value="move">\
            <input type="hidden" name="exhibit" value=""><input type="hidden" name="to" value=""></form>
            </section>
            <section class="photos" aria-labelledby="find-heading">
            <h2 id="find-heading">\(e(words["tour_find"]))</h2>
            <form method="get" action="\(path)" class="search" role="search">
            <label for="tour-q">\(e(words["tour_search"]))</label>
            <input id="tour-q" name="q" type="search" value="\(e(query))">
            <div class="actions"><button type="submit">\(e(words["search_button"]))</button></div>
            </form>
            \(searched)
            </section>
            <section class="photos" aria-labelledby="length-heading">
            <h2 id="length-heading">\(e(words["tour_length"]))</h2>
            <p>\(e(words["tour_suggestion", ["minutes": String(seconds / 60), "seconds": String(seconds % 60), "recorded": String(suggestion.recorded),
                                              "stops": String(route.stops.count), "suggested": String(suggestion.minutes)]]))</p>
            <form method="post" action="\(path)">\(token)\(revision)
            <input type="hidden" name="action" value="duration">
            <label for="tour-minutes">\(e(words["tour_minutes"]))</label>
            <input id="tour-minutes" name="minutes" inputmode="numeric" value="\(e(route.duration.isEmpty ? String(suggestion.minutes) : route.duration))">
            <div class="actions"><button type="submit">\(e(words["tour_set_minutes"]))</button></div>
            </form>
            </section>
            """
        return StudioPages.page(words["tour_heading", ["title": route.tour.title]], main: main, context: context, user: user)
    }
}
