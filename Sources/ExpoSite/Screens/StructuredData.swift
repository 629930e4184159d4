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
        var event: [String: Any] = [
            "@context": "https://schema.org",
            "@type": "ExhibitionEvent",
            "name": title,
            "inLanguage": edition.language.code,
            "url": routes.absolute(link: routes.link(path)),
            "image": image,
        ]
        if let first = Paragraphs.split(exposition.description).first { event["description"] = first }
        if !exposition.location.isEmpty {
            event["location"] = ["@type": "Place", "name": exposition.location, "address": exposition.location]
        }
        // Dates are written for people ("14 April – 12 November 1900"); the Korean form
        // ("1900. 04. 14 - 1900. 11. 12") is the one with a fixed order.
        if let dates = isoDates(exposition.duration) ?? isoDates(primary.exposition.duration) {
            event["startDate"] = dates.start
            event["endDate"] = dates.end
        }
        return script(event)
    }

    /// An exhibit as a `CreativeWork`, part of the exposition.
    static func exhibit(_ exhibit: Exhibit, name: String, edition: Edition, path: String, image: String,
                        expositionTitle: String, routes: Routes) -> String {
        var work: [String: Any] = [
            "@context": "https://schema.org",
            "@type": "CreativeWork",
            "name": name,
            "inLanguage": edition.language.code,
            "url": routes.absolute(link: routes.link(path)),
            "image": image,
            "subjectOf": ["@type": "ExhibitionEvent", "name": expositionTitle],
        ]
        if !exhibit.shortDescription.isEmpty { work["alternativeHeadline"] = exhibit.shortDescription }
        if let first = Paragraphs.split(exhibit.description).first { work["description"] = first }
        return script(work)
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

    /// JSON safe inside a script element: `<`, `>` and `&` become escapes, so no text in
    /// the catalog can close the element.
    static func script(_ object: [String: Any]) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        else { return "{}" }
        return String(decoding: data, as: UTF8.self)
            .replacingOccurrences(of: "<", with: "\\u003c")
            .replacingOccurrences(of: ">", with: "\\u003e")
            .replacingOccurrences(of: "&", with: "\\u0026")
    }
}
