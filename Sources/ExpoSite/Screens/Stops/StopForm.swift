import ExpoCatalog

/// The go-to-stop form: a number typed from a wall label, sent as `stop/?n=12`. A server
/// answers that with the exhibit; a static host serves the `stop/` page, whose script goes
/// on to the exhibit (see `StopsScreen`).
struct StopForm: Sendable {
    var label: String
    var button: String
    var action: String

    init(language: Language, routes: Routes, strings: UIStrings) {
        label = strings.stops.fieldLabel
        button = strings.stops.go
        action = routes.link(routes.stops(language))
    }
}

extension StopForm: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("label", \.label),
        .field("button", \.button),
        .field("action", \.action),
    ]
}

/// A stop number as rows and the exhibit screen show it: the number, and the words a
/// screen reader says for it ("Stop 12", not "12").
struct StopBadge: Sendable {
    var number: String
    var spoken: String

    init(_ stop: Int, strings: UIStrings) {
        number = String(stop)
        spoken = strings.stops.stop(stop)
    }
}

extension StopBadge: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("number", \.number),
        .field("spoken", \.spoken),
    ]
}
