/// The catalog's small files the studio edits whole, each under a key no exhibit's id can
/// be (an id holds no `@`): the exposition, the tours' texts and the floors' texts.
public enum CatalogDocument: String, CaseIterable, Sendable {
    case exposition = "@exposition"
    case tours = "@tours"
    case floors = "@floors"

    var dataFile: DataFile {
        switch self {
        case .exposition: .exposition
        case .tours: .tours
        case .floors: .floors
        }
    }

    /// What a translation's file holds before its first text: the exposition's file is an
    /// object, the others lists.
    var empty: (text: String, value: JSONValue) {
        self == .exposition ? ("{}", .object([])) : ("[]", .array([]))
    }

    /// The list a field's name starts with (`tours.printed-word.title`), for the lists.
    var list: String? {
        switch self {
        case .exposition: nil
        case .tours: "tours"
        case .floors: "floors"
        }
    }

    func fileName(_ language: Language, primary: Language) -> String {
        dataFile.fileName(language == primary ? nil : language)
    }
}
