import ExpoCatalog
import Foundation

/// The drafts waiting to go live, the checks `validate` makes on them, and the button that
/// publishes them (for editors and admins).
enum PublishPage {
    struct Listed {
        let draft: Draft
        let name: String
    }

    static func html(context: StudioContext, user: StudioUser, drafts: [Listed], problems: [EntryProblem],
                     message: String? = nil, isAlert: Bool = false, conflicts: [PublishPlan.Conflict] = []) -> String {
        let words = StudioStrings.of(context.language)
        let e = StudioPages.escape
        func name(_ key: String) -> String { CatalogDocument(rawValue: key).map { words["\($0.rawValue.dropFirst())_heading"] } ?? key }
        var main = "<h1>\(e(words["publish_heading"]))</h1>\n"
        if let message {
            main += isAlert ? "<div class=\"notice alert\" role=\"alert\"><p>\(e(message))</p></div>\n"
                : "<p class=\"notice\" role=\"status\">\(e(message))</p>\n"
        }
        if !conflicts.isEmpty {
            main += "<ul class=\"problems\">" + conflicts.map { conflict in
                "<li><a href=\"\(e(StudioPages.editPath(conflict.field.exhibit)))\">\(e(name(conflict.field.exhibit)))</a> "
                    + "(\(e(conflict.field.language)), \(e(conflict.field.field))): \(e(words["now_in_file"])) "
                    + "\(e(conflict.current.isEmpty ? words["empty_text"] : conflict.current))</li>"
            }.joined() + "</ul>\n"
        }
        main += "<p>\(e(words["publish_lead"]))</p>\n"
        guard !drafts.isEmpty else {
            return StudioPages.page(words["publish_heading"], main: main + "<p>\(e(words["no_drafts"]))</p>", context: context, user: user)
        }
        main += "<ul class=\"drafts\">" + drafts.map { listed in
            let state = listed.draft.submitted ? " · " + words["status_submitted"] : ""
            return "<li><a href=\"\(e(StudioPages.editPath(listed.draft.exhibit)))\">\(e(listed.name))</a> "
                + "(\(e(words["status_draft", ["account": listed.draft.account]]))\(e(state)))</li>"
        }.joined() + "</ul>\n"
        main += "<h2>\(e(words["readiness_heading"]))</h2>\n"
        if problems.isEmpty {
            main += "<p>\(e(words["no_problems"]))</p>\n"
        } else {
            main += "<ul class=\"problems\">" + problems.map { problem in
                let severity = words["severity_\(problem.diagnostic.severity.rawValue)"]
                return "<li class=\"\(problem.diagnostic.severity.rawValue)\"><a href=\"\(e(StudioPages.editPath(problem.exhibit)))\">\(e(name(problem.exhibit)))</a> "
                    + "\(e(problem.diagnostic.location)): \(e(severity)): \(e(problem.diagnostic.message))</li>"
            }.joined() + "</ul>\n"
        }
        if user.account.role.may(.publish) {
            main += "<form method=\"post\" action=\"/studio/publish\">\(StudioPages.tokenField(user.formToken))"
                + "<button type=\"submit\">\(e(words["publish_all"]))</button></form>\n"
        }
        return StudioPages.page(words["publish_heading"], main: main, context: context, user: user)
    }
}
