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

    /// An exhibit as a `VisualArtwork`, the subject of the exposition, with its facts and
    /// every image.
    static func exhibit(_ exhibit: Exhibit, name: String, description: String?, edition: Edition, path: String, image: String,
                        expositionTitle: String, routes: Routes, assets: SiteAssets) -> String {
        var work = JSONText()
        work.add("@context", "https://schema.org")
        work.add("@type", "VisualArtwork")
        work.add("name", name)
        if let description = exhibit.shortDescription.isEmpty ? description : exhibit.shortDescription {
            work.add("description", description)
        }
        let facts = exhibit.facts
        for (key, value) in [("dateCreated", facts.date), ("artMedium", facts.material), ("size", facts.dimensions),
                             ("locationCreated", facts.place), ("creditText", facts.creditLine)] where !value.isEmpty {
            work.add(key, value)
        }
        if !facts.maker.isEmpty {
            var creator = JSONText()
            creator.add("@type", "Person")
            creator.add("name", facts.maker)
            work.add("creator", creator)
        }
        if WebAddress.isWeb(facts.rights) { work.add("license", facts.rights) }
        let images: [JSONText] = exhibit.images.compactMap { exhibitImage in
            guard let share = assets.picture(exhibitImage.name).flatMap({ $0.share ?? ($0.src.isEmpty ? nil : ($0.largest, 0, 0)) })
            else { return nil }
            var object = JSONText()
            object.add("@type", "ImageObject")
            object.add("contentUrl", routes.absolute(link: share.link))
            if share.width > 0 {
                object.add("width", share.width)
                object.add("height", share.height)
            }
            if !exhibitImage.caption.isEmpty { object.add("caption", exhibitImage.caption) }
            if !exhibitImage.credit.isEmpty { object.add("creditText", exhibitImage.credit) }
            if let alt = exhibitImage.givenAlt { object.add("description", alt) }
            return object
        }
        if images.isEmpty { work.add("image", image) } else { work.add("image", images) }
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
