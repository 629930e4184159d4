/// The floors' page of a catalog that has no floors yet: what a floor gives visitors, and
/// the form that adds the first by sending its plan.
enum FirstFloorPage {
    static func html(context: StudioContext, user: StudioUser, message: String?) -> String {
        let words = StudioStrings.of(context.language)
        let e = StudioPages.escape
        let report = message.map { "<p class=\"message error\" role=\"alert\" tabindex=\"-1\" id=\"report\">\(e($0))</p>" } ?? ""
        let main = """
            <h1>\(e(words["first_floor_heading"]))</h1>
            \(report)
            <p>\(e(words["first_floor_lead"]))</p>
            \(NewFloorSection.html(user: user, words: words))
            """
        return StudioPages.page(words["first_floor_heading"], main: main, context: context, user: user)
    }
}
