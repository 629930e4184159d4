import ExpoCatalog
import Foundation

/// schema.org descriptions for search engines, as JSON-LD. The page carries them in a
/// `<script type="application/ld+json">` data block: browsers never run a data block, so
/// the Content-Security-Policy, which forbids inline scripts, has nothing to block.
enum StructuredData {
    /// The exposition as an `ExhibitionEvent`.
    static func exposition(_ edition: Edition, primary: Edition, title: String, path: String, image: String,
                           routes: Routes) -> String {
        let exposition = edition.exposition
        var event = JSONText()
        event.add("@context", "https://schema.org")
        event.add("@type", "ExhibitionEvent")
        event.add("name", title)
        if let first = Paragraphs.split(exposition.description).first { event.add("description", first) }
        // Dates are written for people ("14 April – 12 November 1900"); the Korean form
        // ("1900. 04. 14 - 1900. 11. 12") is the one with a fixed order.
        if let dates = isoDates(exposition.duration) ?? isoDates(primary.exposition.duration) {
            event.add("startDate", dates.start)
            event.add("endDate", dates.end)
        }
        if !exposition.location.isEmpty {
            var place = JSONText()
            place.add("@type", "Place")
            place.add("name", exposition.location)
            place.add("address", exposition.location)
            event.add("location", place)
        }
        event.add("image", image)
        event.add("inLanguage", edition.language.code)
        event.add("url", routes.absolute(link: routes.link(path)))
        return event.text
    }

    /// An exhibit as a `CreativeWork`, the subject of the exposition.
    static func exhibit(_ exhibit: Exhibit, name: String, description: String?, edition: Edition, path: String, image: String,
                        expositionTitle: String, routes: Routes) -> String {
        var work = JSONText()
        work.add("@context", "https://schema.org")
        work.add("@type", "CreativeWork")
        work.add("name", name)
        if let description = exhibit.shortDescription.isEmpty ? description : exhibit.shortDescription {
            work.add("description", description)
        }
        work.add("image", image)
        work.add("inLanguage", edition.language.code)
        var event = JSONText()
        event.add("@type", "ExhibitionEvent")
        event.add("name", expositionTitle)
        work.add("subjectOf", event)
        work.add("url", routes.absolute(link: routes.link(path)))
        return work.text
    }

    /// `1900. 04. 14 - 1900. 11. 12` → (`1900-04-14`, `1900-11-12`): year first, then
    /// month and day, twice.
    static func isoDates(_ text: String) -> (start: String, end: String)? {
        let numbers = text.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        guard numbers.count == 6, (1...12).contains(numbers[1]), (1...31).contains(numbers[2]),
              (1...12).contains(numbers[4]), (1...31).contains(numbers[5]), numbers[0] > 999, numbers[3] > 999
        else { return nil }
        func date(_ year: Int, _ month: Int, _ day: Int) -> String {
            String(format: "%04d-%02d-%02d", year, month, day)
        }
        return (date(numbers[0], numbers[1], numbers[2]), date(numbers[3], numbers[4], numbers[5]))
    }
}
