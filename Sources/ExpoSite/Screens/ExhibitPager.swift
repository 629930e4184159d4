import ExpoCatalog

/// Links to the previous and next exhibits at the end of screen 3, named.
struct ExhibitPager: Sendable {
    struct Neighbour: Sendable {
        var label: String
        var name: String
        var href: String
    }

    var label: String
    var previous: Neighbour?
    var next: Neighbour?

    init(previous: ExhibitHeading?, next: ExhibitHeading?, language: Language, routes: Routes, strings: UIStrings) {
        label = strings.exhibitPager
        self.previous = previous.map {
            Neighbour(label: strings.previousExhibit, name: $0.displayName, href: routes.link(routes.exhibit($0.id, language)))
        }
        self.next = next.map {
            Neighbour(label: strings.nextExhibit, name: $0.displayName, href: routes.link(routes.exhibit($0.id, language)))
        }
    }
}

extension ExhibitPager: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("label", \.label),
        .field("previous", \.previous),
        .field("next", \.next),
    ]
}

extension ExhibitPager.Neighbour: TemplateObject {
    package static let templateFields: TemplateFields<Self> = [
        .field("label", \.label),
        .field("name", \.name),
        .field("href", \.href),
    ]
}
