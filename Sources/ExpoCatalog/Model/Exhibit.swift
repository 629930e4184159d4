/// One exhibit as an entry of `items.json` describes it, in one language.
/// Its id is the entry's `image_name`: it names the image and the exhibit's URL.
public struct Exhibit: Sendable, Equatable, Identifiable {
    public var id: String
    public var name: String
    public var shortDescription: String
    public var description: String

    public init(id: String, name: String, shortDescription: String, description: String) {
        self.id = id
        self.name = name
        self.shortDescription = shortDescription
        self.description = description
    }

    /// Ids become URL path segments and file names, so only letters, digits, `-` and `_`.
    public static func isSafeID(_ id: String) -> Bool {
        !id.isEmpty && id.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_")
        }
    }
}
