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

    init(strings: UIStrings) {
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

    init(strings: UIStrings) {
        label = strings.share
        copied = strings.linkCopied
        failed = strings.copyFailed
    }
}

/// The buttons above the text of screens 1 and 3. The same in every page of a language,
/// so they are rendered once per language and placed in each page as they are.
struct PageActions: Sendable {
    var speech: SpeechControls
    var share: ShareControl?

    /// The HTML of screen 1's and screen 3's buttons in each language.
    static func rendered(_ languages: [Language], resources: SiteResources) throws(SiteError)
        -> [Language: (exposition: String, exhibit: String)] {
        var rendered: [Language: (exposition: String, exhibit: String)] = [:]
        for language in languages {
            let strings = UIStrings.forLanguage(language)
            let speech = SpeechControls(strings: strings)
            let exposition = try resources.render(PageActions(speech: speech, share: nil), with: "page-actions")
            let exhibit = try resources.render(PageActions(speech: speech, share: ShareControl(strings: strings)), with: "page-actions")
            rendered[language] = (String(decoding: exposition, as: UTF8.self), String(decoding: exhibit, as: UTF8.self))
        }
        return rendered
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

    init(previous: Exhibit?, next: Exhibit?, language: Language, routes: Routes, strings: UIStrings) {
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
    var more: String
    var index: String

    init(strings: UIStrings, index: String) {
        label = strings.searchLabel
        placeholder = strings.searchPlaceholder
        noMatch = strings.searchNoMatch
        count = strings.searchCount
        countOne = strings.searchCountOne
        more = strings.searchMore
        self.index = index
    }
}
