import Foundation

/// The exposition file's `browse`: the labels of the free `fields` a visitor may browse by
/// (`"browse": ["Department", "Period"]`), beside the facts every catalog is browsed by
/// (maker, date, material, place). Labels are the primary language's, as its entries write them.
enum BrowseSetting {
    static let key = "browse"

    /// The labels `value` names, each trimmed; a label no exhibit's field has is reported
    /// (with the nearest label that exists) and left out, as is anything that is no label.
    static func read(_ value: JSONValue?, exhibits: ExhibitTable, reader: inout FieldReader) -> [String] {
        guard let value else { return [] }
        let place = ".\(key)"
        guard case let .array(items) = value else {
            reader.warn(at: place, "expected a list of field labels [\"Department\", …], found \(value.kindDescription); "
                + "no field is browsable")
            return []
        }
        var given: [String: String] = [:]
        for exhibit in exhibits {
            for field in exhibit.facts.fields {
                let label = field.label.trimmingCharacters(in: .whitespaces)
                given[label.lowercased()] = given[label.lowercased()] ?? label
            }
        }
        var labels: [String] = []
        var seen: Set<String> = []
        for (index, item) in items.enumerated() {
            let at = "\(place)[\(index)]"
            guard case let .string(text) = item else {
                reader.warn(at: at, "expected a field label (text), found \(item.kindDescription); skipped")
                continue
            }
            let label = reader.cleaned(text, at: at).trimmingCharacters(in: .whitespaces)
            guard !label.isEmpty else {
                reader.warn(at: at, "an empty label; skipped")
                continue
            }
            guard let known = given[label.lowercased()] else {
                reader.warn(at: at, "no exhibit has a field labelled \"\(label)\"; it is not browsable"
                    + NearestName.hint(for: label, among: given.values.sorted()))
                continue
            }
            guard seen.insert(known.lowercased()).inserted else {
                reader.warn(at: at, "\"\(label)\" is listed twice; the first is used")
                continue
            }
            labels.append(known)
        }
        return labels
    }
}
