/// The studio's first page once logged in: the guide at a glance.
enum HomePage {
    static func html(context: StudioContext, user: StudioUser, guide: StudioRoutes.GuideSummary, drafts: Int) -> String {
        let words = StudioStrings.of(context.language)
        let count = guide.exhibits.formatted()
        let main = """
            <h1>\(StudioPages.escape(words["home_heading"]))</h1>
            <p>\(StudioPages.escape(words["exhibit_count", ["count": count, "languages": guide.languages.joined(separator: ", ")]]))</p>
            <ul class="links"><li><a href="/studio/exposition">\(StudioPages.escape(words["open_exposition"]))</a></li>\
            <li><a href="/studio/exhibits">\(StudioPages.escape(words["open_exhibits"]))</a></li>\
            \(guide.hasTours ? "<li><a href=\"/studio/tours\">\(StudioPages.escape(words["open_tours"]))</a></li>" : "")\
            \(guide.hasFloors ? "<li><a href=\"/studio/floors\">\(StudioPages.escape(words["open_floors"]))</a></li>" : "")\
            \(guide.takesFirstFloor ? "<li><a href=\"/studio/floors\">\(StudioPages.escape(words["first_floor_heading"]))</a></li>" : "")\
            <li><a href="/studio/publish">\(StudioPages.escape(words["open_publish", ["count": drafts.formatted()]]))</a></li>\
            <li><a href="\(GuideEditing.previewPath)">\(StudioPages.escape(words["preview_link"]))</a></li>\
            <li><a href="/studio/translations">\(StudioPages.escape(words["translations_heading"]))</a></li>\
            \(user.account.role.may(.importCatalog) ? "<li><a href=\"/studio/import\">\(StudioPages.escape(words["import_heading"]))</a></li>" : "")</ul>
            <h2>\(StudioPages.escape(words["print_heading"]))</h2>
            <p>\(StudioPages.escape(words["print_lead"]))</p>
            <ul class="links"><li><a href="/labels/">\(StudioPages.escape(words["print_labels"]))</a></li>\
            <li><a href="\(GuideEditing.previewPath)labels/">\(StudioPages.escape(words["print_labels_draft"]))</a></li></ul>
            """
        return StudioPages.page(words["home_heading"], main: main, context: context, user: user)
    }
}
