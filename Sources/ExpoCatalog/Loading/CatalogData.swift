/// Recognising catalog data by what it is, wherever it sits and whatever it is named: the
/// seed apps' own types and file names vary from one author to the next.
enum CatalogData {
    static let expositionKeys = ["title", "visitors", "location", "duration", "description"]

    /// What a JSON document is: an object with (at least three of) the exposition's keys is
    /// an exposition; a list of objects with `image_name` is an exhibit list.
    static func kind(of json: JSONValue) -> DataFile? {
        switch json {
        case let .object(members):
            let keys = Set(members.map(\.key))
            return expositionKeys.filter(keys.contains).count >= 3 ? .exposition : nil
        case let .array(elements):
            return elements.contains { $0["image_name"] != nil } ? .items : nil
        default:
            return nil
        }
    }

    /// The language a file's name gives (`items.en.json`, `EntryEntity.fr.dataset`), or nil
    /// for the primary language.
    static func language(ofName name: String) -> Language? {
        var stem = Substring(name)
        for suffix in [".json", ".dataset"] where stem.hasSuffix(suffix) { stem = stem.dropLast(suffix.count) }
        guard let dot = stem.lastIndex(of: ".") else { return nil }
        let code = String(stem[stem.index(after: dot)...])
        return Language.isValidCode(code) ? Language(code) : nil
    }

    static func noun(_ kind: DataFile) -> String {
        switch kind {
        case .exposition: "exposition"
        case .tours: "tours"
        case .floors: "list of floors"
        default: "exhibit list"
        }
    }

    static func description(_ kind: DataFile) -> String {
        switch kind {
        case .exposition: "an object with title, visitors, location, duration and description"
        case .tours: "a list of objects with id, title and stops"
        case .floors: "a list of objects with id, name and plan"
        default: "a list of objects with image_name"
        }
    }
}
