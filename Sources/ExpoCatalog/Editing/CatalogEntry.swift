/// An exhibit's entry in one language's items file, as the file holds it now.
public struct CatalogEntry: Sendable {
    /// The key the exposition's texts are edited under, where an exhibit's are under its id.
    public static let exposition = CatalogDocument.exposition.rawValue

    public let exhibit: String
    public let language: Language
    /// The file, by its name in the catalog folder (`items.en.json`).
    public let file: String
    /// The entry's bytes, without the comma after it: for a translation that has no entry
    /// for the exhibit yet, an entry naming only its id.
    public let bytes: [UInt8]
    let value: JSONValue
    /// Changes whenever the entry's bytes do: what a draft started from, checked again
    /// before anything is written. `EntryVersion.absent` when the file has no entry for it.
    public let version: String

    public var exists: Bool { version != EntryVersion.absent }

    /// The field's text as the entry holds it; empty when it has none.
    public func text(_ field: EntryField) -> String { field.text(in: value) }

    /// How many free facts the entry lists.
    public var factCount: Int { EntryField.factCount(in: value) }
}

public enum EntryVersion {
    /// The version of an entry a translation does not have yet.
    public static let absent = "none"

    static func of(_ digest: UInt64) -> String {
        let digits = String(digest, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

/// An entry's new bytes, and the version of the entry they were made from.
public struct EntryChange: Sendable {
    public let exhibit: String
    public let language: Language
    public let bytes: [UInt8]
    public let version: String

    public init(exhibit: String, language: Language, bytes: [UInt8], version: String) {
        self.exhibit = exhibit
        self.language = language
        self.bytes = bytes
        self.version = version
    }
}

/// What reading a changed entry found, at the field it is about (nil: the whole entry).
public struct EntryProblem: Sendable {
    public let exhibit: String
    public let language: Language
    public let field: EntryField?
    public let diagnostic: Diagnostic
}
