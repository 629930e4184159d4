import Foundation

/// What stands between a catalog that loads and one ready to publish, beyond what loading
/// itself reports: empty and repeated names, texts far past label length, and (in a
/// folder) image files no exhibit uses. `validate` reports these; the server does not.
enum PublishingCheck {
    static func notes(_ editions: [Edition], primary: Language, store: any CatalogStore,
                      reported: [Diagnostic]) -> DiagnosticFold {
        // Only what was reported in the items files can be a note's place: a collection whose
        // photos are not there yet has a warning per exhibit, which a set of all would hold.
        let itemsFiles = Set(editions.map { store.displayPath(ofDataFile: DataFile.items.fileName($0.language == primary ? nil : $0.language)) })
        let alreadyReported = Set(reported.lazy.filter { itemsFiles.contains($0.file) }.map(\.location))
        var notes = DiagnosticFold()
        for edition in editions {
            let fileName = DataFile.items.fileName(edition.language == primary ? nil : edition.language)
            let file = store.displayPath(ofDataFile: fileName)
            let indexOfID = store.entryIndexes(ofDataFile: fileName)
            func note(_ id: String, _ key: String, _ message: String) {
                guard let index = indexOfID[id] else { return }
                let place = store.place("[\(index)].\(key)", inDataFile: fileName)
                guard !alreadyReported.contains(file + place) else { return }
                notes.append(Diagnostic(.warning, file: file, place: place, message))
            }
            func isOwn(_ exhibit: Exhibit, _ key: String) -> Bool {
                !edition.isUntranslated(exhibit.id, key)
            }
            var firstWithName: [String: String] = [:]
            for exhibit in edition.exhibits {
                for (key, text) in [("name", exhibit.name), ("short_desc", exhibit.shortDescription), ("desc", exhibit.description)]
                where isOwn(exhibit, key) && isBlank(text) {
                    note(exhibit.id, key, "empty")
                }
                let name = exhibit.name.trimmingSpaces
                if !name.isEmpty, isOwn(exhibit, "name") {
                    if let first = firstWithName[name], let index = indexOfID[first] {
                        note(exhibit.id, "name", "\"\(name)\" is also the name of \(file + store.place("[\(index)].name", inDataFile: fileName)); "
                             + "visitors cannot tell the two apart in the list")
                    } else {
                        firstWithName[name] = exhibit.id
                    }
                }
                let problems = LabelLength.problems(shortText: isOwn(exhibit, "short_desc") ? exhibit.shortDescription : "",
                                                    description: isOwn(exhibit, "desc") ? exhibit.description : "")
                for (key, message) in problems { note(exhibit.id, key, message) }
            }
        }
        return notes
    }

    /// Whether trimming whitespace and newlines would leave nothing; trimming copies the
    /// text, which for every text of a large catalog was half of `validate`.
    static func isBlank(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy(CharacterSet.whitespacesAndNewlines.contains)
    }
}
