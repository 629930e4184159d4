import ExpoCatalog

extension Exhibit {
    /// The name a page shows: the exhibit's, or its id when the catalog left it empty.
    var displayName: String { name.isEmpty ? id : name }
}

/// The read-aloud button of screens 1 and 3. Hidden in the page; the script shows it
/// where the device has a voice for the page's language.
struct SpeechControls: Sendable {
    var readAloud: String
    var pause: String
    var resume: String
    var stop: String

    init(language: Language) {
        let strings = UIStrings.forLanguage(language)
        readAloud = strings.readAloud
        pause = strings.pauseReading
        resume = strings.resumeReading
        stop = strings.stopReading
    }
}

/// Screen 3's share button: the system's share sheet where there is one, else the link
/// copied, with a confirmation. Hidden without the script.
struct ShareControl: Sendable {
    var label: String
    var copied: String
    var failed: String
    var title: String
    var text: String

    init(language: Language, title: String, text: String) {
        let strings = UIStrings.forLanguage(language)
        label = strings.share
        copied = strings.linkCopied
        failed = strings.copyFailed
        self.title = title
        self.text = text
    }
}

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

    init(previous: Exhibit?, next: Exhibit?, language: Language, routes: Routes) {
        let strings = UIStrings.forLanguage(language)
        label = strings.exhibitPager
        self.previous = previous.map {
            Neighbour(label: strings.previousExhibit, name: $0.displayName, href: routes.link(routes.exhibit($0.id, language)))
        }
        self.next = next.map {
            Neighbour(label: strings.nextExhibit, name: $0.displayName, href: routes.link(routes.exhibit($0.id, language)))
        }
    }
}

/// The list screen's search field, shown by the script.
struct SearchBox: Sendable {
    var label: String
    var placeholder: String
    var noMatch: String
    var count: String
    var countOne: String
    var index: String

    init(language: Language, index: String) {
        let strings = UIStrings.forLanguage(language)
        label = strings.searchLabel
        placeholder = strings.searchPlaceholder
        noMatch = strings.searchNoMatch
        count = strings.searchCount
        countOne = strings.searchCountOne
        self.index = index
    }
}
