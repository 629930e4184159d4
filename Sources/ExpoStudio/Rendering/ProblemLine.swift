import ExpoCatalog
import ExpoSite
import Foundation

/// A `validate` message as staff read it: which exhibit, which field in which language, in
/// the interface's words, then the message, with a link to the form where it is mended. Not
/// `items.json[8].images`: that is where the file holds it, which the form does not show.
struct ProblemLine: TemplateObject {
    let severityClass: String
    let href: String
    let owner: String
    let place: String
    let severity: String
    let text: String

    init(_ problem: EntryProblem, owner: String, words: StudioStrings) {
        severityClass = problem.diagnostic.severity.rawValue
        let anchor = problem.field.map { "#" + StudioText.inputID(DraftSave.name($0, problem.language)) } ?? ""
        href = StudioPages.editPath(problem.exhibit) + anchor
        self.owner = owner
        var place = problem.field.map { words.field($0) } ?? ""
        if let image = problem.field?.image { place += " (\(image))" }
        let language = problem.language.autonym.isEmpty ? problem.language.code : problem.language.autonym
        self.place = place.isEmpty ? language : "\(place), \(language)"
        severity = words["severity_\(problem.diagnostic.severity.rawValue)"]
        text = Self.withoutFilePlaces(problem.diagnostic.message)
    }

    /// `validate`'s message without the places in files it names for a terminal:
    /// "the stop of items.json[1] (haegeum)" becomes "the stop of haegeum".
    static func withoutFilePlaces(_ message: String) -> String {
        message.replacingOccurrences(of: #"[\w.-]+\.(?:json|csv)\[\d+\] \(([^)]+)\)"#, with: "$1", options: .regularExpression)
    }

    static let templateFields: TemplateFields<Self> = [
        .field("severityClass", \.severityClass), .field("href", \.href), .field("owner", \.owner), .field("place", \.place),
        .field("severity", \.severity), .field("text", \.text),
    ]
}

extension StudioStrings {
    /// A field's name in the interface; its key where the interface has no word for it.
    func field(_ field: EntryField) -> String {
        words["field_\(field.key)"] ?? field.key
    }
}
